// Package valuename has a member whose value does not match its JSON name: a
// warning, as KEP-1027 only says they should match. It is generated.
package valuename

// Kind selects the member of Choice.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

// Choice selects member Other with "B".
type Choice struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
	// +unionMember=B
	// +optional
	Other *int `json:"other,omitempty"`
}
