// Package misspelled has misspelled union markers, which must not be ignored
// as markers of other tools.
package misspelled

// Kind selects the member of Choice.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
	KindC Kind = "C"
)

// Choice misspells each union marker, also behind a prefix.
type Choice struct {
	// +unionDiscriminater
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMemeber
	// +optional
	A *int `json:"a,omitempty"`
	// +unionmember
	// +optional
	B *int `json:"b,omitempty"`
	// +unionMember
	// +unionDiscriminatedby=Kind
	// +optional
	C *int `json:"c,omitempty"`
	// +k8s:unionMemebr(union: "u")
	// +optional
	D *int `json:"d,omitempty"`
	// +kubebuilder:validation:unionMember
	// +optional
	E *int `json:"e,omitempty"`
}

// Mode has a union marker behind another tool's prefix, which no tool reads.
// +openshift:unionDiscriminator
type Mode string
