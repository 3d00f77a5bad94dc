// Package usermodule writes the go.mod and go.sum of a module as a user's
// API module is, for tests that run union-gen on one: it requires
// k8s.io/apimachinery, which the generated methods import.
package usermodule

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/mod/modfile"
)

// Files returns the go.mod of a module at path that requires what the
// generated code imports, k8s.io/apimachinery, at the version of
// union-gen's go.mod in repositoryRoot (and k8s.io/utils, which provides a
// package that the field package imports), and the modules of also, and the
// lines of union-gen's go.sum for them, so that its packages load without
// the network.
func Files(t testing.TB, repositoryRoot, path string, also ...string) (goMod, goSum string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repositoryRoot, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	own, err := modfile.Parse("go.mod", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	mod := &modfile.File{}
	if err := mod.AddModuleStmt(path); err != nil {
		t.Fatal(err)
	}
	if err := mod.AddGoStmt(own.Go.Version); err != nil {
		t.Fatal(err)
	}
	var prefixes [][]byte
	for _, r := range own.Require {
		if r.Mod.Path == "k8s.io/apimachinery" || r.Mod.Path == "k8s.io/utils" || slices.Contains(also, r.Mod.Path) {
			mod.AddNewRequire(r.Mod.Path, r.Mod.Version, r.Mod.Path == "k8s.io/utils")
			prefixes = append(prefixes, []byte(r.Mod.Path+" "+r.Mod.Version+" "), []byte(r.Mod.Path+" "+r.Mod.Version+"/go.mod "))
		}
	}
	formatted, err := mod.Format()
	if err != nil {
		t.Fatal(err)
	}
	sums, err := os.ReadFile(filepath.Join(repositoryRoot, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	var lines bytes.Buffer
	for line := range bytes.Lines(sums) {
		for _, p := range prefixes {
			if bytes.HasPrefix(line, p) {
				lines.Write(line)
			}
		}
	}
	return string(formatted), lines.String()
}
