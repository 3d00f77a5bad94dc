// Package crdenum has a kind whose CRD lists, from a kubebuilder marker,
// other values for the discriminator than its enum's constants.
//
// +groupName=crdenum.example.com
package crdenum
