package unions

import (
	"slices"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/internal/rules"
	"github.com/union-gen/union-gen/internal/typeinfo"
	"github.com/union-gen/union-gen/pkg/markers"
)

// FieldRef names a field of a struct.
type FieldRef struct {
	Struct types.Name
	Field  string
}

// KeyField is a "+listMapKey" field of the items of a "+listType=map" list.
type KeyField struct {
	GoName string
	// Pointer keys are compared by the values they point to.
	Pointer bool
}

// reach finds every struct of the input packages (structs, in order) that
// has a union or reaches one through its fields, and checks that the way to each union can be
// walked by generated code.
func (b *builder) reach(structs []*types.Type) {
	structs = slices.DeleteFunc(slices.Clone(structs), func(t *types.Type) bool { return len(t.TypeParams) > 0 })
	for name := range b.model.Unions {
		b.model.Reaching[name] = true
	}
	for changed := true; changed; {
		changed = false
		for _, t := range structs {
			if b.model.Reaching[t.Name] {
				continue
			}
			for _, m := range t.Members {
				if typeinfo.IsSerialized(m) && b.model.Reaches(m.Type) {
					b.model.Reaching[t.Name] = true
					changed = true
					break
				}
			}
		}
	}
	for _, t := range structs {
		if !b.model.Reaching[t.Name] {
			continue
		}
		for _, m := range t.Members {
			if typeinfo.IsSerialized(m) && b.model.Reaches(m.Type) {
				b.checkWalk(t, m)
			}
		}
	}
}

// Reaches reports whether a value of type t contains a struct with generated
// union methods.
func (model *Model) Reaches(t *types.Type) bool {
	return model.reaches(t, map[*types.Type]bool{})
}

func (model *Model) reaches(t *types.Type, seen map[*types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind {
	case types.Struct:
		return model.Reaching[t.Name]
	case types.Pointer, types.Slice, types.Array:
		return model.reaches(t.Elem, seen)
	case types.Map:
		return model.reaches(t.Elem, seen)
	case types.Alias:
		return model.reaches(t.Underlying, seen)
	}
	return false
}

// checkWalk reports a field through which a union is reached in a way the
// generated code cannot follow, and records the keys of "+listType=map" lists.
func (b *builder) checkWalk(t *types.Type, m types.Member) {
	if why := b.unwalkable(typeinfo.Underlying(m.Type)); why != "" {
		b.fieldError(t, m.Name, rules.MapKeys, "cannot reach the unions in %s: %s", b.names.Name(m.Type), why)
		return
	}
	fm, _ := markers.ParseField(m.CommentLines)
	if fm.ListType != "map" {
		return
	}
	list := typeinfo.Underlying(m.Type)
	item := list.Elem
	if list.Kind == types.Slice && item.Kind == types.Pointer {
		item = item.Elem
	}
	if list.Kind != types.Slice || item.Kind != types.Struct {
		b.fieldError(t, m.Name, rules.ListMapKeys, "+listType=map needs a list of structs, not %s", b.names.Name(m.Type))
		return
	}
	if len(fm.ListMapKeys) == 0 {
		b.fieldError(t, m.Name, rules.ListMapKeys, "+listType=map needs at least one +listMapKey=<json name> to match items with the old object")
		return
	}
	var keys []KeyField
	for _, key := range fm.ListMapKeys {
		k, ok := findKey(item, key)
		if !ok {
			b.fieldError(t, m.Name, rules.ListMapKeys, "+listMapKey=%s: %s has no scalar field with JSON name %q", key, b.names.Name(item), key)
			return
		}
		keys = append(keys, k)
	}
	b.model.ListMapKeys[FieldRef{Struct: t.Name, Field: m.Name}] = keys
}

// unwalkable says why generated code cannot descend through a value of type
// t to its unions, or "" when it can.
func (b *builder) unwalkable(t *types.Type) string {
	switch t.Kind {
	case types.Pointer:
		if t.Elem.Kind != types.Struct {
			return "a pointer to " + b.names.Name(t.Elem) + " is not supported; use a pointer to a struct, a slice or a map"
		}
	case types.Slice, types.Array:
		return b.unwalkable(typeinfo.Underlying(t.Elem))
	case types.Map:
		if k := typeinfo.Underlying(t.Key); k.Kind != types.Builtin || k.Name.Name != "string" {
			return "map keys must be strings to name the map's values in field paths"
		}
		return b.unwalkable(typeinfo.Underlying(t.Elem))
	}
	return ""
}

// findKey finds the scalar (or pointer to scalar) field of item with the
// given JSON name, looking into inlined embedded structs as JSON does.
func findKey(item *types.Type, jsonName string) (KeyField, bool) {
	for _, m := range item.Members {
		if typeinfo.IsInline(m) && typeinfo.Underlying(m.Type).Kind == types.Struct {
			if k, ok := findKey(typeinfo.Underlying(m.Type), jsonName); ok {
				return KeyField{GoName: m.Name + "." + k.GoName, Pointer: k.Pointer}, true
			}
			continue
		}
		if typeinfo.JSONName(m) != jsonName {
			continue
		}
		switch ft := typeinfo.Underlying(m.Type); {
		case typeinfo.IsScalar(ft):
			return KeyField{GoName: m.Name}, true
		case ft.Kind == types.Pointer && typeinfo.IsScalar(typeinfo.Underlying(ft.Elem)):
			return KeyField{GoName: m.Name, Pointer: true}, true
		}
	}
	return KeyField{}, false
}
