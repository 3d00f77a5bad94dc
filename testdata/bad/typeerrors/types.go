// Package typeerrors has a valid union, and code that compiles only once
// another generator has written its methods: union-gen warns, and generates.
package typeerrors

// Kind selects the member of Choice.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

// Choice is a valid union.
type Choice struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	A *string `json:"a,omitempty"`
	// +unionMember
	// +optional
	B *int `json:"b,omitempty"`
}

// DeepCopy is written by deepcopy-gen, which runs after union-gen here.
var _ = Choice{}.DeepCopy()

// DeepCopyObject too.
var _ = (&Choice{}).DeepCopyObject()
