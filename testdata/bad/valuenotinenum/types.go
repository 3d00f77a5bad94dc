// Package valuenotinenum has members selected by values outside their enum.
package valuenotinenum

// Greek selects the member of Letters.
// +enum
type Greek string

const (
	GreekAlpha Greek = "ALPHA"
	GreekBeta  Greek = "BETA"
)

// GreekEpsilon is a variable, which is no value of the enum.
var GreekEpsilon Greek = "EPSILON"

// Letters has a value that is not in the enum and one that differs in case.
type Letters struct {
	// +unionDiscriminator
	// +optional
	Greek Greek `json:"greek,omitempty"`
	// +unionMember=alpha
	// +optional
	Alpha *int `json:"alpha,omitempty"`
	// +unionMember=BETA
	// +optional
	Beta *int `json:"beta,omitempty"`
	// +unionMember=GAMMA
	// +optional
	Gamma *int `json:"gamma,omitempty"`
	// Delta has no value: its Go name is not a value either.
	// +unionMember
	// +optional
	Delta *int `json:"delta,omitempty"`
	// +unionMember=EPSILON
	// +optional
	Epsilon *int `json:"epsilon,omitempty"`
}

// Moded names a mode that its enum lacks, and a bool mode that is no bool.
type Moded struct {
	// +k8s:modeDiscriminator
	Letter Greek `json:"letter"`
	// +optional
	// +k8s:ifMode("GAMMA")=+k8s:required
	A *int32 `json:"a,omitempty"`

	// +k8s:modeDiscriminator(modality: "on")
	// +optional
	On bool `json:"on,omitempty"`
	// +optional
	// +k8s:ifMode(modality: "on", mode: "yes")=+k8s:required
	B *int32 `json:"b,omitempty"`
}
