package kubetest

import (
	"context"
	"fmt"
	"testing"
	"time"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/wait"
	"sigs.k8s.io/yaml"
)

// benchSpec is a valid Widget spec with a union at every place of the
// example CRD: the policy has all of them to look at on each update.
const benchSpec = `  unionType: FieldA
  fieldA: 1
  strategy:
    type: RollingUpdate
    rollingUpdate: {maxSurge: 1}
  metrics:
  - type: Pods
    pods: {metric: {name: qps}, target: {type: Utilization, averageUtilization: 80}}
  profiles:
  - {type: Localhost, localhostProfile: a.json}
  unions:
    a: {unionType: FieldA, fieldA: 1}
    b: {unionType: FieldB, fieldB: 2}
  named:
  - {name: a, unionType: FieldA, fieldA: 1}
  - {name: b, unionType: FieldC}
`

// BenchmarkUpdateLatency measures the latency of an update of a Widget (a
// JSON merge patch of a union member, which needs no normalization) on a
// real kube-apiserver, in one run: without a policy, with a policy that
// matches the same updates and patches nothing (what any mutating admission
// policy costs before its CEL does anything), and with the example policy.
func BenchmarkUpdateLatency(b *testing.B) {
	c := startCluster(b)
	c.installCRD(b)
	var obj unstructured.Unstructured
	if err := yaml.Unmarshal([]byte(manifest("bench", benchSpec)), &obj.Object); err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	client := c.dynamic.Resource(widgets).Namespace(namespace)
	if _, err := client.Create(ctx, &obj, metav1.CreateOptions{}); err != nil {
		b.Fatal(err)
	}
	update := func(b *testing.B) {
		n := 0
		for b.Loop() {
			n++
			patch := fmt.Sprintf(`{"spec":{"fieldA":%d}}`, n%1000+1)
			if _, err := client.Patch(ctx, "bench", types.MergePatchType, []byte(patch), metav1.PatchOptions{}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Run("without policy", update)
	policy, binding := examplePolicyObjects(b)
	remove := c.installPatchlessPolicy(b, policy, binding, widgets, func() { c.create(b, patchlessProbe) })
	b.Run("with a policy that patches nothing", update)
	remove()
	c.installPolicy(b)
	b.Run("with policy", update)
}

// patchlessProbe is the object that the patchless policy labels, so that
// the run sees when it is in effect.
const patchlessProbe = "patchless-probe"

// installPatchlessPolicy installs a copy of policy and binding whose CEL
// patches nothing but the probe, an object of resource that createProbe
// makes, and that runs on every update that policy matches (no
// matchConditions); it returns the function that removes them. Each waits
// until the server applies it.
func (c *cluster) installPatchlessPolicy(b *testing.B, policy *admissionregistrationv1.MutatingAdmissionPolicy, binding *admissionregistrationv1.MutatingAdmissionPolicyBinding,
	resource schema.GroupVersionResource, createProbe func()) (remove func()) {
	ctx := context.Background()
	policy.Name, policy.Annotations, policy.Spec.MatchConditions = "patchless", nil, nil
	binding.Name, binding.Spec.PolicyName = "patchless", "patchless"
	policy.Spec.Mutations = []admissionregistrationv1.Mutation{{
		PatchType: admissionregistrationv1.PatchTypeJSONPatch,
		JSONPatch: &admissionregistrationv1.JSONPatch{Expression: fmt.Sprintf(
			`object.metadata.name == %q ? [JSONPatch{op: "add", path: "/metadata/labels", value: {"patchless": "on"}}] : []`, patchlessProbe)},
	}}
	policies, bindings := c.kube.AdmissionregistrationV1().MutatingAdmissionPolicies(), c.kube.AdmissionregistrationV1().MutatingAdmissionPolicyBindings()
	if _, err := policies.Create(ctx, policy, metav1.CreateOptions{}); err != nil {
		b.Fatal(err)
	}
	if _, err := bindings.Create(ctx, binding, metav1.CreateOptions{}); err != nil {
		b.Fatal(err)
	}
	createProbe()
	c.waitForLabel(b, resource, true)
	return func() {
		if err := bindings.Delete(ctx, binding.Name, metav1.DeleteOptions{}); err != nil {
			b.Fatal(err)
		}
		if err := policies.Delete(ctx, policy.Name, metav1.DeleteOptions{}); err != nil {
			b.Fatal(err)
		}
		c.waitForLabel(b, resource, false)
	}
}

// waitForLabel waits until an update of the probe gets the patchless
// policy's label, or no longer does.
func (c *cluster) waitForLabel(b *testing.B, resource schema.GroupVersionResource, labeled bool) {
	ctx := context.Background()
	err := wait.PollUntilContextTimeout(ctx, 100*time.Millisecond, 30*time.Second, true, func(ctx context.Context) (bool, error) {
		obj, err := c.dynamic.Resource(resource).Namespace(namespace).Patch(ctx, patchlessProbe, types.MergePatchType,
			[]byte(`{"metadata":{"annotations":{"probe":"patchless"}}}`), metav1.PatchOptions{DryRun: []string{metav1.DryRunAll}})
		return err == nil && (obj.GetLabels()["patchless"] == "on") == labeled, nil
	})
	if err != nil {
		b.Fatalf("the patchless policy is not in effect (%v): %v", labeled, err)
	}
}
