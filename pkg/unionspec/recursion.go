package unionspec

import "slices"

// Recursion finds a path through values with old counterparts (those that
// normalization walks) back to a struct already on it, which a policy's
// CEL, of a fixed depth, cannot normalize, nor a CRD's schema describe
// (controller-gen writes {} where a type recurs): it returns the struct and
// the path, or "".
func (s *Schema) Recursion() (structName, path string) {
	var r recursion
	Visit(s, Visitor[onPath](&r), onPath{})
	return r.structName, r.path
}

// recursion is the first struct found again on its own path, and where.
type recursion struct{ structName, path string }

// onPath is a value's path and the structs on it.
type onPath struct {
	path    string
	structs []string
}

func (r *recursion) Struct(name string, _ *Walk, p onPath, w *Walker[onPath]) {
	switch {
	case r.structName != "":
	case slices.Contains(p.structs, name):
		r.structName, r.path = name, p.path
	default:
		p.structs = append(slices.Clip(p.structs), name)
		w.Struct(name, p)
	}
}

func (r *recursion) Union(*Union, onPath) {}

func (r *recursion) Field(f *Field, p onPath, w *Walker[onPath]) {
	if f.Walk.HasOld {
		w.Walk(f.Walk, onPath{p.path + "." + f.Name, p.structs})
	}
}

func (r *recursion) Elems(walk *Walk, p onPath, w *Walker[onPath]) {
	w.Walk(walk.Elem, onPath{p.path + "[*]", p.structs})
}
