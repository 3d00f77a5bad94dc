package ratcheting_test

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/util/validation/field"

	appsv1 "github.com/union-gen/union-gen/examples/apis/apps/v1"
	kepv1alpha1 "github.com/union-gen/union-gen/examples/apis/kep/v1alpha1"
	"github.com/union-gen/union-gen/examples/apis/ratcheting"
	"github.com/union-gen/union-gen/internal/testsupport/uniontest"
)

func surge(n int) *appsv1.RollingUpdateDeployment {
	return &appsv1.RollingUpdateDeployment{MaxSurge: uniontest.Ptr(intstr.FromInt32(int32(n)))}
}

// stale is a Recreate strategy that keeps a rollingUpdate: stored before the
// union was validated.
func stale(n int) *ratcheting.DeploymentStrategy {
	return &ratcheting.DeploymentStrategy{Type: appsv1.RecreateDeploymentStrategyType, RollingUpdate: surge(n)}
}

func TestRatchetingUnchanged(t *testing.T) {
	path := field.NewPath("spec", "strategy")
	rollingUpdate := "spec.strategy.rollingUpdate"
	uniontest.RunRows(t, path, []uniontest.Row[ratcheting.DeploymentStrategy]{
		{
			Name: "create: an invalid union is rejected",
			In:   stale(1),
			Errs: []uniontest.WantErr{uniontest.Forbidden(rollingUpdate, "type", "RollingUpdate")},
		},
		{
			Name:      "update: the invalid union kept as it was passes",
			Old:       stale(1),
			In:        stale(1),
			Ratcheted: true,
		},
		{
			// 1 and "1" are different values of an IntOrString.
			Name: "update: the stale member changed",
			Old:  stale(1),
			In:   &ratcheting.DeploymentStrategy{Type: appsv1.RecreateDeploymentStrategyType, RollingUpdate: &appsv1.RollingUpdateDeployment{MaxSurge: uniontest.Ptr(intstr.FromString("1"))}},
			Errs: []uniontest.WantErr{uniontest.ForbiddenUnchanged(rollingUpdate, "type", "RollingUpdate")},
		},
		{
			Name:      "update: an equal member in another allocation is unchanged",
			Old:       stale(2),
			In:        stale(2),
			Ratcheted: true,
		},
		{
			Name: "update: an invalid union that was valid",
			Old:  &ratcheting.DeploymentStrategy{Type: appsv1.RecreateDeploymentStrategyType},
			In:   stale(1),
			Errs: []uniontest.WantErr{uniontest.ForbiddenUnchanged(rollingUpdate, "type", "RollingUpdate")},
		},
		{
			Name: "update: switching to RollingUpdate clears nothing and passes",
			Old:  stale(1),
			In:   &ratcheting.DeploymentStrategy{Type: appsv1.RollingUpdateDeploymentStrategyType, RollingUpdate: surge(1)},
		},
		{
			Name:      "update: an unknown discriminator kept as it was",
			Old:       &ratcheting.DeploymentStrategy{Type: "BlueGreen"},
			In:        &ratcheting.DeploymentStrategy{Type: "BlueGreen"},
			Ratcheted: true,
		},
	})
}

func TestRatchetingByMembership(t *testing.T) {
	path := field.NewPath("spec", "strategy")
	rollingUpdate := "spec.strategy.rollingUpdate"
	staleByMembership := func(n int) *ratcheting.DeploymentStrategyByMembership {
		return (*ratcheting.DeploymentStrategyByMembership)(stale(n))
	}
	uniontest.RunRows(t, path, []uniontest.Row[ratcheting.DeploymentStrategyByMembership]{
		{
			Name: "create: an invalid union is rejected",
			In:   staleByMembership(1),
			Errs: []uniontest.WantErr{uniontest.Forbidden(rollingUpdate, "type", "RollingUpdate")},
		},
		{
			Name:      "update: the stale member changed but still set",
			Old:       staleByMembership(1),
			In:        staleByMembership(2),
			Ratcheted: true,
		},
		{
			Name: "update: a member set that was unset",
			Old:  &ratcheting.DeploymentStrategyByMembership{Type: appsv1.RecreateDeploymentStrategyType},
			In:   staleByMembership(1),
			Errs: []uniontest.WantErr{uniontest.ForbiddenUnchanged(rollingUpdate, "type", "RollingUpdate")},
		},
		{
			Name: "update: the discriminator changed, from an unknown value",
			Old:  &ratcheting.DeploymentStrategyByMembership{Type: "BlueGreen"},
			In:   staleByMembership(1),
			Errs: []uniontest.WantErr{uniontest.Forbidden(rollingUpdate, "type", "RollingUpdate")},
		},
	})
}

// TestRatchetingScalars covers members that are numbers: "set" is not zero,
// and unchanged is equal.
func TestRatchetingScalars(t *testing.T) {
	path := field.NewPath("u")
	uniontest.RunRows(t, path, []uniontest.Row[ratcheting.Union]{
		{
			Name:      "update: kept as it was",
			Old:       &ratcheting.Union{UnionType: kepv1alpha1.FieldB, FieldA: 1},
			In:        &ratcheting.Union{UnionType: kepv1alpha1.FieldB, FieldA: 1},
			Ratcheted: true,
		},
		{
			Name: "update: the stale number changed",
			Old:  &ratcheting.Union{UnionType: kepv1alpha1.FieldB, FieldA: 1},
			In:   &ratcheting.Union{UnionType: kepv1alpha1.FieldB, FieldA: 2},
			Errs: []uniontest.WantErr{uniontest.ForbiddenUnchanged("u.fieldA", "unionType", "FieldA")},
		},
	})
	uniontest.RunRows(t, path, []uniontest.Row[ratcheting.UnionByMembership]{
		{
			Name:      "update: the stale number changed but still set",
			Old:       &ratcheting.UnionByMembership{UnionType: kepv1alpha1.FieldB, FieldA: 1},
			In:        &ratcheting.UnionByMembership{UnionType: kepv1alpha1.FieldB, FieldA: 2},
			Ratcheted: true,
		},
		{
			Name: "update: the required member unset as well",
			Old:  &ratcheting.UnionByMembership{UnionType: kepv1alpha1.FieldA, FieldA: 1},
			In:   &ratcheting.UnionByMembership{UnionType: kepv1alpha1.FieldA},
			Errs: []uniontest.WantErr{uniontest.Required("u.fieldA", "unionType", "FieldA")},
		},
	})
}

func TestNilReceivers(t *testing.T) {
	uniontest.CheckNilReceiver[ratcheting.DeploymentStrategy](t, nil)
	uniontest.CheckNilReceiver(t, stale(1))
	uniontest.CheckNilReceiver[ratcheting.DeploymentStrategyByMembership](t, nil)
	uniontest.CheckNilReceiver[ratcheting.Union](t, nil)
}
