package unions

import (
	"cmp"
	"maps"
	"slices"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/unionspec"
)

// Definition is an OpenAPI definition of a struct of the input packages
// whose JSON object has properties of unions that x-kubernetes-unions can
// say: what UnionDefinitions prints of it.
type Definition struct {
	// Name is openapi-gen's name of the definition.
	Name string
	// Unions have a selection table (unionspec.Union.Choices): the
	// struct's own, then those of the structs it embeds inline, in field
	// order.
	Unions []*unionspec.Union
}

// Definitions are the definitions of the structs of the input packages
// (the plans: none is generic) with unions in their JSON objects, by
// package path and type name, the order of UnionDefinitions.
func (model *Model) Definitions() []*Definition {
	var defs []*Definition
	for _, name := range slices.SortedFunc(maps.Keys(model.Plans), compareNames) {
		if unions := model.propertyUnions(name.String()); len(unions) > 0 {
			defs = append(defs, &Definition{Name: model.definitionNames[name], Unions: unions})
		}
	}
	return defs
}

func compareNames(a, b types.Name) int {
	return cmp.Or(cmp.Compare(a.Package, b.Package), cmp.Compare(a.Name, b.Name))
}

// propertyUnions are the unions whose fields are properties of the JSON
// object of the struct named root and that have a selection table: its own
// and those of the structs it embeds inline, recursively.
func (model *Model) propertyUnions(root string) []*unionspec.Union {
	var out []*unionspec.Union
	var seen []string
	var add func(name string)
	add = func(name string) {
		st := model.Structs()[name]
		if st == nil || slices.Contains(seen, name) { // type A struct{ *A } embeds itself
			return
		}
		seen = append(seen, name)
		for _, u := range st.Unions {
			if u.Choices != nil {
				out = append(out, u)
			}
		}
		for _, f := range st.Fields {
			if f.Name == "" { // inline: its properties are the object's own
				add(f.Walk.Struct)
			}
		}
	}
	add(root)
	return out
}
