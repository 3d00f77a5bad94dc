package unstructuredtest

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/cel-go/cel"
	"sigs.k8s.io/yaml"

	"github.com/union-gen/union-gen/examples/peers/difftables"
	"github.com/union-gen/union-gen/pkg/backend"
	"github.com/union-gen/union-gen/pkg/policy"
)

// matchCondition compiles the matchCondition that a built-in resource's
// policy would have over the example's schema, and returns its evaluation.
func matchCondition(t *testing.T) func(obj, old map[string]any) bool {
	t.Helper()
	s := loadSchema(t)
	data, err := policy.Write(backend.Resource{Group: "examples.union-gen.io", Version: "v1", Plural: "widgets", Builtin: true}, &s.Schema, "v1")
	if err != nil {
		t.Fatal(err)
	}
	var p struct {
		Spec struct {
			MatchConditions []struct {
				Expression string `json:"expression"`
			} `json:"matchConditions"`
		} `json:"spec"`
	}
	if err := yaml.Unmarshal([]byte(strings.Split(string(data), "---\n")[1]), &p); err != nil {
		t.Fatal(err)
	}
	if len(p.Spec.MatchConditions) != 1 {
		t.Fatalf("want one matchCondition: %+v", p.Spec)
	}
	env, err := cel.NewEnv(cel.Variable("object", cel.DynType), cel.Variable("oldObject", cel.DynType))
	if err != nil {
		t.Fatal(err)
	}
	ast, issues := env.Compile(p.Spec.MatchConditions[0].Expression)
	if issues.Err() != nil {
		t.Fatal(issues.Err())
	}
	program, err := env.Program(ast)
	if err != nil {
		t.Fatal(err)
	}
	return func(obj, old map[string]any) bool {
		out, _, err := program.Eval(map[string]any{"object": obj, "oldObject": old})
		if err != nil {
			t.Fatalf("the matchCondition fails on\nnew %v\nold %v\n%v", obj, old, err)
		}
		return out.Value().(bool)
	}
}

// TestMatchConditionCoversPatches: the matchCondition of a built-in
// resource's policy holds on every update that the policy patches (as
// pkg/unstructuredunions patches it, which the other tests hold to the
// policy), so that no update it should normalize skips it: on every pair of
// the differential tables at every placement of the example CRD, and on
// whole Widgets drawn at random, every place filled, list-map items
// reordered. It does not hold everywhere: it skips updates that switch
// nothing.
func TestMatchConditionCoversPatches(t *testing.T) {
	s := loadSchema(t)
	match := matchCondition(t)
	var pairs, patched, skipped int
	check := func(obj, old map[string]any) {
		pairs++
		matched := match(obj, old)
		if !matched {
			skipped++
		}
		if len(s.JSONPatch(obj, old)) > 0 {
			patched++
			if !matched {
				t.Errorf("patched, but the matchCondition does not hold:\nnew %v\nold %v", obj, old)
			}
		}
	}
	tables := difftables.ByName()
	for _, p := range difftables.Placements {
		table := tables[p.Table]
		objs := make([]map[string]any, len(table.Objects))
		for i, obj := range table.Objects {
			_, u, err := difftables.Widget(p, obj)
			if err != nil {
				t.Fatal(err)
			}
			objs[i] = u
		}
		for _, obj := range objs {
			for _, old := range objs {
				check(obj, old)
			}
		}
	}
	rng := rand.New(rand.NewPCG(1027, 0))
	discs := []string{"", "FieldA", "FieldB", "FieldC", "FieldD", "Bogus"}
	bytes := func() []byte {
		b := make([]byte, 48)
		for i := range b {
			b[i] = byte(rng.IntN(12))
		}
		return b
	}
	for range 2000 {
		check(unstructured(t, difftables.NewWidget(difftables.DecodeSpec(tables, bytes(), discs[rng.IntN(len(discs))]))),
			unstructured(t, difftables.NewWidget(difftables.DecodeSpec(tables, bytes(), discs[rng.IntN(len(discs))]))))
	}
	t.Logf("%d updates: %d patched, %d skipped by the matchCondition", pairs, patched, skipped)
	if patched == 0 || skipped == 0 {
		t.Errorf("the pairs do not exercise both ways: %d patched, %d skipped", patched, skipped)
	}
}
