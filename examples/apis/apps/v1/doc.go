// Package v1 holds a copy of apps/v1's DeploymentStrategy union, marked up as
// KEP-1027 proposes, and a Deployment-like kind that reaches it through
// spec.strategy. Adapted from k8s.io/api/apps/v1 (Apache License 2.0),
// trimmed to the fields that matter.
//
// +k8s:openapi-gen=true
package v1
