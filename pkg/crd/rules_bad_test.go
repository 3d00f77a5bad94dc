package crd_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/union-gen/union-gen/pkg/crd"
	"github.com/union-gen/union-gen/pkg/report"
)

// editPackage builds the model of the package in dir, which must have no
// problems of its own, and edits the CRDs of its crd directory with opts.
func editPackage(t *testing.T, dir string, opts crd.Options) ([]crd.File, report.Problems) {
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
	return crd.Edit(model, files, opts)
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
			edited, problems := editPackage(t, dir, crd.Options{})
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
				// compact rules.
				if p.Rule != r.ID && !(p.Warning && p.Rule == report.CompactRules) {
					t.Errorf("problem has rule %q, want %s: %v", p.Rule, r.ID, p)
				}
			}
		})
	}
}
