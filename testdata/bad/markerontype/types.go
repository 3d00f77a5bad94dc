// Package markerontype has union markers on types instead of fields.
package markerontype

// Kind selects the member of Choice; the discriminator marker belongs on the
// field of this type, not here.
// +enum
// +unionDiscriminator
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

// Choice has the discriminator marker on the struct.
// +unionDiscriminator
type Choice struct {
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
}

// Policy has validation-gen's and KEP-1027 2019's member markers on the
// struct, where they make no member.
// +k8s:beta(since: "1.37")=+k8s:unionMember
// +unionDeprecated
type Policy struct {
	// +optional
	A *int `json:"a,omitempty"`
}
