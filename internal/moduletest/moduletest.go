// Package moduletest runs the tests of the repository's nested modules from
// a test of the main module, so that `go test ./...` covers them while
// their heavy dependencies stay out of union-gen's module graph.
package moduletest

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// GoTest runs `go test -timeout T [flags] [args] ./...` in the module at dir
// and fails t with its output. Without -timeout the nested test binaries
// would die at go test's default of 10 minutes whatever t's own timeout, so
// T is the time left before t's deadline less two minutes (0, no limit, when
// t has none): a nested test that runs out of time panics with its stack
// while t can still report it. The go command itself is stopped a minute
// before t's deadline, so that a build that runs out of time fails with its
// output rather than outliving the test. The flags pass on the parent's
// settings (see nestedFlags), and the result of t's package is never cached
// (see neverCache).
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
	goArgs := append([]string{"test", "-timeout", timeout.String()}, nestedFlags(t)...)
	goArgs = append(goArgs, args...)
	cmd := exec.CommandContext(ctx, "go", append(goArgs, "./...")...)
	cmd.Dir = dir
	// A killed go command leaves its test binaries running with the output
	// pipe open; stop waiting for them soon after, so that t reports.
	cmd.WaitDelay = 10 * time.Second
	t.Logf("%s: %v", dir, cmd.Args)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test in %s: %v\n%s", dir, err, out)
	}
	if testing.Verbose() {
		t.Logf("%s", out)
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

// nestedFlags gives the nested run the parent's settings: -race when this
// binary has the race detector, -short, -v, and the parts of -run and -skip
// that select below t: for t named TestX, `-run TestX/TestY` runs the nested
// tests that match TestY.
func nestedFlags(t *testing.T) []string {
	var flags []string
	if raceEnabled {
		flags = append(flags, "-race")
	}
	if testing.Short() {
		flags = append(flags, "-short")
	}
	if testing.Verbose() {
		flags = append(flags, "-v")
	}
	for _, name := range []string{"run", "skip"} {
		if f := flag.Lookup("test." + name); f != nil {
			if pattern := below(t.Name(), f.Value.String()); pattern != "" {
				flags = append(flags, "-"+name, pattern)
			}
		}
	}
	return flags
}

// below returns the part of a -run or -skip pattern that applies to the
// tests below the test named name, "" when there is none: the rest of each
// alternative whose first elements match name's.
func below(name, pattern string) string {
	if pattern == "" {
		return ""
	}
	levels := strings.Split(name, "/")
	var rests []string
	for _, alt := range alternatives(pattern) {
		if !matchLevels(alt, levels) {
			continue
		}
		if len(alt) <= len(levels) {
			// The alternative selects all of name's tests.
			return ""
		}
		rests = append(rests, strings.Join(alt[len(levels):], "/"))
	}
	return strings.Join(rests, "|")
}

// alternatives splits a pattern as the testing package does: into its
// top-level '|' alternatives, each a list of its '/'-separated elements;
// separators that are escaped or in brackets or parentheses do not count.
func alternatives(pattern string) [][]string {
	var alts [][]string
	var elems []string
	brackets, parens, start := 0, 0, 0
	for i := 0; i < len(pattern); i++ {
		switch pattern[i] {
		case '[':
			brackets++
		case ']':
			brackets = max(brackets-1, 0)
		case '(':
			if brackets == 0 {
				parens++
			}
		case ')':
			if brackets == 0 {
				parens--
			}
		case '\\':
			i++
		case '/', '|':
			if brackets == 0 && parens == 0 {
				elems = append(elems, pattern[start:i])
				start = i + 1
				if pattern[i] == '|' {
					alts = append(alts, elems)
					elems = nil
				}
			}
		}
	}
	return append(alts, append(elems, pattern[start:]))
}

// matchLevels reports whether each element of alt matches the level of a
// test name at its place, as far as both go.
func matchLevels(alt, levels []string) bool {
	for i := range min(len(alt), len(levels)) {
		if ok, err := regexp.MatchString(alt[i], levels[i]); err != nil || !ok {
			return false
		}
	}
	return true
}
