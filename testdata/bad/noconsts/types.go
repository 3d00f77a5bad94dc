// Package noconsts has an enum with no typed constants.
package noconsts

// Kind is an enum, but no constant has type Kind.
// +enum
type Kind string

// Choice is selected by an enum with no values.
type Choice struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
}
