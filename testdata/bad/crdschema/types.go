package crdschema

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Kind selects the member of Union.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

// Union is a valid union.
type Union struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
}

// Thing is a kind with a CRD.
// +kubebuilder:object:root=true
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ThingSpec `json:"spec"`
}

// ThingSpec reaches Union.
type ThingSpec struct {
	Primary Union `json:"primary"`
	Backup  Union `json:"backup"`
}
