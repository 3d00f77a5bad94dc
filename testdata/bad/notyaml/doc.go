// Package notyaml has a kind whose CRD file, in crd, holds a second
// document that is not YAML: the file cannot be rewritten without losing it.
//
// +groupName=notyaml.example.com
package notyaml
