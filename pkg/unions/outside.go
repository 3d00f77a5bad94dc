package unions

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/report"
)

// outsideWalk finds the unions that the input packages' structs reach in
// packages that are not inputs: Build reads the unions of the input packages
// only, so nothing would check those, and nothing would say so.
type outsideWalk struct {
	b      *builder
	inputs map[string]bool
	// visited holds every type walked. Each is walked once, from the first
	// field that reaches it, which the unions it reaches are reported with:
	// a later field reaches no union that an earlier one did not.
	visited map[*types.Type]bool
	// roots are the module directories of the input packages, found at the
	// first union reached, which most runs never come to.
	roots map[string]bool
	// inModule caches, by package path, inInputModule's answer.
	inModule map[string]bool
}

// outsideUnions reports, once per union type, the unions that fields of the
// input packages' structs reach in other packages: an error where the
// package is in an input package's module, so that the user can add it to
// the patterns; a warning where it is of another module, whose unions are
// its own project's (k8s.io/api's, in a PodSpec).
func (b *builder) outsideUnions(structs []*types.Type, inputs []string) {
	w := &outsideWalk{b: b, inputs: map[string]bool{}, visited: map[*types.Type]bool{}, inModule: map[string]bool{}}
	for _, path := range inputs {
		w.inputs[path] = true
	}
	for _, t := range structs {
		for _, f := range b.json.of(t).fields {
			if !f.serialized {
				continue
			}
			for _, u := range w.walk(f.typ, nil) {
				w.report(t, *f.member, u)
			}
		}
	}
}

// walk appends to found the structs with union markers of packages that are
// not inputs that a value of type jt holds, through the fields that JSON
// sees, and returns it. It stops at the structs of the input packages, whose
// own fields are walked as inputs.
func (w *outsideWalk) walk(jt *jsonType, found []*types.Type) []*types.Type {
	if w.visited[jt.Type] {
		return found
	}
	w.visited[jt.Type] = true
	switch t := jt.Type; t.Kind {
	case types.Alias:
		return w.walk(w.b.json.of(t.Underlying), found)
	case types.Pointer, types.Slice, types.Array, types.Map:
		return w.walk(jt.elem, found)
	case types.Struct:
		if w.inputs[t.Name.Package] {
			return found
		}
		if t.Name.Package != "" && w.hasUnion(jt) {
			found = append(found, t)
		}
		for _, f := range jt.fields {
			if f.serialized {
				found = w.walk(f.typ, found)
			}
		}
	}
	return found
}

// hasUnion is the builder's test of a struct's union markers, with the doc
// comment read from the source where gengo gave none. A struct that JSON
// sees no field of has no union to check, so its source is not read: the
// standard library's (time.Time in metav1.Time) costs nothing.
func (w *outsideWalk) hasUnion(jt *jsonType) bool {
	t := jt.Type
	if w.b.marks.unionMarked(t) {
		return true
	}
	if len(t.CommentLines) > 0 || !slices.ContainsFunc(jt.fields, func(f *jsonField) bool { return f.serialized }) {
		return false
	}
	return w.b.marks.sourceUnionType(t)
}

// report reports union u, reached from field m of input struct t.
func (w *outsideWalk) report(t *types.Type, m types.Member, u *types.Type) {
	b, pkg := w.b, u.Name.Package
	if w.inInputModule(pkg) {
		pos, field := b.marks.firstUnionMarker(u)
		b.report(pos, b.subject(u, field), report.OutsideUnion, false, "the union of %s is reached from %s, but package %s is not an input, so nothing checks it: add %s to the package patterns",
			b.names.Name(u), b.subject(t, m.Name), pkg, pkg)
		return
	}
	b.report(b.src.FieldPos(b.dir(t), declName(t), m.Name), b.subject(t, m.Name), report.ForeignUnion, true,
		"reaches the union of %s, in package %s of another module: union-gen does not check it, as a module's unions are its own project's to enforce", b.names.Name(u), pkg)
}

// inInputModule reports whether package pkg is in the module of an input
// package, where the user can make it an input: the module of the go.mod
// nearest above its directory is an input's, and it is not a vendored copy
// of another module's package.
func (w *outsideWalk) inInputModule(pkg string) bool {
	if in, ok := w.inModule[pkg]; ok {
		return in
	}
	if w.roots == nil {
		w.roots = map[string]bool{}
		for path := range w.inputs {
			w.roots[moduleRoot(w.b.universe.Package(path).Dir)] = true
		}
		delete(w.roots, "")
	}
	dir := w.b.universe.Package(pkg).Dir
	root := moduleRoot(dir)
	rel, err := filepath.Rel(root, dir)
	in := w.roots[root] && err == nil && rel != "vendor" && !strings.HasPrefix(rel, "vendor"+string(filepath.Separator))
	w.inModule[pkg] = in
	return in
}

// moduleRoot is the directory of the go.mod nearest above dir, or "" when
// there is none.
func moduleRoot(dir string) string {
	if dir == "" {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}
