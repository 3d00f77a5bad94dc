// Package defaultselectsrequired has discriminators whose default selects a
// member: refused where the member is required when selected and has no
// default, as an object that leaves out both is; not where it is optional
// when selected or has a default of its own.
package defaultselectsrequired

// StrategyType selects the member of a strategy.
// +enum
type StrategyType string

const (
	Recreate      StrategyType = "Recreate"
	RollingUpdate StrategyType = "RollingUpdate"
)

// RollingUpdateParams is the member's struct.
type RollingUpdateParams struct {
	// +optional
	MaxSurge *int `json:"maxSurge,omitempty"`
}

// Defaulted defaults its discriminator with defaulter-gen's marker to a
// value whose member is required.
type Defaulted struct {
	// +unionDiscriminator
	// +optional
	// +default="RollingUpdate"
	Type StrategyType `json:"type,omitempty"`
	// +unionMember
	// +optional
	RollingUpdate *RollingUpdateParams `json:"rollingUpdate,omitempty"`
}

// KubebuilderDefaulted does so with controller-gen's marker, a bare string.
type KubebuilderDefaulted struct {
	// +unionDiscriminator
	// +optional
	// +kubebuilder:default=RollingUpdate
	Type StrategyType `json:"type,omitempty"`
	// +unionMember
	// +optional
	RollingUpdate *RollingUpdateParams `json:"rollingUpdate,omitempty"`
}

// MemberDefaulted defaults the member too: an object that leaves out both
// gets both.
type MemberDefaulted struct {
	// +unionDiscriminator
	// +optional
	// +kubebuilder:default=RollingUpdate
	Type StrategyType `json:"type,omitempty"`
	// +unionMember
	// +optional
	// +kubebuilder:default={}
	RollingUpdate *RollingUpdateParams `json:"rollingUpdate,omitempty"`
}

// OptionalMember may be selected while unset.
type OptionalMember struct {
	// +unionDiscriminator
	// +optional
	// +default="RollingUpdate"
	Type StrategyType `json:"type,omitempty"`
	// +unionMember,optional
	// +optional
	RollingUpdate *RollingUpdateParams `json:"rollingUpdate,omitempty"`
}
