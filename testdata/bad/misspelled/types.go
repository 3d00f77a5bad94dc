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

// Choice misspells each union marker.
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
}
