package main

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"
)

// TestBenchCodegenExpected: hack/bench-codegen.sh expects of union-gen on
// k8s.io/api, at the version that the corpora module requires, what
// docs/corpora.md says of it: that file is the golden file of the corpora
// module's test, which every `go test ./...` holds to union-gen's output,
// so the benchmark's counts follow union-gen's (constants in the script
// went stale). The script's reading of the file is held to this one, so
// that a change of its wording cannot leave the benchmark without counts.
func TestBenchCodegenExpected(t *testing.T) {
	cmd := exec.CommandContext(t.Context(), "bash", "hack/bench-codegen.sh", "--expected")
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("hack/bench-codegen.sh --expected: %v\n%s", err, out)
	}
	if want := corporaExpected(t); string(out) != want {
		t.Errorf("hack/bench-codegen.sh --expected printed\n%s\nwant, from docs/corpora.md:\n%s", out, want)
	}
}

// corporaExpected is what docs/corpora.md says of union-gen on the
// k8s.io/api that corpora requires, as hack/bench-codegen.sh --expected
// prints it: the version, the files (one per package) and the types with
// union methods, and the warnings by rule, sorted.
func corporaExpected(t *testing.T) string {
	t.Helper()
	mod, err := modfile.Parse("go.mod", []byte(readFile(t, filepath.Join(root, "corpora", "go.mod"))), nil)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(mod.Require, func(r *modfile.Require) bool { return r.Mod.Path == "k8s.io/api" })
	if i < 0 {
		t.Fatal("corpora/go.mod requires no k8s.io/api")
	}
	version := mod.Require[i].Mod.Version
	_, section, ok := strings.Cut(readFile(t, filepath.Join(root, "docs", "corpora.md")), "\n## k8s.io/api "+version+"\n")
	section, _, _ = strings.Cut(section, "\n## ")
	counts := regexp.MustCompile(`(?m) (\d+) types get methods .*, in (\d+) packages`).FindStringSubmatch(section)
	if !ok || counts == nil {
		t.Fatalf("docs/corpora.md has no section on k8s.io/api %s with the counts of types and packages", version)
	}
	expected := fmt.Sprintf("k8s.io/api %s\nfiles %s\ntypes %s\n", version, counts[2], counts[1])
	var warnings []string
	if line := regexp.MustCompile("(?m)^Warnings: (.*)$").FindStringSubmatch(section); line != nil {
		for _, w := range regexp.MustCompile("`([a-z]+)` ([0-9]+)").FindAllStringSubmatch(line[1], -1) {
			warnings = append(warnings, w[1]+" "+w[2]+"\n")
		}
	}
	slices.Sort(warnings)
	return expected + strings.Join(warnings, "")
}
