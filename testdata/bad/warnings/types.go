// Package warnings has a valid union whose only problem is a KEP "should": a
// member value that does not match its JSON name. It is generated, with a
// warning.
package warnings

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
