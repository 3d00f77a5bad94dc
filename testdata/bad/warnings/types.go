// Package warnings has only problems that are warnings: a member value that
// does not match its JSON name (a KEP "should"), and a union of KEP-1027
// 2019, as k8s.io/api's flowcontrol types have, whose valid values union-gen
// guesses. It is generated, with warnings.
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

// SubjectKind is not an enum, as in k8s.io/api/flowcontrol.
type SubjectKind string

// Subject is a 2019 union: its valid values are guessed.
// +union
type Subject struct {
	// +unionDiscriminator
	Kind SubjectKind `json:"kind"`
	// +optional
	User *string `json:"user,omitempty"`
}
