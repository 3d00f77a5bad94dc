// Package guessedvalues has a union of KEP-1027 2019, as k8s.io/api's
// flowcontrol Subject is written: its discriminator's type is no enum, so
// union-gen guesses the valid values and warns. It is generated.
package guessedvalues

// SubjectKind is no enum.
type SubjectKind string

const (
	SubjectKindUser  SubjectKind = "User"
	SubjectKindGroup SubjectKind = "Group"
)

// Subject is a 2019 union: every field but the discriminator is a member,
// selected by its Go name.
// +union
type Subject struct {
	// +unionDiscriminator
	// +required
	Kind SubjectKind `json:"kind"`
	// +optional
	User *string `json:"user,omitempty"`
	// +optional
	Group *string `json:"group,omitempty"`
	// +optional
	ServiceAccount *string `json:"serviceAccount,omitempty"`
}
