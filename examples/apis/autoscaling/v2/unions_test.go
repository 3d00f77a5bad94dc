package v2_test

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	api "github.com/union-gen/union-gen/examples/apis/autoscaling/v2"
	"github.com/union-gen/union-gen/internal/testsupport/uniontest"
)

var metricValues = []string{"ContainerResource", "External", "Object", "Pods", "Resource"}

func podsMetric() *api.PodsMetricSource {
	return &api.PodsMetricSource{
		Metric: api.MetricIdentifier{Name: "packets-per-second"},
		Target: api.MetricTarget{Type: "AverageValue"},
	}
}

func resourceMetric() *api.ResourceMetricSource {
	return &api.ResourceMetricSource{
		Name:   "cpu",
		Target: api.MetricTarget{Type: "Utilization", AverageUtilization: uniontest.Ptr(int32(50))},
	}
}

func externalMetric() *api.ExternalMetricSource {
	return &api.ExternalMetricSource{
		Metric: api.MetricIdentifier{Name: "queue-length"},
		Target: api.MetricTarget{Type: "Value"},
	}
}

func TestMetricSpec(t *testing.T) {
	uniontest.RunRows(t, field.NewPath("metric"), []uniontest.Row[api.MetricSpec]{
		{
			Name: "create: Pods",
			In:   &api.MetricSpec{Type: api.PodsMetricSourceType, Pods: podsMetric()},
		},
		{
			Name: "create: V1 \"\" is the only error",
			In:   &api.MetricSpec{Pods: podsMetric(), Resource: resourceMetric()},
			Errs: []uniontest.WantErr{uniontest.Required("metric.type")},
		},
		{
			Name: "create: V2",
			In:   &api.MetricSpec{Type: api.ResourceMetricSourceType},
			Errs: []uniontest.WantErr{uniontest.Required("metric.resource", "type", "Resource")},
		},
		{
			Name: "create: V2 and V3 together",
			In:   &api.MetricSpec{Type: api.ResourceMetricSourceType, Pods: podsMetric(), External: externalMetric()},
			Errs: []uniontest.WantErr{
				uniontest.Forbidden("metric.pods", "type", "Pods"),
				uniontest.Required("metric.resource", "type", "Resource"),
				uniontest.Forbidden("metric.external", "type", "External"),
			},
		},
		{
			Name: "N1: two members set, discriminator unchanged",
			Old:  &api.MetricSpec{Type: api.PodsMetricSourceType, Pods: podsMetric()},
			In:   &api.MetricSpec{Type: api.PodsMetricSourceType, Pods: podsMetric(), Resource: resourceMetric()},
			Errs: []uniontest.WantErr{uniontest.ForbiddenUnchanged("metric.resource", "type", "Resource")},
		},
		{
			Name: "N2: unknown value clears nothing",
			Old:  &api.MetricSpec{Type: api.PodsMetricSourceType, Pods: podsMetric()},
			In:   &api.MetricSpec{Type: "Custom", Pods: podsMetric(), Resource: resourceMetric()},
			Errs: []uniontest.WantErr{uniontest.NotSupported("metric.type", "Custom", metricValues...)},
		},
		{
			Name: "N3: switch clears the stale member",
			Old:  &api.MetricSpec{Type: api.PodsMetricSourceType, Pods: podsMetric()},
			In:   &api.MetricSpec{Type: api.ResourceMetricSourceType, Pods: podsMetric(), Resource: resourceMetric()},
			Want: &api.MetricSpec{Type: api.ResourceMetricSourceType, Resource: resourceMetric()},
		},
		{
			Name: "N3: switch clears the stale member, keeps the conflicting one",
			Old:  &api.MetricSpec{Type: api.PodsMetricSourceType, Pods: podsMetric()},
			In:   &api.MetricSpec{Type: api.ResourceMetricSourceType, Pods: podsMetric(), Resource: resourceMetric(), External: externalMetric()},
			Want: &api.MetricSpec{Type: api.ResourceMetricSourceType, Resource: resourceMetric(), External: externalMetric()},
			Errs: []uniontest.WantErr{uniontest.Forbidden("metric.external", "type", "External")},
		},
	})
}

// metrics is an atomic list: its items have no old counterpart, so they are
// never normalized and their errors never carry the hint.
func TestHorizontalPodAutoscalerSpec(t *testing.T) {
	uniontest.RunRows(t, field.NewPath("spec"), []uniontest.Row[api.HorizontalPodAutoscalerSpec]{
		{
			Name: "create: valid",
			In:   &api.HorizontalPodAutoscalerSpec{Metrics: []api.MetricSpec{{Type: api.PodsMetricSourceType, Pods: podsMetric()}}},
		},
		{
			Name: "atomic list: switch is not normalized",
			Old:  &api.HorizontalPodAutoscalerSpec{Metrics: []api.MetricSpec{{Type: api.PodsMetricSourceType, Pods: podsMetric()}}},
			In:   &api.HorizontalPodAutoscalerSpec{Metrics: []api.MetricSpec{{Type: api.ResourceMetricSourceType, Pods: podsMetric(), Resource: resourceMetric()}}},
			Errs: []uniontest.WantErr{uniontest.Forbidden("spec.metrics[0].pods", "type", "Pods")},
		},
		{
			Name: "atomic list: unchanged discriminator gets no hint",
			Old:  &api.HorizontalPodAutoscalerSpec{Metrics: []api.MetricSpec{{Type: api.PodsMetricSourceType, Pods: podsMetric()}}},
			In:   &api.HorizontalPodAutoscalerSpec{Metrics: []api.MetricSpec{{Type: api.PodsMetricSourceType, Pods: podsMetric(), Resource: resourceMetric()}}},
			Errs: []uniontest.WantErr{uniontest.Forbidden("spec.metrics[0].resource", "type", "Resource")},
		},
		{
			Name: "atomic list: several items",
			In: &api.HorizontalPodAutoscalerSpec{Metrics: []api.MetricSpec{
				{Type: api.PodsMetricSourceType, Pods: podsMetric()},
				{Type: api.ResourceMetricSourceType},
			}},
			Errs: []uniontest.WantErr{uniontest.Required("spec.metrics[1].resource", "type", "Resource")},
		},
	})
}

func TestNilReceivers(t *testing.T) {
	uniontest.CheckNilReceiver[api.MetricSpec](t, nil)
	uniontest.CheckNilReceiver(t, &api.MetricSpec{Pods: podsMetric()})
	uniontest.CheckNilReceiver[api.HorizontalPodAutoscalerSpec](t, nil)
	uniontest.CheckNilReceiver(t, &api.HorizontalPodAutoscalerSpec{Metrics: []api.MetricSpec{{}}})
}
