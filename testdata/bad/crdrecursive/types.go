package crdrecursive

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Mode selects the member of Node.
// +enum
type Mode string

const (
	ModeA Mode = "A"
	ModeB Mode = "B"
)

// Node is a union with a child of its own type.
type Node struct {
	// +unionDiscriminator
	// +optional
	Mode Mode `json:"mode,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
	// +unionMember
	// +optional
	B *int `json:"b,omitempty"`
	// +optional
	Child *Node `json:"child,omitempty"`
}

// Tree is a kind with a CRD.
// +kubebuilder:object:root=true
type Tree struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec Node `json:"spec"`
}
