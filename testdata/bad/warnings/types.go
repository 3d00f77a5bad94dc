// Package warnings has only problems that are warnings: a member value that
// does not match its JSON name (a KEP "should"), and a union of kube-openapi's
// 2019 design, as k8s.io/api's flowcontrol types have, which union-gen leaves
// alone. It is generated, with warnings.
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

// Subject is a 2019 union: kube-openapi reads its markers, union-gen does not.
// +union
type Subject struct {
	// +unionDiscriminator
	Kind SubjectKind `json:"kind"`
	// +optional
	User *string `json:"user,omitempty"`
}
