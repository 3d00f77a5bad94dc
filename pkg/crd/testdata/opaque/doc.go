// Package opaque has a kind whose union has a struct member, omitted when
// zero, of a type that decodes itself from JSON: its CRD cannot get rules.
//
// +groupName=opaque.example.com
package opaque
