// Package corpora runs union-gen on real API modules, unchanged: every
// package of k8s.io/api and of openshift/api, at the versions of go.mod. It is
// a module of its own so that union-gen's module does not depend on them.
package corpora

import (
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"k8s.io/gengo/v2"

	"github.com/union-gen/union-gen/internal/testsupport/golden"
	"github.com/union-gen/union-gen/internal/testsupport/modcopy"
	"github.com/union-gen/union-gen/internal/testsupport/uniongen"
	"github.com/union-gen/union-gen/pkg/markers"
	"github.com/union-gen/union-gen/pkg/unions"
	"github.com/union-gen/union-gen/pkg/unionspec"
	"github.com/union-gen/union-gen/test/unionmodel"
)

// corpora are the modules union-gen must read with no error.
var corpora = []string{"k8s.io/api", "github.com/openshift/api"}

// corporaDoc is the file of counts; kubetest's and the openshiftsuites
// module's tests write their sections after reportEnd.
const (
	corporaDoc = "../docs/corpora.md"
	reportEnd  = "<!-- The section below is kubetest's (TestKubernetesOracle). -->\n"
)

// TestCorpora copies each corpus out of the module cache, runs union-gen on
// all its packages, and checks that there is no error, that the generated
// code compiles and passes go vet, that union-gen agrees with validation-gen
// on k8s.io/api's unions, and that docs/corpora.md has the counts.
func TestCorpora(t *testing.T) {
	// The copies live as long as the whole test: the differential reuses
	// k8s.io/api's, with union-gen's code already generated in it.
	work := t.TempDir()
	unionGen := uniongen.Binary(t)

	var doc strings.Builder
	doc.WriteString(reportHeader)
	copies := map[string]corpusCopy{}
	for i, module := range corpora {
		t.Run(filepath.Base(filepath.Dir(module))+"/"+filepath.Base(module), func(t *testing.T) {
			c := corpusCopy{dir: filepath.Join(work, fmt.Sprintf("corpus%d", i))}
			var sec string
			sec = runCorpus(t, unionGen, module, &c)
			doc.WriteString(sec)
			copies[module] = c
		})
	}
	t.Run("validation-gen", func(t *testing.T) {
		api, ok := copies["k8s.io/api"]
		if !ok {
			t.Fatal("the run on k8s.io/api failed, so there is no copy to compare on")
		}
		doc.WriteString(runDifferential(t, unionGen, api))
	})
	if !t.Failed() {
		golden.CheckBefore(t, corporaDoc, reportEnd, []byte(doc.String()))
	}
}

const reportHeader = `# union-gen on real API modules

corpora/corpora_test.go (run by test/modules's TestCorporaModule, so in every
` + "`go test ./...`" + `) copies each module below out of the module cache, runs union-gen
on all its packages, unchanged, and checks that it reports no error and that the
generated code compiles and passes ` + "`go vet`" + `. The counts are the test's own:
` + "`make golden`" + ` (` + "`cd corpora && go test . -update`" + `) rewrites this file but
its last section, which the openshiftsuites module's test writes
(` + "`cd openshiftsuites && go test . -update`" + `). On openshift/api, union-gen also edits
the CRD manifests (` + "`--crd-paths`" + ` over every ` + "`zz_generated.crd-manifests`" + `
directory). Warnings are listed by rule (see [reference.md](reference.md)).
`

// corpusCopy is a corpus copied out of the module cache, with union-gen's
// code generated in all its packages (and its rules in the CRD manifests),
// and the union model of those.
type corpusCopy struct {
	dir   string
	model *unions.Model
}

// runCorpus copies one corpus into c.dir and checks it; it returns its
// section of the report and fills in c's model.
func runCorpus(t *testing.T, unionGen, module string, c *corpusCopy) string {
	dir := c.dir
	m := copyModule(t, module, dir)

	// A package whose every file is generated has no source for union-gen,
	// nor has one that imports such a package: neither can be loaded with
	// the build tag that hides generated files.
	var pkgs, skipped []string
	list := modcopy.Go(t, dir, "list", "-e", "-tags", gengo.StdBuildTag, "-f", "{{.ImportPath}} {{len .GoFiles}} {{.Incomplete}}", "./...")
	for _, line := range strings.Split(strings.TrimSpace(string(list)), "\n") {
		var path, incomplete string
		var files int
		if _, err := fmt.Sscan(line, &path, &files, &incomplete); err != nil {
			t.Fatalf("go list: %q: %v", line, err)
		}
		if files == 0 || incomplete == "true" {
			skipped = append(skipped, path)
			continue
		}
		pkgs = append(pkgs, path)
	}

	out := run(t, dir, unionGen, unionGenArgs(m.crdDirs, pkgs)...)
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if line != "" && !strings.Contains(line, ": warning: ") {
			t.Errorf("union-gen printed an error: %s", line)
		}
	}
	var ownCost string
	if len(m.crdDirs) > 0 {
		ownCost = ownRulesReport(t, out)
	}

	var withFiles []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Name() == generated {
			rel, err := filepath.Rel(dir, filepath.Dir(path))
			withFiles = append(withFiles, "./"+filepath.ToSlash(rel))
			return err
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(withFiles)
	// vet compiles the packages first, the generated files with them.
	modcopy.Go(t, dir, append([]string{"vet"}, withFiles...)...)

	var sec string
	sec, c.model = section(t, module, m.version, dir, pkgs, skipped, withFiles)
	return sec + ownCost
}

// rejectedAsGiven begins the crdrejected warning of a CRD version whose own
// rules alone are over the API server's limit, or do not compile.
const rejectedAsGiven = "warning: the API server rejects this CRD version as given: "

// ownRulesReport checks what union-gen, whose output was out, says of the
// CRDs' own rules: crdrejected only where the API server rejects a version as
// given. It returns the report's paragraph on them.
func ownRulesReport(t *testing.T, out []byte) string {
	t.Helper()
	var rejected, handWritten, atMarker int
	for _, line := range strings.Split(string(out), "\n") {
		switch {
		case strings.HasSuffix(line, "[crdrejected]"):
			rejected++
			if !strings.Contains(line, rejectedAsGiven) {
				t.Errorf("crdrejected where the API server accepts the CRD as given: %s", line)
			}
		case strings.HasSuffix(line, "[handwrittenunion]"):
			handWritten++
			if file, _, _ := strings.Cut(line, ":"); strings.HasSuffix(file, ".go") {
				atMarker++
			}
		}
	}
	return fmt.Sprintf("\nIn the CRD manifests, union-gen estimates every own rule as the API server does, and warns `crdrejected` only where the API server rejects a version as given (%d versions). It reports %d of the CRDs' own rules as hand-written rules of a union, which union-gen's rules now check (`handwrittenunion`), %d of them at the Go marker that wrote them.\n",
		rejected, handWritten, atMarker)
}

// section counts the unions of a corpus, by dialect and kind, from the model
// union-gen builds, and writes them as Markdown; it returns the model too.
func section(t *testing.T, module, version, dir string, pkgs, skipped, withFiles []string) (string, *unions.Model) {
	model, _, problems := unionmodel.Of(t, dir, pkgs...)

	type row struct {
		dialect markers.Dialect
		kind    unionspec.Requirement
	}
	counts, members := map[row]int{}, map[row]int{}
	withUnions := 0
	for _, plan := range model.Plans {
		if len(plan.Unions) > 0 {
			withUnions++
		}
		for _, u := range plan.Unions {
			r := row{u.Dialect, u.Requires}
			counts[r]++
			members[r] += len(u.Members)
		}
	}
	warnings := map[string]int{}
	for _, p := range problems.Sorted() {
		warnings[string(p.Rule)]++
	}

	var b strings.Builder
	fmt.Fprintf(&b, "\n## %s %s\n\n", module, version)
	fmt.Fprintf(&b, "%d packages read", len(pkgs))
	if len(skipped) > 0 {
		fmt.Fprintf(&b, "; skipped, as all their files are generated or they import such a package: %s", strings.Join(skipped, ", "))
	}
	b.WriteString(".\n\n")
	b.WriteString("| dialect | kind | unions | members |\n|---|---|---|---|\n")
	kinds := map[unionspec.Requirement]string{unionspec.Discriminated: "discriminated", unionspec.ExactlyOne: "exactly one", unionspec.ZeroOrOne: "zero or one", unionspec.AtLeastOne: "at least one"}
	total := 0
	for _, dialect := range []markers.Dialect{markers.DialectKEP, markers.Dialect2019, markers.DialectValidationGen, markers.DialectModes, markers.DialectGroups, markers.DialectStructTag} {
		for _, kind := range []unionspec.Requirement{unionspec.Discriminated, unionspec.ExactlyOne, unionspec.ZeroOrOne, unionspec.AtLeastOne} {
			if n := counts[row{dialect, kind}]; n > 0 {
				fmt.Fprintf(&b, "| %s | %s | %d | %d |\n", dialect, kinds[kind], n, members[row{dialect, kind}])
				total += n
			}
		}
	}
	fmt.Fprintf(&b, "\n%d unions in %d types; %d types get methods (they have unions or reach them), in %d packages, which compile and pass `go vet`.\n",
		total, withUnions, len(model.Plans), len(withFiles))
	b.WriteString(silentSection(t, dir, module, model, problems))
	if len(warnings) > 0 {
		b.WriteString("\nWarnings: ")
		var list []string
		for _, rule := range slices.Sorted(maps.Keys(warnings)) {
			list = append(list, fmt.Sprintf("`%s` %d", rule, warnings[rule]))
		}
		b.WriteString(strings.Join(list, ", ") + ".\n")
	}
	return b.String(), model
}
