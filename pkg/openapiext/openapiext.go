// Package openapiext adds the x-kubernetes-unions extension of union-gen's
// unions to openapi-gen's definitions, in two shapes: KEP-1027's, on the
// discriminator's property, and the legacy list that kube-openapi emits on
// the struct and that structured-merge-diff schemas are built from.
package openapiext

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"

	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// Extension is the name of the OpenAPI extension of both shapes.
const Extension = "x-kubernetes-unions"

// Definitions maps openapi-gen's definition names to the unions whose fields
// are properties of that definition, including unions of structs embedded
// inline. union-gen generates a UnionDefinitions function that returns it.
type Definitions map[string][]Union

// Union is one discriminated union of a definition.
type Union struct {
	// Discriminator is the JSON name of the discriminator property.
	Discriminator string
	// FieldMembers maps every value of the discriminator to the member it
	// selects; nil for an empty member and for the "" none value.
	FieldMembers map[string]*MemberField
}

// XKubernetesUnions is KEP-1027's extension on a discriminator's property.
type XKubernetesUnions struct {
	FieldMembers map[string]*MemberField `json:"fieldMembers"`
}

// MemberField is a member of a union, as KEP-1027 defines it.
type MemberField struct {
	// Name is the JSON name of the member field.
	Name string `json:"name"`
	// Optional members may be selected while unset.
	Optional bool `json:"optional"`
}

// LegacyUnion is an item of the list that kube-openapi emits on a struct's
// schema and that kube-openapi's schemaconv turns into a
// structured-merge-diff schema.Union.
type LegacyUnion struct {
	Discriminator string `json:"discriminator,omitempty"`
	// FieldsToDiscriminateBy maps the JSON name of each member to the
	// discriminator value that selects it.
	FieldsToDiscriminateBy map[string]string `json:"fields-to-discriminateBy"`
}

// legacy is the union in the legacy shape: empty members have no field.
func (u Union) legacy() LegacyUnion {
	l := LegacyUnion{Discriminator: u.Discriminator, FieldsToDiscriminateBy: map[string]string{}}
	for value, member := range u.FieldMembers {
		if member != nil {
			l.FieldsToDiscriminateBy[member.Name] = value
		}
	}
	return l
}

// WithUnions returns definitions that are get's with the unions' extensions
// added. A union whose definition or discriminator property get does not
// have is a mismatch between union-gen's and openapi-gen's inputs: the
// returned function panics with the error of AddUnions, so that the API
// server stops at start-up rather than serve a schema without the union.
func WithUnions(get common.GetOpenAPIDefinitions, unions Definitions) common.GetOpenAPIDefinitions {
	return func(ref common.ReferenceCallback) map[string]common.OpenAPIDefinition {
		defs := get(ref)
		if err := AddUnions(defs, unions); err != nil {
			panic(err)
		}
		return defs
	}
}

// AddUnions adds the extensions of unions to defs, and reports every union
// whose definition or discriminator property defs lacks.
func AddUnions(defs map[string]common.OpenAPIDefinition, unions Definitions) error {
	var errs []error
	for _, name := range slices.Sorted(maps.Keys(unions)) {
		def, ok := defs[name]
		if !ok {
			errs = append(errs, fmt.Errorf("openapiext: no OpenAPI definition %q for its unions: run openapi-gen on the package of that type", name))
			continue
		}
		var legacy []any
		if existing, ok := def.Schema.Extensions[Extension]; ok {
			list, ok := existing.([]any)
			if !ok {
				errs = append(errs, fmt.Errorf("openapiext: definition %q already has a %s extension that is not a list: %v", name, Extension, existing))
				continue
			}
			legacy = list
		}
		for _, u := range unions[name] {
			prop, ok := def.Schema.Properties[u.Discriminator]
			if !ok {
				errs = append(errs, fmt.Errorf("openapiext: definition %q has no property %q for the discriminator of its union", name, u.Discriminator))
				continue
			}
			prop.AddExtension(Extension, jsonValue(XKubernetesUnions{FieldMembers: u.FieldMembers}))
			def.Schema.Properties[u.Discriminator] = prop
			legacy = append(legacy, jsonValue(u.legacy()))
		}
		if len(legacy) > 0 {
			def.Schema.AddExtension(Extension, legacy)
		}
		defs[name] = def
	}
	return errors.Join(errs...)
}

// jsonValue returns v as encoding/json decodes it into an interface{}, the
// form extensions have once read from a document: every reader of the
// definitions then sees the same values, in process or not.
func jsonValue(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("openapiext: %T does not marshal: %v", v, err))
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		panic(fmt.Sprintf("openapiext: %T does not unmarshal: %v", v, err))
	}
	return out
}

// ReadKEPUnion reads KEP-1027's extension from a discriminator's property
// schema. It returns nil when the schema has none, and an error when the
// extension is not of the KEP's shape.
func ReadKEPUnion(s spec.Schema) (*XKubernetesUnions, error) {
	v, ok := s.Extensions[Extension]
	if !ok {
		return nil, nil
	}
	var u XKubernetesUnions
	if err := decodeStrict(v, &u); err != nil {
		return nil, fmt.Errorf("openapiext: %s on a property must be {\"fieldMembers\": {\"<value>\": {\"name\": ..., \"optional\": ...} or null}}: %w", Extension, err)
	}
	if u.FieldMembers == nil {
		return nil, fmt.Errorf("openapiext: %s on a property has no fieldMembers", Extension)
	}
	for value, member := range u.FieldMembers {
		if member != nil && member.Name == "" {
			return nil, fmt.Errorf("openapiext: %s: the member of value %q has no name", Extension, value)
		}
	}
	return &u, nil
}

// ReadLegacyUnions reads the legacy list from a struct's schema. It returns
// nil when the schema has none, and an error when the extension is not a
// list of that shape.
func ReadLegacyUnions(s spec.Schema) ([]LegacyUnion, error) {
	v, ok := s.Extensions[Extension]
	if !ok {
		return nil, nil
	}
	var unions []LegacyUnion
	if err := decodeStrict(v, &unions); err != nil {
		return nil, fmt.Errorf("openapiext: %s on a struct must be a list of {\"discriminator\": ..., \"fields-to-discriminateBy\": {...}}: %w", Extension, err)
	}
	for i, u := range unions {
		if u.FieldsToDiscriminateBy == nil {
			return nil, fmt.Errorf("openapiext: %s item %d has no fields-to-discriminateBy", Extension, i)
		}
	}
	return unions, nil
}

// decodeStrict decodes an extension value into out, rejecting fields out
// does not have and values of the wrong type.
func decodeStrict(v any, out any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	return d.Decode(out)
}
