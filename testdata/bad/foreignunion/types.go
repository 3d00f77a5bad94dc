// Package foreignunion holds a union of a package of another module, as a
// CRD's types hold k8s.io/api's SeccompProfile in a PodSpec: union-gen warns
// that it does not check it. The case is a module of its own, which requires
// that other module (./api), so union-gen runs in its directory.
package foreignunion

import corev1 "example.com/api/core/v1"

// WidgetSpec reaches SeccompProfile twice; it is reported once, at the first
// field.
type WidgetSpec struct {
	Template corev1.PodSpec `json:"template"`
	// +optional
	SecurityContext *corev1.SecurityContext `json:"securityContext,omitempty"`
}
