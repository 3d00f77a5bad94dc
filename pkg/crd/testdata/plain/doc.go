// Package plain has a kind whose only union has no discriminator: its CRD
// gets rules, and no policy, as nothing in it is ever normalized.
//
// +groupName=plain.example.com
package plain
