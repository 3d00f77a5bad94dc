// Package celname has a kind with a union member whose JSON name CEL cannot
// select, so that its rules cannot be written into the CRD.
//
// +groupName=celname.example.com
package celname
