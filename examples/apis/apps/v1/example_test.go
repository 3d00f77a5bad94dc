package v1_test

import (
	"fmt"

	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/util/validation/field"

	appsv1 "github.com/union-gen/union-gen/examples/apis/apps/v1"
)

// prepareForUpdate is where an API server's update strategy reconciles the
// new object with the stored one: after defaulting and mutating admission,
// before validation.
func prepareForUpdate(obj, old *appsv1.Deployment) {
	obj.NormalizeUnions(old)
}

// validateUpdate adds the unions' errors to the rest of the validation.
func validateUpdate(obj, old *appsv1.Deployment) field.ErrorList {
	var allErrs field.ErrorList // the hand-written validation's errors
	return append(allErrs, obj.ValidateUnions(old, nil)...)
}

// A Deployment switched from RollingUpdate to Recreate by a merge patch,
// which keeps the rollingUpdate that the patch does not mention.
func Example() {
	maxSurge := intstr.FromInt32(1)
	stored := &appsv1.Deployment{Spec: appsv1.DeploymentSpec{Strategy: appsv1.DeploymentStrategy{
		Type:          appsv1.RollingUpdateDeploymentStrategyType,
		RollingUpdate: &appsv1.RollingUpdateDeployment{MaxSurge: &maxSurge},
	}}}
	applied := &appsv1.Deployment{Spec: appsv1.DeploymentSpec{Strategy: appsv1.DeploymentStrategy{
		Type:          appsv1.RecreateDeploymentStrategyType,
		RollingUpdate: stored.Spec.Strategy.RollingUpdate,
	}}}

	fmt.Println("validated as sent:", validateUpdate(applied, stored).ToAggregate())
	prepareForUpdate(applied, stored)
	fmt.Println("normalized:", applied.Spec.Strategy.RollingUpdate == nil, validateUpdate(applied, stored).ToAggregate())
	// Output:
	// validated as sent: spec.strategy.rollingUpdate: Forbidden: may only be set when type is "RollingUpdate"
	// normalized: true <nil>
}
