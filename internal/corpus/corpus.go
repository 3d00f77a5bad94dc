// Package corpus copies real API modules out of the module cache and runs
// union-gen and the go command on them, for the tests of the nested modules
// that check union-gen on those modules as their maintainers would run it
// (corpora, openshiftsuites).
package corpus

import (
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const (
	// Generated is the file union-gen writes into each package.
	Generated = "zz_generated.unions.go"
	// CRDManifests is the directory of CRD manifests of openshift/api's
	// packages, which union-gen edits.
	CRDManifests = "zz_generated.crd-manifests"
)

// Module is a module copied out of the module cache.
type Module struct {
	// Source is the module in the module cache, Dir the copy, Version its
	// version.
	Source, Dir, Version string
	// CRDDirs are the directories of CRD manifests, relative to Dir, sorted.
	CRDDirs []string
}

// Copy copies module, at the version of the calling module's go.mod, into
// dir: its Go files, go.mod, go.sum and CRD manifests, writable (the module
// cache is read-only, and union-gen writes into the packages and the
// manifests).
func Copy(t *testing.T, module, dir string) *Module {
	t.Helper()
	// go mod download, unlike go list -m, fetches the module's files into
	// an empty module cache, checked against go.sum.
	var info struct{ Dir, Version string }
	if err := json.Unmarshal(Go(t, ".", "mod", "download", "-json", module), &info); err != nil {
		t.Fatal(err)
	}
	m := &Module{Source: info.Dir, Dir: dir, Version: info.Version}
	err := filepath.WalkDir(info.Dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		manifest := filepath.Base(filepath.Dir(path)) == CRDManifests && strings.HasSuffix(path, ".yaml")
		// A generated file left by an earlier run would be counted and
		// compiled as if this run wrote it.
		if name := d.Name(); name == Generated || !manifest && !strings.HasSuffix(name, ".go") && name != "go.mod" && name != "go.sum" {
			return nil
		}
		rel, err := filepath.Rel(info.Dir, path)
		if err != nil {
			return err
		}
		if manifest && !slices.Contains(m.CRDDirs, filepath.Dir(rel)) {
			m.CRDDirs = append(m.CRDDirs, filepath.Dir(rel))
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		target := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(m.CRDDirs)
	return m
}

// UnionGenArgs are union-gen's arguments for pkgs and the CRD manifests in
// crdDirs, after flags.
func UnionGenArgs(crdDirs, pkgs []string, flags ...string) []string {
	if len(crdDirs) > 0 {
		flags = append(flags, "--crd-paths", strings.Join(crdDirs, ","))
	}
	return append(flags, pkgs...)
}

// Run runs a command in dir and returns its combined output, failing t if
// it fails.
func Run(t *testing.T, dir, name string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s in %s: %v\n%s", filepath.Base(name), strings.Join(args, " "), dir, err, out)
	}
	return out
}

// Go runs the go command in dir and returns its standard output.
func Go(t *testing.T, dir string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go %s in %s: %v\n%s", strings.Join(args, " "), dir, err, stderr.String())
	}
	return out
}
