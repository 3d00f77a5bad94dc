// Package notutf8 has an enum value that is not valid UTF-8.
package notutf8

// Kind selects the member of Choice.
// +enum
type Kind string

const (
	KindA Kind = "A"
	// KindB is meant to be "Bé", but is written in Latin-1.
	KindB Kind = "B\xe9"
)

// Choice is a union whose discriminator is Kind.
type Choice struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
}
