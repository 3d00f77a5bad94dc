// Package nomembers has a discriminator of KEP-1027's markers in a struct
// without member markers, none of whose fields is named by a value: the
// union only checks the discriminator's value, with a warning.
package nomembers

// Phase is the value of Status.Phase.
// +enum
type Phase string

const (
	PhasePending Phase = "Pending"
	PhaseRunning Phase = "Running"
)

// Status has a discriminator that selects no field.
type Status struct {
	// +unionDiscriminator
	// +optional
	Phase Phase `json:"phase,omitempty"`
	// +optional
	Message string `json:"message,omitempty"`
}

// Lonely has a mode discriminator that no field's mode names.
type Lonely struct {
	// +k8s:modeDiscriminator
	// +optional
	Mode string `json:"mode,omitempty"`
	// +optional
	A *int32 `json:"a,omitempty"`
}
