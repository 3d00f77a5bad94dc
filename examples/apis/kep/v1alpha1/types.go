package v1alpha1

import "github.com/union-gen/union-gen/examples/apis/kep/enums"

// UnionType selects the member of a Union.
// +enum
type UnionType string

const (
	FieldA UnionType = "FieldA"
	FieldB UnionType = "FieldB"
	// FieldC and FieldD select no field: they are empty members.
	FieldC UnionType = "FieldC"
	FieldD UnionType = "FieldD"
	// FieldNone means that no member is set.
	FieldNone UnionType = ""
)

// Union is a union whose members are selected by their Go field names.
type Union struct {
	// +unionDiscriminator
	// +required
	UnionType UnionType `json:"unionType"`

	// +unionMember
	// +optional
	FieldA int `json:"fieldA"`
	// +unionMember,optional
	// +optional
	FieldB int `json:"fieldB"`
}

// TopLevelUnion embeds a union inline: its members are properties of
// TopLevelUnion's object.
type TopLevelUnion struct {
	Name string `json:"name"`

	Union `json:",inline"`
}

// Union2Type selects the member of a Union2 with custom values.
// +enum
type Union2Type string

const (
	Alpha Union2Type = "ALPHA"
	Beta  Union2Type = "BETA"
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

// Pipeline has two unions, whose enums are declared in another package, so
// each member names its discriminator.
type Pipeline struct {
	// +unionDiscriminator
	// +optional
	Input enums.InputType `json:"input,omitempty"`
	// +unionMember
	// +unionDiscriminatedBy=input
	// +optional
	File *string `json:"file,omitempty"`
	// +unionMember=URL
	// +unionDiscriminatedBy=Input
	// +optional
	URL *string `json:"url,omitempty"`

	// +unionDiscriminator
	// +default="Stdout"
	// +optional
	Output enums.OutputType `json:"output,omitempty"`
	// +unionMember,optional
	// +unionDiscriminatedBy=Output
	// +optional
	Socket *string `json:"socket,omitempty"`
}

// Catalog reaches unions through a list-map, a map and an atomic list.
type Catalog struct {
	// +listType=map
	// +listMapKey=name
	// +optional
	Entries []Entry `json:"entries,omitempty"`
	// +optional
	ByName map[string]Union2 `json:"byName,omitempty"`
	// +listType=atomic
	// +optional
	History []*Pipeline `json:"history,omitempty"`
}

// Entry is an item of a list-map with a union embedded inline.
type Entry struct {
	Name string `json:"name"`

	Union2 `json:",inline"`
}
