package unions

import (
	"cmp"
	"maps"
	"slices"

	"k8s.io/gengo/v2/types"
)

// Definition is an OpenAPI definition of a struct of the input packages
// whose JSON object has properties of unions that x-kubernetes-unions can
// say: what UnionDefinitions prints of it.
type Definition struct {
	// Name is openapi-gen's name of the definition.
	Name string
	// Unions have a selection table: the struct's own, then those of the
	// structs it embeds inline, in field order.
	Unions []*OpenAPIUnion
}

// OpenAPIUnion is what x-kubernetes-unions says of a discriminated union:
// its discriminator's property and its selection table.
type OpenAPIUnion struct {
	Discriminator string
	Choices       []*Choice
}

// Choice is a row of a union's selection table.
type Choice struct {
	Value string
	// Member is the member that Value selects; "" for an empty member or
	// the none value "".
	Member string
	// Optional: Value may select Member while it is unset.
	Optional bool
}

// Definitions are the definitions of the structs of the input packages
// (the plans: none is generic) with unions in their JSON objects, by
// package path and type name, the order of UnionDefinitions.
func (model *Model) Definitions() []*Definition {
	var defs []*Definition
	plans := map[string]*Plan{}
	for name, plan := range model.Plans {
		plans[name.String()] = plan
	}
	for _, name := range slices.SortedFunc(maps.Keys(model.Plans), compareNames) {
		if unions := propertyUnions(plans, name.String()); len(unions) > 0 {
			defs = append(defs, &Definition{Name: model.definitionNames[name], Unions: unions})
		}
	}
	return defs
}

func compareNames(a, b types.Name) int {
	return cmp.Or(cmp.Compare(a.Package, b.Package), cmp.Compare(a.Name, b.Name))
}

// propertyUnions are the unions whose fields are properties of the JSON
// object of the plan named root and that have a selection table: its own
// and those of the structs it embeds inline, recursively; plans are the
// model's by name.
func propertyUnions(plans map[string]*Plan, root string) []*OpenAPIUnion {
	var out []*OpenAPIUnion
	var seen []string
	var add func(name string)
	add = func(name string) {
		plan := plans[name]
		if plan == nil || slices.Contains(seen, name) { // type A struct{ *A } embeds itself
			return
		}
		seen = append(seen, name)
		for _, u := range plan.Unions {
			if choices := u.choices(); choices != nil {
				out = append(out, &OpenAPIUnion{Discriminator: u.Discriminator.JSONName, Choices: choices})
			}
		}
		for _, f := range plan.Description.Fields {
			if f.Name == "" { // inline: its properties are the object's own
				add(f.Walk.Struct)
			}
		}
	}
	add(root)
	return out
}
