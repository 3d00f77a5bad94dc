// Package v1 holds the versioned types of apps, with json tags.
package v1

// Deployment reaches a union through its spec.
type Deployment struct {
	Spec DeploymentSpec `json:"spec,omitempty"`
}

// DeploymentSpec holds the strategy.
type DeploymentSpec struct {
	Replicas int32              `json:"replicas,omitempty"`
	Strategy DeploymentStrategy `json:"strategy,omitempty"`
	// Steps match the old object's by name, as the versioned field's
	// list-map markers say.
	// +listType=map
	// +listMapKey=name
	Steps []Step `json:"steps,omitempty"`
}

// Step is an item of a list-map.
type Step struct {
	Name     string             `json:"name"`
	Strategy DeploymentStrategy `json:"strategy,omitempty"`
}

// DeploymentStrategy is a union.
type DeploymentStrategy struct {
	// +unionDiscriminator
	// +optional
	Type DeploymentStrategyType `json:"type,omitempty"`
	// +unionMember
	// +optional
	RollingUpdate *RollingUpdateDeployment `json:"rollingUpdate,omitempty"`
}

// +enum
type DeploymentStrategyType string

const (
	RecreateDeploymentStrategyType      DeploymentStrategyType = "Recreate"
	RollingUpdateDeploymentStrategyType DeploymentStrategyType = "RollingUpdate"
)

// RollingUpdateDeployment is a member.
type RollingUpdateDeployment struct {
	MaxSurge int32 `json:"maxSurge,omitempty"`
}
