package v1

// PodTemplateSpec describes the pods a workload creates.
type PodTemplateSpec struct {
	// +optional
	Spec PodSpec `json:"spec,omitempty"`
}

// PodSpec is the specification of a pod.
type PodSpec struct {
	// +listType=map
	// +listMapKey=name
	Containers []Container `json:"containers"`
	// +optional
	SecurityContext *PodSecurityContext `json:"securityContext,omitempty"`
}

// Container is a container of a pod.
type Container struct {
	Name  string `json:"name"`
	Image string `json:"image,omitempty"`
	// +optional
	SecurityContext *SecurityContext `json:"securityContext,omitempty"`
}

// SecurityContext holds the security options of a container.
type SecurityContext struct {
	// +optional
	SeccompProfile *SeccompProfile `json:"seccompProfile,omitempty"`
}

// PodSecurityContext holds the security options of all containers of a pod.
type PodSecurityContext struct {
	// +optional
	SeccompProfile *SeccompProfile `json:"seccompProfile,omitempty"`
}

// SeccompProfile defines a pod or container's seccomp profile settings.
// Only one profile source may be set.
type SeccompProfile struct {
	// type indicates which kind of seccomp profile will be applied.
	// +unionDiscriminator
	Type SeccompProfileType `json:"type"`
	// localhostProfile indicates a profile defined in a file on the node
	// should be used. Must be set if type is "Localhost".
	// +unionMember=Localhost
	// +optional
	LocalhostProfile *string `json:"localhostProfile,omitempty"`
}

// SeccompProfileType defines the supported seccomp profile types.
// +enum
type SeccompProfileType string

const (
	// SeccompProfileTypeUnconfined indicates no seccomp profile is applied (A.K.A. unconfined).
	SeccompProfileTypeUnconfined SeccompProfileType = "Unconfined"
	// SeccompProfileTypeRuntimeDefault represents the default container runtime seccomp profile.
	SeccompProfileTypeRuntimeDefault SeccompProfileType = "RuntimeDefault"
	// SeccompProfileTypeLocalhost indicates a profile defined in a file on the node should be used.
	SeccompProfileTypeLocalhost SeccompProfileType = "Localhost"
)
