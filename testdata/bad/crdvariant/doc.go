// Package crdvariant has a kind whose CRD, in crd, is a variant of its Go
// types (a release channel's): it leaves out the optional field Backup, which
// no other CRD of the run has, and lists member B without the value "B",
// which +kubebuilder:validation:Enum leaves out of the Go enum.
//
// +groupName=crdvariant.example.com
package crdvariant
