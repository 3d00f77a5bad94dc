// Package nomatchingcrd has a kind, but --crd-paths holds only the CRD of a
// kind of another group: a run that would edit no CRD is an error, with a
// warning at the kind of each CRD.
// +groupName=nomatchingcrd.example.com
package nomatchingcrd
