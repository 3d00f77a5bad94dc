package codegen_test

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// generated are the files that hack/update-codegen.sh writes.
var generated = []string{
	"pkg/apis/widgets/v1alpha1/zz_generated.deepcopy.go",
	"pkg/apis/widgets/v1alpha1/zz_generated.unions.go",
}

// staleMessage is what hack/verify-codegen.sh says when it fails.
const staleMessage = "Generated files are out of date (see the diff above). Please run hack/update-codegen.sh"

// TestScripts runs the project's scripts as a user who copied them would,
// in a copy of the project beside a link ../union-gen to this repository,
// the clone of the README's commands. Those commands, but the clone, build
// union-gen into bin/ and run hack/update-codegen.sh (kube_codegen.sh's
// gen_helpers, from the k8s.io/code-generator of go.mod, then union-gen),
// which must write the generated files, deleted first, byte for byte as
// they are checked in and change no other file, then hack/verify-codegen.sh,
// which must pass. The project must then build and pass go vet, and go
// generate, the alternative, with union-gen on PATH, must write the same
// zz_generated.unions.go. Once the API gains a discriminator value,
// verify-codegen.sh must fail with exit status 1, the new case in its diff
// and its message, and leave the project as it was.
func TestScripts(t *testing.T) {
	if testing.Short() {
		t.Skip("builds union-gen and kube_codegen.sh's generators and runs the scripts three times: half a minute to a minute (-short)")
	}
	for _, script := range []string{"hack/update-codegen.sh", "hack/verify-codegen.sh"} {
		if info, err := os.Stat(script); err != nil {
			t.Fatal(err)
		} else if info.Mode()&0o111 == 0 {
			t.Errorf("%s is not executable: chmod +x it", script)
		}
	}

	parent := t.TempDir()
	dir := filepath.Join(parent, "project")
	copyProject(t, ".", dir)
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(repo, filepath.Join(parent, "union-gen")); err != nil {
		t.Fatal(err)
	}
	for _, name := range generated {
		remove(t, filepath.Join(dir, name))
	}
	// kube_codegen.sh installs its generators in GOBIN: the test's own, not
	// the user's. The scripts find code-generator in go.mod and union-gen
	// where the README says.
	env := []string{"GOBIN=" + filepath.Join(parent, "gobin"), "CODEGEN_PKG=", "UNION_GEN="}

	lines := readmeLines(t)
	for _, line := range lines {
		if line == cloneLine {
			continue
		}
		out, code := run(t, dir, env, "sh", "-c", line)
		if code != 0 {
			t.Fatalf("%s: exit status %d\n%s", line, code, out)
		}
		if strings.Contains(line, "hack/verify-codegen.sh") && !strings.Contains(out, "Generated files are up to date.") {
			t.Errorf("%s does not say the files are up to date:\n%s", line, out)
		}
	}
	sameTree(t, dir, ".")

	for _, args := range [][]string{{"go", "build", "./..."}, {"go", "vet", "./..."}} {
		if out, code := run(t, dir, env, args...); code != 0 {
			t.Errorf("%s: exit status %d\n%s", strings.Join(args, " "), code, out)
		}
	}

	// The go:generate line of doc.go, with union-gen found on PATH.
	unions := filepath.Join(dir, generated[1])
	remove(t, unions)
	path := "PATH=" + filepath.Join(dir, "bin") + string(os.PathListSeparator) + os.Getenv("PATH")
	if out, code := run(t, dir, append(env, path), "go", "generate", "./..."); code != 0 {
		t.Fatalf("go generate ./...: exit status %d\n%s", code, out)
	}
	if got, want := read(t, unions), read(t, generated[1]); !bytes.Equal(got, want) {
		t.Errorf("go generate ./... writes a %s other than hack/update-codegen.sh's", generated[1])
	}

	// A new value of the discriminator's enum, which changes the union's
	// methods, without regenerating them.
	types := filepath.Join(dir, "pkg/apis/widgets/v1alpha1/types.go")
	old := read(t, types)
	last := []byte("\tRollingUpdateStrategyType StrategyType = \"RollingUpdate\"\n")
	if !bytes.Contains(old, last) {
		t.Fatalf("types.go has no line %q to add a value after", last)
	}
	stale := bytes.Replace(old, last, append(last, "\t// InPlaceStrategyType updates widgets where they run; it has no member.\n\tInPlaceStrategyType StrategyType = \"InPlace\"\n"...), 1)
	write(t, types, stale)
	out, code := run(t, dir, append(env, "UNION_GEN=bin/union-gen"), "hack/verify-codegen.sh")
	if code != 1 || !strings.Contains(out, staleMessage) || !strings.Contains(out, `+	case "InPlace"`) {
		t.Errorf("hack/verify-codegen.sh on a stale zz_generated.unions.go: exit status %d, want 1 with the new case in the diff and %q\n%s", code, staleMessage, out)
	}
	write(t, types, old)
	sameTree(t, dir, ".")
}

// cloneLine is the README's line that clones union-gen beside the project,
// which TestScripts links instead.
const cloneLine = "git clone https://github.com/union-gen/union-gen ../union-gen"

// readmeLines returns the lines of the README's sh block, and checks that
// they clone union-gen, build it and run both scripts.
func readmeLines(t *testing.T) []string {
	t.Helper()
	_, rest, ok := strings.Cut(string(read(t, "README.md")), "\n```sh\n")
	block, _, closed := strings.Cut(rest, "\n```\n")
	if !ok || !closed {
		t.Fatal("README.md has no sh code block")
	}
	lines := strings.Split(block, "\n")
	for _, want := range []string{cloneLine, "go -C ../union-gen build", "hack/update-codegen.sh", "hack/verify-codegen.sh"} {
		if !slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, want) }) {
			t.Errorf("README.md's commands do not run %s:\n%s", want, block)
		}
	}
	return lines
}

// copyProject copies the project at src into dst, but for .git, keeping
// the files' modes, so that the scripts stay executable.
func copyProject(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir() && d.Name() == ".git":
			return fs.SkipDir
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, info.Mode().Perm())
	})
	if err != nil {
		t.Fatal(err)
	}
}

// sameTree checks that the files under got, but for .git and bin/, where
// the README builds union-gen, are those under want, byte for byte, no
// more and no fewer.
func sameTree(t *testing.T, got, want string) {
	t.Helper()
	gotFiles, wantFiles := files(t, got), files(t, want)
	for name, data := range wantFiles {
		switch g, ok := gotFiles[name]; {
		case !ok:
			t.Errorf("%s is missing after the run", name)
		case !bytes.Equal(g, data):
			t.Errorf("%s differs from the checked-in file: run hack/update-codegen.sh", name)
		}
	}
	for name := range gotFiles {
		if _, ok := wantFiles[name]; !ok {
			t.Errorf("the run wrote %s, which is not checked in", name)
		}
	}
}

// files reads every file under dir but for .git and bin/, by path relative
// to dir.
func files(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	m := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && (d.Name() == ".git" || path == filepath.Join(dir, "bin")):
			return fs.SkipDir
		case d.IsDir():
			return nil
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		m[filepath.ToSlash(rel)], err = os.ReadFile(path)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// run runs a command in dir with env added to the environment, and returns
// its combined output and exit status; it fails t if it does not run.
func run(t *testing.T, dir string, env []string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		return string(out), exit.ExitCode()
	case err != nil:
		t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out), 0
}

func read(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func write(t *testing.T, name string, data []byte) {
	t.Helper()
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func remove(t *testing.T, name string) {
	t.Helper()
	if err := os.Remove(name); err != nil {
		t.Fatal(err)
	}
}
