package unionspec

import (
	"fmt"
	"maps"
	"slices"
)

// Schema describes where the unions of a kind are, as the properties of its
// JSON object: its root struct and every struct through which unions are
// reached, by name. The model builds it from the Go types (one walk, which
// the generated methods print); the policy prints it and carries it in its
// annotation, and package unstructuredunions evaluates it.
type Schema struct {
	Root    string             `json:"root"`
	Structs map[string]*Struct `json:"structs"`
}

// Struct is an object that has unions or reaches them through its
// properties.
type Struct struct {
	// Unions are the object's own, in the order of their discriminators:
	// their checks and clears, which every backend prints or evaluates.
	Unions []*Union `json:"unions,omitempty"`
	// Fields are the properties through which the object reaches unions, in
	// field order; a field with no name is a struct embedded inline, whose
	// properties are the object's own.
	Fields []*Field `json:"fields,omitempty"`
}

// Field is a property through which unions are reached.
type Field struct {
	// Name is the property's name; "" for a struct embedded inline.
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

// Counterpart is the old counterpart of a walked value whose parent has one,
// old being the parent's property: a struct that is absent or null is then
// the empty object, as Go has no absent struct.
func (w *Walk) Counterpart(old any) any {
	if old == nil && w.Shape == ShapeStruct {
		return map[string]any{}
	}
	return old
}

// Check verifies that every struct that the schema names is in it, and
// that every mode, presence test and key type is one this package knows,
// so that Normalize and Validate never meet a missing struct nor read a
// misspelt value as another.
func (s *Schema) Check() error {
	if s.Structs[s.Root] == nil {
		return fmt.Errorf("no struct %q", s.Root)
	}
	for _, name := range slices.Sorted(maps.Keys(s.Structs)) {
		st := s.Structs[name]
		if st == nil {
			return fmt.Errorf("struct %q is null", name)
		}
		for _, u := range st.Unions {
			if u == nil {
				return fmt.Errorf("struct %q: a union is null", name)
			}
			if err := checkUnion(u); err != nil {
				return fmt.Errorf("struct %q: union %q: %w", name, u.Discriminator, err)
			}
		}
		for _, f := range st.Fields {
			if f == nil {
				return fmt.Errorf("struct %q: a field is null", name)
			}
			if err := s.checkWalk(f.Walk); err != nil {
				return fmt.Errorf("struct %q: field %q: %w", name, f.Name, err)
			}
		}
	}
	return nil
}

// checkUnion verifies that a union's rules name only its members, and use
// only known presence tests, operations and error types.
func checkUnion(u *Union) error {
	for _, m := range u.Members {
		if m == nil {
			return fmt.Errorf("a member is null")
		}
		if err := checkPresence(m.Presence, m.Properties); err != nil {
			return fmt.Errorf("member %q: %w", m.Name, err)
		}
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

// checkCond verifies a condition; kept tells whether it may name the union's
// Kept, which Kept itself may not.
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
	}
	switch c.Op {
	case OpSet, OpOldSet, OpSameSet, OpEqual:
		if u.Member(c.Member) == nil {
			return fmt.Errorf("%s: no member %q", c.Op, c.Member)
		}
	}
	for _, arg := range c.Args {
		if err := checkCond(u, arg, kept); err != nil {
			return err
		}
	}
	return nil
}

// checkPresence verifies a presence test and the properties of a nonZero
// one.
func checkPresence(p Presence, props []*Property) error {
	if !slices.Contains(Presences, p) {
		return fmt.Errorf("unknown presence %q", p)
	}
	for _, prop := range props {
		if prop == nil {
			return fmt.Errorf("a property is null")
		}
		if err := checkPresence(prop.Presence, prop.Properties); err != nil {
			return fmt.Errorf("property %q: %w", prop.Name, err)
		}
	}
	return nil
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
		for _, k := range w.Keys {
			if k == nil {
				return fmt.Errorf("a key is null")
			}
			if !slices.Contains(KeyTypes, k.Type) {
				return fmt.Errorf("key %q: unknown type %q", k.Name, k.Type)
			}
		}
		return s.checkWalk(w.Elem)
	case ShapeList, ShapeMap:
		return s.checkWalk(w.Elem)
	}
	return fmt.Errorf("unknown shape %q", w.Shape)
}
