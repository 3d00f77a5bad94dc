// Package v1 stands for k8s.io/api/apps/v1 in a module that replaces
// k8s.io/api by this copy, which differs from pkg/builtin/unions.yaml: a
// DeploymentStrategy has a value more, and a StatefulSetUpdateStrategy
// names its type otherwise in JSON and has no rollingUpdate.
package v1

type Deployment struct {
	Spec DeploymentSpec `json:"spec"`
}

type DeploymentSpec struct {
	Strategy DeploymentStrategy `json:"strategy"`
}

// +enum
type DeploymentStrategyType string

const (
	CanaryDeploymentStrategyType        DeploymentStrategyType = "Canary"
	RecreateDeploymentStrategyType      DeploymentStrategyType = "Recreate"
	RollingUpdateDeploymentStrategyType DeploymentStrategyType = "RollingUpdate"
)

type DeploymentStrategy struct {
	// +optional
	Type DeploymentStrategyType `json:"type,omitempty"`
	// +optional
	RollingUpdate *RollingUpdateDeployment `json:"rollingUpdate,omitempty"`
}

type RollingUpdateDeployment struct {
	// +optional
	MaxSurge *int32 `json:"maxSurge,omitempty"`
}

type StatefulSet struct {
	UpdateStrategy StatefulSetUpdateStrategy `json:"updateStrategy"`
}

type DaemonSet struct {
	Strategy DeploymentStrategy `json:"strategy"`
}

type ReplicaSet struct {
	Strategy DeploymentStrategy `json:"strategy"`
}

// +enum
type StatefulSetUpdateStrategyType string

const (
	OnDeleteStatefulSetStrategyType      StatefulSetUpdateStrategyType = "OnDelete"
	RecreateStatefulSetStrategyType      StatefulSetUpdateStrategyType = "Recreate"
	RollingUpdateStatefulSetStrategyType StatefulSetUpdateStrategyType = "RollingUpdate"
)

type StatefulSetUpdateStrategy struct {
	// +optional
	Type StatefulSetUpdateStrategyType `json:"strategyType,omitempty"`
}
