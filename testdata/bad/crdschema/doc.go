// Package crdschema has a kind whose CRD, in crd, was generated before the
// union's member A and the spec's required field Backup were added (an
// optional field that a CRD lacks makes it a variant: crdvariant).
//
// +groupName=crdschema.example.com
package crdschema
