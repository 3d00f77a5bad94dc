// Package repeated has union markers written twice.
package repeated

// Kind selects the member of Choice.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
	KindC Kind = "C"
)

// Choice repeats markers and options.
type Choice struct {
	// +unionDiscriminator
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// A has +unionMember twice.
	// +unionMember
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
	// B has the option twice.
	// +unionMember=B,optional,optional
	// +optional
	B *int `json:"b,omitempty"`
	// C is valid.
	// +unionMember=C
	// +optional
	C *int `json:"c,omitempty"`
}
