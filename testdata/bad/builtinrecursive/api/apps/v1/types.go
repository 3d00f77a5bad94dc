// Package v1 stands for k8s.io/api/apps/v1 in a module that replaces
// k8s.io/api by this copy: it has the kinds, unions, fields and values of
// pkg/builtin/unions.yaml, but a Deployment's strategy holds another
// strategy, so that the kind reaches its union again, which a policy cannot
// walk.
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
	RecreateDeploymentStrategyType      DeploymentStrategyType = "Recreate"
	RollingUpdateDeploymentStrategyType DeploymentStrategyType = "RollingUpdate"
)

type DeploymentStrategy struct {
	// +optional
	Type DeploymentStrategyType `json:"type,omitempty"`
	// +optional
	RollingUpdate *RollingUpdateDeployment `json:"rollingUpdate,omitempty"`
	// +optional
	Fallback *DeploymentStrategy `json:"fallback,omitempty"`
}

type RollingUpdateDeployment struct {
	// +optional
	MaxSurge *int32 `json:"maxSurge,omitempty"`
}

type StatefulSet struct {
	UpdateStrategy StatefulSetUpdateStrategy `json:"updateStrategy"`
}

type DaemonSet struct {
	UpdateStrategy StatefulSetUpdateStrategy `json:"updateStrategy"`
}

type ReplicaSet struct {
	UpdateStrategy StatefulSetUpdateStrategy `json:"updateStrategy"`
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
	Type StatefulSetUpdateStrategyType `json:"type,omitempty"`
	// +optional
	RollingUpdate *RollingUpdateStatefulSetStrategy `json:"rollingUpdate,omitempty"`
}

type RollingUpdateStatefulSetStrategy struct {
	// +optional
	Partition *int32 `json:"partition,omitempty"`
}
