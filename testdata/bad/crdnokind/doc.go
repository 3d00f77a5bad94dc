// Package crdnokind has a kind whose CRD is in crd/, beside the CRD of a
// kind of another group, which no input package has: that CRD is left as it
// is, with a warning at its kind.
// +groupName=crdnokind.example.com
package crdnokind
