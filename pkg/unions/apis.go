package unions

import (
	"go/token"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/backend"
)

// GroupVersion is the API group and version of an input package, as
// controller-gen reads them from the comments of any of its files (gengo
// reads package comments from doc.go only): its +groupName, and its
// +versionName or else its name.
type GroupVersion struct{ Group, Version string }

// APIs are the input packages that have a +groupName, by group and version:
// the kinds of CRDs are their types. Build read them.
func (model *Model) APIs() map[GroupVersion][]*types.Package {
	return model.apis
}

// TypePos is where a type of the APIs' packages (APIs) is declared.
func (model *Model) TypePos(t *types.Type) token.Position {
	return model.typePos[t.Name]
}

// XValidationRules are the rules of the +kubebuilder:validation:XValidation
// markers of a type, or of its field where field is not "": of the structs
// of the plans, which Build read.
func (model *Model) XValidationRules(t *types.Type, field string) []backend.MarkedRule {
	return model.xValidation[t.Name][field]
}
