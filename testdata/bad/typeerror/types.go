// Package typeerror has a union whose member's type and whose enum's type
// are undefined: union-gen names the type checker's errors, not what gengo
// makes of a type it could not type.
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
