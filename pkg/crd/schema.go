package crd

import (
	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/internal/typeinfo"
	"github.com/union-gen/union-gen/pkg/markers"
	"github.com/union-gen/union-gen/pkg/unions"
	"github.com/union-gen/union-gen/pkg/unstructuredunions"
)

// Schema describes the unions that a kind's Go type t reaches, as the
// properties of its JSON object: the input of the policy (Policy) and of
// the unstructured normalizer, which must do what the generated methods do.
func Schema(model *unions.Model, t *types.Type) *unstructuredunions.Schema {
	s := &unstructuredunions.Schema{Root: t.Name.String(), Structs: map[string]*unstructuredunions.Struct{}}
	addStruct(s, model, t)
	return s
}

func addStruct(s *unstructuredunions.Schema, model *unions.Model, t *types.Type) {
	name := t.Name.String()
	plan := model.Plans[t.Name]
	if s.Structs[name] != nil || plan == nil {
		return
	}
	st := &unstructuredunions.Struct{}
	s.Structs[name] = st
	for _, u := range plan.Unions {
		// Unions without a discriminator have nothing to normalize.
		if u.Kind == unions.Discriminated {
			st.Unions = append(st.Unions, schemaUnion(u))
		}
	}
	for _, step := range plan.Steps {
		st.Fields = append(st.Fields, &unstructuredunions.Field{Name: step.JSONName, Walk: schemaWalk(s, model, step.Walk)})
	}
}

func schemaUnion(u *unions.Union) *unstructuredunions.Union {
	su := &unstructuredunions.Union{Discriminator: u.Discriminator.JSONName, Values: u.Enum.Values, Ratcheting: ratcheting(u.Ratcheting)}
	if !u.NoneValue {
		su.RequiredMessage = u.DiscriminatorRequiredMessage()
	}
	for _, m := range u.Members {
		p := presence(m)
		su.Members = append(su.Members, &unstructuredunions.Member{
			Name:             m.JSONName,
			Value:            m.Value,
			Optional:         m.Optional,
			Presence:         p,
			KeepZero:         p != unstructuredunions.PresenceNonNil && p != unstructuredunions.PresenceLength && !m.OmitsZero,
			RequiredMessage:  u.RequiredMessage(m),
			ForbiddenMessage: u.ForbiddenMessage(m),
			UnchangedMessage: u.UnchangedMessage(m),
		})
	}
	return su
}

// ratcheting is a union's ratcheting mode as the schema spells it.
func ratcheting(mode markers.Ratcheting) unstructuredunions.Ratcheting {
	switch mode {
	case markers.RatchetingUnchanged:
		return unstructuredunions.RatchetingUnchanged
	case markers.RatchetingMembership:
		return unstructuredunions.RatchetingMembership
	}
	return unstructuredunions.RatchetingOff
}

func schemaWalk(s *unstructuredunions.Schema, model *unions.Model, w *unions.Walk) *unstructuredunions.Walk {
	sw := &unstructuredunions.Walk{HasOld: w.HasOld}
	switch w.Shape {
	case unions.ShapeStruct, unions.ShapePointer:
		sw.Shape = unstructuredunions.ShapeStruct
		if w.Shape == unions.ShapePointer {
			sw.Shape = unstructuredunions.ShapePointer
		}
		sw.Struct = w.Struct.Name.String()
		addStruct(s, model, w.Struct)
		return sw
	case unions.ShapeList:
		sw.Shape = unstructuredunions.ShapeList
	case unions.ShapeListMap:
		sw.Shape = unstructuredunions.ShapeListMap
		for _, k := range w.Keys {
			sw.Keys = append(sw.Keys, &unstructuredunions.Key{Name: k.JSONName, Pointer: k.Pointer, Type: jsonType(k.Type)})
		}
	case unions.ShapeMap:
		sw.Shape = unstructuredunions.ShapeMap
	}
	sw.Elem = schemaWalk(s, model, w.Elem)
	return sw
}

// presence is how a member's "set" state shows in its JSON value.
func presence(m *unions.Member) unstructuredunions.Presence {
	switch m.Presence {
	case unions.PresenceLength:
		return unstructuredunions.PresenceLength
	case unions.PresenceString:
		return unstructuredunions.PresenceString
	case unions.PresenceBool:
		return unstructuredunions.PresenceBool
	case unions.PresenceNumber:
		if t := typeinfo.Underlying(m.Type); t.Name.Name == "float32" || t.Name.Name == "float64" {
			return unstructuredunions.PresenceFloat
		}
		return unstructuredunions.PresenceInteger
	}
	return unstructuredunions.PresenceNonNil
}

// jsonType is the JSON type of a scalar, or pointer to scalar, list-map key.
func jsonType(t *types.Type) unstructuredunions.KeyType {
	t = typeinfo.Underlying(t)
	if t.Kind == types.Pointer {
		t = typeinfo.Underlying(t.Elem)
	}
	switch t.Name.Name {
	case "string":
		return unstructuredunions.KeyString
	case "bool":
		return unstructuredunions.KeyBoolean
	case "float32", "float64":
		return unstructuredunions.KeyNumber
	}
	return unstructuredunions.KeyInteger
}
