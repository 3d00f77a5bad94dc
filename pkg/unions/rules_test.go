package unions

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/internal/testsupport/gengoload"
	"github.com/union-gen/union-gen/pkg/load"
	"github.com/union-gen/union-gen/pkg/report"
)

// badDir holds one broken package per rule, named by its ID. (docs/reference.md,
// the table of rules, is checked in cmd/union-gen/reference.)
const badDir = "../../testdata/bad"

// extraCases are the packages of badDir not named after a rule: rules across
// packages (crosspkgenum) and together (warnings).
var extraCases = []string{"crosspkgenum", "warnings"}

var families = []string{"input", "marker syntax", "discriminator", "enum", "member", "grouping", "reach", "crd", "output", "warning"}

// ruleIDs returns the IDs of report.Docs, failing t on a duplicate or an
// incomplete rule.
func ruleIDs(t *testing.T) map[report.ID]bool {
	t.Helper()
	ids := map[report.ID]bool{}
	for _, r := range report.Docs {
		if ids[r.ID] {
			t.Errorf("rule %s is listed twice", r.ID)
		}
		ids[r.ID] = true
		if !slices.Contains(families, r.Family) || r.Summary == "" || r.Message == "" || r.Hint == "" {
			t.Errorf("rule %s has family %q; want one of %q, and a summary, a message and a hint", r.ID, r.Family, families)
		}
	}
	return ids
}

// TestRuleCases checks that the rules and the packages of badDir match one
// to one, apart from the extra cases.
func TestRuleCases(t *testing.T) {
	ids := ruleIDs(t)
	entries, err := os.ReadDir(badDir)
	if err != nil {
		t.Fatal(err)
	}
	dirs := map[string]bool{}
	for _, e := range entries {
		if e.IsDir() {
			dirs[e.Name()] = true
		}
	}
	for _, r := range report.Docs {
		if !dirs[string(r.ID)] {
			t.Errorf("rule %s has no package testdata/bad/%s", r.ID, r.ID)
		}
	}
	for dir := range dirs {
		if !ids[report.ID(dir)] && !slices.Contains(extraCases, dir) {
			t.Errorf("testdata/bad/%s is neither a rule of pkg/report nor an extra case", dir)
		}
	}
}

// TestRulesOfBadInput checks each package of badDir: every problem names a
// rule of pkg/report, and a package named after a rule breaks it.
func TestRulesOfBadInput(t *testing.T) {
	ids := ruleIDs(t)
	entries, err := os.ReadDir(badDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		dir := e.Name()
		if _, err := os.Stat(badDir + "/" + dir + "/crd"); err == nil {
			continue // a case of a CRD rule, checked with its CRD in pkg/crd
		}
		if slices.ContainsFunc(report.Docs, func(r report.Doc) bool {
			return r.ID == report.ID(dir) && (r.Family == "output" || r.Family == "input")
		}) {
			continue // a case of the files written or of the run's input, checked in cmd/union-gen
		}
		t.Run(dir, func(t *testing.T) {
			// A case that is a module of its own is loaded by a parser of
			// its own, and gengo's parsers share its builtin types, which
			// they write: it runs while the other cases wait.
			if _, err := os.Stat(badDir + "/" + dir + "/go.mod"); err != nil {
				t.Parallel()
			}
			problems := buildBad(t, dir).Sorted()
			// The command prints the same problems (compared in cmd/union-gen),
			// so a count that differs means this test loads the package wrongly.
			expected, err := os.ReadFile(badDir + "/" + dir + "/expected.txt")
			if err != nil {
				t.Fatal(err)
			}
			if want := strings.Count(string(expected), "\n"); len(problems) != want {
				t.Fatalf("%d problems, want the %d of expected.txt:\n%v", len(problems), want, problems)
			}
			for _, p := range problems {
				if !ids[p.Rule] {
					t.Errorf("problem has rule %q, not one of pkg/report: %v", p.Rule, p)
				}
			}
			if ids[report.ID(dir)] && !slices.ContainsFunc(problems, func(p report.Problem) bool { return p.Rule == report.ID(dir) }) {
				t.Errorf("no problem has rule %s:\n%v", dir, problems)
			}
			for _, r := range report.Docs {
				if r.ID != report.ID(dir) {
					continue
				}
				pattern := messagePattern(r.Message)
				if !slices.ContainsFunc(problems, func(p report.Problem) bool { return p.Rule == r.ID && pattern.MatchString(p.Message) }) {
					t.Errorf("no problem of rule %s matches its documented message %q:\n%v", r.ID, r.Message, problems)
				}
			}
		})
	}
}

// messagePattern turns a documented message into a pattern in which each
// placeholder, such as <type>, stands for any text.
func messagePattern(message string) *regexp.Regexp {
	placeholder := regexp.MustCompile(`<[^<>]+>`)
	var b strings.Builder
	last := 0
	for _, loc := range placeholder.FindAllStringIndex(message, -1) {
		b.WriteString(regexp.QuoteMeta(message[last:loc[0]]) + ".+")
		last = loc[1]
	}
	b.WriteString(regexp.QuoteMeta(message[last:]))
	return regexp.MustCompile("^" + b.String() + "$")
}

// buildBad builds the model of one package of badDir and returns its
// problems. The package alone is the input, as the command is given it: the
// helper packages nested in it (crosspkgenum/enums, outsideunion/common) are
// not.
func buildBad(t *testing.T, dir string) report.Problems {
	t.Helper()
	if _, err := os.Stat(badDir + "/" + dir + "/go.mod"); err == nil {
		return buildModuleCase(t, badDir+"/"+dir)
	}
	checked, err := load.TypeCheck([]string{badDir + "/" + dir + "/..."}, "zz_generated.unions.go")
	if err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(badDir + "/" + dir)
	if err != nil {
		t.Fatal(err)
	}
	// A case run with --openapi-output-pkg (its args) is built for it.
	args, err := os.ReadFile(badDir + "/" + dir + "/args")
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	openAPI := strings.Contains(string(args), "--openapi-output-pkg")
	var problems report.Problems
	err = testLoad.Use(func(universe types.Universe, pkgs []string) {
		pkgs = slices.DeleteFunc(pkgs, func(p string) bool { return universe.Package(p).Dir != abs })
		_, problems = Build(universe, pkgs, Options{BuildTags: []string{"ignore_autogenerated"}, OpenAPI: openAPI, Checked: checked})
	}, badDir+"/"+dir)
	if err != nil {
		t.Fatal(err)
	}
	return problems
}

// buildModuleCase builds the model of a case of badDir that is a module of
// its own, as a case that uses a package of another module must be
// (foreignunion): its package ".", loaded in its directory.
func buildModuleCase(t *testing.T, dir string) report.Problems {
	t.Helper()
	universe, pkgs := gengoload.Load(t, dir, ".")
	_, problems := Build(universe, pkgs, Options{BuildTags: []string{"ignore_autogenerated"}})
	return problems
}
