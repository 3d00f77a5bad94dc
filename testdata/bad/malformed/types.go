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

// Validation is a union of validation-gen with malformed markers.
type Validation struct {
	// +k8s:unionMember(union: "a"
	// +optional
	A *int `json:"a,omitempty"`
	// +k8s:unionMember("b")
	// +optional
	B *int `json:"b,omitempty"`
	// +k8s:unionMember=true
	// +optional
	C *int `json:"c,omitempty"`
	// +k8s:item=+k8s:zeroOrOneOfMember
	// +optional
	D []Item `json:"d,omitempty"`
}

// Item is an item of Validation.D.
type Item struct {
	Type string `json:"type"`
}

// Legacy is a union of KEP-1027 2019 with malformed markers.
// +union
type Legacy struct {
	// +unionDiscriminator
	// +kubebuilder:validation:Enum
	Kind string `json:"kind"`
	// +unionDeprecated=true
	// +optional
	A *int `json:"a,omitempty"`
}

// Tags names a field's type by a struct tag that only structs take.
type Tags struct {
	Names []string `json:"names,omitempty" union:"oneof"`
}
