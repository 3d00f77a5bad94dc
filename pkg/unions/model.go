// Package unions builds the checked model of the unions of the input
// packages: each union's declaration (Declare), from which unionspec
// decides its rules as data (Union.Rules), and, for every struct that has
// or reaches a union, its description (Plan.Description), whose walks have
// their Go types beside them (GoWalk). The backends print or
// evaluate the description, walking it with unionspec.Visit; the Go
// methods also take Go names and types from here.
package unions

import (
	"go/token"
	"slices"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/backend"
	"github.com/union-gen/union-gen/pkg/markers"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// Model is every union of the input packages, and every struct that has or
// reaches one: what Build read of their markers (each read once, by the
// collector) and of their Go types (each walked once, jsonTypes), checked.
type Model struct {
	// Plans holds every struct of the input packages that has a union or
	// reaches one through its fields: each gets generated methods.
	Plans map[types.Name]*Plan

	universe types.Universe
	// typePos holds where each type of the APIs' packages is declared
	// (TypePos), found at Build: the syntax is let go before the
	// generators run.
	typePos map[types.Name]token.Position
	// apis are the input packages by group and version (APIs).
	apis map[GroupVersion][]*types.Package
	// goWalks holds the Go side of every walk of the plans' Descriptions.
	goWalks map[*unionspec.Walk]*Walk
	// goFields holds the Go side of every Field of the plans' Descriptions.
	goFields map[*unionspec.Field]*backend.ReachingField
	// xValidation holds the rules of the +kubebuilder:validation:XValidation
	// markers of each plan's struct and its fields (XValidationRules).
	xValidation map[types.Name]map[string][]backend.MarkedRule
	// definitionNames are openapi-gen's names of the plans' structs
	// (Definitions).
	definitionNames map[types.Name]string
	// structs are the plans' Descriptions by name (descriptions).
	structs map[string]*unionspec.Struct
}

// GoWalk is the Go side of a walk of a plan's Description.
func (model *Model) GoWalk(w *unionspec.Walk) *Walk {
	return model.goWalks[w]
}

// GoField is the Go side of a Field of a plan's Description.
func (model *Model) GoField(f *unionspec.Field) *backend.ReachingField {
	return model.goFields[f]
}

// Union is one union: member fields of which the discriminator field selects
// one, or, without a discriminator, of which exactly one or at most one is
// set; all declared in one struct.
type Union struct {
	Requires unionspec.Requirement
	// Dialect is the dialect of the markers the union was read from.
	Dialect markers.Dialect
	// Discriminator and Enum are those of a unionspec.Discriminated union; zero for
	// the others.
	Discriminator Field
	Enum          Enum
	// Members are in field order.
	Members []*Member
	// Default is the discriminator's "+default" value, when it has one.
	Default *string
	// DiscriminatorOptional is set when the discriminator may be absent
	// (+optional, or omitempty or omitzero, and not +required): absent, or
	// "" in Go, it selects no member, also where "" is no enum value
	// (docs/semantics.md V1).
	DiscriminatorOptional bool
	// WritesEmpty: encoding/json writes an unset discriminator as "" (a
	// string without omitempty or omitzero), not leaving it out.
	WritesEmpty bool
	// Ratcheting says which updates are not validated for this union.
	Ratcheting unionspec.Ratcheting
	// Rules is the union's rules as data, which the Go methods, the CRD
	// rules, the policy and unstructuredunions print or evaluate.
	Rules *unionspec.Union
}

// Field is a struct field of a union.
type Field struct {
	GoName   string
	JSONName string
	Type     *types.Type
	// Gated is set for a field under an openshift feature gate
	// (+openshift:enable:FeatureGate), which the CRDs of some feature sets
	// do not have.
	Gated bool
}

// Member is a member field and the discriminator values that select it.
type Member struct {
	Field
	// Values are the discriminator values that select the member, sorted:
	// one in most dialects, those of its modes in validation-gen's; none
	// in a union without a discriminator, or for a member that every mode
	// forbids.
	Values []string
	// Required are the Values in which the member must be set; none for
	// an optional member, which may be selected while unset.
	Required []string
	// Presence is how "set" is told from "unset".
	Presence unionspec.Presence
	// Properties are, for unionspec.PresenceNonZero, what tells the member's struct
	// non-zero in JSON; nil with Opaque set when JSON cannot tell it.
	Properties []*unionspec.Property
	// Opaque says why the zero value of a unionspec.PresenceNonZero member cannot be
	// told from its JSON, which only the Go methods then can.
	Opaque string
	// OmitsZero: encoding/json leaves the member out of the object when it
	// is its zero value (omitempty or omitzero in its JSON tag).
	OmitsZero bool
}

// Enum is the discriminator's type and its values.
type Enum struct {
	Type *types.Type
	// Values are the distinct valid values, sorted.
	Values []string
	// Source says where the values come from.
	Source EnumSource
	// Gated is set for values of openshift's FeatureGateAwareEnum: the CRD
	// of a feature set has those of its gates, some of Values.
	Gated bool
	// Variant are the values beyond a +kubebuilder:validation:Enum: typed
	// constants of the discriminator's type that the marker leaves out and
	// that select a member. One Go type serves several CRDs of a project
	// (its release channels), and a CRD may list these values, each with its
	// member's property, or leave both out; the marker's values are in
	// every CRD (docs/crd.md, "CRD variants").
	Variant []string
}

// EnumSource is where the valid values of a discriminator come from.
type EnumSource int

const (
	// EnumConstants are the typed constants of a type marked +enum or
	// +k8s:enum.
	EnumConstants EnumSource = iota
	// EnumKubebuilder are the values of +kubebuilder:validation:Enum on the
	// discriminator or its type.
	EnumKubebuilder
	// EnumGuessed are, for a union of any dialect but KEP-1027's (2019,
	// validation-gen, struct tags) whose discriminator type says nothing,
	// the type's typed constants, the members' values, the default and ""
	// when the discriminator is optional: union-gen warns that it guessed
	// them.
	EnumGuessed
	// EnumModes are the modes that the members of validation-gen's mode
	// tags name, for a string discriminator whose type says nothing and
	// that no other dialect marks: the mode tags do not check its value,
	// and a value that no member names is a mode that forbids every member
	// (Union.Open).
	EnumModes
	// EnumBool are "false" and "true", the modes of a bool discriminator.
	EnumBool
)

// Open reports whether any value of the discriminator is valid: a mode
// that no member names selects none.
func (u *Union) Open() bool { return u.Enum.Source == EnumModes }

// Boolean reports whether the discriminator is a bool, absent when false.
func (u *Union) Boolean() bool { return u.Enum.Source == EnumBool }

// Has reports whether value is a value of the enum.
func (e Enum) Has(value string) bool {
	_, found := slices.BinarySearch(e.Values, value)
	return found
}

// Selects reports whether value selects m.
func (m *Member) Selects(value string) bool {
	return slices.Contains(m.Values, value)
}

// Plan is a struct that has unions or reaches them: its own unions, and
// its Description, the one description of the struct that every backend
// walks, whose walks have their Go types in Model.GoWalk.
type Plan struct {
	Struct *types.Type
	// Unions are the struct's own, in the order of their first fields (the
	// discriminator, or else the first member).
	Unions []*Union
	// Description is the struct as JSON sees it: its unions' Rules, and the
	// fields through which it reaches others, in field order.
	Description *unionspec.Struct
}

// Walk is what the Go methods need of a walk of the description
// (unionspec.Walk), beside it: the Go types and names.
type Walk struct {
	*unionspec.Walk
	// Type is the value's type, as declared.
	Type *types.Type
	// GoStruct has the methods that unionspec.ShapeStruct and
	// unionspec.ShapePointer call; Walk.Struct names it.
	GoStruct *types.Type
	// GoKeys are the Walk.Keys of a unionspec.ShapeListMap, with their
	// fields.
	GoKeys []KeyField
	// NamedKey is set for a map whose keys are of a named string type.
	NamedKey bool
	// Deref is set for a pointer to a list or a map, walked as the list or
	// map it points to (none when nil).
	Deref bool
}

// KeyField is a "+listMapKey" field of the items of a "+listType=map" list.
type KeyField struct {
	// GoName is the field's selector from the item, e.g. "Name" or
	// "Meta.Name" for a key in an inlined embedded struct.
	GoName string
	// Key is the key's property in the item's JSON object; Pointer keys
	// are compared by the values they point to.
	*unionspec.Key
}

// Schema describes the unions that a kind's Go type t reaches, as the
// properties of its JSON object: the Description of t's plan and of the plans of
// every struct it reaches, each a copy, in which a CRD may put its variants
// of the unions. It is the input of the policy and of the unstructured
// normalizer, which must do what the generated methods do.
func (model *Model) Schema(t *types.Type) *unionspec.Schema {
	r := reached{all: model.descriptions(), schema: &unionspec.Schema{Root: t.Name.String(), Structs: map[string]*unionspec.Struct{}}}
	unionspec.Visit(&unionspec.Schema{Root: t.Name.String(), Structs: r.all}, unionspec.Visitor[struct{}](r), struct{}{})
	return r.schema
}

// descriptions are the Descriptions of every plan, by the name of its
// struct: a Schema of any of them is rooted there.
func (model *Model) descriptions() map[string]*unionspec.Struct {
	if model.structs == nil {
		model.structs = map[string]*unionspec.Struct{}
		for name, plan := range model.Plans {
			model.structs[name.String()] = plan.Description
		}
	}
	return model.structs
}

// reached copies into schema every struct of all that the walk reaches.
type reached struct {
	all    map[string]*unionspec.Struct
	schema *unionspec.Schema
}

func (r reached) Struct(name string, _ *unionspec.Walk, at struct{}, w *unionspec.Walker[struct{}]) {
	if r.schema.Structs[name] != nil {
		return // reached again, or recursive
	}
	spec := *r.all[name]
	r.schema.Structs[name] = &spec
	w.Struct(name, at)
}

func (r reached) Union(*unionspec.Union, struct{}) {}

func (r reached) Field(f *unionspec.Field, at struct{}, w *unionspec.Walker[struct{}]) {
	w.Walk(f.Walk, at)
}

func (r reached) Elems(walk *unionspec.Walk, at struct{}, w *unionspec.Walker[struct{}]) {
	w.Walk(walk.Elem, at)
}
