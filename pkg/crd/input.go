package crd

import (
	"go/token"

	"github.com/union-gen/union-gen/pkg/unionspec"
)

// Input is what Edit reads of the union model: the kinds of the input
// packages with the descriptions of their unions, and what only the model
// answers.
type Input struct {
	// Kinds are the types of the input packages that have a +groupName, by
	// group, version and name: a CRD version's kind is one of them.
	Kinds map[GroupVersionKind]*Kind
	// Markers are the rules of the +kubebuilder:validation:XValidation
	// markers of a struct of a Schema, or of its Go field where field is
	// not "".
	Markers func(structName, field string) []MarkedRule
}

// GroupVersionKind names a type of the input packages as a CRD version
// names its kind.
type GroupVersionKind struct{ Group, Version, Kind string }

// Kind is a type of an input package of a group and version.
type Kind struct {
	// Schema describes the unions that the type reaches; nil where it
	// reaches none.
	Schema *unionspec.Schema
	// Name names the Go type in problems (pkg.Type); Pos is where it is
	// declared.
	Name string
	Pos  token.Position
	// IsKind is set for a type that embeds metav1.TypeMeta and has
	// metav1.ObjectMeta, as a kind has and a list of one has not.
	IsKind bool
}

// MarkedRule is the rule of a +kubebuilder:validation:XValidation marker,
// at the marker's "+".
type MarkedRule struct {
	Rule string
	Pos  token.Position
}
