// Package jsonname has union fields that JSON does not serialize by a name.
package jsonname

// Kind selects the member of Choice.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
	KindC Kind = "C"
	KindD Kind = "D"
	KindE Kind = "E"

	KindConfig Kind = "Config"
)

// Config is the type of an embedded member.
type Config struct {
	Name string `json:"name,omitempty"`
}

// Choice has members without a usable JSON name.
type Choice struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// A has no json tag.
	// +unionMember
	// +optional
	A *int
	// B is hidden from JSON.
	// +unionMember
	// +optional
	B *int `json:"-"`
	// c is not exported.
	// +unionMember=C
	// +optional
	c *int
	// D is valid.
	// +unionMember
	// +optional
	D *int `json:"d,omitempty"`
	// E has a name that encoding/json ignores: it would write "E".
	// +unionMember
	// +optional
	E *int `json:"e\"x,omitempty"`
}

// Untagged has a discriminator without a json tag.
type Untagged struct {
	// +unionDiscriminator
	// +optional
	Kind Kind
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
}

// Embedded has an embedded member: its json tag names it, so JSON does not
// inline it.
type Embedded struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	*Config `json:"config,omitempty"`
}
