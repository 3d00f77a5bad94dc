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

// Modes has a mode discriminator that names itself in a mode.
type Modes struct {
	// +k8s:modeDiscriminator
	// +k8s:ifMode("A")=+k8s:required
	// +optional
	Mode string `json:"mode,omitempty"`
}
