package unionspec

// A Visitor is what a backend does on the walk of a Schema to its unions
// (Visit), at values of its own, T: a CRD's schema, the CEL of an object and
// its old counterpart, an unstructured object and its old counterpart. The
// walk is the schema's; each method decides whether, and at what value, the
// walk goes on, by calling the Walker, and may do what it needs before and
// after.
type Visitor[T any] interface {
	// Struct is called where the walk reaches the struct named name, by
	// walk (nil at the root): w.Struct(name, at) visits its unions and
	// fields.
	Struct(name string, walk *Walk, at T, w *Walker[T])
	// Union is called on each union of a struct, in order.
	Union(u *Union, at T)
	// Field is called on each field of a struct through which unions are
	// reached, in order, but for inline ones (Name ""), whose properties
	// are the struct's own and which the walk goes on into at the
	// struct's value: w.Walk(f.Walk, value) goes on at the field's value.
	Field(f *Field, at T, w *Walker[T])
	// Elems is called on a list, list-map or map (walk.Shape):
	// w.Walk(walk.Elem, item) goes on at each of its items or values.
	Elems(walk *Walk, at T, w *Walker[T])
}

// A Walker walks a Schema with a Visitor, which calls it to go on. It is
// made once per walk: a step allocates nothing.
type Walker[T any] struct {
	schema  *Schema
	visitor Visitor[T]
}

// Visit walks s with v from its root struct, at the root's value at.
func Visit[T any](s *Schema, v Visitor[T], at T) {
	v.Struct(s.Root, nil, at, NewWalker(s, v))
}

// NewWalker returns a Walker of s with v, for a backend that starts walks
// where it chooses: the Go methods walk each field of a struct to the
// structs whose methods they call.
func NewWalker[T any](s *Schema, v Visitor[T]) *Walker[T] {
	return &Walker[T]{schema: s, visitor: v}
}

// Struct visits the unions and fields of the struct named name, at its
// value at.
func (w *Walker[T]) Struct(name string, at T) {
	st := w.schema.Structs[name]
	for _, u := range st.Unions {
		w.visitor.Union(u, at)
	}
	for _, f := range st.Fields {
		if f.Name == "" {
			w.Walk(f.Walk, at)
			continue
		}
		w.visitor.Field(f, at, w)
	}
}

// Walk goes on along walk at the value at: into a struct, or into the
// items or values of a list, list-map or map.
func (w *Walker[T]) Walk(walk *Walk, at T) {
	switch walk.Shape {
	case ShapeStruct, ShapePointer:
		w.visitor.Struct(walk.Struct, walk, at, w)
	default:
		w.visitor.Elems(walk, at, w)
	}
}
