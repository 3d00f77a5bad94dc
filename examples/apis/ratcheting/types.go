package ratcheting

import (
	appsv1 "github.com/union-gen/union-gen/examples/apis/apps/v1"
	autoscalingv2 "github.com/union-gen/union-gen/examples/apis/autoscaling/v2"
	corev1 "github.com/union-gen/union-gen/examples/apis/core/v1"
	kepv1alpha1 "github.com/union-gen/union-gen/examples/apis/kep/v1alpha1"
)

// DeploymentStrategy is apps/v1's, ratcheting unchanged unions.
type DeploymentStrategy struct {
	// +unionDiscriminator
	// +unionRatcheting
	// +optional
	Type appsv1.DeploymentStrategyType `json:"type,omitempty"`
	// +unionMember
	// +optional
	RollingUpdate *appsv1.RollingUpdateDeployment `json:"rollingUpdate,omitempty"`
}

// DeploymentStrategyByMembership is apps/v1's, ratcheting as validation-gen
// does.
type DeploymentStrategyByMembership struct {
	// +unionDiscriminator
	// +unionRatcheting=membership
	// +optional
	Type appsv1.DeploymentStrategyType `json:"type,omitempty"`
	// +unionMember
	// +optional
	RollingUpdate *appsv1.RollingUpdateDeployment `json:"rollingUpdate,omitempty"`
}

// MetricSpec is autoscaling/v2's, ratcheting unchanged unions.
type MetricSpec struct {
	// +unionDiscriminator
	// +unionRatcheting=unchanged
	Type autoscalingv2.MetricSourceType `json:"type"`
	// +unionMember
	// +optional
	Object *autoscalingv2.ObjectMetricSource `json:"object,omitempty"`
	// +unionMember
	// +optional
	Pods *autoscalingv2.PodsMetricSource `json:"pods,omitempty"`
	// +unionMember
	// +optional
	Resource *autoscalingv2.ResourceMetricSource `json:"resource,omitempty"`
	// +unionMember
	// +optional
	ContainerResource *autoscalingv2.ContainerResourceMetricSource `json:"containerResource,omitempty"`
	// +unionMember
	// +optional
	External *autoscalingv2.ExternalMetricSource `json:"external,omitempty"`
}

// MetricSpecByMembership is autoscaling/v2's, ratcheting as validation-gen
// does.
type MetricSpecByMembership struct {
	// +unionDiscriminator
	// +unionRatcheting=membership
	Type autoscalingv2.MetricSourceType `json:"type"`
	// +unionMember
	// +optional
	Object *autoscalingv2.ObjectMetricSource `json:"object,omitempty"`
	// +unionMember
	// +optional
	Pods *autoscalingv2.PodsMetricSource `json:"pods,omitempty"`
	// +unionMember
	// +optional
	Resource *autoscalingv2.ResourceMetricSource `json:"resource,omitempty"`
	// +unionMember
	// +optional
	ContainerResource *autoscalingv2.ContainerResourceMetricSource `json:"containerResource,omitempty"`
	// +unionMember
	// +optional
	External *autoscalingv2.ExternalMetricSource `json:"external,omitempty"`
}

// SeccompProfile is core/v1's, ratcheting unchanged unions.
type SeccompProfile struct {
	// +unionDiscriminator
	// +unionRatcheting
	Type corev1.SeccompProfileType `json:"type"`
	// +unionMember=Localhost
	// +optional
	LocalhostProfile *string `json:"localhostProfile,omitempty"`
}

// SeccompProfileByMembership is core/v1's, ratcheting as validation-gen
// does.
type SeccompProfileByMembership struct {
	// +unionDiscriminator
	// +unionRatcheting=membership
	Type corev1.SeccompProfileType `json:"type"`
	// +unionMember=Localhost
	// +optional
	LocalhostProfile *string `json:"localhostProfile,omitempty"`
}

// Union is kep/v1alpha1's, ratcheting unchanged unions: its members are
// numbers, compared by value.
type Union struct {
	// +unionDiscriminator
	// +unionRatcheting
	// +required
	UnionType kepv1alpha1.UnionType `json:"unionType"`
	// +unionMember
	// +optional
	FieldA int `json:"fieldA"`
	// +unionMember,optional
	// +optional
	FieldB int `json:"fieldB"`
}

// UnionByMembership is kep/v1alpha1's, ratcheting as validation-gen does.
type UnionByMembership struct {
	// +unionDiscriminator
	// +unionRatcheting=membership
	// +required
	UnionType kepv1alpha1.UnionType `json:"unionType"`
	// +unionMember
	// +optional
	FieldA int `json:"fieldA"`
	// +unionMember,optional
	// +optional
	FieldB int `json:"fieldB"`
}
