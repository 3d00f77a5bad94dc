// Package nofieldpackage has a union in a module that does not require
// k8s.io/apimachinery, whose package field the generated methods import.
package nofieldpackage

// Kind selects the member of a Choice.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

// Choice is a union.
type Choice struct {
	// +unionDiscriminator
	// +required
	Kind Kind `json:"kind"`
	// +unionMember
	// +optional
	A *string `json:"a,omitempty"`
	// +unionMember
	// +optional
	B *string `json:"b,omitempty"`
}
