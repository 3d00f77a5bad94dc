// Package dialectconflict has union markers of two dialects that contradict
// each other: on one field, and between a struct tag and a struct's markers.
package dialectconflict

// Kind selects the member of Both.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

// Both marks a member in KEP-1027's dialect and in validation-gen's.
type Both struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember
	// +k8s:unionMember
	// +optional
	A *int `json:"a,omitempty"`
	// +unionMember
	// +optional
	B *int `json:"b,omitempty"`
}

// Mixed marks a member in KEP-1027's latest dialect and in its 2019 one.
type Mixed struct {
	// +unionDeprecated
	// +optional
	A *int `json:"a,omitempty"`
	// +unionMember
	// +unionDeprecated
	// +optional
	B *int `json:"b,omitempty"`
}

// Selector is validation-gen's discriminator and KEP-1027's.
type Selector struct {
	// +unionDiscriminator
	// +k8s:unionDiscriminator
	Kind Kind `json:"kind"`
	// +k8s:unionMember(memberName: "A")
	// +optional
	A *int `json:"a,omitempty"`
}

// Marked is a union of validation-gen, and a struct tag names it too.
type Marked struct {
	// +k8s:unionMember
	// +optional
	A *int `json:"a,omitempty"`
	// +k8s:unionMember
	// +optional
	B *int `json:"b,omitempty"`
}

// Plain is a struct without markers, which two struct tags name differently.
type Plain struct {
	Type string `json:"type,omitempty"`
	A    *int   `json:"a,omitempty"`
}

// Holder names its fields' structs as unions with struct tags.
type Holder struct {
	Marked *Marked `json:"marked,omitempty" union:"oneof"`
	First  *Plain  `json:"first,omitempty" union:"oneof"`
	Second *Plain  `json:"second,omitempty" union:"discriminator/type"`
}

// Modes has a member of KEP-1027 2019's union of the struct's own fields
// beside mode tags, which say what the API server enforces.
type Modes struct {
	// +k8s:modeDiscriminator
	// +optional
	Mode string `json:"mode,omitempty"`
	// +optional
	// +k8s:ifMode("A")=+k8s:required
	A *int32 `json:"a,omitempty"`
	// +optional
	// +unionDeprecated
	B *int32 `json:"b,omitempty"`
}

// Groups has a group that is exactly-one on one field and zero-or-one on
// another.
type Groups struct {
	// +optional
	// +oneOf=Source
	A *int32 `json:"a,omitempty"`
	// +optional
	// +zeroOrOneOf=Source
	B *int32 `json:"b,omitempty"`
}
