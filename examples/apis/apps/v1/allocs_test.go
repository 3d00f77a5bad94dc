package v1_test

import (
	"testing"

	appsv1 "github.com/union-gen/union-gen/examples/apis/apps/v1"
	autoscalingv2 "github.com/union-gen/union-gen/examples/apis/autoscaling/v2"
	corev1 "github.com/union-gen/union-gen/examples/apis/core/v1"
	"github.com/union-gen/union-gen/internal/testsupport/uniontest"
)

// TestNoAllocationsOnValidObjects covers the apps/v1, core/v1 and
// autoscaling/v2 examples, including a Deployment whose unions are reached
// across packages and through a list-map.
func TestNoAllocationsOnValidObjects(t *testing.T) {
	valid := func() *appsv1.Deployment {
		return deployment(strategy(rolling, rollingUpdate(1)), seccomp(runtime, nil),
			container("a", seccomp(local, uniontest.Ptr("p.json"))), container("b", nil), container("c", seccomp(unconf, nil)))
	}
	d := valid()
	uniontest.AssertNoAllocs(t, "Deployment create", d, nil, nil)
	uniontest.AssertNoAllocs(t, "Deployment update", d, valid(), nil)

	// A switch to Recreate and to RuntimeDefault, with the stale members
	// carried over: normalization clears them every run.
	switched := deployment(strategy(recreate, nil), seccomp(runtime, nil),
		container("a", seccomp(runtime, nil)), container("b", nil), container("c", seccomp(unconf, nil)))
	staleRollingUpdate, staleProfile := rollingUpdate(1), uniontest.Ptr("p.json")
	uniontest.AssertNoAllocs(t, "Deployment switch", switched, valid(), func() {
		switched.Spec.Strategy.RollingUpdate = staleRollingUpdate
		switched.Spec.Template.Spec.Containers[0].SecurityContext.SeccompProfile.LocalhostProfile = staleProfile
	})

	uniontest.AssertNoAllocs(t, "DeploymentStrategy", &d.Spec.Strategy, &valid().Spec.Strategy, nil)
	uniontest.AssertNoAllocs(t, "PodTemplateSpec", &d.Spec.Template, &valid().Spec.Template, nil)
	uniontest.AssertNoAllocs(t, "SeccompProfile", seccomp(local, uniontest.Ptr("p.json")), seccomp(runtime, nil), nil)

	metrics := func() *autoscalingv2.HorizontalPodAutoscalerSpec {
		return &autoscalingv2.HorizontalPodAutoscalerSpec{Metrics: []autoscalingv2.MetricSpec{
			{Type: autoscalingv2.PodsMetricSourceType, Pods: &autoscalingv2.PodsMetricSource{}},
			{Type: autoscalingv2.ResourceMetricSourceType, Resource: &autoscalingv2.ResourceMetricSource{}},
		}}
	}
	uniontest.AssertNoAllocs(t, "HorizontalPodAutoscalerSpec", metrics(), metrics(), nil)
	uniontest.AssertNoAllocs(t, "MetricSpec", &metrics().Metrics[0], &metrics().Metrics[0], nil)
	uniontest.AssertNoAllocs[corev1.PodSpec](t, "PodSpec without containers", &corev1.PodSpec{}, nil, nil)
}
