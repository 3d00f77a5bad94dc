// Package moduletest runs the tests of the repository's nested modules from
// a test of the main module, so that `go test ./...` covers them while
// their heavy dependencies stay out of union-gen's module graph.
package moduletest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// GoTest runs `go test -timeout T [args] ./...` in the module at dir
// and fails t with its output. Without -timeout the nested test binaries
// would die at go test's default of 10 minutes whatever t's own timeout, so
// T is the time left before t's deadline less two minutes (0, no limit, when
// t has none): a nested test that runs out of time panics with its stack
// while t can still report it. The go command itself is stopped a minute
// before t's deadline, so that a build that runs out of time fails with its
// output rather than outliving the test. The result of t's package is never
// cached (see neverCache).
func GoTest(t *testing.T, dir string, args ...string) {
	t.Helper()
	neverCache(t, dir)
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

// nocacheFile is the file in each nested module that neverCache opens.
const nocacheFile = ".moduletest-nocache"

// future is nocacheFile's modification time; fixed, so that the file's
// metadata does not change from run to run.
var future = time.Date(2100, time.January, 1, 0, 0, 0, 0, time.UTC)

// neverCache keeps the go command from caching the result of t's package.
// It caches a test's result keyed on its binary, its cacheable flags, the
// environment variables it read and the size and modification time of the
// files it opened under the main module; the nested run's inputs (the
// nested module, the main module's files its tests read, the go command's
// environment and toolchain) are none of these, so a cached pass could
// outlive a failing nested test. But the go command does not cache a result
// at all when the test opened a file of the main module modified less than
// 2 seconds before the result is saved (hashOpen and modTimeCutoff in
// cmd/go/internal/test), which a modification time in the future always is.
// dir is in the main module's directory, so the go command checks the file.
// Each run still costs little: the nested go command's own cache keeps the
// results of the nested packages whose inputs did not change.
func neverCache(t *testing.T, dir string) {
	t.Helper()
	name := filepath.Join(dir, nocacheFile)
	f, err := os.OpenFile(name, os.O_RDONLY|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatalf("go test in %s: %v", dir, err)
	}
	f.Close()
	if err := os.Chtimes(name, future, future); err != nil {
		t.Fatalf("go test in %s: %v", dir, err)
	}
}
