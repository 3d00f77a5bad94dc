package handwrittenunion

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// StrategyType selects the member of a WidgetStrategy.
// +enum
type StrategyType string

const (
	StrategyRecreate      StrategyType = "Recreate"
	StrategyRollingUpdate StrategyType = "RollingUpdate"
	StrategyCanary        StrategyType = "Canary"
)

// WidgetStrategy is how a Widget is updated.
// +kubebuilder:validation:XValidation:rule="self.type == 'RollingUpdate' ? has(self.rollingUpdate) : !has(self.rollingUpdate)",message="rollingUpdate is required when type is RollingUpdate, and forbidden otherwise"
// +kubebuilder:validation:XValidation:rule="self.type != 'Recreate' || !has(self.maxSurge)",message="maxSurge is forbidden when type is Recreate"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.canary) || has(self.canary)",message="canary cannot be removed"
type WidgetStrategy struct {
	// +unionDiscriminator
	// +required
	Type StrategyType `json:"type"`
	// +unionMember
	// +optional
	RollingUpdate *RollingUpdate `json:"rollingUpdate,omitempty"`
	// +unionMember
	// +optional
	Canary *Canary `json:"canary,omitempty"`
	// +optional
	MaxSurge *int32 `json:"maxSurge,omitempty"`
}

// RollingUpdate replaces pods a few at a time.
type RollingUpdate struct {
	// +optional
	MaxUnavailable int32 `json:"maxUnavailable,omitempty"`
}

// Canary updates one pod first.
type Canary struct {
	// +optional
	Pause bool `json:"pause,omitempty"`
}

// WidgetSpec is the spec of a Widget.
type WidgetSpec struct {
	// +kubebuilder:validation:XValidation:rule=`has(self.type) && self.type == "Canary" ? has(self.canary) : !has(self.canary)`,message="canary is required when type is Canary, and forbidden otherwise"
	// +optional
	Strategy *WidgetStrategy `json:"strategy,omitempty"`
}

// Widget is a kind with a CRD.
// +kubebuilder:object:root=true
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec"`
}
