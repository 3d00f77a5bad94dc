package crdtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	plugincel "k8s.io/apiserver/pkg/admission/plugin/cel"
	"k8s.io/apiserver/pkg/admission/plugin/policy/mutating/patch"
	"k8s.io/apiserver/pkg/admission/plugin/webhook/matchconditions"
	"k8s.io/apiserver/pkg/cel/environment"
	sigsyaml "sigs.k8s.io/yaml"

	"github.com/union-gen/union-gen/pkg/crd"
	"github.com/union-gen/union-gen/pkg/policy"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// The files of every kind of CEL that union-gen writes, as committed.
var (
	floorCRDs = []string{
		"../examples/crd/config/examples.union-gen.io_widgets.yaml",
		"../examples/crd/precise/examples.union-gen.io_widgets.yaml",
		"../examples/kubebuilder/config/crd/bases/apps.example.com_widgets.yaml",
	}
	floorPolicies = []string{
		"../examples/crd/config/examples.union-gen.io_widgets.unions-policy.yaml",
		"../examples/crd/precise/examples.union-gen.io_widgets.unions-policy.yaml",
		"../examples/kubebuilder/config/crd/bases/apps.example.com_widgets.unions-policy.yaml",
		"../config/builtin/unions-policy.yaml",
		"../config/builtin/unions-policy-v1beta1.yaml",
	}
	floorWebhook = "../config/builtin/webhook/webhook.yaml"
)

// TestCELFloorCRDRules: every rule of the example CRDs, compact and precise,
// union-gen's and their own, compiles in the CEL environment of new
// expressions of the oldest Kubernetes the docs promise CRD rules to
// (crd.OldestKubernetes). union-gen compiles its rules there on every run.
func TestCELFloorCRDRules(t *testing.T) {
	var n int
	for _, file := range floorCRDs {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var v1 apiextensionsv1.CustomResourceDefinition
		if err := sigsyaml.UnmarshalStrict(data, &v1); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, v := range v1.Spec.Versions {
			own, err := crd.APIServerEstimator{Release: crd.OldestKubernetes}.Estimate(yamlNode(t, v.Schema.OpenAPIV3Schema))
			if err != nil {
				t.Fatalf("%s %s: %v", file, v.Name, err)
			}
			for _, r := range own {
				n++
				if !r.Known {
					t.Errorf("%s %s %s: Kubernetes %s does not compile %q", filepath.Base(file), v.Name, r.Path, crd.OldestKubernetes, r.Rule)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no rule")
	}
	t.Logf("%d rules compile for Kubernetes %s", n, crd.OldestKubernetes)
}

// TestCELFloorPolicies: every expression of the committed policies, beside
// the CRDs and for built-in kinds, compiles in the CEL environment of new
// expressions of the oldest Kubernetes that takes each version of
// policy.Versions; union-gen writes the same expressions in each version
// (TestPolicyV1beta1). A 1.34 API server, which serves v1beta1, does not
// compile them: its environment has no flatten().
func TestCELFloorPolicies(t *testing.T) {
	for _, version := range policy.Versions {
		release := policy.OldestKubernetes(version)
		t.Run(version, func(t *testing.T) {
			var n int
			for _, file := range floorPolicies {
				for _, e := range policyExpressions(t, file) {
					n++
					if errs := compilePolicyExpression(t, e, release); len(errs) > 0 {
						t.Errorf("%s: %s: Kubernetes %s does not compile it: %v", filepath.Base(file), e.where, release, errs)
					}
				}
			}
			t.Logf("%d expressions compile for Kubernetes %s", n, release)
		})
	}
	t.Run("1.34", func(t *testing.T) {
		var failed bool
		for _, e := range policyExpressions(t, "../config/builtin/unions-policy-v1beta1.yaml") {
			for _, err := range compilePolicyExpression(t, e, "1.34") {
				failed = true
				if !strings.Contains(err.Error(), "flatten") {
					t.Errorf("%s: %v, not for flatten()", e.where, err)
				}
			}
		}
		if !failed {
			t.Error("Kubernetes 1.34 compiles the built-in policy: policy.OldestKubernetes(\"v1beta1\") may be 1.34")
		}
	})
}

// TestCELFloorWebhook: the match conditions of the webhook configuration
// for built-in kinds compile in the CEL environment of new expressions of
// policy.WebhookOldestKubernetes, and are, webhook by webhook, those of the
// policy whose normalization it calls.
func TestCELFloorWebhook(t *testing.T) {
	data, err := os.ReadFile(floorWebhook)
	if err != nil {
		t.Fatal(err)
	}
	var config admissionregistrationv1.MutatingWebhookConfiguration
	if err := sigsyaml.UnmarshalStrict(data, &config); err != nil {
		t.Fatal(err)
	}
	policies := map[string]expression{}
	for _, e := range policyExpressions(t, "../config/builtin/unions-policy.yaml") {
		if e.condition {
			policies["/"+e.policy] = e
		}
	}
	compiler := plugincel.NewConditionCompiler(crd.NewExpressionsEnv(policy.WebhookOldestKubernetes))
	for _, w := range config.Webhooks {
		var accessors []plugincel.ExpressionAccessor
		for _, c := range w.MatchConditions {
			accessors = append(accessors, &matchconditions.MatchCondition{Name: c.Name, Expression: c.Expression})
		}
		evaluator := compiler.CompileCondition(accessors, plugincel.OptionalVariableDeclarations{HasAuthorizer: true}, environment.NewExpressions)
		if errs := evaluator.(interface{ CompilationErrors() []error }).CompilationErrors(); len(errs) > 0 {
			t.Errorf("%s: Kubernetes %s does not compile its matchConditions: %v", w.Name, policy.WebhookOldestKubernetes, errs)
		}
		path := *w.ClientConfig.Service.Path
		if len(w.MatchConditions) != 1 || policies[path].text != w.MatchConditions[0].Expression {
			t.Errorf("%s: its matchConditions are not the policy %s's", w.Name, strings.TrimPrefix(path, "/"))
		}
		delete(policies, path)
	}
	for path := range policies {
		t.Errorf("no webhook calls %s", path)
	}
}

// expression is a CEL expression of a policy: a JSON patch's, or a
// matchCondition's.
type expression struct {
	policy, where, text string
	condition           bool
}

// policyExpressions are the expressions of the MutatingAdmissionPolicies of
// a file.
func policyExpressions(t *testing.T, file string) []expression {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []expression
	for _, doc := range unionspec.Documents(data) {
		var obj unstructured.Unstructured
		if err := sigsyaml.Unmarshal(doc, &obj.Object); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if obj.GetKind() != "MutatingAdmissionPolicy" {
			continue
		}
		var p admissionregistrationv1.MutatingAdmissionPolicy
		if err := sigsyaml.UnmarshalStrict(doc, &p); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, c := range p.Spec.MatchConditions {
			out = append(out, expression{policy: p.Name, where: p.Name + " matchCondition " + c.Name, text: c.Expression, condition: true})
		}
		for _, m := range p.Spec.Mutations {
			out = append(out, expression{policy: p.Name, where: p.Name + " mutation", text: m.JSONPatch.Expression})
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s: no policy", file)
	}
	return out
}

// compilePolicyExpression compiles a policy's expression as an API server of
// release compiles a new policy's.
func compilePolicyExpression(t *testing.T, e expression, release string) []error {
	t.Helper()
	compiler, err := plugincel.NewCompositedCompiler(crd.NewExpressionsEnv(release))
	if err != nil {
		t.Fatal(err)
	}
	opts := plugincel.OptionalVariableDeclarations{HasAuthorizer: true}
	if e.condition {
		condition := compiler.CompileCondition([]plugincel.ExpressionAccessor{&matchconditions.MatchCondition{Name: e.where, Expression: e.text}}, opts, environment.NewExpressions)
		return condition.(interface{ CompilationErrors() []error }).CompilationErrors()
	}
	opts.HasPatchTypes = true
	return compiler.CompileMutatingEvaluator(&patch.JSONPatchCondition{Expression: e.text}, opts, environment.NewExpressions).CompilationErrors()
}
