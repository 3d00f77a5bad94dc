// Package v1 is a package of another module, as k8s.io/api/core/v1 is to the
// types of a CRD: its unions are that module's to check.
package v1

// PodSpec reaches SeccompProfile.
type PodSpec struct {
	// +optional
	SecurityContext *SecurityContext `json:"securityContext,omitempty"`
}

// SecurityContext holds SeccompProfile.
type SecurityContext struct {
	// +optional
	SeccompProfile *SeccompProfile `json:"seccompProfile,omitempty"`
}

// SeccompProfileType selects the member of SeccompProfile.
// +enum
type SeccompProfileType string

const (
	SeccompProfileTypeUnconfined SeccompProfileType = "Unconfined"
	SeccompProfileTypeLocalhost  SeccompProfileType = "Localhost"
)

// SeccompProfile is a union of KEP-1027 2019, as k8s.io/api's is.
// +union
type SeccompProfile struct {
	// +unionDiscriminator
	Type SeccompProfileType `json:"type"`
	// +optional
	LocalhostProfile *string `json:"localhostProfile,omitempty"`
}
