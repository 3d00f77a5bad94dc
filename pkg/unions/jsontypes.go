package unions

import (
	"reflect"
	"slices"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/internal/typeinfo"
)

// jsonTypes holds what encoding/json sees of each gengo type that the model
// reads: which fields it serializes, under which names, and which embedded
// structs it inlines. It is decided here once, by the one recursive walk of
// gengo types in the model (of); the model's walks (reach.go's walks to the
// unions, outside.go's, the JSON names', the members' zero values) go over
// its result.
type jsonTypes struct {
	byType map[*types.Type]*jsonType
	// versioned is the struct of versioned types whose json tags name the
	// fields of a struct of internal types (Options.Versioned); nil for
	// any other.
	versioned func(*types.Type) *types.Type
}

// jsonType is what JSON sees of a value of a gengo type.
type jsonType struct {
	// Type is the type as declared, and under what it is declared as
	// (typeinfo.Underlying).
	Type, under *types.Type
	// elem is the element's of a pointer, slice, array or map.
	elem *jsonType
	// fields are a struct's, every one in declaration order.
	fields []*jsonField
	// props caches properties.
	props map[string][]jsonProperty
}

// jsonField is a struct field as encoding/json sees it.
type jsonField struct {
	member *types.Member
	// index is the field's place in its struct.
	index int
	// embedded is set for an embedded field; serialized when JSON sees it,
	// as a named property or inlined.
	embedded, serialized bool
	// name is its JSON name ("" for an inlined embedded struct), and tag
	// the name its json tag writes.
	name, tag string
	// inline is set when encoding/json inlines the field's value into its
	// struct's object: an embedded field without a JSON name.
	inline bool
	// omitsZero is set when encoding/json leaves the field out of the
	// object at its zero value (omitempty or omitzero in its tag), and
	// omitzero when the tag says omitzero.
	omitsZero, omitzero bool
	// inlined is the struct whose fields an inlined field brings, through a
	// pointer or not; nil for an inlined field of another kind.
	inlined *jsonType
	// typ is the field's type's.
	typ *jsonType
	// versioned is the struct of versioned types whose field of the same
	// name, at versionedIndex, named this field of an internal struct.
	versioned      *types.Type
	versionedIndex int
}

// jsonProperty is a field of a struct's JSON object, reached through inlined
// embedded structs.
type jsonProperty struct {
	path   []string // Go names from the struct, embedded structs first
	tagged bool     // its name is the json tag's
}

func newJSONTypes(versioned func(*types.Type) *types.Type) *jsonTypes {
	return &jsonTypes{byType: map[*types.Type]*jsonType{}, versioned: versioned}
}

// of returns what JSON sees of t, walking t on the first call: its element
// type, or the types of its fields.
func (j *jsonTypes) of(t *types.Type) *jsonType {
	if jt, ok := j.byType[t]; ok {
		return jt
	}
	jt := &jsonType{Type: t, under: typeinfo.Underlying(t)}
	j.byType[t] = jt
	switch jt.under.Kind {
	case types.Pointer, types.Slice, types.Array, types.Map:
		jt.elem = j.of(jt.under.Elem)
	case types.Struct:
		var versioned *types.Type
		if j.versioned != nil {
			versioned = j.versioned(t)
		}
		jt.fields = make([]*jsonField, len(jt.under.Members))
		for i := range jt.under.Members {
			jt.fields[i] = j.field(&jt.under.Members[i], i, versioned)
		}
	}
	return jt
}

// field is what JSON sees of the field m of a struct. A field without a
// json tag of a struct of internal types is seen as the same-named field
// of its versioned struct, which conversion fills from it.
func (j *jsonTypes) field(m *types.Member, index int, versioned *types.Type) *jsonField {
	f := &jsonField{member: m, index: index, typ: j.of(m.Type)}
	seen := *m
	if _, tagged := reflect.StructTag(m.Tags).Lookup("json"); !tagged && versioned != nil {
		for i, v := range versioned.Members {
			if v.Name == m.Name {
				seen.Tags, f.versioned, f.versionedIndex = v.Tags, versioned, i
			}
		}
	}
	f.embedded, f.serialized, f.name, f.tag, f.inline = m.Embedded, typeinfo.IsSerialized(seen), typeinfo.JSONName(seen), typeinfo.JSONTag(seen)[0], typeinfo.IsInline(seen)
	f.omitzero = typeinfo.HasJSONOption(seen, "omitzero")
	f.omitsZero = f.omitzero || typeinfo.HasJSONOption(seen, "omitempty")
	if f.inline {
		inner := f.typ
		if inner.under.Kind == types.Pointer {
			inner = inner.elem
		}
		if inner.under.Kind == types.Struct {
			f.inlined = j.of(inner.under)
		}
	}
	return f
}

// isStruct reports whether a value of the type is a struct.
func (jt *jsonType) isStruct() bool {
	return jt.under.Kind == types.Struct
}

// properties lists the fields of a struct's JSON object by name, as
// encoding/json collects them: those of inlined embedded structs too, each
// struct once.
func (jt *jsonType) properties() map[string][]jsonProperty {
	if jt.props != nil {
		return jt.props
	}
	jt.props = map[string][]jsonProperty{}
	seen := map[*types.Type]bool{}
	var collect func(s *jsonType, path []string)
	collect = func(s *jsonType, path []string) {
		if seen[s.under] {
			return
		}
		seen[s.under] = true
		for _, f := range s.fields {
			if !f.serialized {
				continue
			}
			p := append(slices.Clone(path), f.member.Name)
			if f.inlined != nil {
				collect(f.inlined, p)
				continue
			}
			jt.props[f.name] = append(jt.props[f.name], jsonProperty{path: p, tagged: f.name == f.tag})
		}
	}
	collect(jt, nil)
	return jt.props
}

// versionedStructs finds the versioned struct of a struct of internal types
// by its package's pair in versioned and its name (Options.Versioned).
func versionedStructs(universe types.Universe, versioned map[string]string) func(*types.Type) *types.Type {
	return func(t *types.Type) *types.Type {
		path, ok := versioned[t.Name.Package]
		if !ok || universe[path] == nil {
			return nil
		}
		if v := universe[path].Types[t.Name.Name]; v != nil && v.Kind == types.Struct {
			return v
		}
		return nil
	}
}
