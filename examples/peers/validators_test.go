package peers_test

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/validate"
	"k8s.io/apimachinery/pkg/util/sets"
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

// The in-tree peers are the union checks of the functions Kubernetes
// v1.37.2 calls for these types, statement for statement: the discriminator
// check, the member presence checks and the paths they build, in the order
// the functions build them. Left out is what those functions do to the
// members' contents (validateRollingUpdateDeployment(s.RollingUpdate,
// fldPath.Child("rollingUpdate")) and the like, with the paths built for it):
// union-gen does not replace it, so an API author keeps it either way.

// strategyInTree is the union check of ValidateDeploymentStrategy
// (k8s.io/kubernetes/pkg/apis/apps/validation/validation.go): one switch on
// type.
func strategyInTree(strategy *appsv1.DeploymentStrategy, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	switch strategy.Type {
	case appsv1.RecreateDeploymentStrategyType:
		if strategy.RollingUpdate != nil {
			allErrs = append(allErrs, field.Forbidden(fldPath.Child("rollingUpdate"), "may not be specified when strategy `type` is '"+string(appsv1.RecreateDeploymentStrategyType+"'")))
		}
	case appsv1.RollingUpdateDeploymentStrategyType:
		if strategy.RollingUpdate == nil {
			allErrs = append(allErrs, field.Required(fldPath.Child("rollingUpdate"), "this should be defaulted and never be nil"))
		}
	default:
		validValues := []string{string(appsv1.RecreateDeploymentStrategyType), string(appsv1.RollingUpdateDeploymentStrategyType)}
		allErrs = append(allErrs, field.NotSupported(fldPath, strategy, validValues))
	}
	return allErrs
}

// validMetricSourceTypes and validMetricSourceTypesList are those of
// k8s.io/kubernetes/pkg/apis/autoscaling/validation.
var validMetricSourceTypes = sets.NewString(
	string(autoscalingv2.ObjectMetricSourceType), string(autoscalingv2.PodsMetricSourceType),
	string(autoscalingv2.ResourceMetricSourceType), string(autoscalingv2.ExternalMetricSourceType),
	string(autoscalingv2.ContainerResourceMetricSourceType))
var validMetricSourceTypesList = validMetricSourceTypes.List()

// metricInTree is the union check of validateMetricSpec
// (k8s.io/kubernetes/pkg/apis/autoscaling/validation/validation.go): the type
// is looked up in a set, the members present are collected in another, and
// each member present beyond the selected one is forbidden on its own path.
// The in-tree function takes the MetricSpec by value, as here.
func metricInTree(spec autoscalingv2.MetricSpec, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}

	if len(string(spec.Type)) == 0 {
		allErrs = append(allErrs, field.Required(fldPath.Child("type"), "must specify a metric source type"))
	}

	if !validMetricSourceTypes.Has(string(spec.Type)) {
		allErrs = append(allErrs, field.NotSupported(fldPath.Child("type"), spec.Type, validMetricSourceTypesList))
	}

	typesPresent := sets.NewString()
	if spec.Object != nil {
		typesPresent.Insert("object")
	}
	if spec.External != nil {
		typesPresent.Insert("external")
	}
	if spec.Pods != nil {
		typesPresent.Insert("pods")
	}
	if spec.Resource != nil {
		typesPresent.Insert("resource")
	}
	if spec.ContainerResource != nil {
		typesPresent.Insert("containerResource")
	}

	var expectedField string
	switch spec.Type {
	case autoscalingv2.ObjectMetricSourceType:
		if spec.Object == nil {
			allErrs = append(allErrs, field.Required(fldPath.Child("object"), "must populate information for the given metric source"))
		}
		expectedField = "object"
	case autoscalingv2.PodsMetricSourceType:
		if spec.Pods == nil {
			allErrs = append(allErrs, field.Required(fldPath.Child("pods"), "must populate information for the given metric source"))
		}
		expectedField = "pods"
	case autoscalingv2.ResourceMetricSourceType:
		if spec.Resource == nil {
			allErrs = append(allErrs, field.Required(fldPath.Child("resource"), "must populate information for the given metric source"))
		}
		expectedField = "resource"
	case autoscalingv2.ExternalMetricSourceType:
		if spec.External == nil {
			allErrs = append(allErrs, field.Required(fldPath.Child("external"), "must populate information for the given metric source"))
		}
		expectedField = "external"
	case autoscalingv2.ContainerResourceMetricSourceType:
		if spec.ContainerResource == nil {
			allErrs = append(allErrs, field.Required(fldPath.Child("containerResource"), "must populate information for the given metric source"))
		}
		expectedField = "containerResource"
	default:
		allErrs = append(allErrs, field.NotSupported(fldPath.Child("type"), spec.Type, validMetricSourceTypesList))
	}

	if typesPresent.Len() != 1 {
		typesPresent.Delete(expectedField)
		for typ := range typesPresent {
			allErrs = append(allErrs, field.Forbidden(fldPath.Child(typ), "must populate the given metric source only"))
		}
	}

	return allErrs
}

// seccompInTree is the union check of validateSeccompProfileField
// (k8s.io/kubernetes/pkg/apis/core/validation/validation.go): the type is
// checked by validateSeccompProfileType on a path built for it, then the
// profile's presence.
func seccompInTree(sp *corev1.SeccompProfile, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	if sp == nil {
		return allErrs
	}

	if err := seccompTypeInTree(fldPath.Child("type"), sp.Type); err != nil {
		allErrs = append(allErrs, err)
	}

	if sp.Type == corev1.SeccompProfileTypeLocalhost {
		if sp.LocalhostProfile == nil {
			allErrs = append(allErrs, field.Required(fldPath.Child("localhostProfile"), "must be set when seccomp type is Localhost"))
		}
	} else {
		if sp.LocalhostProfile != nil {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("localhostProfile"), sp, "can only be set when seccomp type is Localhost"))
		}
	}

	return allErrs
}

// seccompTypeInTree is validateSeccompProfileType.
func seccompTypeInTree(fldPath *field.Path, seccompProfileType corev1.SeccompProfileType) *field.Error {
	switch seccompProfileType {
	case corev1.SeccompProfileTypeLocalhost, corev1.SeccompProfileTypeRuntimeDefault, corev1.SeccompProfileTypeUnconfined:
		return nil
	case "":
		return field.Required(fldPath, "type is required when seccompProfile is set")
	default:
		return field.NotSupported(fldPath, seccompProfileType, []corev1.SeccompProfileType{corev1.SeccompProfileTypeLocalhost, corev1.SeccompProfileTypeRuntimeDefault, corev1.SeccompProfileTypeUnconfined})
	}
}
