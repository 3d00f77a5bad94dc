package crdtest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	sigsyaml "sigs.k8s.io/yaml"

	"github.com/union-gen/union-gen/internal/testsupport/uniongen"
	"github.com/union-gen/union-gen/pkg/crd"
)

// ownCostCase is the package whose CRD the command tests give own rules
// of every cost: a union whose precise rules cost preciseCost, and compact
// ones compactCost.
const (
	ownCostCase              = "../testdata/bad/crdrejected"
	preciseCost, compactCost = 183, 18
)

// TestOwnCostCommand runs union-gen --crd-rules=precise on the crdrejected
// case's CRD, its own rules replaced by rules of a cost that leaves the
// unions' rules just enough room, not enough for the precise ones, or none:
// union-gen, which estimates them as the API server does, writes the
// precise rules, the compact ones with a warning, or fails, as the API
// server's limit on a version's total says, and the API server accepts
// every CRD it writes. The default, compact rules, needs no warning where
// they fit.
func TestOwnCostCommand(t *testing.T) {
	unionGen := uniongen.Binary(t)
	for _, tc := range []struct {
		name   string
		own    uint64
		status int
		// rules are the problems of union-gen, by rule.
		rules   []string
		compact bool // the default rules, not --crd-rules=precise
	}{
		{name: "room for the precise rules", own: crd.CRDCostLimit - preciseCost},
		{name: "compact rules by default", own: crd.CRDCostLimit - compactCost, compact: true},
		{name: "room for the compact rules", own: crd.CRDCostLimit - preciseCost + 1, rules: []string{"compactrules"}},
		{name: "just room for the compact rules", own: crd.CRDCostLimit - compactCost, rules: []string{"compactrules"}},
		{name: "no room", own: crd.CRDCostLimit - compactCost + 1, status: 1, rules: []string{"celcost"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pkg := ownCostPackage(t, tc.own)
			flags := []string{"--crd-rules=precise"}
			if tc.compact {
				flags = nil
			}
			status, stderr := runIn(t, pkg, unionGen, flags...)
			if status != tc.status || !sameRules(stderr, tc.rules) {
				t.Errorf("exit status %d, problems:\n%s\nwant status %d, rules %v", status, stderr, tc.status, tc.rules)
			}
			if tc.status == 0 {
				if errs := validate(t, readCRD(t, pkg)); len(errs) > 0 {
					t.Errorf("the API server rejects the CRD that union-gen wrote: %v", errs.ToAggregate())
				}
			}
		})
	}
}

// ownCostPackage copies the crdrejected case into a module of its own, its
// CRD's own rules replaced by padding that costs own.
func ownCostPackage(t *testing.T, own uint64) string {
	t.Helper()
	dir := t.TempDir()
	// The module requires what this one does, so that this module's
	// go.sum verifies every module of its graph.
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	mod = regexp.MustCompile(`(?m)^module .*$|^replace .*$|^(require )?\s*github.com/union-gen/union-gen[/ ].*$`).ReplaceAll(mod, nil)
	write(t, filepath.Join(dir, "go.mod"), append([]byte("module example.com/crdrejected\n"), mod...))
	copyFile(t, "go.sum", filepath.Join(dir, "go.sum"))
	for _, f := range []string{"doc.go", "types.go"} {
		copyFile(t, filepath.Join(ownCostCase, f), filepath.Join(dir, f))
	}
	c := readCRD(t, ownCostCase)
	spec := c.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"]
	spec.XValidations = nil
	pad(&spec, own)
	c.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"] = spec
	data, err := sigsyaml.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "crd", "crdrejected.example.com_things.yaml"), data)
	return dir
}

// runIn runs union-gen with flags on the package in dir and its CRD, and
// returns its exit status and stderr.
func runIn(t *testing.T, dir, binary string, flags ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(binary, append(flags, "--crd-paths", "crd", ".")...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if exit, ok := err.(*exec.ExitError); ok {
		return exit.ExitCode(), stderr.String()
	} else if err != nil {
		t.Fatal(err)
	}
	return 0, stderr.String()
}

// sameRules tells whether stderr has a problem of each rule, and no other.
func sameRules(stderr string, rules []string) bool {
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	if stderr == "" {
		lines = nil
	}
	if len(lines) != len(rules) {
		return false
	}
	for i, l := range lines {
		if !strings.HasSuffix(l, "["+rules[i]+"]") {
			return false
		}
	}
	return true
}

func readCRD(t *testing.T, dir string) *apiextensionsv1.CustomResourceDefinition {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "crd", "crdrejected.example.com_things.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var c apiextensionsv1.CustomResourceDefinition
	if err := sigsyaml.UnmarshalStrict(data, &c); err != nil {
		t.Fatal(err)
	}
	return &c
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	write(t, to, data)
}

func write(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
