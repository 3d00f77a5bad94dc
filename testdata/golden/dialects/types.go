// Package dialects has a union of each dialect union-gen reads, written as
// their users write them: validation-gen's, as k8s.io/api has them, KEP-1027
// 2019's, as openshift/api and k8s.io/api have them, and the 2018 struct tags.
package dialects

// Policy is an exactly-one union of validation-gen, beside the +union that
// k8s.io/api writes for openapi-gen (scheduling/v1alpha3).
// +union
type Policy struct {
	// +optional
	// +k8s:optional
	// +k8s:unionMember
	Basic *Basic `json:"basic,omitempty"`
	// +optional
	// +k8s:beta(since: "1.37")=+k8s:unionMember
	Gang *Gang `json:"gang,omitempty"`
	// +optional
	// +k8s:alpha(since: "1.37")=+k8s:unionMember
	Names []string `json:"names,omitempty"`
}

// Basic is a member of Policy.
type Basic struct{}

// Gang is a member of Policy.
type Gang struct {
	MinCount int32 `json:"minCount"`
}

// Limits has a zero-or-one union and a named exactly-one union of
// validation-gen.
type Limits struct {
	// +optional
	// +k8s:zeroOrOneOfMember
	Max *int32 `json:"max,omitempty"`
	// +optional
	// +k8s:zeroOrOneOfMember
	Unbounded bool `json:"unbounded,omitempty"`

	// +optional
	// +k8s:unionMember(union: "source")
	Literal string `json:"literal,omitempty"`
	// +optional
	// +k8s:unionMember(union: "source")
	Ref *string `json:"ref,omitempty"`
}

// Mode selects the member of Selected.
type Mode string

// The modes of Selected.
const (
	ModeAuto   Mode = "Auto"
	ModeManual Mode = "Manual"
)

// Selected is a discriminated union of validation-gen whose member value is
// named by memberName.
type Selected struct {
	// +k8s:unionDiscriminator
	// +kubebuilder:validation:Enum=Auto;Manual;Off
	Mode Mode `json:"mode"`
	// +optional
	// +k8s:unionMember(memberName: "Manual")
	Settings *Gang `json:"settings,omitempty"`
}

// ProfileType selects the member of Profile; openshift/api gives its values
// with +kubebuilder:validation:Enum.
// +kubebuilder:validation:Enum=Old;Custom;"";Intermediate
type ProfileType string

// Profile is a union of KEP-1027 2019 as openshift/api writes it: +union on
// the struct, members marked +unionMember and selected by their Go names.
// +union
type Profile struct {
	// +unionDiscriminator
	// +optional
	Type ProfileType `json:"type,omitempty"`
	// +unionMember
	// +optional
	Old *Basic `json:"old,omitempty"`
	// +unionMember,optional
	// +optional
	Custom *Gang `json:"custom,omitempty"`
	// Note is no member: Profile names its members.
	// +optional
	Note string `json:"note,omitempty"`
}

// SubjectKind is no enum: the valid values of Subject are guessed.
type SubjectKind string

// The kinds of Subject.
const (
	SubjectKindUser  SubjectKind = "User"
	SubjectKindGroup SubjectKind = "Group"
)

// Subject is a union of KEP-1027 2019 as k8s.io/api's flowcontrol has it:
// every field but the discriminator is a member.
// +union
type Subject struct {
	// +unionDiscriminator
	Kind SubjectKind `json:"kind"`
	// +optional
	User *Basic `json:"user,omitempty"`
	// +optional
	Group *Basic `json:"group,omitempty"`
}

// Alternatives is a union of KEP-1027 2019 without a discriminator: at most
// one member is set.
// +union
type Alternatives struct {
	// +optional
	First *Basic `json:"first,omitempty"`
	// +optional
	Second *Basic `json:"second,omitempty"`
}

// EnvSource has the KEP's +unionDeprecated members in a struct with other
// fields (EnvVar's Value and ValueFrom).
type EnvSource struct {
	Name string `json:"name"`
	// +unionDeprecated
	// +optional
	Value string `json:"value,omitempty"`
	// +unionDeprecated
	// +optional
	ValueFrom *Basic `json:"valueFrom,omitempty"`
}

// Settings is a struct member of a union, set when it is not its zero value,
// which omitzero leaves out of JSON.
type Settings struct {
	Level int32 `json:"level,omitempty"`
}

// Tagged holds the unions of the 2018 struct tags.
type Tagged struct {
	State *State `json:"state,omitempty" union:"oneof"`
	// Strategy is a discriminated union.
	Strategy Strategy `json:"strategy" union:"discriminator/type"`
}

// State is a union by the struct tag of Tagged.State: at most one is set.
type State struct {
	Waiting *Basic `json:"waiting,omitempty"`
	Running *Basic `json:"running,omitempty"`
}

// StrategyType selects the member of Strategy.
// +enum
type StrategyType string

// The strategies.
const (
	StrategyTypeRecreate      StrategyType = "Recreate"
	StrategyTypeRollingUpdate StrategyType = "RollingUpdate"
)

// Strategy is a union by the struct tag of Tagged.Strategy.
type Strategy struct {
	Type          StrategyType `json:"type"`
	RollingUpdate Settings     `json:"rollingUpdate,omitzero"`
}

// HostAffinity selects the member of Placement.
type HostAffinity string

// The affinities of Placement.
const (
	HostAffinityAnyAvailable  HostAffinity = "AnyAvailable"
	HostAffinityDedicatedHost HostAffinity = "DedicatedHost"
)

// Placement has a pointer discriminator, as openshift/api's HostPlacement:
// nil is "".
// +union
type Placement struct {
	// +unionDiscriminator
	// +optional
	Affinity *HostAffinity `json:"affinity,omitempty"`
	// +unionMember
	// +optional
	DedicatedHost *Basic `json:"dedicatedHost,omitempty"`
}

// Domains reaches unions through a pointer to a list, as openshift/api's
// FailureDomains.
type Domains struct {
	// +optional
	Subjects *[]Subject `json:"subjects,omitempty"`
}

// SizeClass selects the member of Sized.
// +enum
type SizeClass string

// The size classes of Sized.
const (
	SizeClassSmall SizeClass = "Small"
	SizeClassLarge SizeClass = "Large"
)

// Sized has a union of KEP-1027 after three plain fields and a zero-or-one
// union of validation-gen after it: its unions come in the order of their
// first fields.
type Sized struct {
	Name string `json:"name"`
	// +optional
	Labels map[string]string `json:"labels,omitempty"`
	// +optional
	Replicas int32 `json:"replicas,omitempty"`

	// +unionDiscriminator
	Class SizeClass `json:"class"`
	// +unionMember
	// +optional
	Small *Basic `json:"small,omitempty"`
	// +unionMember
	// +optional
	Large *Gang `json:"large,omitempty"`

	// +optional
	// +k8s:zeroOrOneOfMember
	Min *int32 `json:"min,omitempty"`
	// +optional
	// +k8s:zeroOrOneOfMember
	Exact *int32 `json:"exact,omitempty"`
}

// Engine selects the member of Runtime.
// +enum
type Engine string

// The engines of Runtime.
const (
	EngineNative Engine = "Native"
	EngineWasm   Engine = "Wasm"
)

// Runtime has an optional pointer discriminator of KEP-1027's markers,
// whose values lack "": nil (absent) selects no member.
type Runtime struct {
	// +unionDiscriminator
	// +optional
	Engine *Engine `json:"engine,omitempty"`
	// +unionMember
	// +optional
	Native *Basic `json:"native,omitempty"`
	// +unionMember,optional
	// +optional
	Wasm *Gang `json:"wasm,omitempty"`
}

// SourceKind selects the member of Source.
// +enum
type SourceKind string

// The kinds of Source: Git by a member's Go name, image by its JSON name.
const (
	SourceKindGit   SourceKind = "Git"
	SourceKindImage SourceKind = "image"
	SourceKindEmpty SourceKind = "Empty"
)

// Source has a discriminator of KEP-1027's markers and no member markers:
// its members are inferred, as KEP-1027 2019 infers them, from the optional
// fields named by its values (with a warning).
type Source struct {
	// +unionDiscriminator
	// +required
	Kind SourceKind `json:"kind"`
	// +optional
	Git *Basic `json:"git,omitempty"`
	// +optional
	Image *string `json:"image,omitempty"`
	// +optional
	Note string `json:"note,omitempty"`
}
