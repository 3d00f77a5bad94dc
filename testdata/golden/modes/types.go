// Package modes has unions of validation-gen's mode tags and of k8s.io/api's
// groups, written as k8s.io/api writes them (flowcontrol, resource.k8s.io,
// core/v1), and as validation-gen lets authors write them: several modes per
// field, several modalities per struct, an open string and a bool
// discriminator.
package modes

// Enablement selects the member of Spec; it has no +enum, as in
// flowcontrol.
type Enablement string

// The modes of Spec.
const (
	EnablementExempt  Enablement = "Exempt"
	EnablementLimited Enablement = "Limited"
)

// Spec is flowcontrol's PriorityLevelConfigurationSpec: KEP-1027 2019's
// markers for openapi-gen, and the mode tags, which decide.
// +union
type Spec struct {
	// +required
	// +unionDiscriminator
	// +k8s:beta(since: "1.37")=+k8s:required
	// +k8s:beta(since: "1.37")=+k8s:modeDiscriminator
	Type Enablement `json:"type"`
	// +optional
	// +k8s:beta(since: "1.37")=+k8s:optional
	// +k8s:beta(since: "1.37")=+k8s:ifMode("Limited")=+k8s:required
	Limited *Limited `json:"limited,omitempty"`
	// +optional
	// +k8s:beta(since: "1.37")=+k8s:optional
	// +k8s:beta(since: "1.37")=+k8s:ifMode("Exempt")=+k8s:optional
	Exempt *Exempt `json:"exempt,omitempty"`
}

// Limited is a member of Spec.
type Limited struct {
	// +optional
	Response Response `json:"response"`
}

// Exempt is a member of Spec.
type Exempt struct {
	// +optional
	Shares *int32 `json:"shares,omitempty"`
}

// ResponseType selects the member of Response.
type ResponseType string

// The modes of Response.
const (
	ResponseQueue  ResponseType = "Queue"
	ResponseReject ResponseType = "Reject"
)

// Response is flowcontrol's LimitResponse, whose member no Go or JSON name
// selects: its mode tag does.
// +union
type Response struct {
	// +required
	// +unionDiscriminator
	// +k8s:beta(since: "1.37")=+k8s:required
	// +k8s:beta(since: "1.37")=+k8s:modeDiscriminator
	Type ResponseType `json:"type"`
	// +optional
	// +k8s:beta(since: "1.37")=+k8s:ifMode("Queue")=+k8s:required
	Queuing *Queuing `json:"queuing,omitempty"`
}

// Queuing is a member of Response.
type Queuing struct {
	Queues int32 `json:"queues"`
}

// Modal has two modalities: an open string discriminator, whose values no
// enum lists, and a bool one.
type Modal struct {
	// +k8s:modeDiscriminator
	// +optional
	Mode string `json:"mode,omitempty"`
	// Ranges is required in mode A, allowed in mode B, where validation-gen
	// also checks its size.
	// +optional
	// +k8s:ifMode("A")=+k8s:required
	// +k8s:ifMode("B")=+k8s:maxItems=4
	Ranges []string `json:"ranges,omitempty"`
	// +optional
	// +k8s:ifMode("B")=+k8s:optional
	// +k8s:ifMode("")=+k8s:optional
	Label string `json:"label,omitempty"`

	// +k8s:modeDiscriminator(modality: "enabled")
	// +optional
	Enabled bool `json:"enabled,omitempty"`
	// +optional
	// +k8s:ifMode(modality: "enabled", mode: "true")=+k8s:required
	Settings map[string]string `json:"settings,omitempty"`
	// +optional
	// +k8s:ifMode(modality: "enabled", mode: "false")=+k8s:optional
	// +k8s:ifMode(modality: "enabled", mode: "true")=+k8s:forbidden
	Reason *string `json:"reason,omitempty"`
}

// Phase is an enum: the modes of Staged are checked as its values.
// +enum
type Phase string

// The values of Phase.
const (
	PhaseDraft     Phase = "Draft"
	PhasePublished Phase = "Published"
	PhaseRetired   Phase = "Retired"
)

// Staged has a mode discriminator of an enum.
type Staged struct {
	// +k8s:modeDiscriminator
	Phase Phase `json:"phase"`
	// +optional
	// +k8s:ifMode("Draft")=+k8s:optional
	// +k8s:ifMode("Published")=+k8s:required
	Content *string `json:"content,omitempty"`
}

// Routed has two fields that one mode allows, so that the clears of both
// test that mode once; a value that is no mode clears neither (N2).
type Routed struct {
	// +k8s:modeDiscriminator
	Phase Phase `json:"phase"`
	// +optional
	// +k8s:ifMode("Draft")=+k8s:optional
	Notes *string `json:"notes,omitempty"`
	// +optional
	// +k8s:ifMode("Draft")=+k8s:optional
	Labels map[string]string `json:"labels,omitempty"`
}

// Selection is resource.k8s.io's ResourceSliceSpec: an exactly-one and a
// zero-or-one group.
type Selection struct {
	// +optional
	// +oneOf=NodeSelection
	NodeName *string `json:"nodeName,omitempty"`
	// +optional
	// +oneOf=NodeSelection
	NodeSelector *Selector `json:"nodeSelector,omitempty"`
	// +optional
	// +oneOf=NodeSelection
	AllNodes *bool `json:"allNodes,omitempty"`

	// +optional
	// +zeroOrOneOf=SliceType
	Devices []string `json:"devices,omitempty"`
	// +optional
	// +zeroOrOneOf=SliceType
	Counters []string `json:"counters,omitempty"`
}

// Selector is a member of Selection.
type Selector struct {
	Terms []string `json:"terms"`
}

// Group is core/v1's PodSchedulingGroup: a +union of one +oneOf member,
// which it requires.
// +union
type Group struct {
	// +optional
	// +oneOf=GroupSelection
	Name *string `json:"name,omitempty"`
}

// Request is resource.k8s.io's ExactDeviceRequest: its group is named after
// the field that selects it, which no marker says how (fieldgroup).
type Request struct {
	// +optional
	AllocationMode string `json:"allocationMode,omitempty"`
	// +optional
	// +oneOf=AllocationMode
	Count int64 `json:"count,omitempty"`
}

// ProfileType selects the member of Profile.
// +enum
type ProfileType string

// The values of ProfileType.
const (
	ProfileLocalhost      ProfileType = "Localhost"
	ProfileRuntimeDefault ProfileType = "RuntimeDefault"
	ProfileUnconfined     ProfileType = "Unconfined"
)

// Profile is core/v1's SeccompProfile: the member's JSON name starts with
// the value that selects it (prefixvalue).
// +union
type Profile struct {
	// +unionDiscriminator
	Type ProfileType `json:"type"`
	// +optional
	LocalhostProfile *string `json:"localhostProfile,omitempty"`
}
