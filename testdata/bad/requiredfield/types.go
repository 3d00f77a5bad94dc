// Package requiredfield has a +union struct without member markers that
// holds a required field beside its members, as real CRD projects write
// them: the field is left out of the union, with a warning.
package requiredfield

// Mode selects a member of Autoscaling.
type Mode string

const (
	ModeFixed  Mode = "Fixed"
	ModeScaled Mode = "Scaled"
)

// Autoscaling scales the object that TargetRef names.
// +union
type Autoscaling struct {
	// TargetRef names the object to scale: required, so no member.
	TargetRef string `json:"targetRef"`
	// +unionDiscriminator
	// +kubebuilder:validation:Enum=Fixed;Scaled
	Mode Mode `json:"mode"`
	// +optional
	Fixed *int32 `json:"fixed,omitempty"`
	// +optional
	Scaled *int32 `json:"scaled,omitempty"`
}
