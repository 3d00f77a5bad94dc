// Package fieldgroup has a +oneOf group named after the field that selects
// its members, as resource.k8s.io's ExactDeviceRequest writes it: no marker
// says which value selects which, so union-gen checks nothing of it, with a
// warning. It is generated.
package fieldgroup

// Request counts devices when AllocationMode is ExactCount.
type Request struct {
	// +optional
	AllocationMode string `json:"allocationMode,omitempty"`
	// +optional
	// +oneOf=AllocationMode
	Count int64 `json:"count,omitempty"`
}
