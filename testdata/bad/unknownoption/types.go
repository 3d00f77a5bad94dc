// Package unknownoption has +unionMember markers with options union-gen does
// not know: they must be errors, never silently ignored.
package unknownoption

// Kind selects the member of Choice.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
	KindC Kind = "C"
)

// Choice has one misspelled option and one unknown option.
type Choice struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// A misspells "optional".
	// +unionMember,optinal
	// +optional
	A *int `json:"a,omitempty"`
	// B has an option that does not exist.
	// +unionMember=B,foo
	// +optional
	B *int `json:"b,omitempty"`
	// C is valid.
	// +unionMember=C,optional
	// +optional
	C *int `json:"c,omitempty"`
}

// Policy is an exactly-one union of validation-gen with an argument it does
// not take.
type Policy struct {
	// +k8s:unionMember(union: "a", membername: "A")
	// +optional
	A *int `json:"a,omitempty"`
	// +k8s:beta(since: "1.37")=+k8s:unionMember(union: "a")
	// +optional
	B *int `json:"b,omitempty"`
}

// Holder names its fields' structs as unions with struct tags of the 2018
// proposal that union-gen does not know, or does not support.
type Holder struct {
	State *Policy `json:"state,omitempty" union:"oneOf"`
	// Volumes is the proposal's inlined union.
	Volumes []Policy `json:"volumes,omitempty" union:"inlined/name"`
}

// Ratcheted names a ratcheting mode that does not exist.
type Ratcheted struct {
	// +unionDiscriminator
	// +unionRatcheting=always
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
}
