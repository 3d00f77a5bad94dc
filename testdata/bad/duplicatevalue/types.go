// Package duplicatevalue has two members selected by the same value.
package duplicatevalue

// Kind selects the member of Choice.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

// Choice selects both A and OtherA with "A", and B and OtherB with "B".
type Choice struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
	// +unionMember=A
	// +optional
	OtherA *int `json:"otherA,omitempty"`
	// +unionMember=B
	// +optional
	B *int `json:"b,omitempty"`
	// +unionMember=B,optional
	// +optional
	OtherB *int `json:"otherB,omitempty"`
}
