// Package v1 stands for k8s.io/api/flowcontrol/v1: its kind reaches a union.
package v1

import appsv1 "k8s.io/api/apps/v1"

type PriorityLevelConfiguration struct {
	Strategy appsv1.DeploymentStrategy `json:"strategy"`
}
