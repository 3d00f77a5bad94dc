package crd_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/yaml"

	"github.com/union-gen/union-gen/pkg/crd"
	"github.com/union-gen/union-gen/pkg/report"
)

// editPackage builds the model of the package in dir, which must have no
// problems of its own, and edits the CRDs of its crd directory with opts.
func editPackage(t *testing.T, dir string, opts crd.Options) ([]written, report.Problems) {
	t.Helper()
	model, problems, err := buildShared(dir)
	if err != nil {
		t.Fatal(err)
	}
	if problems.HasErrors() {
		t.Fatalf("the package of a CRD case has errors of its own:\n%v", problems)
	}
	files, err := filepath.Glob(dir + "/crd/*.y*ml") // .yaml and .yml
	if err != nil {
		t.Fatal(err)
	}
	return editFiles(t, model, files, opts, "")
}

// caseOptions are the options of a case of testdata/bad as cmd/union-gen's
// tests run it: precise rules where its args file asks for them.
func caseOptions(t *testing.T, dir string) crd.Options {
	t.Helper()
	data, err := os.ReadFile(dir + "/args")
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	if slices.Contains(strings.Fields(string(data)), "--crd-rules="+string(crd.RulesPrecise)) {
		return crd.Options{Rules: crd.RulesPrecise}
	}
	return crd.Options{}
}

// TestRulesOfBadCRDs checks the cases of the CRD rules in testdata/bad
// (their CRDs are in crd/), and of the warnings about CRDs: each problem
// names the case's rule, and there are as many as in its expected.txt,
// which cmd/union-gen compares. A warning's case has its CRDs as union-gen
// edits them.
func TestRulesOfBadCRDs(t *testing.T) {
	for _, r := range report.Docs {
		if r.Family != "crd" && r.ID != report.CRDNoKind && r.ID != report.KindNoCRD && r.ID != report.CompactRules && r.ID != report.CRDRejected && r.ID != report.HandWrittenUnion && r.ID != report.CRDVariant {
			continue
		}
		t.Run(string(r.ID), func(t *testing.T) {
			dir := "../../testdata/bad/" + string(r.ID)
			edited, problems := editPackage(t, dir, caseOptions(t, dir))
			if len(edited) != 0 {
				t.Errorf("%d files to write, where there are errors or the CRDs are up to date", len(edited))
			}
			expected, err := os.ReadFile(dir + "/expected.txt")
			if err != nil {
				t.Fatal(err)
			}
			if want := strings.Count(string(expected), "\n"); len(problems) != want {
				t.Fatalf("%d problems, want the %d of expected.txt:\n%v", len(problems), want, problems)
			}
			for _, p := range problems {
				// A case of an error may warn that its other unions get
				// compact rules, and celcost's of the hand-written rules
				// that put a CRD over the limit.
				if p.Rule != r.ID && !(p.Warning && (p.Rule == report.CompactRules || p.Rule == report.HandWrittenUnion && r.ID == report.CELCost)) {
					t.Errorf("problem has rule %q, want %s: %v", p.Rule, r.ID, p)
				}
			}
		})
	}
}

// TestCELCostOfHandWrittenRules: celcost's Gadget is over the API server's
// limit for a version only because of its hand-written union rules, which
// the error names, with their cost; without them, union-gen adds the
// unions' rules, and the version fits.
func TestCELCostOfHandWrittenRules(t *testing.T) {
	const dir = "../../testdata/bad/celcost"
	_, problems := editPackage(t, dir, caseOptions(t, dir))
	var found bool
	for _, p := range problems {
		found = found || p.Rule == report.CELCost && strings.Contains(p.Subject, "Gadget") &&
			strings.Contains(p.Message, "hand-written rules of its unions that cost 60000000") && strings.Contains(p.Message, "delete them")
	}
	if !found {
		t.Fatalf("no celcost error names the hand-written rules and their cost:\n%v", problems)
	}

	model, _, err := buildShared(dir)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(dir + "/crd/celcost.example.com_gadgets.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var def map[string]any
	if err := yaml.Unmarshal(data, &def); err != nil {
		t.Fatal(err)
	}
	versions, _, _ := unstructured.NestedSlice(def, "spec", "versions")
	target := []string{"schema", "openAPIV3Schema", "properties", "spec", "properties", "targets", "items"}
	items, ok, _ := unstructured.NestedMap(versions[0].(map[string]any), target...)
	if !ok || items["x-kubernetes-validations"] == nil {
		t.Fatal("the Gadget CRD has no hand-written rules on its targets")
	}
	delete(items, "x-kubernetes-validations")
	if err := unstructured.SetNestedMap(versions[0].(map[string]any), items, target...); err != nil {
		t.Fatal(err)
	}
	if err := unstructured.SetNestedSlice(def, versions, "spec", "versions"); err != nil {
		t.Fatal(err)
	}
	without, err := yaml.Marshal(def)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "celcost.example.com_gadgets.yaml")
	if err := os.WriteFile(file, without, 0o644); err != nil {
		t.Fatal(err)
	}
	edited, problems := editFiles(t, model, []string{file}, crd.Options{}, "")
	if problems.HasErrors() || len(edited) == 0 {
		t.Fatalf("without its hand-written rules, the CRD does not get the unions' rules: %d files, problems:\n%v", len(edited), problems)
	}
}
