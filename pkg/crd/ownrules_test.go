package crd_test

import (
	"math"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/union-gen/union-gen/internal/rules"
	"github.com/union-gen/union-gen/pkg/crd"
)

// ownRules are a CRD's own rules as an estimator that knows them tells:
// one rule at the root that costs cost.
type ownRules struct{ cost uint64 }

func (o ownRules) Estimate(*yaml.Node) []crd.OwnRule {
	return []crd.OwnRule{{Rule: "own", Cost: o.cost, Known: true}}
}

// TestOwnRulesCount: a CRD's own rules count toward a version's total
// beside the unions': union-gen writes the precise rules where the total
// holds them, the compact ones with a warning where only those fit, and
// fails where neither does; where the own rules alone are over the limit,
// as the API server rejects the CRD as given, union-gen warns and adds the
// rules that fit alone. The owncost case's union has precise rules that
// cost 183, and compact ones that cost less.
func TestOwnRulesCount(t *testing.T) {
	const dir, precise = "../../testdata/bad/owncost", 183
	model, problems, universe, packages, err := buildShared(dir)
	if err != nil || problems.HasErrors() {
		t.Fatalf("the package has problems: %v %v", err, problems)
	}
	files, err := crd.Files([]string{dir + "/crd"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		own     uint64
		rule    rules.ID
		warning bool
		compact bool
	}{
		{own: 0},
		{own: crd.CRDCostLimit - precise},
		{own: crd.CRDCostLimit - precise + 1, rule: rules.CompactRules, warning: true, compact: true},
		{own: crd.CRDCostLimit, rule: rules.CELCost},
		// Rejected as given: the unions' rules are held to the limits
		// alone.
		{own: crd.CRDCostLimit + 1, rule: rules.OwnCost, warning: true},
		{own: math.MaxUint64, rule: rules.OwnCost, warning: true},
	} {
		edited, problems := crd.Edit(model, crd.Kinds(universe, packages, buildTags), files, crd.Options{OwnRules: ownRules{tc.own}})
		switch {
		case tc.rule == "" && len(problems) > 0:
			t.Errorf("own rules of cost %d: %v", tc.own, problems)
		case tc.rule != "" && (len(problems) != 1 || problems[0].Rule != tc.rule || problems[0].Warning != tc.warning):
			t.Errorf("own rules of cost %d: want one %s (warning %v), got %v", tc.own, tc.rule, tc.warning, problems)
		case tc.rule != "" && !strings.Contains(problems[0].Message, "its own rules cost "):
			t.Errorf("own rules of cost %d: the message does not say what they cost: %v", tc.own, problems[0])
		}
		// The case's CRD has the precise rules, as union-gen edits it.
		if changed := len(edited) > 0; changed != tc.compact {
			t.Errorf("own rules of cost %d: CRD rewritten %v, want %v (compact rules)", tc.own, changed, tc.compact)
		}
	}
}
