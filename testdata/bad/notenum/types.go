// Package notenum has a discriminator whose type is not marked +enum.
package notenum

// Kind is a named string type, but it lacks the +enum marker.
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

// Choice is selected by a type that is not an enum.
type Choice struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
	// +unionMember
	// +optional
	B *int `json:"b,omitempty"`
}

// Other is selected by the same type: the type is reported once, at its
// first use.
type Other struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
}
