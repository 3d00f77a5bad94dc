// Package v1 is a CustomResourceDefinition's API package, written for
// controller-gen: its Widget kind reaches the unions of the other examples
// through every shape that union-gen walks (pointers, lists with and without
// maxItems, list-maps, maps and inline embedding). union-gen adds their
// rules, as CEL, to the CRD that controller-gen writes into ../config.
//
// +k8s:openapi-gen=true
// +groupName=examples.union-gen.io
package v1
