// Package cgofile has a union in a file that imports "C", which union-gen
// does not read: the file is in the package only where cgo is on.
package cgofile

// Kind selects the member of a union.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)
