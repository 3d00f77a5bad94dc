// Package crdschema has a kind whose CRD, in crd, was generated before the
// union's member A and the spec's field Backup were added.
//
// +groupName=crdschema.example.com
package crdschema
