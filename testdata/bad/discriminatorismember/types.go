// Package discriminatorismember has a field that is both discriminator and member.
package discriminatorismember

// Kind selects the member of Choice.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

// Choice marks its discriminator as a member too.
type Choice struct {
	// +unionDiscriminator
	// +unionMember=A
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember=B
	// +optional
	B *int `json:"b,omitempty"`
}
