package unionspec

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
)

// Schema describes where the unions of a kind are: its root struct and, by
// name, every struct through which unions are reached.
type Schema struct {
	Root    string             `json:"root"`
	Structs map[string]*Struct `json:"structs"`
}

// Struct is an object that has unions or reaches them through properties.
type Struct struct {
	// Unions are the object's own, in the order of their discriminators.
	Unions []*Union `json:"unions,omitempty"`
	// Fields reach unions through properties, in field order.
	Fields []*Field `json:"fields,omitempty"`
}

// Field is a property through which unions are reached.
type Field struct {
	// Name is "" for an inline struct, whose properties are the object's own.
	Name string `json:"name,omitempty"`
	Walk *Walk  `json:"walk"`
}

// Walk is how the unions in a value are reached.
type Walk struct {
	Shape Shape `json:"shape"`
	// Struct names the Schema's struct of ShapeStruct and ShapePointer.
	Struct string `json:"struct,omitempty"`
	// Elem walks the items or values of lists, list-maps and maps.
	Elem *Walk `json:"elem,omitempty"`
	// Keys match the items of a ShapeListMap.
	Keys []*Key `json:"keys,omitempty"`
	// HasOld is set when the walk reaches unions through values that have
	// old counterparts: only those can need normalizing.
	HasOld bool `json:"hasOld,omitempty"`
}

// Counterpart is the old counterpart of a walked value, old being the old
// parent's property: {} for an absent or null struct, as Go has none.
func (w *Walk) Counterpart(old any) any {
	if old == nil && w.Shape == ShapeStruct {
		return map[string]any{}
	}
	return old
}

// Verify reports the first struct or value that the schema names and that is
// not known, so that an evaluator never meets a missing struct nor misreads a
// misspelling. It reads every struct, as Visit, which takes the schema for
// verified, cannot.
func (s *Schema) Verify() error {
	if s.Structs[s.Root] == nil {
		return fmt.Errorf("no struct %q", s.Root)
	}
	for _, name := range slices.Sorted(maps.Keys(s.Structs)) {
		st := s.Structs[name]
		if st == nil {
			return fmt.Errorf("struct %q is null", name)
		}
		err := cmp.Or(checkEach(st.Unions, "union", func(u *Union) string { return u.Discriminator }, checkUnion),
			checkEach(st.Fields, "field", func(f *Field) string { return f.Name }, func(f *Field) error { return s.checkWalk(f.Walk) }))
		if err != nil {
			return fmt.Errorf("struct %q: %w", name, err)
		}
	}
	return nil
}

// checkEach checks a list's items, none null, and names the first that fails.
func checkEach[T any](items []*T, kind string, name func(*T) string, check func(*T) error) error {
	for _, item := range items {
		if item == nil {
			return fmt.Errorf("a %s is null", kind)
		}
		if err := check(item); err != nil {
			return fmt.Errorf("%s %q: %w", kind, name(item), err)
		}
	}
	return nil
}

// checkUnion verifies that a union names only its members and known values.
func checkUnion(u *Union) error {
	err := checkEach(u.Members, "member", func(m *Member) string { return m.Name }, func(m *Member) error { return checkPresence(m.Presence, m.Properties) })
	if err != nil {
		return err
	}
	if u.Kept != nil {
		if err := checkCond(u, u.Kept, false); err != nil {
			return fmt.Errorf("kept: %w", err)
		}
	}
	for i, c := range u.Checks {
		if c == nil || !slices.Contains(ErrorTypes, c.Error) {
			return fmt.Errorf("check %d: no known error type", i)
		}
		if err := checkCond(u, c.When, true); err != nil {
			return fmt.Errorf("check %d: %w", i, err)
		}
	}
	for i, c := range u.Clears {
		if c == nil || u.Member(c.Member) == nil {
			return fmt.Errorf("clear %d: no member", i)
		}
		if err := checkCond(u, c.When, true); err != nil {
			return fmt.Errorf("clear %d: %w", i, err)
		}
	}
	return nil
}

// checkCond verifies c; kept tells whether it may use OpKept, as Kept may not.
func checkCond(u *Union, c *Cond, kept bool) error {
	switch {
	case c == nil:
		return fmt.Errorf("a condition is null")
	case !slices.Contains(Ops, c.Op):
		return fmt.Errorf("unknown operation %q", c.Op)
	case c.Op == OpNot && len(c.Args) != 1:
		return fmt.Errorf("%s takes one condition", c.Op)
	case c.Op == OpKept && (u.Kept == nil || !kept):
		return fmt.Errorf("%s in a union that does not ratchet, or in kept itself", c.Op)
	case slices.Contains([]Op{OpSet, OpOldSet, OpSameSet, OpEqual}, c.Op) && u.Member(c.Member) == nil:
		return fmt.Errorf("%s: no member %q", c.Op, c.Member)
	}
	for _, arg := range c.Args {
		if err := checkCond(u, arg, kept); err != nil {
			return err
		}
	}
	return nil
}

func checkPresence(p Presence, props []*Property) error {
	if !slices.Contains(Presences, p) {
		return fmt.Errorf("unknown presence %q", p)
	}
	return checkEach(props, "property", func(p *Property) string { return p.Name }, func(p *Property) error { return checkPresence(p.Presence, p.Properties) })
}

func (s *Schema) checkWalk(w *Walk) error {
	if w == nil {
		return fmt.Errorf("no walk")
	}
	switch w.Shape {
	case ShapeStruct, ShapePointer:
		if s.Structs[w.Struct] == nil {
			return fmt.Errorf("no struct %q", w.Struct)
		}
		return nil
	case ShapeListMap:
		return cmp.Or(checkEach(w.Keys, "key", func(k *Key) string { return k.Name }, func(k *Key) error {
			if !slices.Contains(KeyTypes, k.Type) {
				return fmt.Errorf("unknown type %q", k.Type)
			}
			return nil
		}), s.checkWalk(w.Elem))
	case ShapeList, ShapeMap:
		return s.checkWalk(w.Elem)
	}
	return fmt.Errorf("unknown shape %q", w.Shape)
}
