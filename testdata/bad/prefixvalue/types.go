// Package prefixvalue has a union of KEP-1027 2019, as k8s.io/api's
// SeccompProfile is written: neither name of its member is a value of its
// enum, but its JSON name starts with one, which selects it, with a
// warning. It is generated.
package prefixvalue

// ProfileType selects the member of Profile.
// +enum
type ProfileType string

const (
	ProfileTypeLocalhost      ProfileType = "Localhost"
	ProfileTypeRuntimeDefault ProfileType = "RuntimeDefault"
)

// Profile is a 2019 union whose member's JSON name starts with its value.
// +union
type Profile struct {
	// +unionDiscriminator
	Type ProfileType `json:"type"`
	// +optional
	LocalhostProfile *string `json:"localhostProfile,omitempty"`
}
