// Package v1alpha1 holds the unions of KEP-1027's examples, with the KEP's
// untyped "Beta" constant typed so that it is a value of the enum.
//
// +k8s:openapi-gen=true
package v1alpha1
