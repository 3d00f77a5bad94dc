// Package modcopy copies a module out of the module cache for the tests
// that run union-gen on it as a user would: the module cache is read-only,
// and union-gen writes into the packages.
package modcopy

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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
