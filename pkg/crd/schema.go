package crd

import (
	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/unions"
	"github.com/union-gen/union-gen/pkg/unstructuredunions"
)

// Schema describes the unions that a kind's Go type t reaches, as the
// properties of its JSON object: the input of the policy (Policy) and of
// the unstructured normalizer, which must do what the generated methods do.
// The model is written in unionspec's terms, so this copies what JSON sees
// of it and translates nothing.
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
		st.Unions = append(st.Unions, u.Spec)
	}
	for _, step := range plan.Steps {
		st.Fields = append(st.Fields, &unstructuredunions.Field{Name: step.JSONName, Walk: schemaWalk(s, model, step.Walk)})
	}
}

func schemaWalk(s *unstructuredunions.Schema, model *unions.Model, w *unions.Walk) *unstructuredunions.Walk {
	sw := &unstructuredunions.Walk{Shape: w.Shape, HasOld: w.HasOld}
	if w.Struct != nil {
		sw.Struct = w.Struct.Name.String()
		addStruct(s, model, w.Struct)
		return sw
	}
	for _, k := range w.Keys {
		sw.Keys = append(sw.Keys, &k.Key)
	}
	sw.Elem = schemaWalk(s, model, w.Elem)
	return sw
}
