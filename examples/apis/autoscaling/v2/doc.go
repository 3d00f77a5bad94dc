// Package v2 holds a copy of autoscaling/v2's MetricSpec union, marked up as
// KEP-1027 proposes. Adapted from k8s.io/api/autoscaling/v2 (Apache License
// 2.0), trimmed to the fields that matter.
//
// +k8s:openapi-gen=true
package v2
