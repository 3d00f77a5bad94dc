package crdtest

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	apiextensions "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	crdvalidation "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/environment"

	appsv1 "github.com/union-gen/union-gen/examples/apis/apps/v1"
	autoscalingv2 "github.com/union-gen/union-gen/examples/apis/autoscaling/v2"
	corev1 "github.com/union-gen/union-gen/examples/apis/core/v1"
	kepv1alpha1 "github.com/union-gen/union-gen/examples/apis/kep/v1alpha1"
	examplev1 "github.com/union-gen/union-gen/examples/crd/v1"
	"github.com/union-gen/union-gen/examples/peers/difftables"
	"github.com/union-gen/union-gen/pkg/crd"
)

// The peer: the rules that CRD authors write by hand today for the same
// unions, in the style of openshift/api (one rule per member), e.g.
// has(self.type) && self.type == 'AWS' ? has(self.aws) : !has(self.aws).
// "Set" is tested as union-gen tests it, so that both check the same thing.

type peerMember struct {
	json, value string
	optional    bool
	number      bool // an int: set when not 0
}

type peerUnion struct {
	disc    string
	members []peerMember
}

var (
	kepPeer = peerUnion{"unionType", []peerMember{{"fieldA", "FieldA", false, true}, {"fieldB", "FieldB", true, true}}}
	// peerUnions are the union schemas of the example CRD, by path.
	peerUnions = map[string]peerUnion{
		"spec.strategy": {"type", []peerMember{{"rollingUpdate", "RollingUpdate", false, false}}},
		"spec.metrics[*]": {"type", []peerMember{
			{"object", "Object", false, false}, {"pods", "Pods", false, false}, {"resource", "Resource", false, false},
			{"containerResource", "ContainerResource", false, false}, {"external", "External", false, false},
		}},
		"spec.profiles[*]": {"type", []peerMember{{"localhostProfile", "Localhost", false, false}}},
		"spec":             kepPeer,
		"spec.unions{*}":   kepPeer,
		"spec.named[*]":    kepPeer,
	}
)

func (u peerUnion) rules() []apiextensions.ValidationRule {
	var rules []apiextensions.ValidationRule
	for _, m := range u.members {
		set := "has(self." + m.json + ")"
		if m.number {
			set = fmt.Sprintf("(%s && self.%s != 0)", set, m.json)
		}
		selected := set
		if m.optional {
			selected = "true"
		}
		rules = append(rules, apiextensions.ValidationRule{
			Rule:    fmt.Sprintf("has(self.%s) && self.%s == '%s' ? %s : !%s", u.disc, u.disc, m.value, selected, set),
			Message: fmt.Sprintf("%s is required when %s is %s, and forbidden otherwise", m.json, u.disc, m.value),
		})
	}
	return rules
}

// forEachSchema calls f on every schema of s, with its path (properties as
// .name, items as [*], additionalProperties as {*}) and its CEL context.
func forEachSchema(s *apiextensions.JSONSchemaProps, path string, ctx *crdvalidation.CELSchemaContext, f func(*apiextensions.JSONSchemaProps, string, *crdvalidation.CELSchemaContext)) {
	f(s, path, ctx)
	names := make([]string, 0, len(s.Properties))
	for name := range s.Properties {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		p := s.Properties[name]
		forEachSchema(&p, strings.TrimPrefix(path+"."+name, "."), ctx.ChildPropertyContext(&p, name), f)
		s.Properties[name] = p
	}
	if s.Items != nil && s.Items.Schema != nil {
		forEachSchema(s.Items.Schema, path+"[*]", ctx.ChildItemsContext(s.Items.Schema), f)
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		forEachSchema(s.AdditionalProperties.Schema, path+"{*}", ctx.ChildAdditionalPropertiesContext(s.AdditionalProperties.Schema), f)
	}
}

// peerCRD is the example CRD with union-gen's rules replaced by the peer's.
func peerCRD(t testing.TB) *apiextensions.CustomResourceDefinition {
	c := loadCRD(t, exampleCRD)
	schema := c.Spec.Validation.OpenAPIV3Schema
	forEachSchema(schema, "", crdvalidation.RootCELContext(schema), func(s *apiextensions.JSONSchemaProps, path string, _ *crdvalidation.CELSchemaContext) {
		var kept apiextensions.ValidationRules
		for _, r := range s.XValidations {
			if !strings.HasSuffix(r.Rule, crd.Marker) {
				kept = append(kept, r)
			}
		}
		if u, ok := peerUnions[path]; ok {
			kept = append(kept, u.rules()...)
		}
		s.XValidations = kept
	})
	return c
}

// compileRules compiles the rules of a schema as the API server does, in its
// CEL context: nil when it has none.
func compileRules(t testing.TB, s *apiextensions.JSONSchemaProps, ctx *crdvalidation.CELSchemaContext, envSet *environment.EnvSet) []cel.CompilationResult {
	t.Helper()
	if len(s.XValidations) == 0 {
		return nil
	}
	info, err := ctx.TypeInfo()
	if err != nil {
		t.Fatal(err)
	}
	results, err := cel.Compile(info.Schema, info.DeclType, celconfig.PerCallLimit, envSet, cel.NewExpressionsEnvLoader())
	if err != nil {
		t.Fatal(err)
	}
	return results
}

// ruleCost is a rule's estimated cost as the API server's CRD validation
// estimates it: its CEL cost times the number of times it can run.
type ruleCost struct {
	path  string
	union bool // a rule of a union: union-gen's, or the peer's
	cost  uint64
}

func ruleCosts(t testing.TB, c *apiextensions.CustomResourceDefinition) []ruleCost {
	t.Helper()
	var costs []ruleCost
	envSet := environment.MustBaseEnvSet(environment.DefaultCompatibilityVersion())
	schema := c.Spec.Validation.OpenAPIV3Schema
	forEachSchema(schema, "", crdvalidation.RootCELContext(schema), func(s *apiextensions.JSONSchemaProps, path string, ctx *crdvalidation.CELSchemaContext) {
		for i, r := range compileRules(t, s, ctx, envSet) {
			if r.Error != nil {
				t.Fatalf("%s: rule %q: %v", path, s.XValidations[i].Rule, r.Error)
			}
			card := r.MaxCardinality
			if ctx.MaxCardinality != nil {
				card = *ctx.MaxCardinality
			}
			_, union := peerUnions[path]
			union = union && !strings.Contains(s.XValidations[i].Message, "at most 64")
			costs = append(costs, ruleCost{path: path, union: union, cost: r.MaxCost * card})
		}
	})
	return costs
}

// TestPeerCRDValid: the peer's CRD passes the API server's validation too,
// so that the benchmark compares two CRDs that the API server accepts.
func TestPeerCRDValid(t *testing.T) {
	if errs := crdvalidation.ValidateCustomResourceDefinition(context.Background(), peerCRD(t)); len(errs) > 0 {
		t.Errorf("the API server rejects the peer's CRD:\n%v", errs.ToAggregate())
	}
}

// validWidget holds a valid value of each union at each placement.
func validWidget(t testing.TB) map[string]any {
	t.Helper()
	target := autoscalingv2.MetricTarget{Type: "Utilization", AverageUtilization: ptr(int32(80))}
	fieldA := kepv1alpha1.Union{UnionType: "FieldA", FieldA: 1}
	w := &examplev1.Widget{
		TypeMeta:   metav1.TypeMeta{APIVersion: "examples.union-gen.io/v1", Kind: "Widget"},
		ObjectMeta: metav1.ObjectMeta{Name: "w", Namespace: "default"},
		Spec: examplev1.WidgetSpec{
			Strategy: &appsv1.DeploymentStrategy{Type: "RollingUpdate", RollingUpdate: &appsv1.RollingUpdateDeployment{MaxSurge: ptr(intstr.FromInt32(1))}},
			Metrics: []autoscalingv2.MetricSpec{
				{Type: "Resource", Resource: &autoscalingv2.ResourceMetricSource{Name: "cpu", Target: target}},
				{Type: "Pods", Pods: &autoscalingv2.PodsMetricSource{Metric: autoscalingv2.MetricIdentifier{Name: "qps"}, Target: target}},
			},
			Profiles: []corev1.SeccompProfile{{Type: "Localhost", LocalhostProfile: ptr("a.json")}, {Type: "RuntimeDefault"}},
			Unions:   map[string]kepv1alpha1.Union{"a": fieldA, "b": {UnionType: "FieldB"}},
			Named:    []examplev1.NamedUnion{{Name: "a", Union: fieldA}, {Name: "b", Union: kepv1alpha1.Union{UnionType: "FieldC"}}},
			Union:    fieldA,
		},
	}
	u, err := difftables.Unstructured(w)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func ptr[T any](v T) *T { return &v }

// BenchmarkCRDRules measures union-gen's rules, compact (the default) and
// precise (--crd-rules=precise), against the peer's on the same CRD, in one
// run: the estimated cost of the rules of the unions (per CRD, and the most
// expensive rule), and the time to validate a valid Widget on create and on
// update with the API server's CEL validator.
func BenchmarkCRDRules(b *testing.B) {
	crds := map[string]*apiextensions.CustomResourceDefinition{
		"union-gen-compact": loadCRD(b, exampleCRD),
		"union-gen-precise": loadCRD(b, preciseCRD),
		"peer":              peerCRD(b),
	}
	obj := validWidget(b)
	old := validWidget(b)
	for _, name := range []string{"union-gen-compact", "union-gen-precise", "peer"} {
		c := crds[name]
		var total, most uint64
		var rules int
		for _, rc := range ruleCosts(b, c) {
			if rc.union {
				rules++
				total += rc.cost
				most = max(most, rc.cost)
			}
		}
		v := newValidators(b, c)
		for _, op := range []struct {
			name string
			old  map[string]any
		}{{"create", nil}, {"update", old}} {
			b.Run(name+"/"+op.name, func(b *testing.B) {
				if errs := v.validate(obj, op.old); len(errs) > 0 {
					b.Fatalf("the valid Widget is rejected: %v", errs.ToAggregate())
				}
				var oldObj any
				if op.old != nil {
					oldObj = op.old
				}
				ctx := context.Background()
				for b.Loop() {
					v.cel.Validate(ctx, nil, v.structural, obj, oldObj, celconfig.RuntimeCELCostBudget)
				}
				b.ReportMetric(float64(rules), "rules")
				b.ReportMetric(float64(total), "est-cost/CRD")
				b.ReportMetric(float64(most), "est-cost/max-rule")
			})
		}
	}
}
