// Package policyfile has a kind whose CRD is in crd twice, as .yaml and as
// .yml, beside a file of the policy file's name that union-gen did not
// write.
//
// +groupName=policyfile.example.com
package policyfile
