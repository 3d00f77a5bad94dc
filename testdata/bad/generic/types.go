// Package generic has union markers on a generic struct, which union-gen
// does not support.
package generic

// Kind selects the member of Choice.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

// Choice is generic in the type of its member.
type Choice[T any] struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	A *T `json:"a,omitempty"`
}
