// Package misplacedratcheting has +unionRatcheting on fields that are not
// discriminators, where it cannot say which union ratchets.
package misplacedratcheting

// Kind selects the member of Choice.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

// Choice has the marker on a member and on a plain field.
type Choice struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// A carries the marker that belongs on Kind.
	// +unionMember
	// +unionRatcheting
	// +optional
	A *int `json:"a,omitempty"`
	// +unionMember
	// +optional
	B *int `json:"b,omitempty"`
	// Name is no union field at all.
	// +unionRatcheting=membership
	// +optional
	Name string `json:"name,omitempty"`
}
