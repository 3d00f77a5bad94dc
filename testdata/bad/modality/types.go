// Package modality has mode tags whose modalities validation-gen refuses:
// the reserved "default" and a name that is no identifier.
package modality

// Policy names its modalities wrongly.
type Policy struct {
	// +k8s:modeDiscriminator(modality: "default")
	// +optional
	Mode string `json:"mode,omitempty"`
	// +optional
	// +k8s:ifMode(modality: "1st", mode: "A")=+k8s:required
	A *int32 `json:"a,omitempty"`
}
