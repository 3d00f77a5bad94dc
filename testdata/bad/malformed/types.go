// Package malformed has union markers whose values cannot be parsed.
package malformed

// Kind selects the member of Choice.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

// Choice has one malformed marker per field.
type Choice struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// EmptyValue has "=" and no value.
	// +unionMember=
	// +optional
	EmptyValue *int `json:"emptyValue,omitempty"`
	// EmptyOption has a trailing comma.
	// +unionMember=A,
	// +optional
	EmptyOption *int `json:"emptyOption,omitempty"`
	// Parens uses a call syntax.
	// +unionMember(A)
	// +optional
	Parens *int `json:"parens,omitempty"`
	// Quoted quotes its value.
	// +unionMember="A"
	// +optional
	Quoted *int `json:"quoted,omitempty"`
	// Spaced has a space in its value.
	// +unionMember=A B
	// +optional
	Spaced *int `json:"spaced,omitempty"`
	// SpacedOption has a space before its option.
	// +unionMember=B, optional
	// +optional
	SpacedOption *int `json:"spacedOption,omitempty"`
	// B names no discriminator.
	// +unionMember
	// +unionDiscriminatedBy
	// +optional
	B *int `json:"b,omitempty"`
	// A names an empty discriminator.
	// +unionMember
	// +unionDiscriminatedBy=
	// +optional
	A *int `json:"a,omitempty"`
}

// Flagged gives its discriminator marker a value.
type Flagged struct {
	// +unionDiscriminator=true
	// +optional
	Kind Kind `json:"kind,omitempty"`
}
