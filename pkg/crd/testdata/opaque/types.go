package opaque

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Kind selects the member of Schedule.
// +enum
type Kind string

const (
	KindAt    Kind = "At"
	KindEvery Kind = "Every"
)

// Schedule is a union whose At member is a metav1.Time, which decodes
// itself: whether it is zero depends on its text, not on its properties.
type Schedule struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	At metav1.Time `json:"at,omitzero"`
	// +unionMember
	// +optional
	Every string `json:"every,omitempty"`
}

// Thing is a kind with a CRD.
// +kubebuilder:object:root=true
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec Schedule `json:"spec"`
}
