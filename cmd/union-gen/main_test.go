package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"

	"github.com/union-gen/union-gen/cmd/union-gen/reference"
	"github.com/union-gen/union-gen/internal/testsupport/golden"
	"github.com/union-gen/union-gen/internal/testsupport/uniongen"
	"github.com/union-gen/union-gen/internal/testsupport/usermodule"
	"github.com/union-gen/union-gen/pkg/report"
)

const (
	// badDir holds one broken package per rule, named by the rule's ID (see
	// pkg/report), and a few extra cases, each with the exact stderr of
	// union-gen in expected.txt.
	badDir = "testdata/bad"
	// validPkg is a package with valid unions and a checked-in generated file.
	validPkg = "examples/apis/kep/v1alpha1"
)

// warningPkgs are the packages of badDir that have only warnings: unlike the
// others, they are generated. Each maps to the type that must get methods, or
// "" when the package has no union union-gen handles.
var warningPkgs = map[string]string{
	"crdnokind":              "Thing",
	"crdvariant":             "Thing",
	"defaultselectsrequired": "Defaulted",
	"foreignunion":           "",
	"guessedvalues":          "Subject",
	"handwrittenunion":       "WidgetStrategy",
	"inferredmembers":        "Source",
	"itemunion":              "",
	"kindnocrd":              "Thing",
	"compactrules":           "Route",
	"nomembers":              "Status",
	"crdrejected":            "Route",
	"requiredfield":          "Autoscaling",
	"typeerrors":             "Choice",
	"unselectable":           "Profile",
	"prefixvalue":            "Profile",
	"fieldgroup":             "",
	"openapiunion":           "Modes",
	"apigroup":               "DeviceConstraint",
	"valuename":              "Choice",
	"warnings":               "Choice",
}

var (
	// binary is the union-gen built by TestMain: the tests check what users
	// see, so they run the real command, not its functions.
	binary string
	// root is the repository root, the working directory of every run: the
	// positions in expected.txt are relative to it, as union-gen prints them.
	root string
)

func TestMain(m *testing.M) {
	os.Exit(runTests(m))
}

// runTests builds the binary, runs the tests and removes the binary: a
// function of its own so that its deferred cleanup runs before os.Exit.
func runTests(m *testing.M) int {
	dir, err := os.MkdirTemp("", "union-gen-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	if binary, err = uniongen.Build(dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	// An absolute directory keeps the child's view of its working directory
	// (and so the printed paths) independent of how the test was started.
	if root, err = filepath.Abs(filepath.Join("..", "..")); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return m.Run()
}

// result is the outcome of one run of union-gen.
type result struct {
	code           int
	stdout, stderr string
}

// run runs union-gen with args in a copy of the module with the packages
// that the tests name (validPkg and its enums, pkg/report), so that no run
// writes into the checkout, not even by mistake.
func run(t *testing.T, args ...string) result {
	t.Helper()
	return runIn(t, moduleCopy(t, "examples/apis/kep", "pkg/report"), args...)
}

// runIn runs union-gen in dir.
func runIn(t *testing.T, dir string, args ...string) result {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), binary, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	var exitErr *exec.ExitError
	if err := cmd.Run(); err != nil && !errors.As(err, &exitErr) {
		t.Fatalf("running union-gen %s: %v", strings.Join(args, " "), err)
	}
	return result{code: cmd.ProcessState.ExitCode(), stdout: stdout.String(), stderr: stderr.String()}
}

// snapshot is the content of every file below some directories of the
// repository, by path relative to the root.
type snapshot map[string][]byte

// takeSnapshot reads every file below dirs (relative to the root).
func takeSnapshot(t *testing.T, dirs ...string) snapshot {
	t.Helper()
	return takeSnapshotIn(t, root, dirs...)
}

// takeSnapshotIn reads every file below dirs, relative to base, by path
// relative to base.
func takeSnapshotIn(t *testing.T, base string, dirs ...string) snapshot {
	t.Helper()
	s := snapshot{}
	for _, dir := range dirs {
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(base, dir)
		}
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			rel, err := filepath.Rel(base, path)
			s[filepath.ToSlash(rel)] = data
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// checkUnchanged fails t when a file below dirs (relative to base) was
// added, removed or changed since before was taken of them. The tests run
// union-gen in copies, so the changes are only reported.
func checkUnchanged(t *testing.T, base string, before snapshot, dirs ...string) {
	t.Helper()
	after := takeSnapshotIn(t, base, dirs...)
	for _, path := range slices.Sorted(maps.Keys(after)) {
		if old, existed := before[path]; !existed || !bytes.Equal(old, after[path]) {
			t.Errorf("file %s was written (existed before: %t)", path, existed)
		}
	}
	for _, path := range slices.Sorted(maps.Keys(before)) {
		if _, ok := after[path]; !ok {
			t.Errorf("file %s was removed", path)
		}
	}
}

// badPackages lists the packages of badDir that must fail. Helper packages
// (such as crosspkgenum/enums) are nested inside the package that uses them,
// so every directory at the top is one case.
func badPackages(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(root, badDir))
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []string
	for _, e := range entries {
		if _, warnings := warningPkgs[e.Name()]; e.IsDir() && !warnings {
			pkgs = append(pkgs, e.Name())
		}
	}
	if len(pkgs) == 0 {
		t.Fatalf("no packages in %s", badDir)
	}
	return pkgs
}

// caseCopy copies a package of badDir into a temporary module laid out as
// the repository (moduleCopy): no test writes into the source tree, not
// even where union-gen writes by mistake. It returns where union-gen runs on
// the copy, the repository's root but for a case that is a module of its own
// (it has a go.mod: foreignunion, whose types are of another module, which
// the main module cannot require), which runs in its directory, so that its
// positions are relative to it; and the copy's directory of the package.
func caseCopy(t *testing.T, pkg string) (runDir, dir string) {
	t.Helper()
	if moduleCase(pkg) {
		dir = filepath.Join(t.TempDir(), badDir, pkg)
		if err := os.CopyFS(dir, os.DirFS(filepath.Join(root, badDir, pkg))); err != nil {
			t.Fatal(err)
		}
		return dir, dir
	}
	runDir = moduleCopy(t, badDir+"/"+pkg)
	return runDir, filepath.Join(runDir, badDir, pkg)
}

// casePattern is the package pattern of a run on a package of badDir, in
// the directory where caseCopy says it runs.
func casePattern(pkg string) string {
	if moduleCase(pkg) {
		return "."
	}
	return "./" + badDir + "/" + pkg
}

// moduleCopy copies the main module's go.mod and go.sum, and the files
// below dirs (relative to the root), into a temporary directory, at the
// same paths, and returns it: union-gen runs there as in the repository.
func moduleCopy(t *testing.T, dirs ...string) string {
	t.Helper()
	tmp := t.TempDir()
	for _, d := range dirs {
		if err := os.CopyFS(filepath.Join(tmp, d), os.DirFS(filepath.Join(root, d))); err != nil {
			t.Fatal(err)
		}
	}
	copyFile(t, filepath.Join(root, "go.sum"), filepath.Join(tmp, "go.sum"))
	copyGoMod(t, tmp)
	return tmp
}

// copyGoMod writes the main module's go.mod into dir, its replace
// directives' relative directories made absolute: the nested modules that
// the main module takes from the repository stay where they are. It edits
// the file in the test's process, not with a go command per directive,
// as it is done for every copy.
func copyGoMod(t *testing.T, dir string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	mod, err := modfile.Parse("go.mod", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range slices.Clone(mod.Replace) {
		if modfile.IsDirectoryPath(r.New.Path) && !filepath.IsAbs(r.New.Path) {
			if err := mod.AddReplace(r.Old.Path, r.Old.Version, filepath.Join(root, r.New.Path), ""); err != nil {
				t.Fatal(err)
			}
		}
	}
	if data, err = mod.Format(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// moduleCase reports whether a package of badDir is a module of its own.
func moduleCase(pkg string) bool {
	_, err := os.Stat(filepath.Join(root, badDir, pkg, "go.mod"))
	return err == nil
}

// caseFlags are the flags of a run on a package of badDir: --crd-paths
// where it has its CRDs in crd/, as the cases of the CRD rules do, and the
// lines of its file args, where it has one.
func caseFlags(t *testing.T, pkg string) []string {
	t.Helper()
	var flags []string
	crd := badDir + "/" + pkg + "/crd"
	if _, err := os.Stat(filepath.Join(root, crd)); err == nil {
		flags = []string{"--crd-paths", crd}
	}
	data, err := os.ReadFile(filepath.Join(root, badDir, pkg, "args"))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return append(flags, strings.Fields(string(data))...)
}

// caseArgs are the arguments of a run on a package of badDir: its flags
// and the pattern of casePattern, but for a case of --builtin-policy, which
// reads the packages of pkg/builtin's description, replaced in its module,
// and takes no pattern.
func caseArgs(t *testing.T, pkg, pattern string) []string {
	t.Helper()
	flags := caseFlags(t, pkg)
	if slices.ContainsFunc(flags, func(flag string) bool { return strings.HasPrefix(flag, "--builtin-") }) {
		return flags
	}
	return append(flags, pattern)
}

// runLevel reports whether a package of badDir is the case of a rule of
// the run's input, whose problem stops the run as a whole.
func runLevel(pkg string) bool {
	return slices.ContainsFunc(report.Docs, func(r report.Doc) bool { return string(r.ID) == pkg && r.Family == "input" })
}

// skipAloneInShort skips a run of one case alone under -short where
// TestBadInputAllInOneRun compares its lines: the quick loop runs the binary
// once for those cases, the full suite once more for each.
func skipAloneInShort(t *testing.T, pkg string) {
	t.Helper()
	if testing.Short() && !golden.Updating() && !moduleCase(pkg) && !runLevel(pkg) {
		t.Skip("its lines are compared by TestBadInputAllInOneRun; alone only without -short")
	}
}

// expectedFile is the path, relative to the root, of a package's expected stderr.
func expectedFile(pkg string) string {
	return badDir + "/" + pkg + "/expected.txt"
}

// checkStderr compares stderr with the package's expected.txt, or rewrites
// the file with -update.
func checkStderr(t *testing.T, pkg, stderr string) {
	t.Helper()
	golden.Check(t, filepath.Join(root, expectedFile(pkg)), []byte(stderr))
}

// checkResult checks a run on one package of testdata/bad: its exit status,
// nothing on stdout, and exactly the expected problems on stderr.
func checkResult(t *testing.T, res result, code int, pkg string) {
	t.Helper()
	if res.code != code {
		t.Errorf("exit status %d, want %d", res.code, code)
	}
	if res.stdout != "" {
		t.Errorf("stdout is not empty:\n%s", res.stdout)
	}
	checkStderr(t, pkg, res.stderr)
}

// TestBadInput runs union-gen on each broken package alone: each must fail
// with exactly its expected problems and leave its files alone.
func TestBadInput(t *testing.T) {
	for _, pkg := range badPackages(t) {
		t.Run(pkg, func(t *testing.T) {
			skipAloneInShort(t, pkg)
			// Each run reads and may (wrongly) write only its own directory.
			t.Parallel()
			runDir, dir := caseCopy(t, pkg)
			before := takeSnapshotIn(t, dir, ".")
			res := runIn(t, runDir, caseArgs(t, pkg, casePattern(pkg))...)
			checkUnchanged(t, dir, before, ".")
			checkResult(t, res, 1, pkg)
		})
	}
}

// TestBadInputAllInOneRun runs union-gen once on every broken package, the
// warnings packages and a valid package: every problem must be reported in
// the one run, and no package may be written, not even the valid ones.
func TestBadInputAllInOneRun(t *testing.T) {
	t.Parallel()
	if golden.Updating() {
		t.Skip("-update rewrites expected files from single-package runs only")
	}
	pkgs := append(badPackages(t), slices.Sorted(maps.Keys(warningPkgs))...)
	// The OpenAPI output would land in testdata/bad too, where the snapshot
	// sees it.
	args := []string{"--openapi-output-pkg=github.com/union-gen/union-gen/" + badDir + "/openapi", "./" + validPkg}
	var want []string
	for _, pkg := range pkgs {
		if moduleCase(pkg) || runLevel(pkg) {
			continue // of another module than the others, or stops the run
		}
		args = append(args, caseFlags(t, pkg)...)
		args = append(args, "./"+badDir+"/"+pkg)
		data, err := os.ReadFile(filepath.Join(root, expectedFile(pkg)))
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, lines(string(data))...)
	}

	dirs := []string{badDir, "examples/apis"}
	runDir := moduleCopy(t, dirs...)
	before := takeSnapshotIn(t, runDir, dirs...)
	res := runIn(t, runDir, args...)
	checkUnchanged(t, runDir, before, dirs...)
	if res.code != 1 {
		t.Errorf("exit status %d, want 1", res.code)
	}
	if res.stdout != "" {
		t.Errorf("stdout is not empty:\n%s", res.stdout)
	}
	// Problems are sorted across packages, so compare sets of lines. A line
	// that only a combined run prints means packages disturb each other's
	// checks, which is as wrong as a missing one.
	got := lines(res.stderr)
	for _, line := range difference(want, got) {
		t.Errorf("missing from the combined run: %s", line)
	}
	for _, line := range difference(got, want) {
		t.Errorf("only in the combined run: %s", line)
	}
}

// lines splits output into its lines, without the empty one after the last
// newline.
func lines(s string) []string {
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// difference returns the lines of a that are not in b, counting repeats.
func difference(a, b []string) []string {
	left := map[string]int{}
	for _, line := range b {
		left[line]++
	}
	var out []string
	for _, line := range a {
		if left[line] > 0 {
			left[line]--
			continue
		}
		out = append(out, line)
	}
	return out
}

// TestWarningsOnly checks that warnings are printed but neither fail the run
// nor stop generation. It writes under another name than the default so that
// the packages keep no generated file.
func TestWarningsOnly(t *testing.T) {
	const output = "zz_test_output.go"
	for _, pkg := range slices.Sorted(maps.Keys(warningPkgs)) {
		t.Run(pkg, func(t *testing.T) {
			skipAloneInShort(t, pkg)
			t.Parallel()
			runDir, dir := caseCopy(t, pkg)
			before := takeSnapshotIn(t, dir, ".")
			// The CRDs of a case that has them are as union-gen edits them.
			res := runIn(t, runDir, append(caseFlags(t, pkg), "--output-file="+output, casePattern(pkg))...)
			generated := filepath.Join(dir, output)
			data, err := os.ReadFile(generated)
			switch typ := warningPkgs[pkg]; {
			case typ == "":
				if err == nil {
					t.Errorf("union-gen wrote %s for a package with no union it handles:\n%s", output, data)
				}
			case err != nil:
				t.Errorf("union-gen did not write %s: %v", output, err)
			case !bytes.Contains(data, []byte("func (in *"+typ+") ValidateUnions(")):
				t.Errorf("%s/%s has no ValidateUnions for %s:\n%s", pkg, output, typ, data)
			}
			// The output files are expected (openapiunion's args name its
			// OpenAPI file so); nothing else may change.
			for _, file := range []string{generated, filepath.Join(dir, "zz_test_openapi.go")} {
				if err := os.Remove(file); err != nil && !errors.Is(err, fs.ErrNotExist) {
					t.Fatal(err)
				}
			}
			checkUnchanged(t, dir, before, ".")
			checkResult(t, res, 0, pkg)
		})
	}
}

// TestSilenceWarnings checks that --silence-warnings leaves out the warnings
// of the rules it names, and only those.
func TestSilenceWarnings(t *testing.T) {
	runDir, _ := caseCopy(t, "warnings")
	res := runIn(t, runDir, "--output-file=zz_test_output.go", "--silence-warnings=valuename", "./"+badDir+"/warnings")
	want, err := os.ReadFile(filepath.Join(root, expectedFile("warnings")))
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, line := range lines(string(want)) {
		if !strings.HasSuffix(line, " [valuename]") {
			kept = append(kept, line)
		}
	}
	if len(kept) == 0 || len(kept) == len(lines(string(want))) {
		t.Fatalf("%s should have warnings of valuename and of other rules", expectedFile("warnings"))
	}
	if got := lines(res.stderr); res.code != 0 || !slices.Equal(got, kept) {
		t.Errorf("exit status %d, stderr:\n%s\nwant 0 and\n%s", res.code, res.stderr, strings.Join(kept, "\n"))
	}
}

// TestUsage checks the command line itself: help, and the errors that stop
// union-gen before it reads any package.
func TestUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		// stderr must contain each of these, and none of absent.
		stderr, absent []string
	}{
		{
			name: "help",
			args: []string{"--help"},
			code: 0,
			stderr: []string{"Usage: union-gen", "PACKAGE_PATTERN", "--output-file", "--go-header-file",
				"--openapi-output-pkg", "--openapi-output-dir", "--openapi-output-file", "--docs", "--ratcheting",
				"--silence-warnings", "--builtin-policy"},
		},
		{
			name:   "pattern that matches no package",
			args:   []string{"example.com/nope/..."},
			code:   1,
			stderr: []string{"the package patterns match no package: check them with go list"},
		},
		{
			name:   "unknown flag",
			args:   []string{"--bogus", "./" + validPkg},
			code:   1,
			stderr: []string{"union-gen: unknown flag: --bogus (union-gen --help lists the flags)"},
			absent: []string{"Usage:"},
		},
		{
			name:   "unknown ratcheting mode",
			args:   []string{"--ratcheting=always", "./" + validPkg},
			code:   1,
			stderr: []string{`--ratcheting: unknown ratcheting mode "always"; the modes are "unchanged" and "membership"`},
		},
		{
			name:   "no package pattern",
			args:   nil,
			code:   1,
			stderr: []string{"union-gen: no package pattern given"},
		},
		{
			name:   "output file with a directory",
			args:   []string{"--output-file=a/b.go", "./" + validPkg},
			code:   1,
			stderr: []string{"--output-file must be a file name ending in .go, with no directory", `"a/b.go"`},
		},
		{
			name:   "OpenAPI output file with a directory",
			args:   []string{"--openapi-output-pkg=example.com/openapi", "--openapi-output-file=a/b.go", "./" + validPkg},
			code:   1,
			stderr: []string{"--openapi-output-file must be a file name ending in .go, with no directory"},
		},
		{
			name:   "output file that go build leaves out",
			args:   []string{"--output-file=-.go", "./" + validPkg},
			code:   1,
			stderr: []string{"--output-file must be a name that go build compiles into the package", `"-.go"`},
		},
		{
			name:   "output file of the tests",
			args:   []string{"--output-file=zz_test.go", "./" + validPkg},
			code:   1,
			stderr: []string{"--output-file must be a name that go build compiles", `"zz_test.go"`},
		},
		{
			name:   "hidden output file",
			args:   []string{"--output-file=.go", "./" + validPkg},
			code:   1,
			stderr: []string{"--output-file must be a name that go build compiles", `".go"`},
		},
		{
			name:   "OpenAPI package that climbs out of its module",
			args:   []string{"--openapi-output-pkg=example.com/x/../../../tmp/evil", "./" + validPkg},
			code:   1,
			stderr: []string{"--openapi-output-pkg must be an import path", "../../../tmp/evil"},
		},
		{
			name:   "OpenAPI package with a space",
			args:   []string{"--openapi-output-pkg=example.com/a b", "./" + validPkg},
			code:   1,
			stderr: []string{"--openapi-output-pkg must be an import path"},
		},
		{
			name:   "header file that is not Go comments",
			args:   []string{"--go-header-file=" + filepath.Join(root, "testdata", "notcomments.txt"), "./" + validPkg},
			code:   1,
			stderr: []string{"--go-header-file", "is not Go comments only"},
		},
		{
			name:   "silencing an error",
			args:   []string{"--silence-warnings=valuename,jsonname", "./" + validPkg},
			code:   1,
			stderr: []string{`--silence-warnings: "jsonname" is not the id of a rule that warns; those are valuename, guessedvalues, unselectable, prefixvalue, apigroup, fieldgroup, openapiunion, requiredfield, inferredmembers, defaultselectsrequired, nomembers, compactrules, crdrejected, itemunion, foreignunion, typeerrors, crdnokind, kindnocrd, crdvariant, handwrittenunion (errors cannot be silenced)`},
		},
		{
			name:   "OpenAPI directory without a package",
			args:   []string{"--openapi-output-dir=out", "./" + validPkg},
			code:   1,
			stderr: []string{"--openapi-output-dir needs --openapi-output-pkg"},
		},
		{
			name:   "CRD rules without CRDs",
			args:   []string{"--crd-rules=compact", "./" + validPkg},
			code:   1,
			stderr: []string{"--crd-rules needs --crd-paths"},
		},
		{
			name:   "unknown CRD rules",
			args:   []string{"--crd-rules=short", "--crd-paths=x", "./" + validPkg},
			code:   1,
			stderr: []string{`--crd-rules must be "compact" or "precise": "short"`},
		},
		{
			name:   "misspelled flag",
			args:   []string{"--crd-path=x", "./" + validPkg},
			code:   1,
			stderr: []string{"union-gen: unknown flag: --crd-path: did you mean --crd-paths? (union-gen --help lists the flags)"},
		},
		{
			name:   "missing CRD path",
			args:   []string{"--crd-paths=nothere", "./" + validPkg},
			code:   1,
			stderr: []string{"union-gen: --crd-paths: stat nothere: no such file or directory"},
		},
		{
			name:   "no union",
			args:   []string{"./pkg/report"},
			code:   0,
			stderr: []string{"union-gen: no union in ./pkg/report (1 package): nothing to write"},
		},
		{
			name:   "policy version without CRDs",
			args:   []string{"--policy-version=v1beta1", "./" + validPkg},
			code:   1,
			stderr: []string{"--policy-version needs --crd-paths or --builtin-policy"},
		},
		{
			name:   "built-in policy with packages",
			args:   []string{"--builtin-policy=out.yaml", "./" + validPkg},
			code:   1,
			stderr: []string{"--builtin-policy and --builtin-webhook read the packages of k8s.io/api that hold built-in unions: give no package pattern"},
		},
		{
			name:   "built-in policy with CRDs",
			args:   []string{"--builtin-policy=out.yaml", "--crd-paths=x"},
			code:   1,
			stderr: []string{"--builtin-policy and --builtin-webhook write only the manifests for built-in kinds"},
		},
		{
			name:   "built-in webhook with a header file",
			args:   []string{"--builtin-webhook=out.yaml", "--go-header-file=x"},
			code:   1,
			stderr: []string{"--builtin-policy and --builtin-webhook write only the manifests for built-in kinds"},
		},
		{
			name:   "built-in webhook with packages",
			args:   []string{"--builtin-webhook=out.yaml", "./" + validPkg},
			code:   1,
			stderr: []string{"--builtin-policy and --builtin-webhook read the packages of k8s.io/api that hold built-in unions: give no package pattern"},
		},
		{
			name:   "built-in policy with ratcheting",
			args:   []string{"--builtin-policy=out.yaml", "--ratcheting=unchanged"},
			code:   1,
			stderr: []string{"--builtin-policy and --builtin-webhook write only the manifests for built-in kinds, as the API server validates them"},
		},
		{
			name:   "built-in policy of no version",
			args:   []string{"--builtin-policy=out.yaml", "--policy-version=none"},
			code:   1,
			stderr: []string{`--builtin-policy needs a --policy-version of "v1" or "v1beta1"`},
		},
		{
			name:   "unknown policy version",
			args:   []string{"--policy-version=v1alpha1", "--crd-paths=x", "./" + validPkg},
			code:   1,
			stderr: []string{`--policy-version must be "v1", "v1beta1" or "none": "v1alpha1"`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res := run(t, tt.args...)
			if res.code != tt.code {
				t.Errorf("exit status %d, want %d", res.code, tt.code)
			}
			for _, s := range tt.stderr {
				if !strings.Contains(res.stderr, s) {
					t.Errorf("stderr does not contain %q:\n%s", s, res.stderr)
				}
			}
			for _, s := range tt.absent {
				if strings.Contains(res.stderr, s) {
					t.Errorf("stderr contains %q:\n%s", s, res.stderr)
				}
			}
		})
	}
}

// TestDocs checks that --docs prints the reference, and only it, without
// needing a package pattern.
func TestDocs(t *testing.T) {
	var want bytes.Buffer
	if err := reference.Write(&want); err != nil {
		t.Fatal(err)
	}
	res := run(t, "--docs")
	if res.code != 0 || res.stderr != "" {
		t.Errorf("exit status %d, stderr %q; want 0 and nothing", res.code, res.stderr)
	}
	if res.stdout != want.String() {
		t.Errorf("stdout is not the reference:\n%s", res.stdout)
	}
}

// TestStaleOutput: a package that lost its unions loses the file that
// union-gen wrote there; a file of that name that union-gen did not write
// is kept.
func TestStaleOutput(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":                   "module example.com/stale\n\ngo 1.26.0\n",
		"a/a.go":                   "package a\n\n// T had a union.\ntype T struct {\n\tX int `json:\"x\"`\n}\n",
		"a/zz_generated.unions.go": "// " + "Code generated by union-gen. DO NOT EDIT.\n\npackage a\n",
		"b/b.go":                   "package b\n",
		"b/zz_generated.unions.go": "package b\n\n// Written by hand.\n",
	}
	writeFiles(t, dir, files)
	res := runIn(t, dir, "./...")
	if res.code != 0 {
		t.Fatalf("exit status %d:\n%s", res.code, res.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "a/zz_generated.unions.go")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the stale output of a is still there: %v", err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "b/zz_generated.unions.go")); string(got) != files["b/zz_generated.unions.go"] {
		t.Errorf("the hand-written file of b holds %q", got)
	}
}

// writeFiles writes files, by path relative to dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		writeModuleFile(t, filepath.Join(dir, name), content)
	}
}

// unionFile is a package with a valid union.
func unionFile(pkg string) string {
	return "package " + pkg + `

// Kind selects the member of Choice.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

// Choice is a union.
type Choice struct {
	// +unionDiscriminator
	// +optional
	Kind Kind ` + "`json:\"kind,omitempty\"`" + `
	// +unionMember
	// +optional
	A *int ` + "`json:\"a,omitempty\"`" + `
}
`
}

// TestLaterPackageUnwritable: when the output of a later package cannot be
// written (its path is a directory), the earlier package's file is not
// written either, and no temporary file stays; the temporary files that a
// killed run left are removed by the next run.
func TestLaterPackageUnwritable(t *testing.T) {
	dir := t.TempDir()
	old := "// " + "Code generated by union-gen. DO NOT EDIT.\n\npackage a\n"
	leftover := "a/.zz_generated.unions.go.union-gen-12345.tmp"
	goMod, goSum := usermodule.Files(t, root, "example.com/later")
	writeFiles(t, dir, map[string]string{
		"go.mod":                        goMod,
		"go.sum":                        goSum,
		"a/a.go":                        unionFile("a"),
		"a/zz_generated.unions.go":      old,
		leftover:                        "half a file",
		"b/b.go":                        unionFile("b"),
		"b/zz_generated.unions.go/keep": "",
	})
	res := runIn(t, dir, "./...")
	if res.code != 1 || !strings.Contains(res.stderr, "zz_generated.unions.go is not a regular file") {
		t.Errorf("exit status %d, stderr:\n%s\nwant 1 and the directory named", res.code, res.stderr)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "a/zz_generated.unions.go")); string(got) != old {
		t.Errorf("the output of a was written although b's could not be:\n%s", got)
	}
	if err := os.RemoveAll(filepath.Join(dir, "b/zz_generated.unions.go")); err != nil {
		t.Fatal(err)
	}
	if res := runIn(t, dir, "./..."); res.code != 0 {
		t.Fatalf("exit status %d:\n%s", res.code, res.stderr)
	}
	for _, pkg := range []string{"a", "b"} {
		if names := strings.Join(dirNames(t, filepath.Join(dir, pkg)), " "); names != pkg+".go zz_generated.unions.go" {
			t.Errorf("%s holds %s, want its file and union-gen's, and no temporary file", pkg, names)
		}
	}
}

// dirNames lists the names in dir.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// TestLoadErrors: a package that does not parse, or imports what no module
// provides, is reported as every problem is, at its position relative to
// the working directory, and not in the package loader's words.
func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	writeModuleFile(t, filepath.Join(dir, "go.mod"), "module example.com/broken\n\ngo 1.26.0\n")
	writeModuleFile(t, filepath.Join(dir, "p", "bad.go"), "package p\n\nimport \"nosuch.example/x\"\n\nvar _ = x.Y\n\nfunc f( {\n")
	res := runIn(t, dir, "./p")
	if res.code != 1 {
		t.Errorf("exit status %d, want 1", res.code)
	}
	for _, want := range []string{"p/bad.go:7:9: expected ')', found '{' [loaderror]\n", "p/bad.go:3:8: no required module provides package nosuch.example/x; to add it: go get nosuch.example/x [loaderror]\n"} {
		if !strings.Contains(res.stderr, want) {
			t.Errorf("stderr does not have %q:\n%s", want, res.stderr)
		}
	}
	if strings.Contains(res.stderr, "failed making a parser") || strings.Contains(res.stderr, dir) {
		t.Errorf("stderr has the loader's words or absolute paths:\n%s", res.stderr)
	}
}
