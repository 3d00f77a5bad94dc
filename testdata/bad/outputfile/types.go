// Package outputfile has a valid union and, where union-gen writes its
// methods, a hand-written file of the same name.
package outputfile

// Kind selects the member of Union.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

// Union is a valid union.
type Union struct {
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
