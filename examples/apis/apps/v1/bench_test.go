package v1_test

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	appsv1 "github.com/union-gen/union-gen/examples/apis/apps/v1"
	autoscalingv2 "github.com/union-gen/union-gen/examples/apis/autoscaling/v2"
	corev1 "github.com/union-gen/union-gen/examples/apis/core/v1"
	"github.com/union-gen/union-gen/internal/uniontest"
)

// strategyPath is the root of every DeploymentStrategy benchmark, generated
// or in-tree style, so that both build the same paths.
var strategyPath = field.NewPath("spec", "strategy")

func benchDeployment(s appsv1.DeploymentStrategy, sp *corev1.SeccompProfile) *appsv1.Deployment {
	return deployment(s, seccomp(runtime, nil),
		container("a", seccomp(local, uniontest.Ptr("p.json"))), container("b", nil), container("c", sp))
}

func metricSpec(pods bool, resource bool) *autoscalingv2.MetricSpec {
	m := &autoscalingv2.MetricSpec{Type: autoscalingv2.PodsMetricSourceType}
	if pods {
		m.Pods = &autoscalingv2.PodsMetricSource{}
	}
	if resource {
		m.Resource = &autoscalingv2.ResourceMetricSource{}
	}
	return m
}

func BenchmarkNormalizeValidate_Valid(b *testing.B) {
	b.Run("Deployment", func(b *testing.B) {
		old := benchDeployment(strategy(rolling, rollingUpdate(1)), seccomp(runtime, nil))
		in := benchDeployment(strategy(rolling, rollingUpdate(1)), seccomp(runtime, nil))
		uniontest.BenchUpdate(b, in, old, nil, 0)
	})
	b.Run("DeploymentStrategy", func(b *testing.B) {
		old, in := strategy(rolling, rollingUpdate(1)), strategy(rolling, rollingUpdate(1))
		uniontest.BenchUpdate(b, &in, &old, strategyPath, 0)
	})
	b.Run("MetricSpec", func(b *testing.B) {
		uniontest.BenchUpdate(b, metricSpec(true, false), metricSpec(true, false), field.NewPath("metric"), 0)
	})
	b.Run("SeccompProfile", func(b *testing.B) {
		uniontest.BenchUpdate(b, seccomp(local, uniontest.Ptr("p.json")), seccomp(local, uniontest.Ptr("p.json")), field.NewPath("seccompProfile"), 0)
	})
}

// The invalid objects set a second member without changing the
// discriminator: one Forbidden error each, with the hint.
func BenchmarkNormalizeValidate_Invalid(b *testing.B) {
	b.Run("Deployment", func(b *testing.B) {
		old := benchDeployment(strategy(recreate, nil), seccomp(runtime, nil))
		in := benchDeployment(strategy(recreate, rollingUpdate(1)), seccomp(runtime, nil))
		uniontest.BenchUpdate(b, in, old, nil, 1)
	})
	b.Run("DeploymentStrategy", func(b *testing.B) {
		old, in := strategy(recreate, nil), strategy(recreate, rollingUpdate(1))
		uniontest.BenchUpdate(b, &in, &old, strategyPath, 1)
	})
	b.Run("MetricSpec", func(b *testing.B) {
		uniontest.BenchUpdate(b, metricSpec(true, true), metricSpec(true, false), field.NewPath("metric"), 1)
	})
	b.Run("SeccompProfile", func(b *testing.B) {
		uniontest.BenchUpdate(b, seccomp(runtime, uniontest.Ptr("p.json")), seccomp(runtime, nil), field.NewPath("seccompProfile"), 1)
	})
}

// validateDeploymentStrategyInTree checks the union the way
// k8s.io/kubernetes/pkg/apis/apps/validation.ValidateDeploymentStrategy does
// today, as a peer for the generated code: a switch on type, the paths built
// before they are known to be needed, and no normalization. The in-tree
// function also validates the contents of rollingUpdate; that is left out,
// as union-gen does not do it either, but its path is built as in-tree code
// builds it to pass it down.
func validateDeploymentStrategyInTree(s *appsv1.DeploymentStrategy, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	switch s.Type {
	case appsv1.RecreateDeploymentStrategyType:
		if s.RollingUpdate != nil {
			allErrs = append(allErrs, field.Forbidden(fldPath.Child("rollingUpdate"), "may not be specified when strategy `type` is '"+string(appsv1.RecreateDeploymentStrategyType+"'")))
		}
	case appsv1.RollingUpdateDeploymentStrategyType:
		rollingUpdatePath := fldPath.Child("rollingUpdate")
		if s.RollingUpdate == nil {
			allErrs = append(allErrs, field.Required(rollingUpdatePath, "this should be defaulted and never be nil"))
		}
	default:
		validValues := []appsv1.DeploymentStrategyType{appsv1.RecreateDeploymentStrategyType, appsv1.RollingUpdateDeploymentStrategyType}
		allErrs = append(allErrs, field.NotSupported(fldPath, s, validValues))
	}
	return allErrs
}

func benchInTree(b *testing.B, s appsv1.DeploymentStrategy, wantErrs int) {
	if n := len(validateDeploymentStrategyInTree(&s, strategyPath)); n != wantErrs {
		b.Fatalf("%d errors, want %d", n, wantErrs)
	}
	b.ReportAllocs()
	for b.Loop() {
		validateDeploymentStrategyInTree(&s, strategyPath)
	}
}

// Same objects as the DeploymentStrategy sub-benchmarks above.
func BenchmarkInTreeStyle_Valid(b *testing.B) {
	benchInTree(b, strategy(rolling, rollingUpdate(1)), 0)
}

func BenchmarkInTreeStyle_Invalid(b *testing.B) {
	benchInTree(b, strategy(recreate, rollingUpdate(1)), 1)
}
