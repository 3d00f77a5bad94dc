package v1_test

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/intstr"

	appsv1 "github.com/union-gen/union-gen/examples/apis/apps/v1"
	corev1 "github.com/union-gen/union-gen/examples/apis/core/v1"
	"github.com/union-gen/union-gen/internal/testsupport/uniontest"
)

const (
	recreate = appsv1.RecreateDeploymentStrategyType
	rolling  = appsv1.RollingUpdateDeploymentStrategyType
	local    = corev1.SeccompProfileTypeLocalhost
	runtime  = corev1.SeccompProfileTypeRuntimeDefault
	unconf   = corev1.SeccompProfileTypeUnconfined
)

func rollingUpdate(maxSurge int32) *appsv1.RollingUpdateDeployment {
	return &appsv1.RollingUpdateDeployment{MaxSurge: uniontest.Ptr(intstr.FromInt32(maxSurge))}
}

func strategy(typ appsv1.DeploymentStrategyType, ru *appsv1.RollingUpdateDeployment) appsv1.DeploymentStrategy {
	return appsv1.DeploymentStrategy{Type: typ, RollingUpdate: ru}
}

func seccomp(typ corev1.SeccompProfileType, localhost *string) *corev1.SeccompProfile {
	return &corev1.SeccompProfile{Type: typ, LocalhostProfile: localhost}
}

// container returns a container whose securityContext is nil when sp is.
func container(name string, sp *corev1.SeccompProfile) corev1.Container {
	c := corev1.Container{Name: name, Image: "img"}
	if sp != nil {
		c.SecurityContext = &corev1.SecurityContext{SeccompProfile: sp}
	}
	return c
}

// deployment returns a Deployment whose pod securityContext is nil when pod is.
func deployment(s appsv1.DeploymentStrategy, pod *corev1.SeccompProfile, containers ...corev1.Container) *appsv1.Deployment {
	d := &appsv1.Deployment{Spec: appsv1.DeploymentSpec{
		Replicas: uniontest.Ptr(int32(3)),
		Strategy: s,
		Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{Containers: containers}},
	}}
	if pod != nil {
		d.Spec.Template.Spec.SecurityContext = &corev1.PodSecurityContext{SeccompProfile: pod}
	}
	return d
}

// TestDeployment validates whole Deployments from the root (fldPath nil), so
// paths cross from apps/v1 into core/v1.
func TestDeployment(t *testing.T) {
	const containerProfile = "spec.template.spec.containers[1].securityContext.seccompProfile.localhostProfile"
	uniontest.RunRows(t, nil, []uniontest.Row[appsv1.Deployment]{
		{
			Name: "create: valid",
			In:   deployment(strategy(rolling, rollingUpdate(1)), seccomp(runtime, nil), container("a", nil), container("b", seccomp(local, uniontest.Ptr("p.json")))),
		},
		{
			Name: "create: empty member Recreate",
			In:   deployment(strategy(recreate, nil), nil),
		},
		{
			Name: "create: nothing is cleared",
			In:   deployment(strategy(recreate, rollingUpdate(1)), nil),
			Errs: []uniontest.WantErr{uniontest.Forbidden("spec.strategy.rollingUpdate", "type", "RollingUpdate")},
		},
		{
			// Defaulting sets RollingUpdate before validation; if it did not
			// run, the optional type, absent, selects no member.
			Name: "create: V1 type absent",
			In:   deployment(strategy("", rollingUpdate(1)), nil),
			Errs: []uniontest.WantErr{uniontest.Forbidden("spec.strategy.rollingUpdate", "type", "RollingUpdate")},
		},
		{
			Name: "create: V2",
			In:   deployment(strategy(rolling, nil), nil),
			Errs: []uniontest.WantErr{uniontest.Required("spec.strategy.rollingUpdate", "type", "RollingUpdate")},
		},
		{
			Name: "N1: Recreate unchanged, rollingUpdate added",
			Old:  deployment(strategy(recreate, nil), nil),
			In:   deployment(strategy(recreate, rollingUpdate(1)), nil),
			Errs: []uniontest.WantErr{uniontest.ForbiddenUnchanged("spec.strategy.rollingUpdate", "type", "RollingUpdate")},
		},
		{
			Name: "N3: switch to Recreate clears rollingUpdate",
			Old:  deployment(strategy(rolling, rollingUpdate(1)), nil),
			In:   deployment(strategy(recreate, rollingUpdate(2)), nil),
			Want: deployment(strategy(recreate, nil), nil),
		},
		{
			Name: "core/v1: container seccomp unchanged, profile added",
			Old:  deployment(strategy(rolling, rollingUpdate(1)), nil, container("a", nil), container("b", seccomp(runtime, nil))),
			In:   deployment(strategy(rolling, rollingUpdate(1)), nil, container("a", nil), container("b", seccomp(runtime, uniontest.Ptr("p.json")))),
			Errs: []uniontest.WantErr{uniontest.ForbiddenUnchanged(containerProfile, "type", "Localhost")},
		},
		{
			Name: "core/v1: container seccomp switched, profile set only in new",
			Old:  deployment(strategy(rolling, rollingUpdate(1)), nil, container("a", nil), container("b", seccomp(runtime, nil))),
			In:   deployment(strategy(rolling, rollingUpdate(1)), nil, container("a", nil), container("b", seccomp(unconf, uniontest.Ptr("p.json")))),
			Errs: []uniontest.WantErr{uniontest.Forbidden(containerProfile, "type", "Localhost")},
		},
		{
			// Matched by index, b would meet old a, whose type is also
			// RuntimeDefault, and nothing would be cleared.
			Name: "core/v1: reordered containers are matched by name",
			Old:  deployment(strategy(rolling, rollingUpdate(1)), nil, container("a", seccomp(runtime, nil)), container("b", seccomp(local, uniontest.Ptr("p.json")))),
			In:   deployment(strategy(rolling, rollingUpdate(1)), nil, container("b", seccomp(runtime, uniontest.Ptr("p.json"))), container("a", seccomp(runtime, nil))),
			Want: deployment(strategy(rolling, rollingUpdate(1)), nil, container("b", seccomp(runtime, nil)), container("a", seccomp(runtime, nil))),
		},
		{
			Name: "core/v1: pod seccomp \"\"",
			Old:  deployment(strategy(rolling, rollingUpdate(1)), seccomp(runtime, nil)),
			In:   deployment(strategy(rolling, rollingUpdate(1)), seccomp("", nil)),
			Errs: []uniontest.WantErr{uniontest.Required("spec.template.spec.securityContext.seccompProfile.type")},
		},
		{
			// Errors come in field order: template before strategy.
			Name: "errors in both packages",
			Old:  deployment(strategy(rolling, rollingUpdate(1)), nil, container("a", nil)),
			In:   deployment(strategy("BlueGreen", rollingUpdate(1)), seccomp(local, nil), container("a", nil)),
			Errs: []uniontest.WantErr{
				uniontest.Required("spec.template.spec.securityContext.seccompProfile.localhostProfile", "type", "Localhost"),
				uniontest.NotSupported("spec.strategy.type", "BlueGreen", "Recreate", "RollingUpdate"),
			},
		},
		{
			Name: "update: old has nil nested pointers",
			Old:  deployment(strategy(recreate, nil), nil, container("a", nil)),
			In:   deployment(strategy(recreate, nil), seccomp(runtime, nil), container("a", seccomp(local, uniontest.Ptr("p.json")))),
		},
	})
}

func TestNilReceivers(t *testing.T) {
	uniontest.CheckNilReceiver[appsv1.Deployment](t, nil)
	uniontest.CheckNilReceiver(t, deployment(strategy("", nil), seccomp("", nil), container("a", seccomp("", nil))))
	uniontest.CheckNilReceiver[appsv1.DeploymentSpec](t, nil)
	uniontest.CheckNilReceiver(t, &appsv1.DeploymentSpec{})
	uniontest.CheckNilReceiver[appsv1.DeploymentStrategy](t, nil)
	uniontest.CheckNilReceiver(t, &appsv1.DeploymentStrategy{RollingUpdate: rollingUpdate(1)})
}
