// Package legacyunion has a union of kube-openapi's 2019 design, as
// k8s.io/api's flowcontrol types have: union-gen leaves it to openapi-gen
// with a warning, and generates nothing.
package legacyunion

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
