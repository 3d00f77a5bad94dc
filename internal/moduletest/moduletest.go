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

// GoTest runs `go test -timeout T [args] ./...` in the module at dir and
// fails t with its output. Without -timeout the nested test binaries would
// die at go test's default of 10 minutes whatever t's own timeout, so T is
// the time left before t's deadline less two minutes (0, no limit, when t
// has none): a nested test that runs out of time panics with its stack
// while t can still report it. The go command itself is stopped a minute
// before t's deadline, so that a build that runs out of time fails with
// its output rather than outliving the test.
func GoTest(t *testing.T, dir string, args ...string) {
	t.Helper()
	ctx := t.Context()
	timeout := time.Duration(0)
	if deadline, ok := t.Deadline(); ok {
		timeout = (time.Until(deadline) - 2*time.Minute).Truncate(time.Second)
		if timeout <= 0 {
			t.Fatalf("go test in %s: less than two minutes left before the test's deadline", dir)
		}
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline.Add(-time.Minute))
		defer cancel()
	}
	goArgs := append([]string{"test", "-timeout", timeout.String()}, args...)
	cmd := exec.CommandContext(ctx, "go", append(goArgs, "./...")...)
	cmd.Dir = dir
	// A killed go command leaves its test binaries running with the output
	// pipe open; stop waiting for them soon after, so that t reports.
	cmd.WaitDelay = 10 * time.Second
	t.Logf("%s: %v", dir, cmd.Args)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test in %s: %v\n%s", dir, err, out)
	}
}
