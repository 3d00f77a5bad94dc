package targets

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"k8s.io/gengo/v2/generator"
	"k8s.io/gengo/v2/types"
)

// dirEntries lists the names in dir, to see that no temporary file is left.
func dirEntries(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// write stages one file and commits it.
func write(path string, data []byte) error {
	var o Output
	if err := o.stage(path, data); err != nil {
		o.Discard()
		return err
	}
	return o.Commit()
}

func TestOutputWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "zz_generated.unions.go")

	if err := write(path, []byte("package a\n")); err != nil {
		t.Fatal(err)
	}
	if err := write(path, []byte("package b\n")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != "package b\n" {
		t.Errorf("file holds %q, want the second write", got)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o644 {
		t.Errorf("file mode %v, want 0644", fi.Mode().Perm())
	}

	// The same content again is not written: the file keeps its time, so
	// that build tools see nothing changed.
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	if err := os.Chtimes(path, old, old); err != nil {
		t.Fatal(err)
	}
	if err := write(path, []byte("package b\n")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(path); !fi.ModTime().Equal(old) {
		t.Errorf("an identical file was rewritten")
	}

	// When the rename cannot happen (here the target is a directory), the
	// target is untouched and no temporary file stays behind.
	blocked := filepath.Join(dir, "blocked.go")
	if err := os.Mkdir(blocked, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := write(blocked, []byte("package c\n")); err == nil {
		t.Error("writing over a directory succeeded")
	}
	if names := dirEntries(t, dir); strings.Join(names, " ") != "blocked.go zz_generated.unions.go" {
		t.Errorf("directory holds %q, want no temporary file", names)
	}
}

// TestOutputAllOrNothing: files staged and then discarded, because a later
// file could not be staged, leave every directory as it was.
func TestOutputAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	first := filepath.Join(dir, "a", "zz_generated.unions.go")
	if err := os.MkdirAll(filepath.Dir(first), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(first, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var o Output
	if err := o.stage(first, []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	if err := o.stage(filepath.Join(dir, "missing", "zz_generated.unions.go"), []byte("new\n")); err == nil {
		t.Fatal("staging into a directory that does not exist succeeded")
	}
	o.Discard()
	if got, _ := os.ReadFile(first); string(got) != "old\n" {
		t.Errorf("the first file holds %q after the run failed", got)
	}
	if names := dirEntries(t, filepath.Dir(first)); strings.Join(names, " ") != "zz_generated.unions.go" {
		t.Errorf("directory holds %q, want no temporary file", names)
	}
}

func TestGoFileDoesNotWriteUnformattableCode(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "zz_generated.unions.go")
	if err := os.WriteFile(path, []byte("package old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := &Output{}
	ft := goFileType{assemble: generator.NewGoFile().Assemble, out: out}
	f := &generator.File{Name: "zz_generated.unions.go", PackageName: "a", Imports: map[string]struct{}{`"broken`: {}}}
	err := ft.AssembleFile(f, path)
	if err == nil || !strings.Contains(err.Error(), "does not format, so it was not written") {
		t.Fatalf("AssembleFile error = %v, want one saying nothing was written", err)
	}
	out.Discard()
	if got, _ := os.ReadFile(path); string(got) != "package old\n" {
		t.Errorf("the existing file was changed to %q", got)
	}
	if names := dirEntries(t, dir); len(names) != 1 {
		t.Errorf("directory holds %q, want only the existing file", names)
	}
}

// TestOutputSymlink: a symbolic link stays a link, and the file it
// points to gets the data; a link to nothing is an error.
func TestOutputSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real", "crd.yaml")
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(target, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "crd.yaml")
	if err := os.Symlink(filepath.Join("real", "crd.yaml"), link); err != nil {
		t.Fatal(err)
	}
	if err := write(link, []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v, %v", fi, err)
	}
	if got, _ := os.ReadFile(target); string(got) != "new\n" {
		t.Errorf("the link's target holds %q, want the data", got)
	}
	dangling := filepath.Join(dir, "dangling.yaml")
	if err := os.Symlink("nowhere.yaml", dangling); err != nil {
		t.Fatal(err)
	}
	if err := write(dangling, []byte("new\n")); err == nil {
		t.Error("writing through a link to nothing succeeded")
	}
}

// TestCRDFiles: a directory gives its YAML files in name order.
func TestCRDFiles(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"b.yaml", "a.yml", "c.json", "d.yaml"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := crdFiles([]string{dir, "x/given.yaml"})
	if err == nil {
		t.Errorf("a missing file is no error: %v", got)
	}
	got, err = crdFiles([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	var names bytes.Buffer
	for _, f := range got {
		names.WriteString(filepath.Base(f) + " ")
	}
	if names.String() != "a.yml b.yaml d.yaml " {
		t.Errorf("got %s", names.String())
	}
}

func TestFormatDecls(t *testing.T) {
	cases := []struct {
		name, text, want, err string
	}{
		{name: "formats, after a blank line", text: "func  a( ) {\n\n\n}\n\n\n", want: "\nfunc a() {\n\n}\n"},
		{name: "nothing for nothing", text: "\n\n", want: ""},
		{name: "refuses code that does not parse", text: "func broken( {\n", err: "does not format, so it was not written"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := formatDecls([]byte(c.text))
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error = %v, want one saying %q", err, c.err)
				}
				return
			}
			if err != nil || string(got) != c.want {
				t.Errorf("got %q, %v; want %q", got, err, c.want)
			}
		})
	}
}

func TestHolds(t *testing.T) {
	path := filepath.Join(t.TempDir(), "zz_generated.unions.go")
	large := bytes.Repeat([]byte("0123456789abcdef"), 10000) // more than one block
	if err := os.WriteFile(path, append([]byte("head\n"), large...), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		parts [][]byte
		want  bool
	}{
		{"the same parts", [][]byte{[]byte("head\n"), large}, true},
		{"split elsewhere", [][]byte{[]byte("he"), append([]byte("ad\n"), large...), nil}, true},
		{"a prefix of the file", [][]byte{[]byte("head\n"), large[:len(large)-1]}, false},
		{"longer than the file", [][]byte{[]byte("head\n"), large, []byte("x")}, false},
		{"one byte differs", [][]byte{[]byte("heaD\n"), large}, false},
	}
	for _, c := range cases {
		if got := holds(path, c.parts); got != c.want {
			t.Errorf("%s: holds = %v, want %v", c.name, got, c.want)
		}
	}
	if holds(filepath.Join(t.TempDir(), "missing.go"), nil) {
		t.Error("a missing file holds nothing, not an empty file")
	}
}

// numbered writes one function per type, numbered in the order of the
// calls; the one numbered broken does not parse.
type numbered struct {
	generator.GoGenerator
	n, broken int
}

func (g *numbered) GenerateType(_ *generator.Context, _ *types.Type, w io.Writer) error {
	g.n++
	if g.n == g.broken {
		_, err := fmt.Fprintf(w, "func f%d( {\n", g.n)
		return err
	}
	_, err := fmt.Fprintf(w, "func  f%d() {}\n", g.n)
	return err
}

// TestFormattedKeepsOrder: declarations formatted in the background are
// written in the order the generator wrote them, and a failure is returned
// with the file and type it is in.
func TestFormattedKeepsOrder(t *testing.T) {
	for _, broken := range []int{0, 7} {
		g := &formatted{Generator: &numbered{GoGenerator: generator.GoGenerator{OutputFilename: "zz_generated.unions.go"}, broken: broken}}
		t0 := &types.Type{Name: types.Name{Package: "example.com/p", Name: "T"}}
		var b bytes.Buffer
		var err error
		for i := 0; i < 50 && err == nil; i++ {
			err = g.GenerateType(nil, t0, &b)
		}
		if err == nil {
			err = g.Finalize(nil, &b)
		}
		var want strings.Builder
		for i := 1; i <= 50; i++ {
			fmt.Fprintf(&want, "\nfunc f%d() {}\n", i)
		}
		switch {
		case broken == 0 && (err != nil || b.String() != want.String()):
			t.Errorf("got %q, %v; want %q", b.String(), err, want.String())
		case broken != 0 && (err == nil || !strings.Contains(err.Error(), "does not format") || !strings.Contains(err.Error(), "zz_generated.unions.go, the methods of example.com/p.T")):
			t.Errorf("with f%d broken: error = %v, want one saying it does not format", broken, err)
		}
	}
}
