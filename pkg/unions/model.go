package unions

import (
	"slices"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/internal/typeinfo"
)

// Model is every union of the input packages, parsed and checked once. Both
// the Go and the OpenAPI emitters read it.
type Model struct {
	// Unions maps each struct that declares union fields to its unions, in the
	// order of their discriminator fields.
	Unions map[types.Name][]*Union
	// Reaching holds every struct of the input packages that has a union or
	// reaches one through its fields: each gets generated methods.
	Reaching map[types.Name]bool
	// ListMapKeys holds the keys of every "+listType=map" list through which
	// a union is reached; they match new items with old ones.
	ListMapKeys map[FieldRef][]KeyField
}

// Union is one discriminated union: a discriminator field and the member
// fields it selects, all declared in one struct.
type Union struct {
	// Struct declares the discriminator and the members.
	Struct        *types.Type
	Discriminator Field
	Enum          Enum
	// Members are in field order.
	Members []*Member
	// Default is the discriminator's "+default" value, when it has one.
	Default *string
}

// Field is a struct field of a union.
type Field struct {
	GoName   string
	JSONName string
	Type     *types.Type
}

// Member is a member field and the discriminator value that selects it.
type Member struct {
	Field
	Value string
	// Optional members may be selected while unset.
	Optional bool
}

// Enum is the discriminator's type and its values.
type Enum struct {
	Type *types.Type
	// Values are the distinct values of the enum's typed constants, sorted.
	Values []string
}

// Has reports whether value is a value of the enum.
func (e Enum) Has(value string) bool {
	_, found := slices.BinarySearch(e.Values, value)
	return found
}

// Selected returns the member that value selects, or nil for an empty member,
// the none value "" or a value outside the enum.
func (u *Union) Selected(value string) *Member {
	for _, m := range u.Members {
		if m.Value == value {
			return m
		}
	}
	return nil
}

// PropertyUnions returns the unions whose fields are properties of t's JSON
// object: t's own and those of the structs it embeds inline, recursively.
func (model *Model) PropertyUnions(t *types.Type) []*Union {
	return model.propertyUnions(t, map[*types.Type]bool{})
}

func (model *Model) propertyUnions(t *types.Type, seen map[*types.Type]bool) []*Union {
	if seen[t] {
		return nil // type A struct{ *A } embeds itself
	}
	seen[t] = true
	unions := slices.Clone(model.Unions[t.Name])
	for _, m := range t.Members {
		if !typeinfo.IsInline(m) {
			continue
		}
		embedded := typeinfo.Underlying(m.Type)
		if embedded.Kind == types.Pointer {
			embedded = embedded.Elem
		}
		if embedded.Kind == types.Struct {
			unions = append(unions, model.propertyUnions(embedded, seen)...)
		}
	}
	return unions
}
