// Package unselectable has a union of KEP-1027 2019 whose member is named by
// no value of its enum, not even ignoring case or by a prefix, so it is left
// out of the union, with a warning. It is generated.
package unselectable

// ProfileType selects the member of Profile.
// +enum
type ProfileType string

const (
	ProfileTypeLocalhost      ProfileType = "Localhost"
	ProfileTypeRuntimeDefault ProfileType = "RuntimeDefault"
)

// Profile is a 2019 union whose member's names are no value.
// +union
type Profile struct {
	// +unionDiscriminator
	Type ProfileType `json:"type"`
	// +optional
	Path *string `json:"path,omitempty"`
}
