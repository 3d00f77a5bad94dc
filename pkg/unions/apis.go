package unions

import (
	"cmp"
	"go/token"
	"slices"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/markers"
)

// GroupVersion is the API group and version of an input package, as
// controller-gen reads them from the comments of any of its files (gengo
// reads package comments from doc.go only): its +groupName, and its
// +versionName or else its name.
type GroupVersion struct{ Group, Version string }

// MarkedRule is the rule of a +kubebuilder:validation:XValidation marker,
// at the marker's "+".
type MarkedRule struct {
	Rule string
	Pos  token.Position
}

// APIs are the input packages that have a +groupName, by group and version:
// the kinds of CRDs are their types. They are read on the first call, as
// only runs with CRDs need them.
func (model *Model) APIs() map[GroupVersion][]*types.Package {
	if model.apis != nil {
		return model.apis
	}
	model.apis = map[GroupVersion][]*types.Package{}
	for _, path := range slices.Sorted(slices.Values(model.inputs)) {
		pkg := model.universe.Package(path)
		comments := model.src.PackageComments(pkg.Dir)
		group := markers.TagValue(comments, "groupName")
		if group == "" {
			continue
		}
		gv := GroupVersion{group, cmp.Or(markers.TagValue(comments, "versionName"), pkg.Name)}
		model.apis[gv] = append(model.apis[gv], pkg)
	}
	return model.apis
}

// TypePos is where a type is declared.
func (model *Model) TypePos(t *types.Type) token.Position {
	return model.src.TypePos(model.universe.Package(t.Name.Package).Dir, declName(t))
}

// XValidationRules are the rules of the +kubebuilder:validation:XValidation
// markers of a type, or of its field where field is not "": of the structs
// of the plans, which Build read.
func (model *Model) XValidationRules(t *types.Type, field string) []MarkedRule {
	return model.xValidation[t.Name][field]
}
