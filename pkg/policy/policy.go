// Package policy writes the MutatingAdmissionPolicy that normalizes the
// unions of a resource on update (docs/semantics.md N1–N3), from the
// schema of its kind's unions, and the policy files beside the CRDs.
package policy

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	sigsyaml "sigs.k8s.io/yaml"

	"github.com/union-gen/union-gen/pkg/backend"
	"github.com/union-gen/union-gen/pkg/celprint"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// Versions are the versions of admissionregistration.k8s.io a policy
// may be written in, the default first: v1 from Kubernetes 1.36, v1beta1
// from 1.35 (off by default); their fields are the same.
var Versions = []string{"v1", "v1beta1"}

// OldestKubernetes is the oldest Kubernetes release that takes the policies
// written in version, one of Versions ("" for another). An API server compiles new
// expressions in the CEL environment of the release before it; 1.34 serves
// v1beta1, but 1.33's environment has no flatten(), which a policy calls
// where it walks a map or a list-map, so v1beta1's is 1.35.
func OldestKubernetes(version string) string {
	switch version {
	case "v1":
		return "1.36"
	case "v1beta1":
		return "1.35"
	}
	return ""
}

// None is the version of a run that writes no policy and removes
// those it wrote before: for clusters without the MutatingAdmissionPolicy
// API (before 1.35, or 1.35 with its feature gate off), which normalize
// with a webhook.
const None = "none"

// updateRule is the rule that matches the updates of the resource, the only
// requests whose unions need normalizing.
func updateRule(r backend.Resource) map[string]any {
	return map[string]any{
		"apiGroups":   []any{r.Group},
		"apiVersions": []any{r.Version},
		"operations":  []any{"UPDATE"},
		"resources":   []any{r.Plural},
	}
}

// Write returns the MutatingAdmissionPolicy that normalizes a resource's
// unions on update (docs/semantics.md N1–N3) and its binding, as YAML, or
// nil where no update needs it: a CEL JSON patch that removes (or zeroes)
// each member that NormalizeUnions would clear. The schema, which must have
// no unionspec.Schema.Recursion, goes in its annotation
// unionspec.Annotation; version is one of Versions. It fails only
// over celprint.MaxExpressionSize.
func Write(r backend.Resource, s *unionspec.Schema, version string) ([]byte, error) {
	root := &patches{n: "object", o: "oldObject"}
	unionspec.Visit(s, unionspec.Visitor[*patches](patcher{}), root)
	expr := root.expr()
	if expr == "" {
		return nil, nil
	}
	if err := celprint.CheckSize("the policy's CEL expression", expr); err != nil {
		return nil, err
	}
	var match string
	if r.Builtin {
		match = switched(s)
		if err := celprint.CheckSize("the policy's matchCondition", match); err != nil {
			return nil, err
		}
	}
	schemaJSON, err := json.Marshal(s)
	if err != nil {
		panic(fmt.Sprintf("policy: the schema does not marshal: %v", err))
	}
	policy, binding := policyDocuments(r, expr, match, string(schemaJSON), version)
	var out []byte
	for _, doc := range []any{policy, binding} {
		b, err := sigsyaml.Marshal(doc)
		if err != nil {
			panic(fmt.Sprintf("policy: a policy document does not marshal: %v", err))
		}
		out = append(append(out, "---\n"...), b...)
	}
	return out, nil
}

// policyDocuments are the policy of r and its binding; match is, for a
// Builtin resource, the condition of the requests that the policy mutates.
func policyDocuments(r backend.Resource, expr, match, schemaJSON, version string) (policy, binding map[string]any) {
	name := r.Name()
	annotations := map[string]any{unionspec.Annotation: schemaJSON}
	release := map[string]any{}
	for k, v := range r.Release {
		annotations[k], release[k] = v, v
	}
	policy = map[string]any{
		"apiVersion": "admissionregistration.k8s.io/" + version,
		"kind":       "MutatingAdmissionPolicy",
		"metadata": map[string]any{
			"name":        name,
			"annotations": annotations,
		},
		"spec": map[string]any{
			"failurePolicy": "Fail",
			"matchConstraints": map[string]any{
				"matchPolicy":   "Equivalent",
				"resourceRules": []any{updateRule(r)},
			},
			"mutations": []any{map[string]any{
				"patchType": "JSONPatch",
				"jsonPatch": map[string]any{"expression": expr},
			}},
			"reinvocationPolicy": "Never",
		},
	}
	if r.Builtin {
		spec := policy["spec"].(map[string]any)
		spec["failurePolicy"] = "Ignore"
		spec["matchConditions"] = []any{map[string]any{"name": "switches-a-union", "expression": match}}
	}
	bindingMeta := map[string]any{"name": name}
	if len(release) > 0 {
		bindingMeta["annotations"] = release
	}
	binding = map[string]any{
		"apiVersion": "admissionregistration.k8s.io/" + version,
		"kind":       "MutatingAdmissionPolicyBinding",
		"metadata":   bindingMeta,
		"spec":       map[string]any{"policyName": name},
	}
	return policy, binding
}

// celPath is a JSON pointer under construction in CEL: literal segments
// are joined at generation time, others (map keys, list indexes) in CEL.
type celPath struct {
	literal string   // the literal tail
	exprs   []string // CEL string expressions before it, in order
}

// child appends a property name, escaped as JSON pointers escape it.
func (p celPath) child(name string) celPath {
	p.literal += "/" + unionspec.EscapePointer(name)
	return p
}

// dynamic appends a segment computed by the CEL string expression seg.
func (p celPath) dynamic(seg string) celPath {
	exprs := append(slices.Clone(p.exprs), strconv.Quote(p.literal+"/"), seg)
	return celPath{exprs: exprs}
}

func (p celPath) String() string {
	parts := slices.Clone(p.exprs)
	if p.literal != "" || len(parts) == 0 {
		parts = append(parts, strconv.Quote(p.literal))
	}
	return strings.Join(parts, " + ")
}

// patches are the CEL lists of the patches of a walked value n, whose old
// counterpart is o, at path p; depth numbers comprehension variables.
type patches struct {
	n, o  string
	p     celPath
	depth int
	parts []string
}

// expr is the CEL list of all the patches, or "".
func (ps *patches) expr() string {
	return strings.Join(ps.parts, " +\n")
}

// patcher walks a schema to the patches of its unions, each value's under
// the conditions of those on its way.
type patcher struct{}

func (patcher) Struct(name string, _ *unionspec.Walk, ps *patches, w *unionspec.Walker[*patches]) {
	w.Struct(name, ps)
}

func (patcher) Union(u *unionspec.Union, ps *patches) {
	if e := unionPatches(u, ps.n, ps.o, ps.p); e != "" {
		ps.parts = append(ps.parts, e)
	}
}

// Field patches a property that both objects have.
func (patcher) Field(f *unionspec.Field, ps *patches, w *unionspec.Walker[*patches]) {
	if !f.Walk.HasOld {
		return
	}
	nv, nHas := celprint.Property(ps.n, f.Name)
	ov, oHas := celprint.Property(ps.o, f.Name)
	child := &patches{n: nv, o: ov, p: ps.p.child(f.Name), depth: ps.depth}
	w.Walk(f.Walk, child)
	if e := child.expr(); e != "" {
		ps.parts = append(ps.parts, fmt.Sprintf("(%s && %s ?\n%s : [])", nHas, oHas, e))
	}
}

// Elems patches the values of a map that old has too, and the items of a
// list-map that have an old item.
func (patcher) Elems(walk *unionspec.Walk, ps *patches, w *unionspec.Walker[*patches]) {
	n, o, depth := ps.n, ps.o, ps.depth
	switch walk.Shape {
	case unionspec.ShapeMap:
		k := fmt.Sprintf("k%d", depth)
		child := &patches{n: n + "[" + k + "]", o: o + "[" + k + "]", p: ps.p.dynamic("jsonpatch.escapeKey(" + k + ")"), depth: depth + 1}
		w.Walk(walk.Elem, child)
		if elem := child.expr(); elem != "" {
			ps.parts = append(ps.parts, fmt.Sprintf("%s.filter(%s, %s in %s).map(%s,\n%s).flatten()", n, k, k, o, k, elem))
		}
	case unionspec.ShapeListMap:
		// The old item is matched by the matching rule of list-maps
		// (unionspec.MatchOld): the item at the same index first, then
		// the first with the same keys; the list of the match, of zero
		// or one item, binds it to a variable.
		i, x, y, old := fmt.Sprintf("i%d", depth), fmt.Sprintf("x%d", depth), fmt.Sprintf("y%d", depth), fmt.Sprintf("o%d", depth)
		child := &patches{n: x, o: old, p: ps.p.dynamic("string(" + i + ")"), depth: depth + 1}
		w.Walk(walk.Elem, child)
		elem := child.expr()
		if elem == "" {
			return
		}
		same := o + "[" + i + "]"
		ps.parts = append(ps.parts, fmt.Sprintf("%s.transformList(%s, %s,\n(%s < size(%s) && %s ? [%s] :\n%s.exists(%s, %s) ? [%s.filter(%s, %s)[0]] : []).map(%s,\n%s).flatten()).flatten()",
			n, i, x,
			i, o, keysEqual(walk.Keys, x, same), same,
			o, y, keysEqual(walk.Keys, x, y), o, y, keysEqual(walk.Keys, x, y),
			old, elem))
	}
}

// unionPatches is the CEL list of the patches of a union of n: one per
// Clear, under its condition, with the conditions they share tested once.
func unionPatches(u *unionspec.Union, n, o string, p celPath) string {
	printer := &celprint.Printer{Union: u, Self: n, Old: o, Select: celprint.Property}
	whens, clears := updateClears(u)
	if len(clears) == 0 {
		return ""
	}
	shared := unionspec.Shared(whens)
	members := make([]string, len(clears))
	for i, c := range clears {
		own := unionspec.Without(whens[i], shared)
		patch := "[" + clearPatch(u.Member(c.Member), p.child(c.Member)) + "]"
		if len(own) > 0 {
			patch = fmt.Sprintf("(%s ? %s : [])", printer.Print(unionspec.And(own...), false), patch)
		}
		members[i] = patch
	}
	return fmt.Sprintf("(%s ?\n%s : [])", printer.Print(unionspec.And(shared...), false), strings.Join(members, " +\n"))
}

// updateClears are the clears of u that an update can make (the policy
// runs on update only), with the conjuncts of their conditions there.
func updateClears(u *unionspec.Union) (whens [][]*unionspec.Cond, clears []*unionspec.Clear) {
	for _, c := range u.Clears {
		when := c.When.Simplify(unionspec.Known{Update: new(true)})
		if when.Is(false) {
			continue
		}
		whens, clears = append(whens, when.Conjuncts()), append(clears, c)
	}
	return whens, clears
}

// clearPatch clears a member as Go would write it once cleared.
func clearPatch(m *unionspec.Member, p celPath) string {
	zero := m.Cleared()
	if zero == nil {
		return fmt.Sprintf(`JSONPatch{op: "remove", path: %s}`, p)
	}
	return fmt.Sprintf(`JSONPatch{op: "replace", path: %s, value: %s}`, p, celZero(zero))
}

// celZero is the CEL literal of a zero value.
func celZero(zero any) string {
	switch zero.(type) {
	case string:
		return `""`
	case bool:
		return "false"
	case float64:
		return "0.0"
	}
	return "0"
}

// keysEqual compares the keys of list-map items x and y as
// unionspec.KeysEqual does: an absent key is its zero value, or nil for a
// pointer.
func keysEqual(keys []*unionspec.Key, x, y string) string {
	var conds []string
	for _, k := range keys {
		xv, xHas := celprint.Property(x, k.Name)
		yv, yHas := celprint.Property(y, k.Name)
		if k.Pointer {
			conds = append(conds, fmt.Sprintf("%s == %s && (!%s || %s == %s)", xHas, yHas, xHas, xv, yv))
			continue
		}
		zero := celZero(k.Type.Zero())
		conds = append(conds, fmt.Sprintf("(%s ? %s : %s) == (%s ? %s : %s)", xHas, xv, zero, yHas, yv, zero))
	}
	return strings.Join(conds, " && ")
}
