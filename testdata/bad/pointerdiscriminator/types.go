// Package pointerdiscriminator has a mode discriminator that is a pointer,
// which validation-gen refuses: every mode, "" included, is a value it has.
package pointerdiscriminator

// Policy has a mode discriminator of type *string.
type Policy struct {
	// +k8s:modeDiscriminator
	// +optional
	Mode *string `json:"mode,omitempty"`
	// +optional
	// +k8s:ifMode("Limited")=+k8s:required
	Limited *int32 `json:"limited,omitempty"`
}
