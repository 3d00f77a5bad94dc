package crdvariant

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Kind selects the member of Union: "B" is a value of another channel.
// +kubebuilder:validation:Enum=A
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
	// +unionMember
	// +optional
	B *int `json:"b,omitempty"`
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
	// +optional
	Backup *Union `json:"backup,omitempty"`
}
