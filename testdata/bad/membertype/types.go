// Package membertype has members whose types cannot show whether they are set.
package membertype

// Kind selects the member of Choice.
// +enum
type Kind string

const (
	KindStruct    Kind = "Struct"
	KindArray     Kind = "Array"
	KindInterface Kind = "Interface"
	KindPointer   Kind = "Pointer"
)

// Config is a struct member type.
type Config struct {
	Name string `json:"name,omitempty"`
}

// Choice has members of a struct, an array and an interface type.
type Choice struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	Struct Config `json:"struct,omitempty"`
	// +unionMember
	// +optional
	Array [2]int `json:"array,omitempty"`
	// +unionMember
	// +optional
	Interface any `json:"interface,omitempty"`
	// Pointer is valid.
	// +unionMember
	// +optional
	Pointer *Config `json:"pointer,omitempty"`
}
