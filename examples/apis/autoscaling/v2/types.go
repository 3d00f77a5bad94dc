package v2

// HorizontalPodAutoscalerSpec describes the desired functionality of the HorizontalPodAutoscaler.
type HorizontalPodAutoscalerSpec struct {
	// metrics contains the specifications for which to use to calculate the
	// desired replica count.
	// +listType=atomic
	// +optional
	Metrics []MetricSpec `json:"metrics,omitempty"`
}

// MetricSpec specifies how to scale based on a single metric (only `type` and
// one other matching field should be set at once).
type MetricSpec struct {
	// type is the type of metric source.
	// +unionDiscriminator
	Type MetricSourceType `json:"type"`

	// object refers to a metric describing a single kubernetes object.
	// +unionMember
	// +optional
	Object *ObjectMetricSource `json:"object,omitempty"`

	// pods refers to a metric describing each pod in the current scale target.
	// +unionMember
	// +optional
	Pods *PodsMetricSource `json:"pods,omitempty"`

	// resource refers to a resource metric known to Kubernetes.
	// +unionMember
	// +optional
	Resource *ResourceMetricSource `json:"resource,omitempty"`

	// containerResource refers to a resource metric of a single container.
	// +unionMember
	// +optional
	ContainerResource *ContainerResourceMetricSource `json:"containerResource,omitempty"`

	// external refers to a global metric that is not associated with any
	// Kubernetes object.
	// +unionMember
	// +optional
	External *ExternalMetricSource `json:"external,omitempty"`
}

// MetricSourceType indicates the type of metric.
// +enum
type MetricSourceType string

const (
	ObjectMetricSourceType            MetricSourceType = "Object"
	PodsMetricSourceType              MetricSourceType = "Pods"
	ResourceMetricSourceType          MetricSourceType = "Resource"
	ContainerResourceMetricSourceType MetricSourceType = "ContainerResource"
	ExternalMetricSourceType          MetricSourceType = "External"
)

// MetricIdentifier defines the name and optionally selector for a metric.
type MetricIdentifier struct {
	Name string `json:"name"`
}

// MetricTarget defines the target value, average value, or average
// utilization of a specific metric.
type MetricTarget struct {
	Type string `json:"type"`
	// +optional
	AverageUtilization *int32 `json:"averageUtilization,omitempty"`
}

// ObjectMetricSource indicates how to scale on a metric describing a kubernetes object.
type ObjectMetricSource struct {
	DescribedObject string           `json:"describedObject"`
	Target          MetricTarget     `json:"target"`
	Metric          MetricIdentifier `json:"metric"`
}

// PodsMetricSource indicates how to scale on a metric describing each pod.
type PodsMetricSource struct {
	Metric MetricIdentifier `json:"metric"`
	Target MetricTarget     `json:"target"`
}

// ResourceMetricSource indicates how to scale on a resource metric known to Kubernetes.
type ResourceMetricSource struct {
	Name   string       `json:"name"`
	Target MetricTarget `json:"target"`
}

// ContainerResourceMetricSource indicates how to scale on a resource metric of a container.
type ContainerResourceMetricSource struct {
	Name      string       `json:"name"`
	Target    MetricTarget `json:"target"`
	Container string       `json:"container"`
}

// ExternalMetricSource indicates how to scale on a metric not associated with any Kubernetes object.
type ExternalMetricSource struct {
	Metric MetricIdentifier `json:"metric"`
	Target MetricTarget     `json:"target"`
}
