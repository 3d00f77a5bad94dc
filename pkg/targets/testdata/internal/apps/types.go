// Package apps holds internal types, as k8s.io/kubernetes/pkg/apis/apps
// does: no json tags; apps/v1 converts them to api/apps/v1's.
package apps

// Deployment reaches a union through its spec.
type Deployment struct {
	Spec DeploymentSpec
}

// DeploymentSpec holds the strategy.
type DeploymentSpec struct {
	Replicas int32
	Strategy DeploymentStrategy
	// Steps match the old object's by name, as the versioned field's
	// list-map markers say.
	Steps []Step
}

// Step is an item of a list-map.
type Step struct {
	Name     string
	Strategy DeploymentStrategy
}

// DeploymentStrategy is a union.
type DeploymentStrategy struct {
	// +unionDiscriminator
	// +optional
	Type DeploymentStrategyType
	// +unionMember
	// +optional
	RollingUpdate *RollingUpdateDeployment
}

// +enum
type DeploymentStrategyType string

const (
	RecreateDeploymentStrategyType      DeploymentStrategyType = "Recreate"
	RollingUpdateDeploymentStrategyType DeploymentStrategyType = "RollingUpdate"
)

// RollingUpdateDeployment is a member.
type RollingUpdateDeployment struct {
	MaxSurge int32
}
