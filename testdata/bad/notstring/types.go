// Package notstring has discriminators whose types are not named string types.
package notstring

// ByString is selected by a plain string.
type ByString struct {
	// +unionDiscriminator
	// +optional
	Kind string `json:"kind,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
}

// AlsoByString is selected by a plain string too: it needs its own error.
type AlsoByString struct {
	// +unionDiscriminator
	// +optional
	Mode string `json:"mode,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
}

// ByInt is selected by a number.
type ByInt struct {
	// +unionDiscriminator
	// +optional
	Kind int `json:"kind,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
}

// ByPointer is selected by a pointer to a number: a pointer is taken to a
// named string type only.
type ByPointer struct {
	// +unionDiscriminator
	// +optional
	Kind *int `json:"kind,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
}

// ByNumber has a mode discriminator that is a number.
type ByNumber struct {
	// +k8s:modeDiscriminator
	// +optional
	Level int32 `json:"level,omitempty"`
	// +optional
	// +k8s:ifMode("1")=+k8s:required
	A *int32 `json:"a,omitempty"`
}
