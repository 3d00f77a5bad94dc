// Package files is run with --crd-paths naming a directory that does not
// exist (see args): union-gen fails before it writes anything.
package files

// Spec names a destination by a bucket or a volume, not both.
type Spec struct {
	// +k8s:zeroOrOneOfMember
	// +optional
	Bucket *string `json:"bucket,omitempty"`
	// +k8s:zeroOrOneOfMember
	// +optional
	Volume *string `json:"volume,omitempty"`
}
