// Package uniongen builds the union-gen command for the tests that run it
// as users do.
package uniongen

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"
)

// command is union-gen's package, built in the module of the working
// directory: the main module, or a nested module that replaces union-gen
// with this repository, whose versions of the dependencies it then takes.
const command = "github.com/union-gen/union-gen/cmd/union-gen"

// Build builds union-gen into dir and returns the binary's path; the error
// carries go build's output.
func Build(dir string) (string, error) {
	binary := filepath.Join(dir, "union-gen")
	if out, err := exec.Command("go", "build", "-o", binary, command).CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build %s: %v\n%s", command, err, out)
	}
	return binary, nil
}

// Binary builds union-gen into a temporary directory of t, failing t if it
// does not build.
func Binary(t testing.TB) string {
	t.Helper()
	binary, err := Build(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return binary
}
