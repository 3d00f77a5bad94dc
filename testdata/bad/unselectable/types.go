// Package unselectable has a union of KEP-1027 2019, as k8s.io/api's
// SeccompProfile is written: the Go name of its member, which selects it, is
// no value of its enum, so the member is left out of the union, with a
// warning. It is generated.
package unselectable

// ProfileType selects the member of Profile.
// +enum
type ProfileType string

const (
	ProfileTypeLocalhost      ProfileType = "Localhost"
	ProfileTypeRuntimeDefault ProfileType = "RuntimeDefault"
)

// Profile is a 2019 union whose member's Go name is no value.
// +union
type Profile struct {
	// +unionDiscriminator
	Type ProfileType `json:"type"`
	// +optional
	LocalhostProfile *string `json:"localhostProfile,omitempty"`
}
