package crd_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/union-gen/union-gen/pkg/backend"
	"github.com/union-gen/union-gen/pkg/crd"
	"github.com/union-gen/union-gen/pkg/report"
)

// ownCostCase is the case of crdrejected, whose CRD the tests give own rules of
// every cost.
const ownCostCase = "../../testdata/bad/crdrejected"

// ownRules are a CRD's own rules as an estimator that knows them tells:
// one rule at the root that costs cost.
type ownRules struct{ cost uint64 }

func (o ownRules) Estimate(*yaml.Node) ([]crd.OwnRule, error) {
	return []crd.OwnRule{{Rule: "own", Cost: o.cost, Known: true}}, nil
}

// fixedRules are a CRD's own rules as an estimator gives them.
type fixedRules []crd.OwnRule

func (f fixedRules) Estimate(*yaml.Node) ([]crd.OwnRule, error) { return f, nil }

// TestAPIServerEstimator: APIServerEstimator estimates every rule as the API
// server does, each times the values it runs on and its messageExpression
// once; a rule that does not compile is not Known (crdtest holds the
// estimates to the API server's CRD validation on openshift/api).
func TestAPIServerEstimator(t *testing.T) {
	const schema = `type: object
properties:
  kind:
    type: string
  spec:
    type: object
    properties:
      k:
        type: string
        maxLength: 63
      names:
        type: array
        maxItems: 16
        items:
          type: string
          maxLength: 10
          x-kubernetes-validations:
          - rule: self != 'a'
            messageExpression: "'a is taken'"
          - rule: self.startsWith('a')
          - rule: self.nosuch == 1
    x-kubernetes-validations:
    - rule: self.k != "x"
      messageExpression: "'bad key ' + self.k"
x-kubernetes-validations:
- rule: self.kind == 'Edge'
`
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(schema), &doc); err != nil {
		t.Fatal(err)
	}
	got, err := crd.APIServerEstimator{}.Estimate(doc.Content[0])
	if err != nil {
		t.Fatal(err)
	}
	want := []crd.OwnRule{
		{Rule: "self.kind == 'Edge'", Cost: 3, Known: true},
		{Path: ".spec", Rule: `self.k != "x"`, MessageExpression: "'bad key ' + self.k", Cost: 3, Known: true, MessageCost: 28, MessageKnown: true},
		{Path: ".spec.names[*]", Rule: "self != 'a'", MessageExpression: "'a is taken'", Cost: 2 * 16, Known: true, MessageKnown: true},
		{Path: ".spec.names[*]", Rule: "self.startsWith('a')", Cost: 2 * 16, Known: true},
		{Path: ".spec.names[*]", Rule: "self.nosuch == 1"},
	}
	if !slices.Equal(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
}

// TestOwnRulesNotCompiled: own rules that the API server does not compile,
// with which it rejects the CRD as given, get a warning that names them,
// a messageExpression where it is that which does not compile; the unions'
// rules are written as if they cost nothing.
func TestOwnRulesNotCompiled(t *testing.T) {
	for _, tc := range []struct {
		rules fixedRules
		warn  string
	}{
		{rules: slices.Repeat(fixedRules{{Rule: "compiled", Known: true, Cost: 1}}, 10)},
		{rules: slices.Repeat(fixedRules{{Rule: "unknown"}}, 10), warn: `its own rules cost 0, and 10 of them do not compile in the API server's CEL environment ("unknown" at ., "unknown" at ., "unknown" at ., 7 more)`},
		{rules: fixedRules{{Rule: "known", Known: true, Cost: 1, MessageExpression: "message"}}, warn: `its own rules cost 1, and 1 of them do not compile in the API server's CEL environment (the messageExpression "message" at .)`},
	} {
		opts := caseOptions(t, ownCostCase)
		opts.Estimator = tc.rules
		edited, problems := editPackage(t, ownCostCase, opts)
		switch {
		case len(edited) > 0:
			t.Errorf("%d own rules: the CRD is rewritten, where it has the precise rules", len(tc.rules))
		case tc.warn == "" && len(problems) > 0:
			t.Errorf("%d own rules: %v", len(tc.rules), problems)
		case tc.warn != "" && (len(problems) != 1 || problems[0].Rule != report.CRDRejected || !strings.Contains(problems[0].Message, tc.warn)):
			t.Errorf("%d own rules: want one crdrejected warning with %q, got %v", len(tc.rules), tc.warn, problems)
		}
	}
}

// TestOwnRulesCount: a CRD's own rules count toward a version's total
// beside the unions': with --crd-rules=precise, as the crdrejected case
// asks, union-gen writes the precise rules where the total
// holds them, the compact ones with a warning where only those fit, and
// fails where neither does; where the own rules alone are over the limit,
// as the API server rejects the CRD as given, union-gen warns and adds the
// rules that fit alone. The crdrejected case's union has precise rules that
// cost 183, and compact ones that cost less.
func TestOwnRulesCount(t *testing.T) {
	const precise = 183
	for _, tc := range []struct {
		own     uint64
		rule    report.ID
		warning bool
		compact bool
	}{
		{own: 0},
		{own: crd.CRDCostLimit - precise},
		{own: crd.CRDCostLimit - precise + 1, rule: report.CompactRules, warning: true, compact: true},
		{own: crd.CRDCostLimit, rule: report.CELCost},
		// Rejected as given: the unions' rules are held to the limits
		// alone.
		{own: crd.CRDCostLimit + 1, rule: report.CRDRejected, warning: true},
		{own: math.MaxUint64, rule: report.CRDRejected, warning: true},
	} {
		opts := caseOptions(t, ownCostCase)
		opts.Estimator = ownRules{tc.own}
		edited, problems := editPackage(t, ownCostCase, opts)
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

// TestHandWrittenUnionRules: the own rules that check only a union are
// reported at the markers that wrote them, once in a run that has them in
// two CRD files (of two feature sets), also where the run fails for the
// cost of its rules; one that no marker wrote, at the rule in the CRD.
func TestHandWrittenUnionRules(t *testing.T) {
	const dir = "../../testdata/bad/handwrittenunion"
	model, problems, err := buildShared(dir)
	if err != nil || problems.HasErrors() {
		t.Fatalf("the package has problems: %v %v", err, problems)
	}
	file := dir + "/crd/handwrittenunion.example.com_widgets.yaml"
	data, tmp := read(t, file), t.TempDir()
	copyAs := func(name, from, to string) string {
		path := filepath.Join(tmp, name)
		if err := os.WriteFile(path, []byte(strings.Replace(data, from, to, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	const version = "    controller-gen.kubebuilder.io/version: v0.23.0\n"
	featureSet := copyAs("featureset.yaml", version, version+"    "+backend.FeatureSetAnnotation+": TechPreviewNoUpgrade\n")
	edited := copyAs("edited.yaml", "self.type == ''RollingUpdate''", "self.type==''RollingUpdate''")
	typeLevel, fieldLevel := "types.go:16:4", "types.go:47:5"
	for _, tc := range []struct {
		files []string
		own   crd.Estimator
		want  []string
	}{
		{files: []string{file, featureSet}, want: []string{typeLevel, fieldLevel}},
		{files: []string{file}, own: ownRules{crd.CRDCostLimit}, want: []string{typeLevel, fieldLevel}},
		{files: []string{edited}, want: []string{"edited.yaml:77:19", fieldLevel}},
	} {
		_, problems := editFiles(t, model, tc.files, crd.Options{Estimator: tc.own}, "")
		var got []string
		for _, p := range problems {
			if p.Rule == report.HandWrittenUnion {
				got = append(got, fmt.Sprintf("%s:%d:%d", filepath.Base(p.Pos.Filename), p.Pos.Line, p.Pos.Column))
			}
		}
		slices.Sort(got) // as the command prints them
		if !slices.Equal(got, tc.want) {
			t.Errorf("%v with own rules %v: handwrittenunion at %q, want %q; all problems:\n%v", tc.files, tc.own, got, tc.want, problems)
		}
	}
}
