// Package duplicatejson has union fields that encoding/json does not
// serialize under their JSON names: shadowed by a shallower field, tied with
// a field of the same tag, or inlined twice.
package duplicatejson

// Kind selects the member of a union.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

// Inner is a valid union.
type Inner struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
	// +unionMember
	// +optional
	B *int `json:"b,omitempty"`
}

// Shadowing inlines Inner, and has a field of its own named as Inner's A,
// which encoding/json serializes in its place.
type Shadowing struct {
	Inner `json:",inline"`
	A     string `json:"a,omitempty"`
}

// Tied has two members with one JSON name: encoding/json serializes neither.
type Tied struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
	// +unionMember
	// +optional
	B *int `json:"a,omitempty"`
}

// Other is a union with a discriminator named kind too.
type Other struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
}

// Twice inlines two unions whose discriminators are both kind.
type Twice struct {
	Inner `json:",inline"`
	Other `json:",inline"`
}

// Deeper inlines Inner one level down, under a field of its own that is
// tagged: encoding/json serializes that field, not the union's.
type Deeper struct {
	Wrapper `json:",inline"`
	Kind    string `json:"kind"`
}

// Wrapper inlines Inner.
type Wrapper struct {
	Inner `json:",inline"`
}
