package policyfile

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Kind selects the member of Spec.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

// Spec is a union that an update may need to normalize.
type Spec struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
	// +unionMember
	// +optional
	B *int `json:"b,omitempty"`
}

// Thing is a kind with a CRD.
// +kubebuilder:object:root=true
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec Spec `json:"spec"`
}
