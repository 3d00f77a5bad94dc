package peers_test

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/validate"
	"k8s.io/apimachinery/pkg/util/validation/field"

	appsv1 "github.com/union-gen/union-gen/examples/apis/apps/v1"
	autoscalingv2 "github.com/union-gen/union-gen/examples/apis/autoscaling/v2"
	corev1 "github.com/union-gen/union-gen/examples/apis/core/v1"
	kepv1alpha1 "github.com/union-gen/union-gen/examples/apis/kep/v1alpha1"
)

// The peers of the generated ValidateUnions for the three real unions (and
// KEP-1027's example, for the differential test):
// validate.DiscriminatedUnion called as validation-gen generates it from
// +k8s:unionDiscriminator and +k8s:unionMember, and hand-written checks as
// Kubernetes writes them in-tree today.

// opFor is the operation validation-gen's callers pass: create when there
// is no old object.
func opFor[T any](old *T) operation.Operation {
	if old == nil {
		return operation.Operation{Type: operation.Create}
	}
	return operation.Operation{Type: operation.Update}
}

var strategyMembership = validate.NewDiscriminatedUnionMembership("type",
	validate.NewDiscriminatedUnionMember("rollingUpdate", "RollingUpdate"))

func strategyDiscriminatedUnion(fldPath *field.Path, obj, old *appsv1.DeploymentStrategy) field.ErrorList {
	return validate.DiscriminatedUnion(context.Background(), opFor(old), fldPath, obj, old, strategyMembership,
		func(s *appsv1.DeploymentStrategy) appsv1.DeploymentStrategyType {
			if s == nil {
				return ""
			}
			return s.Type
		},
		func(s *appsv1.DeploymentStrategy) bool { return s != nil && s.RollingUpdate != nil })
}

var metricMembership = validate.NewDiscriminatedUnionMembership("type",
	validate.NewDiscriminatedUnionMember("object", "Object"),
	validate.NewDiscriminatedUnionMember("pods", "Pods"),
	validate.NewDiscriminatedUnionMember("resource", "Resource"),
	validate.NewDiscriminatedUnionMember("containerResource", "ContainerResource"),
	validate.NewDiscriminatedUnionMember("external", "External"))

func metricDiscriminatedUnion(fldPath *field.Path, obj, old *autoscalingv2.MetricSpec) field.ErrorList {
	return validate.DiscriminatedUnion(context.Background(), opFor(old), fldPath, obj, old, metricMembership,
		func(m *autoscalingv2.MetricSpec) autoscalingv2.MetricSourceType {
			if m == nil {
				return ""
			}
			return m.Type
		},
		func(m *autoscalingv2.MetricSpec) bool { return m != nil && m.Object != nil },
		func(m *autoscalingv2.MetricSpec) bool { return m != nil && m.Pods != nil },
		func(m *autoscalingv2.MetricSpec) bool { return m != nil && m.Resource != nil },
		func(m *autoscalingv2.MetricSpec) bool { return m != nil && m.ContainerResource != nil },
		func(m *autoscalingv2.MetricSpec) bool { return m != nil && m.External != nil })
}

var seccompMembership = validate.NewDiscriminatedUnionMembership("type",
	validate.NewDiscriminatedUnionMember("localhostProfile", "Localhost"))

func seccompDiscriminatedUnion(fldPath *field.Path, obj, old *corev1.SeccompProfile) field.ErrorList {
	return validate.DiscriminatedUnion(context.Background(), opFor(old), fldPath, obj, old, seccompMembership,
		func(s *corev1.SeccompProfile) corev1.SeccompProfileType {
			if s == nil {
				return ""
			}
			return s.Type
		},
		func(s *corev1.SeccompProfile) bool { return s != nil && s.LocalhostProfile != nil })
}

// kepUnionMembership is that of KEP-1027's example union, kept because it has
// an optional member (FieldB); FieldC and FieldD select no field, so
// validation-gen has no member for them.
var kepUnionMembership = validate.NewDiscriminatedUnionMembership("unionType",
	validate.NewDiscriminatedUnionMember("fieldA", "FieldA"),
	validate.NewDiscriminatedUnionMember("fieldB", "FieldB"))

func kepUnionDiscriminatedUnion(fldPath *field.Path, obj, old *kepv1alpha1.Union) field.ErrorList {
	return validate.DiscriminatedUnion(context.Background(), opFor(old), fldPath, obj, old, kepUnionMembership,
		func(u *kepv1alpha1.Union) kepv1alpha1.UnionType {
			if u == nil {
				return ""
			}
			return u.UnionType
		},
		func(u *kepv1alpha1.Union) bool { return u != nil && u.FieldA != 0 },
		func(u *kepv1alpha1.Union) bool { return u != nil && u.FieldB != 0 })
}

// strategyInTree checks the union as
// k8s.io/kubernetes/pkg/apis/apps/validation.ValidateDeploymentStrategy does:
// a switch on type, the paths built before they are known to be needed.
// The in-tree function also validates the contents of rollingUpdate; that
// is left out, as union-gen does not do it either.
func strategyInTree(s *appsv1.DeploymentStrategy, fldPath *field.Path) field.ErrorList {
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
		allErrs = append(allErrs, field.NotSupported(fldPath.Child("type"), s.Type, validValues))
	}
	return allErrs
}

// metricInTree checks the union as
// k8s.io/kubernetes/pkg/apis/autoscaling/validation.validateMetricSpec does:
// the members are counted, then the type must name the one that is set.
func metricInTree(m *autoscalingv2.MetricSpec, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	if len(m.Type) == 0 {
		allErrs = append(allErrs, field.Required(fldPath.Child("type"), "must specify a metric source type"))
	}
	typesPresent := 0
	for _, set := range []bool{m.Object != nil, m.Pods != nil, m.Resource != nil, m.ContainerResource != nil, m.External != nil} {
		if set {
			typesPresent++
		}
	}
	if typesPresent > 1 {
		return append(allErrs, field.Forbidden(fldPath, "must populate information for exactly one metric source"))
	}
	expectedField := ""
	switch m.Type {
	case autoscalingv2.ObjectMetricSourceType:
		if m.Object == nil {
			expectedField = "object"
		}
	case autoscalingv2.PodsMetricSourceType:
		if m.Pods == nil {
			expectedField = "pods"
		}
	case autoscalingv2.ResourceMetricSourceType:
		if m.Resource == nil {
			expectedField = "resource"
		}
	case autoscalingv2.ContainerResourceMetricSourceType:
		if m.ContainerResource == nil {
			expectedField = "containerResource"
		}
	case autoscalingv2.ExternalMetricSourceType:
		if m.External == nil {
			expectedField = "external"
		}
	default:
		return append(allErrs, field.NotSupported(fldPath.Child("type"), m.Type, []string{"ContainerResource", "External", "Object", "Pods", "Resource"}))
	}
	if expectedField != "" {
		allErrs = append(allErrs, field.Required(fldPath.Child(expectedField), "must populate information for the given metric source"))
	}
	return allErrs
}

// seccompInTree checks the union as
// k8s.io/kubernetes/pkg/apis/core/validation.validateSeccompProfileField does.
func seccompInTree(sp *corev1.SeccompProfile, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	switch sp.Type {
	case corev1.SeccompProfileTypeLocalhost:
		if sp.LocalhostProfile == nil {
			allErrs = append(allErrs, field.Required(fldPath.Child("localhostProfile"), "must be set when seccomp type is Localhost"))
		}
	case corev1.SeccompProfileTypeRuntimeDefault, corev1.SeccompProfileTypeUnconfined:
		if sp.LocalhostProfile != nil {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("localhostProfile"), sp, "can only be set when seccomp type is Localhost"))
		}
	default:
		allErrs = append(allErrs, field.NotSupported(fldPath.Child("type"), sp.Type, []string{"Localhost", "RuntimeDefault", "Unconfined"}))
	}
	return allErrs
}
