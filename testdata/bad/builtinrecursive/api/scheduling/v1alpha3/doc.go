// Package v1alpha3 stands for k8s.io/api's package of the same path, which
// the description reads: it has no union here.
package v1alpha3
