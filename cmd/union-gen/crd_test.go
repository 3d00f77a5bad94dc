package main

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestCRDPaths runs union-gen with --crd-paths on a directory holding
// controller-gen's CRD of examples/crd: the CRD gets union-gen's rules, as in
// the committed example, and its policy is written beside it. It runs on a
// copy of the examples (examplesCopy), where the Go files it writes must be
// those committed.
func TestCRDPaths(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "widgets.yaml")
	copyFile(t, filepath.Join(root, "pkg/crd/testdata/controller-gen.yaml"), file)
	module := examplesCopy(t)
	res := runIn(t, module, "--go-header-file", "hack/boilerplate.go.txt", "--crd-paths", dir, "./examples/apis/...", "./examples/crd/...")
	committed, written := takeSnapshot(t, "examples/apis", "examples/crd"), takeSnapshotIn(t, module, "examples/apis", "examples/crd")
	for _, path := range slices.Sorted(maps.Keys(written)) {
		if !bytes.Equal(written[path], committed[path]) {
			t.Errorf("%s is not the committed file", path)
		}
	}
	if res.code != 0 {
		t.Fatalf("exit status %d:\n%s", res.code, res.stderr)
	}
	checkCommitted(t, file, "examples/crd/config/examples.union-gen.io_widgets.yaml")
	checkCommitted(t, filepath.Join(dir, "widgets.unions-policy.yaml"), "examples/crd/config/examples.union-gen.io_widgets.unions-policy.yaml")
}

// checkCommitted checks that file is the committed file of the repository
// at rel, byte for byte.
func checkCommitted(t *testing.T, file, rel string) {
	t.Helper()
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("%s is not the committed %s:\n%s", file, rel, got)
	}
}

// TestCRDPathsNoPolicy: --policy-version=none gives the CRD its rules and
// writes no policy; the one an earlier run wrote beside it is removed.
func TestCRDPathsNoPolicy(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the binary end to end; pkg/crd's TestEditStalePolicy holds a removed policy in the quick loop")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "widgets.yaml")
	copyFile(t, filepath.Join(root, "pkg/crd/testdata/controller-gen.yaml"), file)
	policy := filepath.Join(dir, "widgets.unions-policy.yaml")
	copyFile(t, filepath.Join(root, "examples/crd/config/examples.union-gen.io_widgets.unions-policy.yaml"), policy)
	res := runIn(t, examplesCopy(t), "--go-header-file", "hack/boilerplate.go.txt", "--crd-paths", dir, "--policy-version=none", "./examples/apis/...", "./examples/crd/...")
	if res.code != 0 {
		t.Fatalf("exit status %d:\n%s", res.code, res.stderr)
	}
	checkCommitted(t, file, "examples/crd/config/examples.union-gen.io_widgets.yaml")
	if _, err := os.Stat(policy); !os.IsNotExist(err) {
		t.Errorf("the earlier run's policy is still there (%v)", err)
	}
}

// TestCRDPathsStale: a CRD that lacks a member of the Go types is an error
// at its position, the exit status is 1, and no file is written: neither the
// CRDs, their policies nor the Go files.
func TestCRDPathsStale(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the binary end to end; pkg/crd's TestEditStale holds a stale CRD in the quick loop")
	}
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join(root, "pkg/crd/testdata/controller-gen.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	stale := strings.Replace(string(data), "\n                properties:\n                  rollingUpdate:\n", "\n                properties:\n                  rollingUpdateOld:\n", 1)
	good, bad := filepath.Join(dir, "a.yaml"), filepath.Join(dir, "b.yaml")
	copyFile(t, filepath.Join(root, "pkg/crd/testdata/controller-gen.yaml"), good)
	if err := os.WriteFile(bad, []byte(stale), 0o644); err != nil {
		t.Fatal(err)
	}
	module := examplesCopy(t)
	res := runIn(t, module, "--output-file", "zz_generated.test_crd.go", "--crd-paths", good+","+bad, "./examples/apis/...", "./examples/crd/...")
	if res.code != 1 {
		t.Errorf("exit status %d, want 1", res.code)
	}
	if want := bad + ":333:17: Widget.spec.ratchetedStrategy: the schema has no property \"rollingUpdate\""; !strings.Contains(res.stderr, want) {
		t.Errorf("stderr does not have %q:\n%s", want, res.stderr)
	}
	if got, _ := os.ReadFile(good); string(got) != string(data) {
		t.Error("a CRD was written despite the error")
	}
	if policies, _ := filepath.Glob(filepath.Join(dir, "*.unions-policy.yaml")); len(policies) > 0 {
		t.Errorf("policies were written despite the error: %v", policies)
	}
	if matches, _ := filepath.Glob(filepath.Join(module, "examples/*/*/*/zz_generated.test_crd.go")); len(matches) > 0 {
		t.Errorf("Go files were written despite the error: %v", matches)
	}
}

// examplesCopy is a copy of the module's examples that union-gen runs on
// (moduleCopy): examples/apis and examples/crd, and the boilerplate.
func examplesCopy(t *testing.T) string {
	t.Helper()
	return moduleCopy(t, "examples/apis", "examples/crd", "hack")
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
