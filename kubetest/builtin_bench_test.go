package kubetest

import (
	"context"
	"fmt"
	"testing"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/yaml"
)

// benchSecurity is the pod security context of the benchmark's
// Deployment, whose containers have their own: the policy's condition has
// every kind of place to look at.
const benchSecurity = `      securityContext:
        seccompProfile: {type: RuntimeDefault}
        appArmorProfile: {type: RuntimeDefault}
`

// BenchmarkBuiltinUpdateLatency measures the latency of updates of a
// Deployment on a real kube-apiserver, in one run: without a policy, with a
// policy that matches the same updates and patches nothing (what any
// mutating admission policy costs), and with the policy for built-in kinds.
// Each runs two JSON merge patches, valid without any policy: one that
// switches nothing (minReadySeconds), which the policy's matchCondition
// skips, and one that switches the strategy and writes its member as the
// new type wants it, which the policy's CEL reads through.
func BenchmarkBuiltinUpdateLatency(b *testing.B) {
	c := startCluster(b)
	ctx := context.Background()
	client := dynamicFor(c, deployments)
	deployment := func(name string) *unstructured.Unstructured {
		var obj unstructured.Unstructured
		spec := workloadTemplate(benchSecurity) + "  strategy: {type: RollingUpdate}\n"
		if err := yaml.Unmarshal([]byte(kindManifest(builtinSwitches[0], name, spec)), &obj.Object); err != nil {
			b.Fatal(err)
		}
		containers, _, _ := unstructured.NestedSlice(obj.Object, "spec", "template", "spec", "containers")
		containers = append(containers, map[string]any{"name": "sidecar", "image": "registry.k8s.io/pause:3.10",
			"securityContext": map[string]any{"seccompProfile": map[string]any{"type": "Localhost", "localhostProfile": "profiles/a.json"}}})
		if err := unstructured.SetNestedSlice(obj.Object, containers, "spec", "template", "spec", "containers"); err != nil {
			b.Fatal(err)
		}
		if _, err := client.Create(ctx, &obj, metav1.CreateOptions{}); err != nil {
			b.Fatal(err)
		}
		return &obj
	}
	deployment("bench")
	patch := func(next func(n int) string) func(b *testing.B) {
		return func(b *testing.B) {
			n := 0
			for b.Loop() {
				n++
				if _, err := client.Patch(ctx, "bench", types.MergePatchType, []byte(next(n)), metav1.PatchOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	run := func(name string) {
		b.Run(name+"/switching nothing", patch(func(n int) string { return fmt.Sprintf(`{"spec":{"minReadySeconds":%d}}`, n%1000) }))
		b.Run(name+"/switching the strategy", patch(func(n int) string {
			if n%2 == 1 {
				return `{"spec":{"strategy":{"type":"Recreate","rollingUpdate":null}}}`
			}
			return `{"spec":{"strategy":{"type":"RollingUpdate"}}}`
		}))
	}
	run("without policy")
	policy, binding := builtinPolicyObjects(b, "deployments.apps-v1-unions")
	remove := c.installPatchlessPolicy(b, policy, binding, deployments, func() { deployment(patchlessProbe) })
	run("with a policy that patches nothing")
	remove()
	c.installBuiltinPolicy(b)
	run("with the policy for built-in kinds")
}

// builtinPolicyObjects reads a policy of the policy file for built-in
// kinds, and its binding.
func builtinPolicyObjects(b *testing.B, name string) (*admissionregistrationv1.MutatingAdmissionPolicy, *admissionregistrationv1.MutatingAdmissionPolicyBinding) {
	var policy *admissionregistrationv1.MutatingAdmissionPolicy
	var binding *admissionregistrationv1.MutatingAdmissionPolicyBinding
	for _, doc := range readDocs(b, builtinPolicy) {
		var p admissionregistrationv1.MutatingAdmissionPolicy
		if err := yaml.Unmarshal([]byte(doc), &p); err != nil {
			b.Fatal(err)
		}
		switch {
		case p.Name != name:
		case p.Kind == "MutatingAdmissionPolicy":
			policy = &p
		default:
			var pb admissionregistrationv1.MutatingAdmissionPolicyBinding
			if err := yaml.UnmarshalStrict([]byte(doc), &pb); err != nil {
				b.Fatal(err)
			}
			binding = &pb
		}
	}
	if policy == nil || binding == nil {
		b.Fatalf("%s has no policy and binding %s", builtinPolicy, name)
	}
	return policy, binding
}
