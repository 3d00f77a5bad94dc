// Package v1 stands for k8s.io/api/core/v1: it has no PodTemplate, and its
// ReplicationController reaches no union, so that no update of it can
// switch one.
package v1

type ReplicationController struct {
	Replicas *int32 `json:"replicas,omitempty"`
}
