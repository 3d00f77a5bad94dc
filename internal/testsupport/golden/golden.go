// Package golden compares test output with expected files, which the
// -update flag rewrites: `make golden` is the one way to rewrite them,
// never a silent one. The golden tests of the main module and of corpora
// use it; openshiftsuites, which writes its own section of
// docs/corpora.md, has a flag of the same name, which `make golden` sets
// too.
package golden

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the expected files of golden tests instead of comparing with them")

// Updating reports whether this run rewrites expected files.
func Updating() bool { return *update }

// Check compares got with the file at path, or, with -update, writes got
// there. On a difference, the error says how to rewrite the file; detail,
// when not empty, is printed with it.
func Check(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output; run the test with -update and review the diff\ngot:\n%s", path, clip(got))
	}
}

// CheckBefore is Check for the part of the file at path before the line
// marker, which another test writes after it: the rest is kept as it is.
func CheckBefore(t *testing.T, path, marker string, got []byte) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil && !(*update && os.IsNotExist(err)) {
		t.Fatalf("%v (run the test with -update to create it)", err)
	}
	before, after, found := bytes.Cut(data, []byte(marker))
	if !*update {
		Check(t, path, append(got, data[len(before):]...))
		return
	}
	rest := []byte{}
	if found {
		rest = append([]byte(marker), after...)
	}
	Check(t, path, append(got, rest...))
}

// CheckBetween is Check for the part of the file at path between the lines
// start and end, which other tests write before and after: the rest is
// kept as it is. With -update, a file without start gets it before end.
func CheckBetween(t *testing.T, path, start, end string, got []byte) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	before, rest, found := bytes.Cut(data, []byte(start))
	if !found {
		if !*update {
			t.Fatalf("%s has no line %q (run the test with -update to add it)", path, strings.TrimSpace(start))
		}
		before, rest, _ = bytes.Cut(data, []byte(end))
		rest = append([]byte(end), rest...)
	}
	_, after, found := bytes.Cut(rest, []byte(end))
	if !found {
		t.Fatalf("%s has no line %q after %q", path, strings.TrimSpace(end), strings.TrimSpace(start))
	}
	Check(t, path, slices.Concat(before, []byte(start), got, []byte(end), after))
}

// clip keeps long output from burying the test log.
func clip(b []byte) []byte {
	const most = 4000
	if len(b) <= most {
		return b
	}
	return append(b[:most:most], "\n[...]"...)
}
