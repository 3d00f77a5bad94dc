package crdtest

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	admissionregistrationv1beta1 "k8s.io/api/admissionregistration/v1beta1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/admission"
	plugincel "k8s.io/apiserver/pkg/admission/plugin/cel"
	"k8s.io/apiserver/pkg/admission/plugin/policy/mutating/patch"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/environment"
	"sigs.k8s.io/yaml"

	examplev1 "github.com/union-gen/union-gen/examples/crd/v1"
	"github.com/union-gen/union-gen/examples/peers/difftables"
	"github.com/union-gen/union-gen/internal/testsupport/policyfile"
	"github.com/union-gen/union-gen/pkg/backend"
	"github.com/union-gen/union-gen/pkg/crd"
	"github.com/union-gen/union-gen/pkg/policy"
	"github.com/union-gen/union-gen/pkg/unionspec"
	"github.com/union-gen/union-gen/pkg/unstructuredunions"
)

// examplePolicy is the policy that union-gen writes beside the example CRD.
const examplePolicy = "../examples/crd/config/examples.union-gen.io_widgets.unions-policy.yaml"

var (
	widgetGVK = schema.GroupVersionKind{Group: "examples.union-gen.io", Version: "v1", Kind: "Widget"}
	widgetGVR = schema.GroupVersionResource{Group: "examples.union-gen.io", Version: "v1", Resource: "widgets"}
)

// policyDocs reads the policy and its binding from the example's file.
func policyDocs(t testing.TB) (*admissionregistrationv1.MutatingAdmissionPolicy, *admissionregistrationv1.MutatingAdmissionPolicyBinding) {
	t.Helper()
	data, err := os.ReadFile(examplePolicy)
	if err != nil {
		t.Fatal(err)
	}
	docs := unionspec.Documents(data)
	if len(docs) != 2 {
		t.Fatalf("%s: want a policy and a binding, got %d documents", examplePolicy, len(docs))
	}
	var policy admissionregistrationv1.MutatingAdmissionPolicy
	var binding admissionregistrationv1.MutatingAdmissionPolicyBinding
	if err := yaml.UnmarshalStrict(docs[0], &policy); err != nil {
		t.Fatal(err)
	}
	if err := yaml.UnmarshalStrict(docs[1], &binding); err != nil {
		t.Fatal(err)
	}
	return &policy, &binding
}

// policySchema is the schema of the unions that the example's policy named
// name carries in its annotation.
func policySchema(t testing.TB, name string) *unstructuredunions.Schema {
	t.Helper()
	return policyfile.Schema(t, examplePolicy, name)
}

// policyPatcher compiles the JSON patch mutations of a policy as the API
// server's mutating admission policy plugin compiles them, and returns a
// function that runs them, in order, on an update of a resource of kind gvk.
// New expressions compile as in the oldest API server that takes a policy,
// v1beta1's (TestCELFloorPolicies), so every policy of the random tests is
// held to that floor too.
func policyPatcher(t testing.TB, p *admissionregistrationv1.MutatingAdmissionPolicy, gvk schema.GroupVersionKind, gvr schema.GroupVersionResource) func(obj, old map[string]any) (map[string]any, error) {
	t.Helper()
	compiler, err := plugincel.NewCompositedCompiler(crd.NewExpressionsEnv(policy.OldestKubernetes("v1beta1")))
	if err != nil {
		t.Fatal(err)
	}
	opts := plugincel.OptionalVariableDeclarations{HasAuthorizer: true, HasPatchTypes: true}
	var patchers []patch.Patcher
	for _, m := range p.Spec.Mutations {
		if m.PatchType != admissionregistrationv1.PatchTypeJSONPatch || m.JSONPatch == nil {
			t.Fatalf("mutation %+v is not a JSON patch", m)
		}
		accessor := &patch.JSONPatchCondition{Expression: m.JSONPatch.Expression}
		// The API server compiles a new policy's expressions in the
		// environment of new expressions, and runs stored ones in the
		// environment of stored expressions.
		if errs := compiler.CompileMutatingEvaluator(accessor, opts, environment.NewExpressions).CompilationErrors(); len(errs) > 0 {
			t.Fatalf("the API server rejects the expression: %v", errs)
		}
		patchers = append(patchers, patch.NewJSONPatcher(compiler.CompileMutatingEvaluator(accessor, opts, environment.StoredExpressions)))
	}
	interfaces := admission.NewObjectInterfacesFromScheme(runtime.NewScheme())
	return func(obj, old map[string]any) (map[string]any, error) {
		var current runtime.Object = &unstructured.Unstructured{Object: runtime.DeepCopyJSON(obj)}
		oldObj := &unstructured.Unstructured{Object: old}
		for _, p := range patchers {
			attrs := admission.NewAttributesRecord(current, oldObj, gvk, "default", "w", gvr, "", admission.Update, &metav1.UpdateOptions{}, false, nil)
			r := patch.Request{
				MatchedResource: gvr,
				VersionedAttributes: &admission.VersionedAttributes{
					Attributes:         attrs,
					VersionedKind:      gvk,
					VersionedObject:    admission.NewLazyObject(current),
					VersionedOldObject: admission.NewLazyObject(oldObj),
				},
				ObjectInterfaces:  interfaces,
				OptionalVariables: plugincel.OptionalVariableBindings{},
			}
			patched, err := p.Patch(context.Background(), r, celconfig.RuntimeCELCostBudget)
			if err != nil {
				return nil, err
			}
			current = patched
		}
		return current.(*unstructured.Unstructured).Object, nil
	}
}

// goNormalized is what the generated NormalizeUnions makes of obj, an
// update of old, as the API server would store it.
func goNormalized(t testing.TB, obj, old map[string]any) map[string]any {
	t.Helper()
	var w, o examplev1.Widget
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(obj, &w); err != nil {
		t.Fatal(err)
	}
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(old, &o); err != nil {
		t.Fatal(err)
	}
	w.NormalizeUnions(&o)
	u, err := difftables.Unstructured(&w)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// TestPolicyBinding: the policy mutates updates of widgets only, with JSON
// patches, and its binding binds it to every such request.
func TestPolicyBinding(t *testing.T) {
	policy, binding := policyDocs(t)
	rules := policy.Spec.MatchConstraints.ResourceRules
	if len(rules) != 1 || !reflect.DeepEqual(rules[0].Operations, []admissionregistrationv1.OperationType{admissionregistrationv1.Update}) ||
		!reflect.DeepEqual(rules[0].APIGroups, []string{widgetGVR.Group}) || !reflect.DeepEqual(rules[0].APIVersions, []string{widgetGVR.Version}) ||
		!reflect.DeepEqual(rules[0].Resources, []string{widgetGVR.Resource}) {
		t.Errorf("the policy does not match UPDATE of %s only: %+v", widgetGVR, rules)
	}
	if binding.Spec.PolicyName != policy.Name || binding.Spec.ParamRef != nil || binding.Spec.MatchResources != nil {
		t.Errorf("the binding does not bind %s to every request: %+v", policy.Name, binding.Spec)
	}
}

// TestDifferentialPolicy runs the policy's mutations with the API server's
// code on every (old, new) update pair of the differential tables, at every
// placement: the patched object must be exactly the one that the generated
// NormalizeUnions gives.
func TestDifferentialPolicy(t *testing.T) {
	policy, _ := policyDocs(t)
	run := policyPatcher(t, policy, widgetGVK, widgetGVR)
	tables := difftables.ByName()
	for _, p := range difftables.Placements {
		t.Run(p.Name, func(t *testing.T) {
			table := tables[p.Table]
			objs := make([]map[string]any, len(table.Objects))
			for i, obj := range table.Objects {
				_, objs[i] = widget(t, p, obj)
			}
			cases, normalized, failures := 0, 0, 0
			for n := range objs {
				for o := range objs {
					cases++
					want := goNormalized(t, objs[n], objs[o])
					got, err := run(objs[n], objs[o])
					switch {
					case err != nil:
						failures++
						t.Errorf("update from %s to %s: %v", table.Objs[o], table.Objs[n], err)
					case !difftables.Equal(got, want):
						if failures++; failures <= 10 {
							t.Errorf("update from %s to %s:\n  policy: %v\n  Go:     %v", table.Objs[o], table.Objs[n], got, want)
						}
					case !difftables.Equal(got, objs[n]):
						normalized++
					}
				}
			}
			if failures > 0 {
				t.Errorf("%d of %d cases differ", failures, cases)
			}
			if p.Correlated != (normalized > 0) {
				t.Errorf("%d cases normalized; want some exactly when the placement is correlated (%v)", normalized, p.Correlated)
			}
			t.Logf("%d updates, %d normalized, all equal", cases, normalized)
		})
	}
}

// FuzzPolicy extends TestDifferentialPolicy to whole Widgets
// (difftables.DecodeSpec): every place filled at once, list-map items
// reordered and their names repeated, map keys added and removed, and
// discriminators from the fuzzer.
func FuzzPolicy(f *testing.F) {
	f.Add([]byte{1, 3, 0, 2, 1, 7, 1, 1, 9, 1, 0, 1, 4, 1, 1, 5, 0, 1, 1, 2}, "FieldC", []byte{1, 5, 1, 1, 2, 0, 8, 1, 1, 8, 1, 1, 1, 3, 1, 1, 1, 8, 1, 1}, "")
	f.Add([]byte{1, 4, 1, 0, 0, 0, 1, 30, 1, 1, 31, 0, 1, 1, 32, 1, 1, 33}, "Recreate", []byte{1, 4, 0, 0, 0, 40, 1, 1, 41, 1, 1, 42, 0, 1, 1, 43, 1, 1, 44}, "RollingUpdate")
	f.Add([]byte{1, 2, 1, 1, 1, 3, 3, 0, 0}, "Bogus", []byte{1, 2, 1, 1, 1, 3, 3}, "fielda")
	f.Add([]byte{0, 0, 0, 0, 1, 1, 1, 1, 0, 2, 1, 1, 1, 1, 1, 3, 1, 1}, "FieldB", []byte{0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1}, "FieldA")
	// Every place filled, the ratcheting ones too.
	f.Add(bytes.Repeat([]byte{1}, 48), "FieldC", bytes.Repeat([]byte{3}, 48), "FieldA")
	policy, _ := policyDocs(f)
	run := policyPatcher(f, policy, widgetGVK, widgetGVR)
	tables := difftables.ByName()
	f.Fuzz(func(t *testing.T, newData []byte, disc string, oldData []byte, oldDisc string) {
		// The API server decodes only valid UTF-8.
		disc, oldDisc = strings.ToValidUTF8(disc, "\uFFFD"), strings.ToValidUTF8(oldDisc, "\uFFFD")
		obj, err := difftables.Unstructured(difftables.NewWidget(difftables.DecodeSpec(tables, newData, disc)))
		if err != nil {
			t.Fatal(err)
		}
		old, err := difftables.Unstructured(difftables.NewWidget(difftables.DecodeSpec(tables, oldData, oldDisc)))
		if err != nil {
			t.Fatal(err)
		}
		want := goNormalized(t, obj, old)
		got, err := run(obj, old)
		if err != nil {
			t.Fatalf("new %v\nold %v\n%v", obj, old, err)
		}
		if !difftables.Equal(got, want) {
			t.Fatalf("new %v\nold %v\n  policy: %v\n  Go:     %v", obj, old, got, want)
		}
	})
}

// TestPolicyV1beta1: with --policy-version=v1beta1, for Kubernetes 1.35,
// union-gen writes the policy and binding in
// admissionregistration.k8s.io/v1beta1: they decode strictly as the API's
// v1beta1 types and hold exactly the v1 policy's metadata and spec, which
// TestDifferentialPolicy runs with the API server's admission code.
func TestPolicyV1beta1(t *testing.T) {
	policyV1, bindingV1 := policyDocs(t)
	out, err := policy.Write(backend.Resource{Group: widgetGVR.Group, Version: widgetGVR.Version, Plural: widgetGVR.Resource}, &policySchema(t, policyV1.Name).Schema, "v1beta1")
	if err != nil {
		t.Fatal(err)
	}
	docs := unionspec.Documents(out)
	if len(docs) != 2 {
		t.Fatalf("want a policy and a binding, got %d documents", len(docs))
	}
	var policy admissionregistrationv1beta1.MutatingAdmissionPolicy
	var binding admissionregistrationv1beta1.MutatingAdmissionPolicyBinding
	if err := yaml.UnmarshalStrict(docs[0], &policy); err != nil {
		t.Fatal(err)
	}
	if err := yaml.UnmarshalStrict(docs[1], &binding); err != nil {
		t.Fatal(err)
	}
	const apiVersion = "admissionregistration.k8s.io/v1beta1"
	if policy.APIVersion != apiVersion || binding.APIVersion != apiVersion {
		t.Errorf("apiVersion %s and %s, want %s", policy.APIVersion, binding.APIVersion, apiVersion)
	}
	for _, pair := range [][2]any{
		{policy.ObjectMeta, policyV1.ObjectMeta}, {policy.Spec, policyV1.Spec},
		{binding.ObjectMeta, bindingV1.ObjectMeta}, {binding.Spec, bindingV1.Spec},
	} {
		got, err := json.Marshal(pair[0])
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(pair[1])
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("v1beta1:\n%s\nv1:\n%s", got, want)
		}
	}
}
