package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	appsv1 "github.com/union-gen/union-gen/examples/apis/apps/v1"
	autoscalingv2 "github.com/union-gen/union-gen/examples/apis/autoscaling/v2"
	corev1 "github.com/union-gen/union-gen/examples/apis/core/v1"
	kepv1alpha1 "github.com/union-gen/union-gen/examples/apis/kep/v1alpha1"
	"github.com/union-gen/union-gen/examples/apis/ratcheting"
)

// Widget is a custom resource whose spec holds unions.
//
// +kubebuilder:object:root=true
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec"`
}

// WidgetSpec reaches a union through each shape of schema. Its hand-written
// rule stays beside the rules that union-gen adds.
//
// +kubebuilder:validation:XValidation:rule="!has(self.named) || size(self.named) <= 64",message="at most 64 named unions"
type WidgetSpec struct {
	// strategy is a union behind a pointer. Its default is a Deployment's,
	// members included: a client that switches the type carries the
	// defaulted rollingUpdate over, which the policy union-gen writes
	// beside the CRD clears.
	// +default={"type": "RollingUpdate", "rollingUpdate": {"maxSurge": "25%", "maxUnavailable": "25%"}}
	// +optional
	Strategy *appsv1.DeploymentStrategy `json:"strategy,omitempty"`

	// metrics is a list without maxItems: its items have no old counterpart.
	// +listType=atomic
	// +optional
	Metrics []autoscalingv2.MetricSpec `json:"metrics,omitempty"`

	// profiles is a list with maxItems.
	// +kubebuilder:validation:MaxItems=16
	// +listType=atomic
	// +optional
	Profiles []corev1.SeccompProfile `json:"profiles,omitempty"`

	// unions is a map: its values are matched with the old ones by key.
	// +optional
	Unions map[string]kepv1alpha1.Union `json:"unions,omitempty"`

	// named is a list-map: its items are matched with the old ones by name.
	// +listType=map
	// +listMapKey=name
	// +optional
	Named []NamedUnion `json:"named,omitempty"`

	// ratchetedStrategy is a union whose rules let an update keep it as it
	// was: +unionRatcheting.
	// +optional
	RatchetedStrategy *ratcheting.DeploymentStrategy `json:"ratchetedStrategy,omitempty"`

	// ratchetedUnions is a map of unions that ratchet by membership. The
	// rules of a ratcheting union cost more than the API server's estimate
	// allows for a map or list of unbounded size: it needs a bound.
	// +kubebuilder:validation:MaxProperties=64
	// +optional
	RatchetedUnions map[string]ratcheting.UnionByMembership `json:"ratchetedUnions,omitempty"`

	// ratchetedNamed is a list-map of unions that ratchet.
	// +kubebuilder:validation:MaxItems=64
	// +listType=map
	// +listMapKey=name
	// +optional
	RatchetedNamed []RatchetedNamedUnion `json:"ratchetedNamed,omitempty"`

	// backup is a union whose struct member JSON omits when zero
	// (omitzero): the member is set when it is not its zero value, in the
	// Go methods, the CRD's rules and the policy alike, so that a client's
	// {"mode": "Copy", "copy": {...}, "snapshot": {}} is valid everywhere.
	// +optional
	Backup *Backup `json:"backup,omitempty"`

	// Default holds a union embedded inline: its fields are the spec's.
	kepv1alpha1.Union `json:",inline"`
}

// NamedUnion is an item of a list-map that embeds a union inline.
type NamedUnion struct {
	Name string `json:"name"`

	kepv1alpha1.Union `json:",inline"`
}

// RatchetedNamedUnion is an item of a list-map that embeds a ratcheting
// union inline.
type RatchetedNamedUnion struct {
	Name string `json:"name"`

	ratcheting.Union `json:",inline"`
}

// BackupMode selects the member of a Backup.
// +enum
type BackupMode string

const (
	BackupSnapshot BackupMode = "Snapshot"
	BackupCopy     BackupMode = "Copy"
	BackupNone     BackupMode = "None"
)

// Backup is a union whose Snapshot member is a struct that JSON omits when
// it is zero, not a pointer.
type Backup struct {
	// +unionDiscriminator
	// +optional
	Mode BackupMode `json:"mode,omitempty"`
	// +unionMember
	// +optional
	Snapshot Snapshot `json:"snapshot,omitzero"`
	// +unionMember
	// +optional
	Copy *Copy `json:"copy,omitempty"`
}

// Snapshot is non-zero when one of its fields is: a scalar that is not
// zero, a map that is present even empty, or a window that is non-zero.
type Snapshot struct {
	// +optional
	Schedule string `json:"schedule,omitempty"`
	// +optional
	Retain int32 `json:"retain,omitempty"`
	// +optional
	Labels map[string]string `json:"labels,omitempty"`
	// +optional
	Window Window `json:"window,omitzero"`
	// The owner's fields are the snapshot's.
	Owner `json:",inline"`
}

// Window is a nested struct of a Snapshot.
type Window struct {
	// +optional
	Start string `json:"start,omitempty"`
	// +optional
	Hours int64 `json:"hours,omitempty"`
	// +optional
	Paused bool `json:"paused,omitempty"`
}

// Owner is embedded inline in a Snapshot.
type Owner struct {
	// +optional
	Owner *string `json:"owner,omitempty"`
}

// Copy is the pointer member of a Backup. It may name the copy's
// destination by a bucket or a volume, not both: a union without a
// discriminator, in validation-gen's markers, which the CRD checks with a
// rule that counts the members set.
type Copy struct {
	Target string `json:"target"`
	// +k8s:zeroOrOneOfMember
	// +optional
	Bucket *string `json:"bucket,omitempty"`
	// +k8s:zeroOrOneOfMember
	// +optional
	Volume *string `json:"volume,omitempty"`
}
