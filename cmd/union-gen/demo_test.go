package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestDemo runs hack/demo.sh, the README's first command from a clone, in a
// copy of what it reads (the main module's sources and the examples): it
// shows the Go methods, the CRD rules and the policy that union-gen writes,
// and the Go files it writes are the checked-in ones.
func TestDemo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds union-gen and runs it on the examples (-short)")
	}
	const methods = "examples/apis/apps/v1/zz_generated.unions.go"
	clone := moduleCopy(t, "hack", "cmd", "pkg", "internal", "examples/apis", "examples/crd")
	cmd := exec.CommandContext(t.Context(), "bash", "hack/demo.sh")
	cmd.Dir = clone
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("hack/demo.sh: %v\n%s", err, out)
	}
	for _, want := range []string{
		"func (in *DeploymentStrategy) NormalizeUnions(old *DeploymentStrategy) {",
		`message: must be set when type is "RollingUpdate"`,
		"kind: MutatingAdmissionPolicy\n",
		`[JSONPatch{op: "remove", path: "/spec/strategy/rollingUpdate"}]`,
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the demo does not show %q:\n%s", want, out)
		}
	}
	if readFile(t, filepath.Join(clone, methods)) != readFile(t, filepath.Join(root, methods)) {
		t.Errorf("the demo wrote another %s than the checked-in one", methods)
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
