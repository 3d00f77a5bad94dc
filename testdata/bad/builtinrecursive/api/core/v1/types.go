// Package v1 stands for k8s.io/api/core/v1: its kinds reach a union.
package v1

import appsv1 "k8s.io/api/apps/v1"

type ReplicationController struct {
	UpdateStrategy appsv1.StatefulSetUpdateStrategy `json:"updateStrategy"`
}

type PodTemplate struct {
	UpdateStrategy appsv1.StatefulSetUpdateStrategy `json:"updateStrategy"`
}
