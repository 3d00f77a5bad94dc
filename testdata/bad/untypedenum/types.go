// Package untypedenum has KEP-1027's example with its mistake: Beta is an
// untyped constant, so "BETA" is not a value of Union2Type.
package untypedenum

// Union2Type selects the member of a Union2 with custom values.
// +enum
type Union2Type string

const (
	Alpha Union2Type = "ALPHA"
	Beta             = "BETA"
)

// Union2 customizes the discriminator values of its members.
type Union2 struct {
	// +unionDiscriminator
	// +required
	Type2 Union2Type `json:"type"`
	// +unionMember=ALPHA
	// +optional
	Alpha int `json:"alpha"`
	// +unionMember=BETA,optional
	// +optional
	Beta int `json:"beta"`
}
