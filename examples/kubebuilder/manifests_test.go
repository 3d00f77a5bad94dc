package widgets_test

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestManifests runs, in a copy of the project, the README's commands for
// it, the recipe of the Makefile's manifests target as make would
// (controller-gen at the Makefile's version writes the CRD, then union-gen,
// installed apart from the project as its union-gen target does, adds its
// rules and writes the policy beside it) and go generate. Every file of the
// project must come out as it is checked in, so the generated files are up
// to date, and the CRD must have the union's rules. union-gen is not in the
// project's go.mod: installing it leaves the project's module graph alone.
func TestManifests(t *testing.T) {
	makefile := read(t, "Makefile")
	version := makeVariable(t, makefile, "CONTROLLER_TOOLS_VERSION")
	if got := goOutput(t, ".", "list", "-m", "-f", "{{.Version}}", "sigs.k8s.io/controller-tools"); got != version {
		t.Fatalf("go.mod has controller-tools %s, the Makefile installs %s: the test would not run the Makefile's controller-gen", got, version)
	}
	checkInstallTarget(t, makefile)
	if strings.Contains(read(t, "go.mod"), "union-gen") {
		t.Error("go.mod names union-gen: the Makefile installs it in a module graph of its own")
	}

	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(".")); err != nil {
		t.Fatal(err)
	}
	controllerGen := goOutput(t, dir, "tool", "-n", "controller-gen")
	unionGen := buildUnionGen(t)
	path := "PATH=" + filepath.Dir(unionGen) + string(os.PathListSeparator) + os.Getenv("PATH")

	var readmeLines []string
	for _, b := range readmeBlocks(t, read(t, "../../README.md"), "<!-- run: examples/kubebuilder -->") {
		readmeLines = append(readmeLines, strings.Split(strings.TrimSpace(b), "\n")...)
	}
	if len(readmeLines) == 0 {
		t.Fatal("the README has no command to run here")
	}
	for _, line := range readmeLines {
		run(t, dir, line, path)
	}
	runManifests(t, dir, makefile, controllerGen, unionGen)
	run(t, dir, "go generate ./...", path)

	if err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		want, err := os.ReadFile(rel)
		switch {
		case os.IsNotExist(err):
			t.Errorf("make manifests writes %s, which is not checked in", rel)
		case err != nil:
			t.Error(err)
		case read(t, path) != string(want):
			t.Errorf("%s is not up to date: run make manifests", rel)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	checkRules(t, ".")
}

// checkInstallTarget checks that the Makefile installs union-gen as it
// installs controller-gen: with go-install-tool, into $(LOCALBIN).
func checkInstallTarget(t *testing.T, makefile string) {
	t.Helper()
	if got := makeVariable(t, makefile, "UNION_GEN"); got != "$(LOCALBIN)/union-gen" {
		t.Errorf("UNION_GEN ?= %s, want $(LOCALBIN)/union-gen", got)
	}
	makeVariable(t, makefile, "UNION_GEN_VERSION")
	want := "$(call go-install-tool,$(UNION_GEN),github.com/union-gen/union-gen/cmd/union-gen,$(UNION_GEN_VERSION))"
	if got := recipe(t, makefile, "$(UNION_GEN)"); len(got) != 1 || got[0] != want {
		t.Errorf("the Makefile installs union-gen with %q, want %q", got, want)
	}
	if !strings.Contains(makefile, "\nmanifests: controller-gen union-gen ") {
		t.Error("the manifests target does not depend on the union-gen target")
	}
}

// buildUnionGen builds this repository's union-gen, in its own module, as
// `go install` would: the project's module graph is not involved.
func buildUnionGen(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "union-gen")
	goOutput(t, "../..", "build", "-o", bin, "./cmd/union-gen")
	return bin
}

// runManifests runs the Makefile's manifests recipe in dir with the given
// controller-gen and union-gen.
func runManifests(t *testing.T, dir, makefile, controllerGen, unionGen string) {
	t.Helper()
	r := strings.NewReplacer("$(CONTROLLER_GEN)", controllerGen, "$(UNION_GEN)", unionGen)
	for _, line := range recipe(t, makefile, "manifests") {
		run(t, dir, r.Replace(line))
	}
}

// checkRules checks that the project at dir has the union's rules in its
// CRD and the policy beside it.
func checkRules(t *testing.T, dir string) {
	t.Helper()
	crd := read(t, filepath.Join(dir, "config/crd/bases/apps.example.com_widgets.yaml"))
	if n := strings.Count(crd, " // union-gen"); n == 0 {
		t.Errorf("the CRD has no rule of union-gen")
	}
	policy := read(t, filepath.Join(dir, "config/crd/bases/apps.example.com_widgets.unions-policy.yaml"))
	for _, kind := range []string{"MutatingAdmissionPolicy", "MutatingAdmissionPolicyBinding"} {
		if !strings.Contains(policy, "\nkind: "+kind+"\n") {
			t.Errorf("the policy file has no %s", kind)
		}
	}
}

// run runs a command line with sh in dir, with env added to the environment.
func run(t *testing.T, dir, line string, env ...string) {
	t.Helper()
	if strings.Contains(line, "$(") {
		t.Fatalf("a command uses a variable this test does not set: %s", line)
	}
	cmd := exec.Command("sh", "-c", line)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", line, err, out)
	}
}

// readmeBlocks returns the code blocks of the README that follow the line
// annotation.
func readmeBlocks(t *testing.T, readme, annotation string) []string {
	t.Helper()
	var blocks []string
	for _, part := range strings.Split(readme, annotation+"\n")[1:] {
		rest, ok := strings.CutPrefix(part, "```sh\n")
		body, _, closed := strings.Cut(rest, "\n```\n")
		if !ok || !closed {
			t.Fatalf("the README has no sh code block after %s", annotation)
		}
		blocks = append(blocks, body)
	}
	return blocks
}

// makeVariable is the value of a Makefile's `NAME ?= value`.
func makeVariable(t *testing.T, makefile, name string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^` + name + ` \?= (\S+)$`).FindStringSubmatch(makefile)
	if m == nil {
		t.Fatalf("the Makefile sets no %s", name)
	}
	return m[1]
}

// recipe is the command lines of a Makefile's target.
func recipe(t *testing.T, makefile, target string) []string {
	t.Helper()
	_, rest, ok := strings.Cut(makefile, "\n"+target+":")
	if !ok {
		t.Fatalf("the Makefile has no target %s", target)
	}
	var lines []string
	for _, l := range strings.Split(rest, "\n")[1:] {
		cmd, ok := strings.CutPrefix(l, "\t")
		if !ok {
			break
		}
		lines = append(lines, cmd)
	}
	return lines
}

func goOutput(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return strings.TrimSpace(string(out))
}

func read(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
