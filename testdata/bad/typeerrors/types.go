// Package typeerrors has a valid union, and declarations and code that
// compile only once other generators have run: union-gen warns, and
// generates.
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

// Thing's status type is written by a generator that runs after union-gen.
type Thing struct {
	Status ThingStatus `json:"status"`
}

// DeepCopy is written by deepcopy-gen, which runs after union-gen here.
var _ = Choice{}.DeepCopy()

// DeepCopyObject too.
var _ = (&Choice{}).DeepCopyObject()
