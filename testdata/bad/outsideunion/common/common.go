// Package common declares a union for package outsideunion.
package common

// StrategyType selects the member of Strategy.
// +enum
type StrategyType string

const (
	StrategyRecreate      StrategyType = "Recreate"
	StrategyRollingUpdate StrategyType = "RollingUpdate"
)

// Strategy is a union.
type Strategy struct {
	// +unionDiscriminator
	Type StrategyType `json:"type"`
	// +unionMember
	// +optional
	RollingUpdate *RollingUpdate `json:"rollingUpdate,omitempty"`
}

// RollingUpdate is a member of Strategy.
type RollingUpdate struct {
	MaxSurge int `json:"maxSurge"`
}
