// Package v1 has, at the path of k8s.io/api's resource.k8s.io/v1, groups
// that kube-apiserver does not enforce as exactly one of their fields:
// union-gen reads them as the API server enforces them, with a warning. It
// is generated.
package v1

// DeviceConstraint is resource.k8s.io/v1's: at least one of its group.
type DeviceConstraint struct {
	// +optional
	// +oneOf=ConstraintType
	MatchAttribute *string `json:"matchAttribute,omitempty"`
	// +optional
	// +oneOf=ConstraintType
	DistinctAttribute *string `json:"distinctAttribute,omitempty"`
}

// Device is resource.k8s.io/v1's: its group is the ResourceSlice's to
// enforce.
type Device struct {
	// +optional
	// +oneOf=DeviceNodeSelection
	NodeName *string `json:"nodeName,omitempty"`
	// +optional
	// +oneOf=DeviceNodeSelection
	AllNodes *bool `json:"allNodes,omitempty"`
}
