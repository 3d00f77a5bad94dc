// Package v1 holds a copy of core/v1's SeccompProfile union, marked up as
// KEP-1027 proposes, and the pod types that reach it. Adapted from
// k8s.io/api/core/v1 (Apache License 2.0), trimmed to the fields that matter.
//
// +k8s:openapi-gen=true
package v1
