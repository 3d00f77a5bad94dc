// Package listmapkeys reaches unions through +listType=map lists whose keys
// cannot match new items with old ones.
package listmapkeys

// Kind selects the member of Item.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

// Item is a list item with a union.
type Item struct {
	Name string `json:"name"`
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
}

// Catalog has list-maps with missing and wrong keys.
type Catalog struct {
	// NoKey has no +listMapKey.
	// +listType=map
	// +optional
	NoKey []Item `json:"noKey,omitempty"`
	// WrongKey names a key that is no field of Item.
	// +listType=map
	// +listMapKey=nope
	// +optional
	WrongKey []Item `json:"wrongKey,omitempty"`
	// Keyed is valid.
	// +listType=map
	// +listMapKey=name
	// +optional
	Keyed []Item `json:"keyed,omitempty"`
}
