// Package moduletest runs the tests of the repository's nested modules from
// a test of the main module, so that `go test ./...` covers them while
// their heavy dependencies stay out of union-gen's module graph.
package moduletest

import (
	"context"
	"flag"
	"io/fs"
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
// settings (see nestedFlags), and the result of t's package is cached only as
// long as the files and settings of the nested run are unchanged (see
// dependOnTree).
func GoTest(t *testing.T, dir string, args ...string) {
	t.Helper()
	dependOnTree(t, dir)
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

// dependOnTree makes the result of t's package depend on what the nested
// run depends on. The go command caches a test's result keyed on its
// binary, its cacheable flags, the environment variables it read and the
// content of the files under the main module that it opened; the nested
// run's inputs are none of these. So the test opens every file of the main
// module's directory (the nested module's, the main module's that it takes
// with replace directives, and the data its tests read), and reads the
// variables that configure the nested go command: the go command then keeps
// a pass only as long as none of them changes. The module cache is keyed by
// the go.sum files, which are among those files.
func dependOnTree(t *testing.T, dir string) {
	t.Helper()
	// The test runs in its package's directory, in the main module.
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for !exists(filepath.Join(root, "go.mod")) {
		if filepath.Dir(root) == root {
			t.Fatalf("go test in %s: no main module around the test", dir)
		}
		root = filepath.Dir(root)
	}
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, "GO") || strings.HasPrefix(name, "CGO_") || name == "CC" || name == "PATH" || name == "HOME" {
			os.Getenv(name)
		}
	}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "bin"):
			return filepath.SkipDir // git's data and built binaries
		case !d.Type().IsRegular():
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		return f.Close()
	})
	if err != nil {
		t.Fatalf("go test in %s: %v", dir, err)
	}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
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
