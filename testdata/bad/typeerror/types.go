// Package typeerror has a union whose member's type and whose enum's type
// are undefined, and an enum with a constant whose value does not compile:
// union-gen names the type checker's errors, not what gengo makes of a type
// it could not type, nor that the constant's value is not a value.
package typeerror

// Kind selects the member of Choice.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

// Mode is meant to be a string, but its type is misspelled.
// +enum
type Mode strnig

// Choice has a member whose type was renamed away.
type Choice struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	A *Settings `json:"a,omitempty"`
	// +unionMember
	// +optional
	B *int `json:"b,omitempty"`
}

// Other's discriminator has an enum type that does not compile.
type Other struct {
	// +unionDiscriminator
	// +optional
	Mode Mode `json:"mode,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
}

// Phase's constant PhaseB has no value: "B" would be refused as a value
// were it not reported.
// +enum
type Phase string

const (
	PhaseA Phase = "A"
	PhaseB Phase = phasePrefix + "B"
)

// Stage selects a member by a value of Phase.
type Stage struct {
	// +unionDiscriminator
	// +optional
	Phase Phase `json:"phase,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
	// +unionMember
	// +optional
	B *int `json:"b,omitempty"`
}
