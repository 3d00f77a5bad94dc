package v1_test

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	api "github.com/union-gen/union-gen/examples/apis/core/v1"
	"github.com/union-gen/union-gen/internal/testsupport/uniontest"
)

var seccompValues = []string{"Localhost", "RuntimeDefault", "Unconfined"}

func seccomp(typ api.SeccompProfileType, localhost *string) *api.SeccompProfile {
	return &api.SeccompProfile{Type: typ, LocalhostProfile: localhost}
}

// container returns a container whose securityContext is nil when sp is.
func container(name string, sp *api.SeccompProfile) api.Container {
	c := api.Container{Name: name, Image: "img"}
	if sp != nil {
		c.SecurityContext = &api.SecurityContext{SeccompProfile: sp}
	}
	return c
}

// podSpec returns a pod spec whose securityContext is nil when pod is.
func podSpec(pod *api.SeccompProfile, containers ...api.Container) *api.PodSpec {
	s := &api.PodSpec{Containers: containers}
	if pod != nil {
		s.SecurityContext = &api.PodSecurityContext{SeccompProfile: pod}
	}
	return s
}

func TestSeccompProfile(t *testing.T) {
	const (
		local   = api.SeccompProfileTypeLocalhost
		runtime = api.SeccompProfileTypeRuntimeDefault
		unconf  = api.SeccompProfileTypeUnconfined
	)
	uniontest.RunRows(t, field.NewPath("seccompProfile"), []uniontest.Row[api.SeccompProfile]{
		{
			Name: "create: Localhost",
			In:   seccomp(local, uniontest.Ptr("p.json")),
		},
		{
			Name: "create: empty members",
			In:   seccomp(runtime, nil),
		},
		{
			Name: "create: V1 \"\"",
			In:   seccomp("", uniontest.Ptr("p.json")),
			Errs: []uniontest.WantErr{uniontest.Required("seccompProfile.type")},
		},
		{
			Name: "create: V1 unknown value",
			In:   seccomp("Default", nil),
			Errs: []uniontest.WantErr{uniontest.NotSupported("seccompProfile.type", "Default", seccompValues...)},
		},
		{
			Name: "create: V2",
			In:   seccomp(local, nil),
			Errs: []uniontest.WantErr{uniontest.Required("seccompProfile.localhostProfile", "type", "Localhost")},
		},
		{
			Name: "create: V3 without hint",
			In:   seccomp(unconf, uniontest.Ptr("p.json")),
			Errs: []uniontest.WantErr{uniontest.Forbidden("seccompProfile.localhostProfile", "type", "Localhost")},
		},
		{
			Name: "N1: unchanged, member added",
			Old:  seccomp(runtime, nil),
			In:   seccomp(runtime, uniontest.Ptr("p.json")),
			Errs: []uniontest.WantErr{uniontest.ForbiddenUnchanged("seccompProfile.localhostProfile", "type", "Localhost")},
		},
		{
			Name: "N2: unknown value clears nothing",
			Old:  seccomp(local, uniontest.Ptr("p.json")),
			In:   seccomp("Default", uniontest.Ptr("p.json")),
			Errs: []uniontest.WantErr{uniontest.NotSupported("seccompProfile.type", "Default", seccompValues...)},
		},
		{
			Name: "N2: \"\" clears nothing",
			Old:  seccomp(local, uniontest.Ptr("p.json")),
			In:   seccomp("", uniontest.Ptr("p.json")),
			Errs: []uniontest.WantErr{uniontest.Required("seccompProfile.type")},
		},
		{
			Name: "N3: switch to an empty member clears the stale member",
			Old:  seccomp(local, uniontest.Ptr("p.json")),
			In:   seccomp(unconf, uniontest.Ptr("p.json")),
			Want: seccomp(unconf, nil),
		},
		{
			Name: "N3: member set only in new",
			Old:  seccomp(runtime, nil),
			In:   seccomp(unconf, uniontest.Ptr("p.json")),
			Errs: []uniontest.WantErr{uniontest.Forbidden("seccompProfile.localhostProfile", "type", "Localhost")},
		},
	})
}

var volumeValues = []string{"CSI", "ConfigMap", "DownwardAPI", "EmptyDir", "Ephemeral", "HostPath", "ISCSI",
	"NFS", "PersistentVolumeClaim", "Projected", "RBD", "Secret"}

// TestVolumeSource covers a union of twelve members, whose NormalizeUnions
// compares the discriminators before it looks at any member.
func TestVolumeSource(t *testing.T) {
	csi := func() *api.CSIVolumeSource { return &api.CSIVolumeSource{Driver: "d"} }
	nfs := func() *api.NFSVolumeSource { return &api.NFSVolumeSource{Server: "nfs"} }
	secret := func() *api.SecretVolumeSource { return &api.SecretVolumeSource{SecretName: "s"} }
	uniontest.RunRows(t, field.NewPath("volume"), []uniontest.Row[api.VolumeSource]{
		{
			Name: "update: unchanged",
			Old:  &api.VolumeSource{Type: api.VolumeSourceTypeCSI, CSI: csi()},
			In:   &api.VolumeSource{Type: api.VolumeSourceTypeCSI, CSI: csi()},
		},
		{
			Name: "create: V3",
			In:   &api.VolumeSource{Type: api.VolumeSourceTypeCSI, CSI: csi(), NFS: nfs()},
			Errs: []uniontest.WantErr{uniontest.Forbidden("volume.nfs", "type", "NFS")},
		},
		{
			Name: "N1: unchanged discriminator clears nothing",
			Old:  &api.VolumeSource{Type: api.VolumeSourceTypeCSI, CSI: csi(), NFS: nfs()},
			In:   &api.VolumeSource{Type: api.VolumeSourceTypeCSI, CSI: csi(), NFS: nfs()},
			Errs: []uniontest.WantErr{uniontest.ForbiddenUnchanged("volume.nfs", "type", "NFS")},
		},
		{
			Name: "N2: unknown value clears nothing",
			Old:  &api.VolumeSource{Type: api.VolumeSourceTypeCSI, CSI: csi()},
			In:   &api.VolumeSource{Type: "Flocker", CSI: csi()},
			Errs: []uniontest.WantErr{uniontest.NotSupported("volume.type", "Flocker", volumeValues...)},
		},
		{
			Name: "N3: switch clears every stale member, keeps the new one",
			Old:  &api.VolumeSource{Type: api.VolumeSourceTypeCSI, CSI: csi(), NFS: nfs()},
			In:   &api.VolumeSource{Type: api.VolumeSourceTypeSecret, CSI: csi(), NFS: nfs(), Secret: secret()},
			Want: &api.VolumeSource{Type: api.VolumeSourceTypeSecret, Secret: secret()},
		},
		{
			Name: "N3: member set only in new is kept",
			Old:  &api.VolumeSource{Type: api.VolumeSourceTypeCSI, CSI: csi()},
			In:   &api.VolumeSource{Type: api.VolumeSourceTypeSecret, CSI: csi(), Secret: secret(), NFS: nfs()},
			Want: &api.VolumeSource{Type: api.VolumeSourceTypeSecret, Secret: secret(), NFS: nfs()},
			Errs: []uniontest.WantErr{uniontest.Forbidden("volume.nfs", "type", "NFS")},
		},
	})
}

// PodSpec reaches SeccompProfile at the pod level and in every container;
// containers is a list-map keyed by name.
func TestPodSpec(t *testing.T) {
	const (
		local   = api.SeccompProfileTypeLocalhost
		runtime = api.SeccompProfileTypeRuntimeDefault
	)
	uniontest.RunRows(t, field.NewPath("spec"), []uniontest.Row[api.PodSpec]{
		{
			Name: "create: nil security contexts",
			In:   podSpec(nil, container("a", nil)),
		},
		{
			Name: "update: old has nil security contexts",
			Old:  podSpec(nil, container("a", nil)),
			In:   podSpec(seccomp(runtime, uniontest.Ptr("p.json")), container("a", seccomp(local, nil))),
			Errs: []uniontest.WantErr{
				uniontest.Required("spec.containers[0].securityContext.seccompProfile.localhostProfile", "type", "Localhost"),
				uniontest.Forbidden("spec.securityContext.seccompProfile.localhostProfile", "type", "Localhost"),
			},
		},
		{
			Name: "update: new has nil security contexts",
			Old:  podSpec(seccomp(local, uniontest.Ptr("p.json")), container("a", seccomp(local, uniontest.Ptr("p.json")))),
			In:   podSpec(nil, container("a", nil)),
		},
		{
			// Matched by index, b would meet old a, whose type is also
			// RuntimeDefault, and nothing would be cleared.
			Name: "list-map: moved container is normalized against its old self",
			Old:  podSpec(nil, container("a", seccomp(runtime, nil)), container("b", seccomp(local, uniontest.Ptr("p.json")))),
			In:   podSpec(nil, container("b", seccomp(runtime, uniontest.Ptr("p.json"))), container("a", seccomp(runtime, nil))),
			Want: podSpec(nil, container("b", seccomp(runtime, nil)), container("a", seccomp(runtime, nil))),
		},
		{
			Name: "list-map: added container has no old counterpart",
			Old:  podSpec(nil, container("a", seccomp(local, uniontest.Ptr("p.json")))),
			In:   podSpec(nil, container("a", seccomp(local, uniontest.Ptr("p.json"))), container("c", seccomp(runtime, uniontest.Ptr("p.json")))),
			Errs: []uniontest.WantErr{uniontest.Forbidden("spec.containers[1].securityContext.seccompProfile.localhostProfile", "type", "Localhost")},
		},
		{
			Name: "pod level: switch clears, container unchanged with conflict",
			Old:  podSpec(seccomp(local, uniontest.Ptr("p.json")), container("a", seccomp(runtime, nil))),
			In:   podSpec(seccomp(runtime, uniontest.Ptr("p.json")), container("a", seccomp(runtime, uniontest.Ptr("q.json")))),
			Want: podSpec(seccomp(runtime, nil), container("a", seccomp(runtime, uniontest.Ptr("q.json")))),
			Errs: []uniontest.WantErr{uniontest.ForbiddenUnchanged("spec.containers[0].securityContext.seccompProfile.localhostProfile", "type", "Localhost")},
		},
	})
}

func TestNilReceivers(t *testing.T) {
	uniontest.CheckNilReceiver[api.SeccompProfile](t, nil)
	uniontest.CheckNilReceiver(t, seccomp("", uniontest.Ptr("p.json")))
	uniontest.CheckNilReceiver[api.SecurityContext](t, nil)
	uniontest.CheckNilReceiver(t, &api.SecurityContext{SeccompProfile: seccomp("", nil)})
	uniontest.CheckNilReceiver[api.PodSecurityContext](t, nil)
	uniontest.CheckNilReceiver(t, &api.PodSecurityContext{})
	uniontest.CheckNilReceiver[api.Container](t, nil)
	uniontest.CheckNilReceiver(t, &api.Container{})
	uniontest.CheckNilReceiver[api.PodSpec](t, nil)
	uniontest.CheckNilReceiver(t, podSpec(nil, container("a", nil)))
	uniontest.CheckNilReceiver[api.PodTemplateSpec](t, nil)
	uniontest.CheckNilReceiver(t, &api.PodTemplateSpec{})
}
