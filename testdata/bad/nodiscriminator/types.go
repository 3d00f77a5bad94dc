// Package nodiscriminator has members with no discriminator in their struct.
package nodiscriminator

// Kind selects the member of Outer.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

// Orphans has members and no discriminator at all.
type Orphans struct {
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
	// +unionMember=B
	// +optional
	B *int `json:"b,omitempty"`
}

// Outer declares the discriminator and embeds the members inline: a union
// must live in one struct.
type Outer struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`

	Members `json:",inline"`
}

// Members holds the members of Outer's union.
type Members struct {
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
}

// Selector declares a discriminator and nothing else.
type Selector struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
}

// Reverse embeds the discriminator inline and declares the members itself.
type Reverse struct {
	Selector `json:",inline"`

	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
}

// Tagged names, by the struct tag of the 2018 proposal, a discriminator that
// Plain does not have.
type Tagged struct {
	Choice *Plain `json:"choice,omitempty" union:"discriminator/type"`
}

// Plain has no field named type.
type Plain struct {
	Kind string `json:"kind,omitempty"`
	A    *int   `json:"a,omitempty"`
}

// Modes has a +k8s:ifMode of a modality that no field selects.
type Modes struct {
	// +k8s:modeDiscriminator
	// +optional
	Mode string `json:"mode,omitempty"`
	// +optional
	// +k8s:ifMode(modality: "other", mode: "A")=+k8s:required
	A *int32 `json:"a,omitempty"`
}
