package featuresets

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Kind selects a member of Spec.
type Kind string

// Spec is a union of the 2019 dialect, as openshift/api writes them.
// +union
type Spec struct {
	// +unionDiscriminator
	// +openshift:validation:FeatureGateAwareEnum:featureGate="",enum=A;B
	// +openshift:validation:FeatureGateAwareEnum:featureGate=GateC,enum=A;B;C
	Type Kind `json:"type"`
	// +unionMember,optional
	A *string `json:"a,omitempty"`
	// +unionMember,optional
	B *string `json:"b,omitempty"`
	// +openshift:enable:FeatureGate=GateC
	// +unionMember,optional
	C *string `json:"c,omitempty"`
}

// Thing is a kind with a CRD per feature set.
// +kubebuilder:object:root=true
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec Spec `json:"spec"`
}
