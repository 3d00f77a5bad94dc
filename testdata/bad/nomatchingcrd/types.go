package nomatchingcrd

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

// Thing is a kind without a CRD in --crd-paths.
// +kubebuilder:object:root=true
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec Spec `json:"spec"`
}
