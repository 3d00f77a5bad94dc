package kinds

// Kind selects a member.
// +enum
type Kind string

const (
	KindText   Kind = "Text"
	KindFlag   Kind = "Flag"
	KindCount  Kind = "Count"
	KindRatio  Kind = "Ratio"
	KindItems  Kind = "Items"
	KindLabels Kind = "Labels"
	KindName   Kind = "Name"
	KindList   Kind = "List"
	KindNone   Kind = "None"
)

// Name is a named string member type.
type Name string

// Names is a named slice member type.
type Names []string

// Scalars has one member of each kind.
type Scalars struct {
	// +unionDiscriminator
	Kind Kind `json:"kind"`
	// +unionMember
	// +optional
	Text string `json:"text,omitempty"`
	// +unionMember,optional
	Flag bool `json:"flag,omitempty"`
	// +unionMember
	Count int64 `json:"count,omitempty"`
	// +unionMember
	Ratio float64 `json:"ratio,omitzero"`
	// +unionMember
	Items []string `json:"items,omitempty"`
	// +unionMember
	Labels map[string]string `json:"labels,omitempty"`
	// +unionMember
	Name Name `json:"name,omitempty"`
	// +unionMember
	List Names `json:"list,omitempty"`
}

// Mode has only empty members: validation checks the value alone.
// +enum
type Mode string

const (
	ModeFast Mode = "Fast"
	ModeSafe Mode = "Safe"
)

// OnlyEmpty is a union without member fields; +required wins over
// omitempty, so an absent mode is Required (V1).
type OnlyEmpty struct {
	// +unionDiscriminator
	// +required
	// +default="Safe"
	Mode Mode `json:"mode,omitempty"`
}
