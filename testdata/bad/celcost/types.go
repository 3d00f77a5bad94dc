package celcost

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Route sends to exactly one backend.
type Route struct {
	// +k8s:unionMember
	// +optional
	Service *string `json:"service,omitempty"`
	// +k8s:unionMember
	// +optional
	Bucket *string `json:"bucket,omitempty"`
	// +k8s:unionMember
	// +optional
	Queue *string `json:"queue,omitempty"`
	// +k8s:unionMember
	// +optional
	Topic *string `json:"topic,omitempty"`
	// +k8s:unionMember
	// +optional
	Function *string `json:"function,omitempty"`
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
