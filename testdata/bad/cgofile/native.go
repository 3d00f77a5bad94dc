package cgofile

// #include <stdlib.h>
import "C"

// Choice is a union that only a machine with cgo on would see.
type Choice struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
}
