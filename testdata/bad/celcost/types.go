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

// GadgetMode selects the backend of a Target.
// +enum
type GadgetMode string

const (
	ModeService GadgetMode = "Service"
	ModeBucket  GadgetMode = "Bucket"
	ModeQueue   GadgetMode = "Queue"
	ModeTopic   GadgetMode = "Topic"
	ModeLambda  GadgetMode = "Lambda"
	ModeStream  GadgetMode = "Stream"
	ModeTable   GadgetMode = "Table"
	ModeCache   GadgetMode = "Cache"
)

// Target sends to the backend that its mode selects. Its hand-written rules,
// from before union-gen, check its union: beside union-gen's, the version
// is over the API server's limit, but without them it fits.
//
// +kubebuilder:validation:XValidation:rule="self.mode == 'Service' ? has(self.service) : !has(self.service)",message="service is required when mode is Service, and forbidden otherwise"
// +kubebuilder:validation:XValidation:rule="self.mode == 'Bucket' ? has(self.bucket) : !has(self.bucket)",message="bucket is required when mode is Bucket, and forbidden otherwise"
// +kubebuilder:validation:XValidation:rule="self.mode == 'Queue' ? has(self.queue) : !has(self.queue)",message="queue is required when mode is Queue, and forbidden otherwise"
// +kubebuilder:validation:XValidation:rule="self.mode == 'Topic' ? has(self.topic) : !has(self.topic)",message="topic is required when mode is Topic, and forbidden otherwise"
// +kubebuilder:validation:XValidation:rule="self.mode == 'Lambda' ? has(self.lambda) : !has(self.lambda)",message="lambda is required when mode is Lambda, and forbidden otherwise"
// +kubebuilder:validation:XValidation:rule="self.mode == 'Stream' ? has(self.stream) : !has(self.stream)",message="stream is required when mode is Stream, and forbidden otherwise"
// +kubebuilder:validation:XValidation:rule="self.mode == 'Table' ? has(self.table) : !has(self.table)",message="table is required when mode is Table, and forbidden otherwise"
// +kubebuilder:validation:XValidation:rule="self.mode == 'Cache' ? has(self.cache) : !has(self.cache)",message="cache is required when mode is Cache, and forbidden otherwise"
type Target struct {
	// +unionDiscriminator
	// +required
	Mode GadgetMode `json:"mode"`
	// +unionMember
	// +optional
	Service *string `json:"service,omitempty"`
	// +unionMember
	// +optional
	Bucket *string `json:"bucket,omitempty"`
	// +unionMember
	// +optional
	Queue *string `json:"queue,omitempty"`
	// +unionMember
	// +optional
	Topic *string `json:"topic,omitempty"`
	// +unionMember
	// +optional
	Lambda *string `json:"lambda,omitempty"`
	// +unionMember
	// +optional
	Stream *string `json:"stream,omitempty"`
	// +unionMember
	// +optional
	Table *string `json:"table,omitempty"`
	// +unionMember
	// +optional
	Cache *string `json:"cache,omitempty"`
}

// GadgetSpec has targets, many of them.
type GadgetSpec struct {
	// +kubebuilder:validation:MaxItems=1500000
	// +optional
	Targets []Target `json:"targets,omitempty"`
}

// Gadget is a kind with a CRD.
// +kubebuilder:object:root=true
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GadgetSpec `json:"spec"`
}
