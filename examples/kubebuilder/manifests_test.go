package widgets_test

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestManifests runs, in a copy of the project, the README's commands for
// it: the block that builds union-gen from a clone where the Makefile's
// go-install-tool looks for it and runs make manifests (controller-gen at
// the Makefile's version writes the CRD, then union-gen adds its rules and
// writes the policy beside it), with GOBIN set, and go generate. Every file
// of the project must come out as it is checked in, so the generated files
// are up to date, the CRD must have the union's rules, and make must leave
// the binaries of GOBIN and of the project's bin/ alone. union-gen is not
// in the project's go.mod: installing it leaves the module graph alone.
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

	dir := project(t)
	controllerGen := goOutput(t, dir, "tool", "-n", "controller-gen")
	gobin := t.TempDir()
	theirs := filepath.Join(gobin, "union-gen")
	write(t, theirs, "a union-gen of the user's own")
	installed := installAsMake(t, dir, "controller-gen", version, controllerGen)
	env := []string{"GOBIN=" + gobin, "PATH=" + filepath.Join(dir, "bin") + string(os.PathListSeparator) + os.Getenv("PATH")}
	runREADME(t, dir, env...)
	run(t, dir, "go generate ./...", env...)

	if got := read(t, theirs); got != "a union-gen of the user's own" {
		t.Errorf("make changed GOBIN's union-gen: %q", got)
	}
	if target, err := os.Readlink(filepath.Join(dir, "bin", "controller-gen")); err != nil || target != installed {
		t.Errorf("make changed bin/controller-gen: %q, %v", target, err)
	}
	if out := goOutput(t, dir, "tool", "-n", "controller-gen"); out != controllerGen {
		t.Errorf("go tool controller-gen moved: %s", out)
	}
	checkCopy(t, dir)
	checkRules(t, ".")
	checkFailedManifests(t, dir, env...)
}

// checkFailedManifests checks what the README says of a make manifests
// that union-gen refuses: it exits non-zero, after controller-gen has
// rewritten the CRD without the union's rules, and union-gen's error names
// the marker; the next successful run restores every file.
func checkFailedManifests(t *testing.T, dir string, env ...string) {
	t.Helper()
	types := filepath.Join(dir, "api/v1/widget_types.go")
	good := read(t, types)
	write(t, types, strings.Replace(good, "+unionDiscriminator", "+unionDiscriminater", 1))
	cmd := exec.Command("make", "manifests")
	cmd.Dir, cmd.Env = dir, append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("make manifests succeeded with a misspelled marker:\n%s", out)
	}
	if !strings.Contains(string(out), "unknown marker +unionDiscriminater; did you mean +unionDiscriminator? [misspelled]") {
		t.Errorf("make manifests does not show union-gen's error:\n%s", out)
	}
	if crd := read(t, filepath.Join(dir, "config/crd/bases/apps.example.com_widgets.yaml")); strings.Contains(crd, " // union-gen") {
		t.Errorf("after the failed run, the CRD still has union-gen's rules: the README says controller-gen rewrote it without them")
	}
	write(t, types, good)
	run(t, dir, "make manifests", env...)
	checkCopy(t, dir)
}

// project copies the project into a new directory, beside a link
// ../union-gen to this repository: the clone that the README builds from.
func project(t *testing.T) string {
	t.Helper()
	parent := t.TempDir()
	dir := filepath.Join(parent, "widgets")
	if err := os.CopyFS(dir, os.DirFS(".")); err != nil {
		t.Fatal(err)
	}
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(repo, filepath.Join(parent, "union-gen")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// installAsMake puts binary in dir's bin/ as the Makefile's go-install-tool
// installs a tool at a version (bin/NAME-VERSION, and bin/NAME linked to
// it), so that make does not download it again; it returns the link's
// target.
func installAsMake(t *testing.T, dir, name, version, binary string) string {
	t.Helper()
	data, err := os.ReadFile(binary)
	if err != nil {
		t.Fatal(err)
	}
	versioned := filepath.Join(dir, "bin", name+"-"+version)
	if err := os.MkdirAll(filepath.Dir(versioned), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(versioned, data, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(versioned, filepath.Join(dir, "bin", name)); err != nil {
		t.Fatal(err)
	}
	return versioned
}

// cloneLine is the line of the README's block that clones union-gen beside
// the project, which project has done.
const cloneLine = "git clone https://github.com/union-gen/union-gen ../union-gen"

// runREADME runs, in dir with env added, the lines of the README's blocks
// for the project, the block that installs union-gen first, but the clone,
// and checks that they build union-gen where the Makefile's go-install-tool
// looks for it and run make manifests.
func runREADME(t *testing.T, dir string, env ...string) {
	t.Helper()
	var lines, rest []string
	for _, b := range readmeBlocks(t, read(t, "../../README.md"), "<!-- run: examples/kubebuilder -->") {
		if block := strings.Split(strings.TrimSpace(b), "\n"); strings.Contains(b, cloneLine) {
			lines = append(block, lines...)
		} else {
			rest = append(rest, block...)
		}
	}
	lines = append(lines, rest...)
	want := "bin/union-gen-" + makeVariable(t, read(t, "Makefile"), "UNION_GEN_VERSION")
	if !slices.Contains(lines, cloneLine) || !slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, want) }) || !slices.Contains(lines, "make manifests") {
		t.Fatalf("the README's commands for the project do not clone union-gen (%s), build %s and run make manifests:\n%s", cloneLine, want, strings.Join(lines, "\n"))
	}
	for _, line := range lines {
		if line != cloneLine {
			run(t, dir, line, env...)
		}
	}
}

// checkCopy checks that every file of the copy at dir but its bin/ is as
// checked in.
func checkCopy(t *testing.T, dir string) {
	t.Helper()
	if err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		switch {
		case d.IsDir() && rel == "bin":
			return fs.SkipDir
		case d.IsDir():
			return nil
		}
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

func write(t *testing.T, name, content string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(content), 0o755); err != nil {
		t.Fatal(err)
	}
}
