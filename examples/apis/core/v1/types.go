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
	// +listType=map
	// +listMapKey=name
	// +optional
	Volumes []Volume `json:"volumes,omitempty"`
}

// Volume is a named volume of a pod.
type Volume struct {
	Name string `json:"name"`
	// VolumeSource is where the volume's data come from.
	VolumeSource `json:",inline"`
}

// VolumeSource is core/v1's union of volume sources, a union of twelve of
// them here, with the discriminator KEP-1027 proposes for it.
type VolumeSource struct {
	// type names the source.
	// +unionDiscriminator
	Type VolumeSourceType `json:"type"`
	// +unionMember
	// +optional
	HostPath *HostPathVolumeSource `json:"hostPath,omitempty"`
	// +unionMember
	// +optional
	EmptyDir *EmptyDirVolumeSource `json:"emptyDir,omitempty"`
	// +unionMember
	// +optional
	Secret *SecretVolumeSource `json:"secret,omitempty"`
	// +unionMember
	// +optional
	NFS *NFSVolumeSource `json:"nfs,omitempty"`
	// +unionMember
	// +optional
	ISCSI *ISCSIVolumeSource `json:"iscsi,omitempty"`
	// +unionMember
	// +optional
	PersistentVolumeClaim *PersistentVolumeClaimVolumeSource `json:"persistentVolumeClaim,omitempty"`
	// +unionMember
	// +optional
	RBD *RBDVolumeSource `json:"rbd,omitempty"`
	// +unionMember
	// +optional
	ConfigMap *ConfigMapVolumeSource `json:"configMap,omitempty"`
	// +unionMember
	// +optional
	DownwardAPI *DownwardAPIVolumeSource `json:"downwardAPI,omitempty"`
	// +unionMember
	// +optional
	CSI *CSIVolumeSource `json:"csi,omitempty"`
	// +unionMember
	// +optional
	Projected *ProjectedVolumeSource `json:"projected,omitempty"`
	// +unionMember
	// +optional
	Ephemeral *EphemeralVolumeSource `json:"ephemeral,omitempty"`
}

// VolumeSourceType names a volume source.
// +enum
type VolumeSourceType string

const (
	VolumeSourceTypeHostPath              VolumeSourceType = "HostPath"
	VolumeSourceTypeEmptyDir              VolumeSourceType = "EmptyDir"
	VolumeSourceTypeSecret                VolumeSourceType = "Secret"
	VolumeSourceTypeNFS                   VolumeSourceType = "NFS"
	VolumeSourceTypeISCSI                 VolumeSourceType = "ISCSI"
	VolumeSourceTypePersistentVolumeClaim VolumeSourceType = "PersistentVolumeClaim"
	VolumeSourceTypeRBD                   VolumeSourceType = "RBD"
	VolumeSourceTypeConfigMap             VolumeSourceType = "ConfigMap"
	VolumeSourceTypeDownwardAPI           VolumeSourceType = "DownwardAPI"
	VolumeSourceTypeCSI                   VolumeSourceType = "CSI"
	VolumeSourceTypeProjected             VolumeSourceType = "Projected"
	VolumeSourceTypeEphemeral             VolumeSourceType = "Ephemeral"
)

// The volume sources, each reduced to one field.

type HostPathVolumeSource struct {
	Path string `json:"path"`
}

type EmptyDirVolumeSource struct {
	Medium string `json:"medium,omitempty"`
}

type SecretVolumeSource struct {
	SecretName string `json:"secretName,omitempty"`
}

type NFSVolumeSource struct {
	Server string `json:"server"`
}

type ISCSIVolumeSource struct {
	TargetPortal string `json:"targetPortal"`
}

type PersistentVolumeClaimVolumeSource struct {
	ClaimName string `json:"claimName"`
}

type RBDVolumeSource struct {
	Image string `json:"image"`
}

type ConfigMapVolumeSource struct {
	Name string `json:"name,omitempty"`
}

type DownwardAPIVolumeSource struct {
	DefaultMode *int32 `json:"defaultMode,omitempty"`
}

type CSIVolumeSource struct {
	Driver string `json:"driver"`
}

type ProjectedVolumeSource struct {
	DefaultMode *int32 `json:"defaultMode,omitempty"`
}

type EphemeralVolumeSource struct {
	ReadOnly bool `json:"readOnly,omitempty"`
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
