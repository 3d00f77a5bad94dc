package unions

import (
	"go/ast"
	"go/token"
	"strings"

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

func (model *Model) addAPI(pkg *types.Package) {
	comments := model.src.pkg(pkg.Dir).comments
	group := tagValue(comments, "groupName")
	if group == "" {
		return
	}
	gv := GroupVersion{group, tagValue(comments, "versionName")}
	if gv.Version == "" {
		gv.Version = pkg.Name
	}
	model.APIs[gv] = append(model.APIs[gv], pkg)
}

// tagValue is the value of the first package comment line "+name=value".
func tagValue(lines []string, name string) string {
	for _, l := range lines {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), "+"+name+"="); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// TypePos is where a type is declared.
func (model *Model) TypePos(t *types.Type) token.Position {
	return model.src.typePos(model.universe.Package(t.Name.Package).Dir, declName(t))
}

// XValidationRules are the rules of the +kubebuilder:validation:XValidation
// markers of a type, or of its field where field is not "".
func (model *Model) XValidationRules(t *types.Type, field string) []MarkedRule {
	dir := model.universe.Package(t.Name.Package).Dir
	var doc *ast.CommentGroup
	if field == "" {
		doc = model.src.pkg(dir).types[declName(t)].doc
	} else if f := model.src.field(dir, declName(t), field); f != nil {
		doc = f.Doc
	}
	if doc == nil {
		return nil
	}
	var out []MarkedRule
	for _, c := range doc.List {
		text, _ := strings.CutPrefix(c.Text, "//")
		if rule, ok := markers.XValidationRule(text); ok {
			out = append(out, MarkedRule{Rule: rule, Pos: model.src.position(c.Pos() + token.Pos(len("//")+strings.Index(text, "+")))})
		}
	}
	return out
}
