package crdrejected

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Backend selects the member of a Route.
// +enum
type Backend string

const (
	BackendService Backend = "Service"
	BackendBucket  Backend = "Bucket"
	BackendQueue   Backend = "Queue"
)

// Route sends to the backend its type selects.
type Route struct {
	// +unionDiscriminator
	// +optional
	Type Backend `json:"type,omitempty"`
	// +unionMember
	// +optional
	Service *string `json:"service,omitempty"`
	// +unionMember
	// +optional
	Bucket *string `json:"bucket,omitempty"`
	// +unionMember
	// +optional
	Queue *string `json:"queue,omitempty"`
}

// Spec has one route, and a name that the CRD's own rules check.
type Spec struct {
	// +optional
	Route Route `json:"route,omitempty"`
	// +kubebuilder:validation:MaxLength=64
	// +optional
	Name string `json:"name,omitempty"`
}

// Thing is a kind with a CRD.
// +kubebuilder:object:root=true
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec Spec `json:"spec"`
}
