// Package moduletest runs the tests of the repository's nested modules from
// a test of the main module, so that `go test ./...` covers them while
// their heavy dependencies stay out of union-gen's module graph.
package moduletest

import (
	"context"
	"os/exec"
	"testing"
	"time"
)

// GoTest runs `go test [args] ./...` in the module at dir and fails t with
// its output. The go command is stopped a minute before t's deadline, so
// that a build that runs out of time fails with its output rather than
// outliving the test.
func GoTest(t *testing.T, dir string, args ...string) {
	t.Helper()
	ctx := t.Context()
	if deadline, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline.Add(-time.Minute))
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, "go", append(append([]string{"test"}, args...), "./...")...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test in %s: %v\n%s", dir, err, out)
	}
}
