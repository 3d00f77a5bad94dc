// Package owncost has a kind whose CRD has ten rules of its own in CEL that
// union-gen does not estimate: the API server accepts each at a cost of up
// to 10,000,000, so together they may leave no room for the union's rules
// in the 100,000,000 of a version, and union-gen warns.
//
// +groupName=owncost.example.com
package owncost
