package targets

import (
	"path"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/crd"
	"github.com/union-gen/union-gen/pkg/unions"
)

// CRDInput is what the CRD backend reads of the model: the types of the
// input packages with a +groupName, each with the description of its
// unions, and the model's answers on markers.
func CRDInput(model *unions.Model) crd.Input {
	in := crd.Input{
		Kinds: map[crd.GroupVersionKind]*crd.Kind{},
		Markers: func(structName, field string) []crd.MarkedRule {
			var out []crd.MarkedRule
			for _, m := range model.XValidationRules(model.Plans[types.ParseFullyQualifiedName(structName)].Struct, field) {
				out = append(out, crd.MarkedRule{Rule: m.Rule, Pos: m.Pos})
			}
			return out
		},
	}
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
				}
				in.Kinds[gvk] = k
			}
		}
	}
	return in
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
