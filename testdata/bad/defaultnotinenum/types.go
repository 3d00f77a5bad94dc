// Package defaultnotinenum has discriminators with wrong +default values.
package defaultnotinenum

// StrategyType selects the member of a strategy.
// +enum
type StrategyType string

const (
	Recreate      StrategyType = "Recreate"
	RollingUpdate StrategyType = "RollingUpdate"
)

// NotAValue defaults to a value outside the enum.
type NotAValue struct {
	// +unionDiscriminator
	// +default="Nope"
	// +optional
	Type StrategyType `json:"type,omitempty"`
	// +unionMember
	// +optional
	RollingUpdate *int `json:"rollingUpdate,omitempty"`
}

// NotJSON writes its default as a bare word, not a JSON string.
type NotJSON struct {
	// +unionDiscriminator
	// +default=Recreate
	// +optional
	Type StrategyType `json:"type,omitempty"`
	// +unionMember
	// +optional
	RollingUpdate *int `json:"rollingUpdate,omitempty"`
}

// Valid defaults to a value of the enum.
type Valid struct {
	// +unionDiscriminator
	// +default="Recreate"
	// +optional
	Type StrategyType `json:"type,omitempty"`
	// +unionMember
	// +optional
	RollingUpdate *int `json:"rollingUpdate,omitempty"`
}
