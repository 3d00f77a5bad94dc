// Package featuresets has a kind whose union has a member and an enum value
// under an openshift feature gate, and one CRD per feature set, as
// openshift/api ships them: each CRD gets the rules of the members and
// values its schema has, and a policy of its own name.
//
// +groupName=featuresets.example.com
package featuresets
