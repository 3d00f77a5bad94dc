// Package modcopy copies a module out of the module cache for the tests
// that run union-gen on it as a user would: the module cache is read-only,
// and union-gen writes into the packages.
package modcopy

import (
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Download fetches module, at the version of the go.mod in the working
// directory, into the module cache, and returns its directory there and
// its version. go mod download, unlike go list -m, fetches the module's
// files into an empty module cache, checked against go.sum.
func Download(t testing.TB, module string) (dir, version string) {
	t.Helper()
	var info struct{ Dir, Version string }
	if err := json.Unmarshal(Go(t, ".", "mod", "download", "-json", module), &info); err != nil {
		t.Fatal(err)
	}
	return info.Dir, info.Version
}

// Go runs the go command in dir and returns its standard output, failing t
// with its standard error, and the end of its standard output, where go
// test writes its failures, if it fails.
func Go(t testing.TB, dir string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		lines := strings.Split(string(out), "\n")
		t.Fatalf("go %s in %s: %v\n%s%s", strings.Join(args, " "), dir, err, stderr.String(), strings.Join(lines[max(0, len(lines)-100):], "\n"))
	}
	return out
}

// GoFiles keeps the files that a build of the module reads: its Go files,
// go.mod and go.sum.
func GoFiles(rel string) bool {
	name := filepath.Base(rel)
	return strings.HasSuffix(name, ".go") || name == "go.mod" || name == "go.sum"
}

// Copy copies the files of the module in from that keep takes, by their
// paths relative to from, into to, writable.
func Copy(t testing.TB, from, to string, keep func(rel string) bool) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(from, path)
		if err != nil || !keep(rel) {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		target := filepath.Join(to, rel)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
