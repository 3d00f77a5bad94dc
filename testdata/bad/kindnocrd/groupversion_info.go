// Package kindnocrd has two kinds with unions, and the CRD of only one in
// crd/: the other is a warning at its type. Its +groupName is here, where
// kubebuilder writes it, not in doc.go.
// +groupName=kindnocrd.example.com
package kindnocrd
