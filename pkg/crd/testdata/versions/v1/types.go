// Package v1 is a version of the group versions.example.com, whose kind has
// a union; only v1 has its CRD in crd/.
// +groupName=versions.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Spec names a destination by a bucket or a volume, not both.
type Spec struct {
	// +k8s:zeroOrOneOfMember
	// +optional
	Bucket *string `json:"bucket,omitempty"`
	// +k8s:zeroOrOneOfMember
	// +optional
	Volume *string `json:"volume,omitempty"`
}

// Thing is a kind with a union.
// +kubebuilder:object:root=true
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec Spec `json:"spec"`
}
