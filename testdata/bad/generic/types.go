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

// Box is generic in what it holds.
type Box[T any] struct {
	Item T `json:"item"`
}

// Inner is a valid union.
type Inner struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
}

type InnerBox = Box[Inner]

// Holder reaches the union of Inner through instances of Box, which
// generated methods cannot walk; InnerBox, an alias of one, has no doc
// comment, which gengo would warn differs from Box's.
type Holder struct {
	A Box[Inner] `json:"a"`
	B []InnerBox `json:"b"`
}
