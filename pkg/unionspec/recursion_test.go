package unionspec

import "testing"

// TestRecursion: a struct that comes back through values with old
// counterparts is found, with where it recurs; one that comes back only
// through a plain list, whose items normalization does not walk, is not.
func TestRecursion(t *testing.T) {
	node := func(child *Walk) *Schema {
		return &Schema{Root: "Tree", Structs: map[string]*Struct{
			"Tree": {Fields: []*Field{{Name: "spec", Walk: &Walk{Shape: ShapeStruct, Struct: "Node", HasOld: true}}}},
			"Node": {Fields: []*Field{{Name: "children", Walk: child}}},
		}}
	}
	nodeWalk := func(hasOld bool) *Walk {
		return &Walk{Shape: ShapePointer, Struct: "Node", HasOld: hasOld}
	}
	for _, tc := range []struct {
		name       string
		child      *Walk
		recurs, at string
	}{
		{"pointer", nodeWalk(true), "Node", ".spec.children"},
		{"map", &Walk{Shape: ShapeMap, HasOld: true, Elem: nodeWalk(true)}, "Node", ".spec.children[*]"},
		{"plain list", &Walk{Shape: ShapeList, Elem: nodeWalk(false)}, "", ""},
	} {
		if recurs, at := node(tc.child).Recursion(); recurs != tc.recurs || at != tc.at {
			t.Errorf("%s: Recursion = %q, %q; want %q, %q", tc.name, recurs, at, tc.recurs, tc.at)
		}
	}
}
