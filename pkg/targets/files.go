package targets

import (
	"bytes"
	"fmt"
	"go/format"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"k8s.io/gengo/v2/generator"
	"k8s.io/gengo/v2/types"
)

// goFileType is the file type of union-gen's Go files. It assembles them as
// gengo does, but formats only the header, package clause and imports, as
// the generators' declarations come formatted (see formatted), never with a
// gofmt binary (gengo runs one when it is on PATH, which would make the
// output depend on the machine); it writes atomically.
type goFileType struct {
	assemble func(io.Writer, *generator.File)
	out      *Output
}

// useGoFile makes the context write Go files with goFileType, into out.
func useGoFile(c *generator.Context, out *Output) {
	c.FileTypes[generator.GoFileType] = goFileType{assemble: generator.NewGoFile().Assemble, out: out}
}

func (ft goFileType) AssembleFile(f *generator.File, path string) error {
	body := f.Body
	f.Body = bytes.Buffer{}
	var b bytes.Buffer
	ft.assemble(&b, f)
	head, err := format.Source(b.Bytes())
	if err != nil {
		return fmt.Errorf("%s: the generated code does not format, so it was not written (a union-gen bug; please report it): %w", path, err)
	}
	return ft.out.stage(path, head, body.Bytes())
}

// formatted makes a generator write its declarations formatted, one type's
// at a time, on as many cores as there are. Formatting a whole large file
// held its syntax tree, which was most of a large run's memory, and took
// half of its time on one core. The declarations, each list after a blank
// line, format as the whole file would (TestGolden checks it); they are
// written in the generator's order.
type formatted struct {
	generator.Generator
	// pending are the declarations being formatted, in order.
	pending []chan formattedDecls
}

type formattedDecls struct {
	src []byte
	err error
}

func (g *formatted) Init(c *generator.Context, w io.Writer) error {
	return g.format(w, "the declarations before the types", func(b io.Writer) error { return g.Generator.Init(c, b) })
}

func (g *formatted) GenerateType(c *generator.Context, t *types.Type, w io.Writer) error {
	return g.format(w, "the methods of "+t.Name.String(), func(b io.Writer) error { return g.Generator.GenerateType(c, t, b) })
}

func (g *formatted) Finalize(c *generator.Context, w io.Writer) error {
	if err := g.format(w, "the declarations after the types", func(b io.Writer) error { return g.Generator.Finalize(c, b) }); err != nil {
		return err
	}
	return g.flush(w, 0)
}

// format has the declarations that write writes formatted in the
// background, and writes those done before them, keeping at most one per
// core pending. what names them in an error.
func (g *formatted) format(w io.Writer, what string, write func(io.Writer) error) error {
	var b bytes.Buffer
	if err := write(&b); err != nil {
		return err
	}
	done := make(chan formattedDecls, 1)
	g.pending = append(g.pending, done)
	go func() {
		src, err := formatDecls(b.Bytes())
		if err != nil {
			err = fmt.Errorf("%s, %s: %w", g.Filename(), what, err)
		}
		done <- formattedDecls{src, err}
	}()
	return g.flush(w, runtime.GOMAXPROCS(0))
}

// flush writes the first declarations pending, waiting for them to be
// formatted, until no more than keep are pending.
func (g *formatted) flush(w io.Writer, keep int) error {
	for len(g.pending) > keep {
		d := <-g.pending[0]
		g.pending = g.pending[1:]
		if d.err != nil {
			return d.err
		}
		if _, err := w.Write(d.src); err != nil {
			return err
		}
	}
	return nil
}

// formatDecls formats a list of declarations, to follow a blank line.
func formatDecls(decls []byte) ([]byte, error) {
	src, err := format.Source(decls)
	if err != nil {
		return nil, fmt.Errorf("the generated code does not format, so it was not written (a union-gen bug; please report it): %w", err)
	}
	if src = bytes.TrimSpace(src); len(src) == 0 {
		return nil, nil
	}
	return fmt.Appendf(nil, "\n%s\n", src), nil
}

// Output holds the files of a run until all are made: each is written to a
// temporary file beside its path, and Commit renames them all into place,
// or Discard removes them. A run that fails anywhere, in any target, then
// leaves every file as it was; a reader of one file sees the old file or the
// new one, never a truncated one.
type Output struct {
	// mu guards the files against Discard from a signal handler.
	mu     sync.Mutex
	staged []stagedFile
	// removed are union-gen's own files that the run leaves without a
	// reason to be: Commit removes them after the renames.
	removed []string
}

type stagedFile struct {
	tmp, path string
}

// stage writes the parts, one after the other, to a temporary file beside
// path. A file that already holds them is left untouched. A symbolic link is
// kept: the file it points to is replaced.
func (o *Output) stage(path string, parts ...[]byte) error {
	if info, err := os.Lstat(path); err == nil && info.Mode()&os.ModeSymlink != 0 {
		target, err := filepath.EvalSymlinks(path)
		if err != nil {
			return fmt.Errorf("%s is a symbolic link to no file: %w", path, err)
		}
		path = target
	}
	if holds(path, parts) {
		return nil
	}
	removeLeftovers(path)
	tmp, err := os.CreateTemp(filepath.Dir(path), tempPrefix(path)+"*.tmp")
	if err != nil {
		return err
	}
	o.mu.Lock()
	o.staged = append(o.staged, stagedFile{tmp.Name(), path})
	o.mu.Unlock()
	for _, part := range parts {
		if _, err := tmp.Write(part); err != nil {
			tmp.Close()
			return err
		}
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Chmod(tmp.Name(), 0o644)
}

// holds reports whether the file at path holds exactly the parts. It reads
// the file a block at a time: a large generated file is not held twice.
func holds(path string, parts [][]byte) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	block := make([]byte, 64<<10)
	for _, part := range parts {
		for len(part) > 0 {
			n := min(len(part), len(block))
			if _, err := io.ReadFull(f, block[:n]); err != nil || !bytes.Equal(block[:n], part[:n]) {
				return false
			}
			part = part[n:]
		}
	}
	n, _ := f.Read(block[:1])
	return n == 0
}

// Commit renames every staged file into place. Should a rename fail (the
// path became a directory, say), the files not renamed yet are removed
// and the error names the one that failed.
func (o *Output) Commit() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	for i, f := range o.staged {
		if err := os.Rename(f.tmp, f.path); err != nil {
			o.staged = o.staged[i:]
			o.discard()
			return err
		}
	}
	o.staged = nil
	for _, path := range o.removed {
		if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
			return err
		}
	}
	o.removed = nil
	return nil
}

// Discard removes every staged file, and forgets the files to remove. It
// may be called while the run goes on, on an interrupt.
func (o *Output) Discard() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.discard()
}

func (o *Output) discard() {
	for _, f := range o.staged {
		os.Remove(f.tmp)
	}
	o.staged, o.removed = nil, nil
}

// tempPrefix starts the name of the temporary files of path: hidden, and
// marked as union-gen's so that a later run can remove those that a killed
// run left behind.
func tempPrefix(path string) string {
	return "." + filepath.Base(path) + ".union-gen-"
}

// removeLeftovers removes the temporary files of path that a run killed
// before it renamed or removed them left behind.
func removeLeftovers(path string) {
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		return
	}
	prefix := tempPrefix(path)
	for _, e := range entries {
		if name := e.Name(); strings.HasPrefix(name, prefix) && strings.HasSuffix(name, ".tmp") && e.Type().IsRegular() {
			os.Remove(filepath.Join(filepath.Dir(path), name))
		}
	}
}

// remove stages the removal of one of union-gen's own files.
func (o *Output) remove(path string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.removed = append(o.removed, path)
}
