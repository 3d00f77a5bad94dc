package compactrules

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

// Spec has routes without a bound.
type Spec struct {
	// +optional
	Routes []Route `json:"routes,omitempty"`
}

// Thing is a kind with a CRD.
// +kubebuilder:object:root=true
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec Spec `json:"spec"`
}
