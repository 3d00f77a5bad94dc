// Package anonymous has union markers inside anonymous struct types, which
// cannot have methods.
package anonymous

// Kind selects a member.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

// Outer holds a union in an anonymous struct.
type Outer struct {
	Spec struct {
		// +unionDiscriminator
		Kind Kind `json:"kind"`
		// +unionMember=GAMMA
		// +optional
		A *int `json:"a,omitempty"`
	} `json:"spec"`

	// Items hold them too, one level deeper.
	Items []*struct {
		Inner struct {
			// +unionDiscriminator
			Kind Kind `json:"kind"`
		} `json:"inner"`
	} `json:"items,omitempty"`
}
