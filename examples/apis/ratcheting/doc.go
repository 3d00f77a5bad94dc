// Package ratcheting holds copies of unions of the other example packages
// whose discriminators are marked +unionRatcheting, one copy for each mode.
// A copy has the fields of its original, so a pointer to one converts to a
// pointer to the other: the differential tests validate the same objects
// with and without ratcheting.
//
// +k8s:openapi-gen=true
package ratcheting
