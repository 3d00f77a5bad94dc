// Package containers reaches unions through every container shape.
package containers

// Type selects a member of Leaf.
// +enum
type Type string

const (
	TypeA Type = "A"
	TypeB Type = "B"
)

// Leaf is the union every other type reaches.
type Leaf struct {
	// +unionDiscriminator
	Type Type `json:"type"`
	// +unionMember
	// +optional
	A *string `json:"a,omitempty"`
	// +unionMember
	// +optional
	B *string `json:"b,omitempty"`
}

// Key is a named string used as a map key.
type Key string

// Port is an item of a list-map with two keys, one of them a pointer.
type Port struct {
	Port     int32   `json:"port"`
	Protocol *string `json:"protocol,omitempty"`
	Leaf     *Leaf   `json:"leaf,omitempty"`
}

// Holder reaches Leaf in every way the generated code can walk.
type Holder struct {
	// An embedded pointer is inlined by encoding/json.
	*Leaf `json:",inline"`

	// A named embedded struct is a property, not inlined.
	Named Leaf `json:"named"`

	// +listType=map
	// +listMapKey=port
	// +listMapKey=protocol
	Ports []*Port `json:"ports,omitempty"`

	ByKey     map[Key]*Leaf              `json:"byKey,omitempty"`
	Grid      [][]Leaf                   `json:"grid,omitempty"`
	Fixed     [2]Leaf                    `json:"fixed"`
	Nested    map[string][]Leaf          `json:"nested,omitempty"`
	MapOfMaps map[string]map[string]Leaf `json:"mapOfMaps,omitempty"`

	// Fields JSON does not see are not walked.
	Hidden  Leaf `json:"-"`
	private *Leaf
}

// Tree is recursive: it reaches Leaf and itself.
type Tree struct {
	Leaf     Leaf   `json:"leaf"`
	Children []Tree `json:"children,omitempty"`
}

// Unrelated reaches no union and gets no methods.
type Unrelated struct {
	Name string `json:"name"`
}
