package crd

import (
	"go/token"

	"github.com/union-gen/union-gen/pkg/backend"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// Input is what Edit reads of the union model: the kinds of the input
// packages with the descriptions of their unions, the rules of the markers
// of their Go types, and what only a CRD needs of the Go fields and types
// through which they reach unions.
type Input struct {
	// Kinds are the types of the input packages that have a +groupName, by
	// group, version and name: a CRD version's kind is one of them.
	Kinds map[GroupVersionKind]*Kind
	// XValidations are the rules of the +kubebuilder:validation:XValidation
	// markers of every struct of the Kinds' Schemas, and of every Field of
	// theirs; none for the others.
	XValidations map[GoField][]backend.MarkedRule
	// Fields are the Go fields of the Kinds' Schemas' Fields, by their
	// structs' names and their JSON names; inline ones, which have no
	// property of their own, are left out.
	Fields map[Property]backend.ReachingField
	// WalkTypes name the Go type of every walk of the Kinds' Schemas'
	// Fields, as problems name it.
	WalkTypes map[*unionspec.Walk]string
}

// Property is a Field of a Schema's struct, by the struct's name and the
// field's JSON name.
type Property struct{ Struct, Name string }

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

// GoField is a struct of a Schema, by its name, or, where Field is not "",
// its Go field of that name.
type GoField struct{ Struct, Field string }
