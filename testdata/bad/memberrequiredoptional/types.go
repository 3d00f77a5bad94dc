// Package memberrequiredoptional has members that are not optional.
package memberrequiredoptional

// Kind selects the member of Choice.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
	KindC Kind = "C"
	KindD Kind = "D"
)

// Choice has required members next to optional ones.
type Choice struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// A is neither +optional nor omitempty.
	// +unionMember
	A *int `json:"a"`
	// B is explicitly required.
	// +unionMember
	// +required
	B *int `json:"b"`
	// C is optional by its marker.
	// +unionMember
	// +optional
	C *int `json:"c"`
	// D is optional by omitempty.
	// +unionMember
	D *int `json:"d,omitempty"`
}
