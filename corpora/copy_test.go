package corpora

import (
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/union-gen/union-gen/internal/testsupport/modcopy"

	// The corpora, which the tests copy out of the module cache: imported
	// (a package of each, of constants or small) so that go.mod requires
	// them, at the versions that the tests read, and go.sum verifies them
	// without the checksum database. The tools that the tests build,
	// union-gen and validation-gen, are go.mod's tool directives.
	_ "github.com/openshift/api/annotations"
	_ "k8s.io/api/coordination/v1"
)

const (
	// generated is the file union-gen writes into each package.
	generated = "zz_generated.unions.go"
	// crdManifests is the directory of CRD manifests of openshift/api's
	// packages, which union-gen edits.
	crdManifests = "zz_generated.crd-manifests"
)

// copied is a module copied out of the module cache.
type copied struct {
	version string
	// crdDirs are the directories of CRD manifests, relative to the copy,
	// sorted.
	crdDirs []string
}

// copyModule copies module, at the version of the calling module's go.mod, into
// dir: its Go files, go.mod, go.sum and CRD manifests, writable (the module
// cache is read-only, and union-gen writes into the packages and the
// manifests).
func copyModule(t *testing.T, module, dir string) *copied {
	t.Helper()
	from, version := modcopy.Download(t, module)
	m := &copied{version: version}
	modcopy.Copy(t, from, dir, func(rel string) bool {
		manifest := filepath.Base(filepath.Dir(rel)) == crdManifests && strings.HasSuffix(rel, ".yaml")
		if manifest && !slices.Contains(m.crdDirs, filepath.Dir(rel)) {
			m.crdDirs = append(m.crdDirs, filepath.Dir(rel))
		}
		// A generated file left by an earlier run would be counted and
		// compiled as if this run wrote it.
		return manifest || filepath.Base(rel) != generated && modcopy.GoFiles(rel)
	})
	slices.Sort(m.crdDirs)
	return m
}

// unionGenArgs are union-gen's arguments for pkgs and the CRD manifests in
// crdDirs, after flags.
func unionGenArgs(crdDirs, pkgs []string, flags ...string) []string {
	if len(crdDirs) > 0 {
		flags = append(flags, "--crd-paths", strings.Join(crdDirs, ","))
	}
	return append(flags, pkgs...)
}

// run runs a command in dir and returns its combined output, failing t if
// it fails.
func run(t *testing.T, dir, name string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s in %s: %v\n%s", filepath.Base(name), strings.Join(args, " "), dir, err, out)
	}
	return out
}
