package v1_test

// The user stories of KEP-1027, played as the API server would: normalize
// the incoming object against the stored one, then validate it.

import (
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	appsv1 "github.com/union-gen/union-gen/examples/apis/apps/v1"
	autoscalingv2 "github.com/union-gen/union-gen/examples/apis/autoscaling/v2"
	"github.com/union-gen/union-gen/internal/testsupport/uniontest"
)

// TestStoryApplySwitchToRecreate: the user edits the manifest to type
// Recreate; kubectl apply's three-way merge keeps the rollingUpdate it does
// not own, so the server receives both.
func TestStoryApplySwitchToRecreate(t *testing.T) {
	stored := deployment(strategy(rolling, rollingUpdate(1)), nil, container("app", nil))
	applied := func() *appsv1.Deployment {
		return deployment(strategy(recreate, rollingUpdate(1)), nil, container("app", nil))
	}

	t.Run("without normalization", func(t *testing.T) {
		// The error Kubernetes users get today.
		uniontest.CheckErrs(t, applied().ValidateUnions(stored, nil), []uniontest.WantErr{
			uniontest.Forbidden("spec.strategy.rollingUpdate", "type", "RollingUpdate"),
		})
	})
	t.Run("with normalization", func(t *testing.T) {
		in := applied()
		in.NormalizeUnions(stored)
		if want := deployment(strategy(recreate, nil), nil, container("app", nil)); !reflect.DeepEqual(in, want) {
			t.Errorf("NormalizeUnions:\n got %s\nwant %s", uniontest.JSON(t, in), uniontest.JSON(t, want))
		}
		uniontest.CheckErrs(t, in.ValidateUnions(stored, nil), nil)
	})
}

// TestStorySecondMemberWithoutSwitch: the client adds a second member but
// leaves the discriminator alone, so the server cannot tell which one it
// means. The MetricSpec is updated on its own here: in a
// HorizontalPodAutoscalerSpec, metrics is an atomic list whose items are
// always validated as created, without the hint.
func TestStorySecondMemberWithoutSwitch(t *testing.T) {
	stored := &autoscalingv2.MetricSpec{Type: autoscalingv2.PodsMetricSourceType, Pods: &autoscalingv2.PodsMetricSource{}}
	in := &autoscalingv2.MetricSpec{
		Type:     autoscalingv2.PodsMetricSourceType,
		Pods:     &autoscalingv2.PodsMetricSource{},
		Resource: &autoscalingv2.ResourceMetricSource{Name: "cpu"},
	}
	in.NormalizeUnions(stored)
	if in.Pods == nil || in.Resource == nil {
		t.Errorf("NormalizeUnions cleared a member although type did not change: %s", uniontest.JSON(t, in))
	}
	uniontest.CheckErrs(t, in.ValidateUnions(stored, field.NewPath("metric")), []uniontest.WantErr{
		uniontest.ForbiddenUnchanged("metric.resource", "type", "Resource"),
	})
}

// TestStorySwitchAndConflictingMember: the client changes the discriminator
// and also sets a member the new value does not select. That member was not
// in the stored object, so it is the client's mistake, not a stale value:
// it is rejected, never silently dropped.
func TestStorySwitchAndConflictingMember(t *testing.T) {
	t.Run("MetricSpec", func(t *testing.T) {
		stored := &autoscalingv2.MetricSpec{Type: autoscalingv2.PodsMetricSourceType, Pods: &autoscalingv2.PodsMetricSource{}}
		in := &autoscalingv2.MetricSpec{
			Type:     autoscalingv2.ResourceMetricSourceType,
			Pods:     &autoscalingv2.PodsMetricSource{},     // stale: cleared
			Resource: &autoscalingv2.ResourceMetricSource{}, // selected
			External: &autoscalingv2.ExternalMetricSource{}, // conflicting: kept
		}
		in.NormalizeUnions(stored)
		if in.Pods != nil || in.External == nil {
			t.Errorf("NormalizeUnions: want pods cleared and external kept, got %s", uniontest.JSON(t, in))
		}
		uniontest.CheckErrs(t, in.ValidateUnions(stored, field.NewPath("metric")), []uniontest.WantErr{
			uniontest.Forbidden("metric.external", "type", "External"),
		})
	})
	t.Run("Deployment", func(t *testing.T) {
		stored := deployment(strategy(rolling, rollingUpdate(1)), nil, container("app", seccomp(runtime, nil)))
		in := deployment(strategy(rolling, rollingUpdate(1)), nil, container("app", seccomp(unconf, uniontest.Ptr("p.json"))))
		want := deployment(strategy(rolling, rollingUpdate(1)), nil, container("app", seccomp(unconf, uniontest.Ptr("p.json"))))
		in.NormalizeUnions(stored)
		if !reflect.DeepEqual(in, want) {
			t.Errorf("NormalizeUnions:\n got %s\nwant %s", uniontest.JSON(t, in), uniontest.JSON(t, want))
		}
		uniontest.CheckErrs(t, in.ValidateUnions(stored, nil), []uniontest.WantErr{
			uniontest.Forbidden("spec.template.spec.containers[0].securityContext.seccompProfile.localhostProfile", "type", "Localhost"),
		})
	})
}

// TestStoryUnknownValue: a client that knows a newer API version sends a
// strategy this server does not know. Clearing members for a value the
// server cannot interpret could lose data, so nothing is cleared.
func TestStoryUnknownValue(t *testing.T) {
	stored := deployment(strategy(rolling, rollingUpdate(1)), nil)
	in := deployment(strategy("BlueGreen", rollingUpdate(1)), nil)
	in.NormalizeUnions(stored)
	if want := deployment(strategy("BlueGreen", rollingUpdate(1)), nil); !reflect.DeepEqual(in, want) {
		t.Errorf("NormalizeUnions:\n got %s\nwant %s", uniontest.JSON(t, in), uniontest.JSON(t, want))
	}
	uniontest.CheckErrs(t, in.ValidateUnions(stored, nil), []uniontest.WantErr{
		uniontest.NotSupported("spec.strategy.type", "BlueGreen", "Recreate", "RollingUpdate"),
	})
}
