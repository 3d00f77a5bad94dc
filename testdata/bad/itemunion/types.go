// Package itemunion has a union of list items of validation-gen, as
// k8s.io/api's CertificateSigningRequestStatus has: union-gen leaves it to
// validation-gen, with a warning, and generates nothing.
package itemunion

// Status has at most one condition of type Approved or Denied.
type Status struct {
	// +listType=map
	// +listMapKey=type
	// +k8s:beta(since: "1.37")=+k8s:item(type: "Approved")=+k8s:zeroOrOneOfMember
	// +k8s:beta(since: "1.37")=+k8s:item(type: "Denied")=+k8s:zeroOrOneOfMember
	// +optional
	Conditions []Condition `json:"conditions,omitempty"`
}

// Condition is an item of Status.Conditions.
type Condition struct {
	Type string `json:"type"`
}
