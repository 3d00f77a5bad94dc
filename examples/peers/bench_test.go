package peers_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/util/validation/field"

	appsv1 "github.com/union-gen/union-gen/examples/apis/apps/v1"
	autoscalingv2 "github.com/union-gen/union-gen/examples/apis/autoscaling/v2"
	corev1 "github.com/union-gen/union-gen/examples/apis/core/v1"
)

// peerCase is one object checked by union-gen's generated methods and by
// both peers. Valid objects are updates whose old object is equal, as most
// writes are; invalid ones are creates with a second member set, so that no
// peer can skip them by ratcheting and each reports exactly one error.
type peerCase struct {
	name string
	errs int
	// unionGen runs NormalizeUnions then ValidateUnions, as the API server
	// does; validateUnions runs ValidateUnions alone, which is what the peers
	// do: none of them normalizes.
	unionGen, validateUnions, discriminatedUnion, inTree func() field.ErrorList
}

// checks are the ways an object of type T is checked: each is called
// through a function value of the same signature that calls the checks as an
// API server's strategy does, so that no one pays for the harness more than
// another.
type checks[T any] struct {
	unionGen, validateUnions, discriminatedUnion, inTree func(*field.Path, *T, *T) field.ErrorList
}

// newPeerCase checks in, with old, at path in every way of c.
func newPeerCase[T any](name string, errs int, in, old *T, path *field.Path, c checks[T]) peerCase {
	return peerCase{
		name:               name,
		errs:               errs,
		unionGen:           func() field.ErrorList { return c.unionGen(path, in, old) },
		validateUnions:     func() field.ErrorList { return c.validateUnions(path, in, old) },
		discriminatedUnion: func() field.ErrorList { return c.discriminatedUnion(path, in, old) },
		inTree:             func() field.ErrorList { return c.inTree(path, in, old) },
	}
}

// The generated methods as the API server calls them: normalize, then
// validate. The calls are direct, as in an API server's strategy.

func strategyUnionGen(path *field.Path, in, old *appsv1.DeploymentStrategy) field.ErrorList {
	in.NormalizeUnions(old)
	return in.ValidateUnions(old, path)
}

func metricUnionGen(path *field.Path, in, old *autoscalingv2.MetricSpec) field.ErrorList {
	in.NormalizeUnions(old)
	return in.ValidateUnions(old, path)
}

func seccompUnionGen(path *field.Path, in, old *corev1.SeccompProfile) field.ErrorList {
	in.NormalizeUnions(old)
	return in.ValidateUnions(old, path)
}

func volumeUnionGen(path *field.Path, in, old *corev1.VolumeSource) field.ErrorList {
	in.NormalizeUnions(old)
	return in.ValidateUnions(old, path)
}

func volumesUnionGen(path *field.Path, in, old *corev1.PodSpec) field.ErrorList {
	in.NormalizeUnions(old)
	return in.ValidateUnions(old, path)
}

func deploymentUnionGen(path *field.Path, in, old *appsv1.Deployment) field.ErrorList {
	in.NormalizeUnions(old)
	return in.ValidateUnions(old, path)
}

// ValidateUnions alone, without the normalization before it.

func strategyValidate(path *field.Path, in, old *appsv1.DeploymentStrategy) field.ErrorList {
	return in.ValidateUnions(old, path)
}

func metricValidate(path *field.Path, in, old *autoscalingv2.MetricSpec) field.ErrorList {
	return in.ValidateUnions(old, path)
}

func seccompValidate(path *field.Path, in, old *corev1.SeccompProfile) field.ErrorList {
	return in.ValidateUnions(old, path)
}

func volumeValidate(path *field.Path, in, old *corev1.VolumeSource) field.ErrorList {
	return in.ValidateUnions(old, path)
}

func volumesValidate(path *field.Path, in, old *corev1.PodSpec) field.ErrorList {
	return in.ValidateUnions(old, path)
}

func deploymentValidate(path *field.Path, in, old *appsv1.Deployment) field.ErrorList {
	return in.ValidateUnions(old, path)
}

// The in-tree checks as a strategy calls them: they take no old object.

func strategyInTreeCheck(path *field.Path, in, _ *appsv1.DeploymentStrategy) field.ErrorList {
	return strategyInTree(in, path)
}

func metricInTreeCheck(path *field.Path, in, _ *autoscalingv2.MetricSpec) field.ErrorList {
	return metricInTree(*in, path)
}

func seccompInTreeCheck(path *field.Path, in, _ *corev1.SeccompProfile) field.ErrorList {
	return seccompInTree(in, path)
}

func volumeInTreeCheck(path *field.Path, in, _ *corev1.VolumeSource) field.ErrorList {
	return volumeInTree(in, path)
}

func volumesInTreeCheck(path *field.Path, in, _ *corev1.PodSpec) field.ErrorList {
	return volumesInTree(in, path)
}

func deploymentInTreeCheck(path *field.Path, in, _ *appsv1.Deployment) field.ErrorList {
	return deploymentInTree(in, path)
}

// The checks of each type, in the order of peerCase.
var (
	strategyChecks   = checks[appsv1.DeploymentStrategy]{strategyUnionGen, strategyValidate, strategyDiscriminatedUnion, strategyInTreeCheck}
	metricChecks     = checks[autoscalingv2.MetricSpec]{metricUnionGen, metricValidate, metricDiscriminatedUnion, metricInTreeCheck}
	seccompChecks    = checks[corev1.SeccompProfile]{seccompUnionGen, seccompValidate, seccompDiscriminatedUnion, seccompInTreeCheck}
	volumeChecks     = checks[corev1.VolumeSource]{volumeUnionGen, volumeValidate, volumeDiscriminatedUnion, volumeInTreeCheck}
	volumesChecks    = checks[corev1.PodSpec]{volumesUnionGen, volumesValidate, volumesDiscriminatedUnion, volumesInTreeCheck}
	deploymentChecks = checks[appsv1.Deployment]{deploymentUnionGen, deploymentValidate, deploymentDiscriminatedUnion, deploymentInTreeCheck}
)

// decoded returns a copy of v made as an API server makes the objects it
// compares, by decoding them: the new object from the request, the old one
// from storage. No string of one shares its bytes with the other, so that
// comparing them costs what it costs in a server.
func decoded[T any](v *T) *T {
	data, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("encoding %T: %v", v, err))
	}
	out := new(T)
	if err := json.Unmarshal(data, out); err != nil {
		panic(fmt.Sprintf("decoding %T: %v", v, err))
	}
	return out
}

// volumeTypes are the values of VolumeSourceType, in field order.
var volumeTypes = []corev1.VolumeSourceType{"HostPath", "EmptyDir", "Secret", "NFS", "ISCSI", "PersistentVolumeClaim",
	"RBD", "ConfigMap", "DownwardAPI", "CSI", "Projected", "Ephemeral"}

// volumeSource returns a valid source of the given type.
func volumeSource(typ corev1.VolumeSourceType) corev1.VolumeSource {
	v := corev1.VolumeSource{Type: typ}
	switch typ {
	case "HostPath":
		v.HostPath = &corev1.HostPathVolumeSource{Path: "/data"}
	case "EmptyDir":
		v.EmptyDir = &corev1.EmptyDirVolumeSource{}
	case "Secret":
		v.Secret = &corev1.SecretVolumeSource{SecretName: "s"}
	case "NFS":
		v.NFS = &corev1.NFSVolumeSource{Server: "nfs"}
	case "ISCSI":
		v.ISCSI = &corev1.ISCSIVolumeSource{TargetPortal: "portal"}
	case "PersistentVolumeClaim":
		v.PersistentVolumeClaim = &corev1.PersistentVolumeClaimVolumeSource{ClaimName: "c"}
	case "RBD":
		v.RBD = &corev1.RBDVolumeSource{Image: "i"}
	case "ConfigMap":
		v.ConfigMap = &corev1.ConfigMapVolumeSource{Name: "cm"}
	case "DownwardAPI":
		v.DownwardAPI = &corev1.DownwardAPIVolumeSource{}
	case "CSI":
		v.CSI = &corev1.CSIVolumeSource{Driver: "d"}
	case "Projected":
		v.Projected = &corev1.ProjectedVolumeSource{}
	case "Ephemeral":
		v.Ephemeral = &corev1.EphemeralVolumeSource{}
	}
	return v
}

// podWithVolumes returns a pod spec with n valid volumes of every type in turn.
func podWithVolumes(n int) *corev1.PodSpec {
	spec := &corev1.PodSpec{}
	for i := range n {
		spec.Volumes = append(spec.Volumes, corev1.Volume{Name: fmt.Sprintf("v%d", i), VolumeSource: volumeSource(volumeTypes[i%len(volumeTypes)])})
	}
	return spec
}

// deployment returns a Deployment with three containers and seccomp profiles
// on the pod and two of the containers.
func deployment() *appsv1.Deployment {
	surge := intstr.FromInt32(1)
	profile := "profiles/audit.json"
	withSeccomp := func(name string, sp *corev1.SeccompProfile) corev1.Container {
		c := corev1.Container{Name: name, Image: "img"}
		if sp != nil {
			c.SecurityContext = &corev1.SecurityContext{SeccompProfile: sp}
		}
		return c
	}
	return &appsv1.Deployment{Spec: appsv1.DeploymentSpec{
		Strategy: appsv1.DeploymentStrategy{Type: appsv1.RollingUpdateDeploymentStrategyType,
			RollingUpdate: &appsv1.RollingUpdateDeployment{MaxSurge: &surge}},
		Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{
			SecurityContext: &corev1.PodSecurityContext{SeccompProfile: &corev1.SeccompProfile{Type: corev1.SeccompProfileTypeRuntimeDefault}},
			Containers: []corev1.Container{
				withSeccomp("a", &corev1.SeccompProfile{Type: corev1.SeccompProfileTypeLocalhost, LocalhostProfile: &profile}),
				withSeccomp("b", &corev1.SeccompProfile{Type: corev1.SeccompProfileTypeRuntimeDefault}),
				withSeccomp("c", nil),
			},
		}},
	}}
}

func peerCases() []peerCase {
	surge := intstr.FromInt32(1)
	rolling := func() *appsv1.DeploymentStrategy {
		return &appsv1.DeploymentStrategy{Type: appsv1.RollingUpdateDeploymentStrategyType,
			RollingUpdate: &appsv1.RollingUpdateDeployment{MaxSurge: &surge}}
	}
	pods := func() *autoscalingv2.MetricSpec {
		return &autoscalingv2.MetricSpec{Type: autoscalingv2.PodsMetricSourceType, Pods: &autoscalingv2.PodsMetricSource{}}
	}
	profile := "profiles/audit.json"
	localhost := func() *corev1.SeccompProfile {
		return &corev1.SeccompProfile{Type: corev1.SeccompProfileTypeLocalhost, LocalhostProfile: &profile}
	}

	recreateWithStale := &appsv1.DeploymentStrategy{Type: appsv1.RecreateDeploymentStrategyType, RollingUpdate: rolling().RollingUpdate}
	podsAndResource := pods()
	podsAndResource.Resource = &autoscalingv2.ResourceMetricSource{Name: "cpu"}
	runtimeWithProfile := &corev1.SeccompProfile{Type: corev1.SeccompProfileTypeRuntimeDefault, LocalhostProfile: &profile}

	csi := volumeSource("CSI")
	csiAndNFS := volumeSource("CSI")
	csiAndNFS.NFS = &corev1.NFSVolumeSource{Server: "nfs"}
	volumesWithOneInvalid := podWithVolumes(100)
	volumesWithOneInvalid.Volumes[50].NFS = &corev1.NFSVolumeSource{Server: "nfs"}
	deploymentWithStaleProfile := deployment()
	deploymentWithStaleProfile.Spec.Template.Spec.Containers[1].SecurityContext.SeccompProfile.LocalhostProfile = &profile

	strategyPath := field.NewPath("spec", "strategy")
	volumePath := field.NewPath("spec", "volumes").Index(0)
	podPath := field.NewPath("spec")
	metricPath := field.NewPath("spec", "metrics").Index(0)
	seccompPath := field.NewPath("spec", "securityContext", "seccompProfile")
	return []peerCase{
		newPeerCase("DeploymentStrategy/valid", 0, decoded(rolling()), decoded(rolling()), strategyPath, strategyChecks),
		newPeerCase("DeploymentStrategy/invalid", 1, recreateWithStale, nil, strategyPath, strategyChecks),
		newPeerCase("MetricSpec/valid", 0, decoded(pods()), decoded(pods()), metricPath, metricChecks),
		newPeerCase("MetricSpec/invalid", 1, podsAndResource, nil, metricPath, metricChecks),
		newPeerCase("SeccompProfile/valid", 0, decoded(localhost()), decoded(localhost()), seccompPath, seccompChecks),
		newPeerCase("SeccompProfile/invalid", 1, runtimeWithProfile, nil, seccompPath, seccompChecks),
		newPeerCase("VolumeSource/valid", 0, decoded(&csi), decoded(&csi), volumePath, volumeChecks),
		newPeerCase("VolumeSource/invalid", 1, &csiAndNFS, nil, volumePath, volumeChecks),
		newPeerCase("Volumes100/valid", 0, decoded(podWithVolumes(100)), decoded(podWithVolumes(100)), podPath, volumesChecks),
		newPeerCase("Volumes100/invalid", 1, volumesWithOneInvalid, nil, podPath, volumesChecks),
		newPeerCase("Deployment/valid", 0, decoded(deployment()), decoded(deployment()), nil, deploymentChecks),
		newPeerCase("Deployment/invalid", 1, deploymentWithStaleProfile, nil, nil, deploymentChecks),
	}
}

// TestPeerCases checks that every benchmark measures what its name says.
func TestPeerCases(t *testing.T) {
	for _, c := range peerCases() {
		for peer, check := range map[string]func() field.ErrorList{
			"union-gen": c.unionGen, "ValidateUnions": c.validateUnions, "DiscriminatedUnion": c.discriminatedUnion, "in-tree": c.inTree,
		} {
			if n := len(check()); n != c.errs {
				t.Errorf("%s: %s reports %d errors, want %d", c.name, peer, n, c.errs)
			}
		}
	}
}

// BenchmarkPeers measures the generated methods and both peers on the same
// objects in one run, so that their ratios can be read off it:
//
//	go test -run '^$' -bench Peers -benchmem ./examples/peers
func BenchmarkPeers(b *testing.B) {
	for _, c := range peerCases() {
		for _, peer := range []struct {
			name  string
			check func() field.ErrorList
		}{
			{"union-gen", c.unionGen},
			{"ValidateUnions", c.validateUnions},
			{"DiscriminatedUnion", c.discriminatedUnion},
			{"in-tree", c.inTree},
			// What the harness itself costs: a check that does nothing.
			{"baseline", func() field.ErrorList { return nil }},
		} {
			b.Run(c.name+"/"+peer.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					peer.check()
				}
			})
		}
	}
}
