package targets

import (
	"path"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/backend"
	"github.com/union-gen/union-gen/pkg/crd"
	"github.com/union-gen/union-gen/pkg/unions"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// CRDInput is what the CRD backend reads of the model: the types of the
// input packages with a +groupName, each with the description of its
// unions, the rules of the XValidation markers of the structs and fields of
// those descriptions, and the Go side of their fields and walks.
func CRDInput(model *unions.Model) crd.Input {
	in := crd.Input{Kinds: map[crd.GroupVersionKind]*crd.Kind{}, XValidations: map[crd.GoField][]backend.MarkedRule{},
		Fields: map[crd.Property]backend.ReachingField{}, WalkTypes: map[*unionspec.Walk]string{}}
	for gv, pkgs := range model.APIs() {
		for _, p := range pkgs {
			for name, t := range p.Types {
				gvk := crd.GroupVersionKind{Group: gv.Group, Version: gv.Version, Kind: name}
				if in.Kinds[gvk] != nil {
					continue // of an earlier package of the group and version
				}
				k := &crd.Kind{Name: path.Base(t.Name.Package) + "." + t.Name.Name, Pos: model.TypePos(t), IsKind: isKind(t)}
				if model.Plans[t.Name] != nil {
					k.Schema = model.Schema(t)
					addXValidations(model, k.Schema, in.XValidations)
					addGoSide(model, k.Schema, &in)
				}
				in.Kinds[gvk] = k
			}
		}
	}
	return in
}

// addXValidations adds the rules of the XValidation markers of the structs
// of a Schema, and of their Fields, to rules, those of a struct once.
func addXValidations(model *unions.Model, s *unionspec.Schema, rules map[crd.GoField][]backend.MarkedRule) {
	for name, st := range s.Structs {
		own := crd.GoField{Struct: name}
		if _, done := rules[own]; done {
			continue
		}
		t := model.Plans[types.ParseFullyQualifiedName(name)].Struct
		rules[own] = model.XValidationRules(t, "")
		for _, f := range st.Fields {
			goName := model.GoField(f).GoName
			if marked := model.XValidationRules(t, goName); marked != nil {
				rules[crd.GoField{Struct: name, Field: goName}] = marked
			}
		}
	}
}

// addGoSide adds to in what only the CRD backend needs of the Fields of a
// Schema and their walks: their Go names, whether a CRD variant may lack
// them, and the Go types that its problems name.
func addGoSide(model *unions.Model, s *unionspec.Schema, in *crd.Input) {
	for name, st := range s.Structs {
		for _, f := range st.Fields {
			if f.Name != "" {
				goField := model.GoField(f)
				in.Fields[crd.Property{Struct: name, Name: f.Name}] = *goField
			}
			for w := f.Walk; w != nil; w = w.Elem {
				in.WalkTypes[w] = model.GoWalk(w).Type.String()
			}
		}
	}
}

// isKind reports whether t embeds metav1.TypeMeta and has metav1.ObjectMeta,
// as a kind has and a list of one has not.
func isKind(t *types.Type) bool {
	const meta = "k8s.io/apimachinery/pkg/apis/meta/v1"
	var typeMeta, objectMeta bool
	for _, m := range t.Members {
		switch m.Type.Name {
		case types.Name{Package: meta, Name: "TypeMeta"}:
			typeMeta = m.Embedded
		case types.Name{Package: meta, Name: "ObjectMeta"}:
			objectMeta = true
		}
	}
	return typeMeta && objectMeta
}
