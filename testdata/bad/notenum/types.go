// Package notenum has discriminators whose types are not marked +enum, one
// of them with a misspelled marker.
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

// Mode is marked with a misspelled +enum, which is no marker.
// +enmu
type Mode string

const ModeA Mode = "A"

// Third is selected by Mode.
type Third struct {
	// +unionDiscriminator
	// +optional
	Mode Mode `json:"mode,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
}
