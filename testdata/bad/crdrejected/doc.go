// Package crdrejected has a kind whose CRD has a rule of its own that does not
// compile (it reads a field that the schema does not have): the API server
// rejects the CRD as given, whatever union-gen adds, and union-gen warns.
//
// +groupName=crdrejected.example.com
package crdrejected
