package unions

import (
	"cmp"
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/backend"
	"github.com/union-gen/union-gen/pkg/markers"
)

// GroupVersion is the API group and version of an input package, as
// controller-gen reads them from the comments of any of its files (gengo
// reads package comments from doc.go only): its +groupName, and its
// +versionName or else its name.
type GroupVersion struct{ Group, Version string }

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
// markers of a type, or of its field where field is not "".
func (model *Model) XValidationRules(t *types.Type, field string) []backend.MarkedRule {
	dir := model.universe.Package(t.Name.Package).Dir
	var doc *ast.CommentGroup
	if field == "" {
		doc = model.src.TypeDocComment(dir, declName(t))
	} else if f := model.src.Field(dir, declName(t), field); f != nil {
		doc = f.Doc
	}
	if doc == nil {
		return nil
	}
	var out []backend.MarkedRule
	for _, c := range doc.List {
		text, _ := strings.CutPrefix(c.Text, "//")
		if rule, ok := markers.XValidationRule(text); ok {
			out = append(out, backend.MarkedRule{Rule: rule, Pos: model.src.MarkerPos(c)})
		}
	}
	return out
}
