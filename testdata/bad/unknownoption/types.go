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
