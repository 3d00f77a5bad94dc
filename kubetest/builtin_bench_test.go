package kubetest

import (
	"context"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	admissionv1 "k8s.io/api/admission/v1"
	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	appsv1 "k8s.io/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apiserver/pkg/admission"
	celplugin "k8s.io/apiserver/pkg/admission/plugin/cel"
	"k8s.io/apiserver/pkg/admission/plugin/webhook/matchconditions"
	"k8s.io/apiserver/pkg/cel/environment"
	"sigs.k8s.io/yaml"

	"github.com/union-gen/union-gen/examples/webhook/server"
	"github.com/union-gen/union-gen/pkg/backend"
	"github.com/union-gen/union-gen/pkg/policy"
)

// benchSecurity is the pod security context of the benchmark's
// Deployments, whose containers have their own: the policy's condition has
// every kind of place to look at.
const benchSecurity = `      securityContext:
        seccompProfile: {type: RuntimeDefault}
        appArmorProfile: {type: RuntimeDefault}
`

// benchConfigs are the benchmark's three configurations, by the value of
// the label "bench" of the Deployment that each policy's binding selects:
// none, a policy that patches nothing (what any mutating admission policy
// costs an update), and the policy for built-in kinds.
var benchConfigs = []string{"none", "patchless", "builtin"}

// BenchmarkBuiltinUpdateLatency measures the latency of updates of a
// Deployment on a real kube-apiserver, in the three configurations of
// benchConfigs, interleaved (interleavedLatency).
func BenchmarkBuiltinUpdateLatency(b *testing.B) {
	c := startCluster(b)
	for _, config := range benchConfigs {
		c.benchDeployment(b, "bench-"+config, config)
	}
	c.installBenchPolicies(b)
	c.interleavedLatency(b, benchConfigs)
}

// interleavedLatency measures the latency of updates of the Deployments
// bench-<config>, interleaved: each iteration updates one of each config,
// so that the server's drift over a run weighs on all alike (run one after
// the other, they differed by up to 2x from one run to the next on a
// shared machine). Two JSON merge patches, valid without any normalizer:
// one that switches nothing (minReadySeconds), which the match conditions
// skip, and one that switches the strategy and writes its member as the
// new type wants it, which the normalizer reads through. It reports the
// median latency of each config, in ms.
func (c *cluster) interleavedLatency(b *testing.B, configs []string) {
	ctx := context.Background()
	client := dynamicFor(c, deployments)
	// The server's first seconds are slower (its controllers start, its
	// caches fill): a warm-up, not measured.
	for n := range 300 {
		for _, config := range configs {
			if _, err := client.Patch(ctx, "bench-"+config, types.MergePatchType, fmt.Appendf(nil, `{"spec":{"minReadySeconds":%d}}`, n), metav1.PatchOptions{}); err != nil {
				b.Fatal(err)
			}
		}
	}
	patch := func(next func(n int) string) func(b *testing.B) {
		return func(b *testing.B) {
			latencies := make([][]time.Duration, len(configs))
			n := 0
			for b.Loop() {
				n++
				for i, config := range configs {
					start := time.Now()
					if _, err := client.Patch(ctx, "bench-"+config, types.MergePatchType, []byte(next(n)), metav1.PatchOptions{}); err != nil {
						b.Fatal(err)
					}
					latencies[i] = append(latencies[i], time.Since(start))
				}
			}
			for i, config := range configs {
				slices.Sort(latencies[i])
				b.ReportMetric(float64(latencies[i][len(latencies[i])/2].Microseconds())/1000, "ms-median-"+config)
			}
		}
	}
	b.Run("switching nothing", patch(func(n int) string { return fmt.Sprintf(`{"spec":{"minReadySeconds":%d}}`, n%500) }))
	b.Run("switching the strategy", patch(func(n int) string {
		if n%2 == 1 {
			return `{"spec":{"strategy":{"type":"Recreate","rollingUpdate":null}}}`
		}
		return `{"spec":{"strategy":{"type":"RollingUpdate"}}}`
	}))
}

// benchDeployment creates benchDeploymentObject with the label
// bench=config.
func (c *cluster) benchDeployment(b *testing.B, name, config string) {
	obj := benchDeploymentObject(b, name)
	obj.SetLabels(map[string]string{"bench": config})
	if _, err := dynamicFor(c, deployments).Create(context.Background(), obj, metav1.CreateOptions{}); err != nil {
		b.Fatal(err)
	}
}

// benchDeploymentObject is the benchmarks' Deployment: a pod security
// context and two containers, one with a seccomp profile.
func benchDeploymentObject(b *testing.B, name string) *unstructured.Unstructured {
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
	return &obj
}

// installBenchPolicies installs the patchless policy, bound to the
// Deployments labeled bench=patchless, and the Deployments' policy of the
// policy file for built-in kinds, bound to those labeled bench=builtin,
// and waits until the server applies both.
func (c *cluster) installBenchPolicies(b *testing.B) {
	ctx := context.Background()
	selected := func(binding *admissionregistrationv1.MutatingAdmissionPolicyBinding, config string) {
		binding.Spec.MatchResources = &admissionregistrationv1.MatchResources{ObjectSelector: &metav1.LabelSelector{MatchLabels: map[string]string{"bench": config}}}
	}
	policy, binding := builtinPolicyObjects(b, "deployments.apps-v1-unions")
	selected(binding, "patchless")
	c.installPatchlessPolicy(b, policy, binding, deployments, func() { c.benchDeployment(b, patchlessProbe, "patchless") })

	policy, binding = builtinPolicyObjects(b, "deployments.apps-v1-unions")
	policy.Name, binding.Name, binding.Spec.PolicyName = "bench-builtin", "bench-builtin", "bench-builtin"
	selected(binding, "builtin")
	if _, err := c.kube.AdmissionregistrationV1().MutatingAdmissionPolicies().Create(ctx, policy, metav1.CreateOptions{}); err != nil {
		b.Fatal(err)
	}
	if _, err := c.kube.AdmissionregistrationV1().MutatingAdmissionPolicyBindings().Create(ctx, binding, metav1.CreateOptions{}); err != nil {
		b.Fatal(err)
	}
	// A switch that carries rollingUpdate over passes only the policy.
	c.benchDeployment(b, "builtin-probe", "builtin")
	if err := c.pollSwitch(builtinSwitches[0], "builtin-probe", true); err != nil {
		b.Fatalf("the policy does not take effect: %v", err)
	}
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

// webhookBenchConfigs are BenchmarkBuiltinWebhookLatency's configurations,
// by the label "bench" of the Deployment that each webhook's objectSelector
// selects: none; a webhook whose only match condition is false, and one
// whose only match condition compares the strategy's type in the object and
// the old object, neither called on an update that switches nothing (what
// a condition costs that reads nothing, and one that reads the objects); a
// webhook of the generated configuration's match whose server allows every
// review without a patch (what any webhook costs); and union-webhook's
// normalization of Deployments.
var webhookBenchConfigs = []string{"none", "false-condition", "strategy-condition", "patchless-webhook", "webhook"}

// benchConditions are the match conditions of the benchmarks' webhooks
// that replace the generated one: one that reads nothing, and one that reads
// a field of each object.
var benchConditions = map[string]string{
	"false-condition":    "false",
	"strategy-condition": "object.spec.strategy.type != oldObject.spec.strategy.type",
}

// BenchmarkBuiltinWebhookLatency measures the latency of updates of a
// Deployment on a real kube-apiserver in the configurations of
// webhookBenchConfigs, interleaved (interleavedLatency). Each webhook is the
// generated configuration's Deployment webhook, served by the test over TLS
// on a loopback address; two have their match conditions replaced.
func BenchmarkBuiltinWebhookLatency(b *testing.B) {
	c := startCluster(b)
	for _, config := range webhookBenchConfigs {
		c.benchDeployment(b, "bench-"+config, config)
	}
	normalizing, err := server.Mux(builtinPolicy)
	if err != nil {
		b.Fatal(err)
	}
	patchless := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var review admissionv1.AdmissionReview
		if err := json.NewDecoder(r.Body).Decode(&review); err != nil || review.Request == nil {
			http.Error(w, "not an AdmissionReview", http.StatusBadRequest)
			return
		}
		review.Response = &admissionv1.AdmissionResponse{UID: review.Request.UID, Allowed: true}
		review.Request = nil
		if err := json.NewEncoder(w).Encode(review); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	})
	config := &admissionregistrationv1.MutatingWebhookConfiguration{ObjectMeta: metav1.ObjectMeta{Name: "bench"}}
	deploymentsWebhook := readDeploymentsWebhook(b)
	for name, handler := range map[string]http.Handler{"false-condition": patchless, "strategy-condition": patchless, "patchless-webhook": patchless, "webhook": normalizing} {
		srv := httptest.NewTLSServer(handler)
		b.Cleanup(srv.Close)
		w := *deploymentsWebhook
		url := srv.URL + *w.ClientConfig.Service.Path
		w.Name = name + "." + w.Name
		w.ClientConfig = admissionregistrationv1.WebhookClientConfig{URL: &url, CABundle: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})}
		w.ObjectSelector = &metav1.LabelSelector{MatchLabels: map[string]string{"bench": name}}
		if condition := benchConditions[name]; condition != "" {
			w.MatchConditions = []admissionregistrationv1.MatchCondition{{Name: "bench", Expression: condition}}
		}
		config.Webhooks = append(config.Webhooks, w)
	}
	slices.SortFunc(config.Webhooks, func(a, b admissionregistrationv1.MutatingWebhook) int { return strings.Compare(a.Name, b.Name) })
	if _, err := c.kube.AdmissionregistrationV1().MutatingWebhookConfigurations().Create(context.Background(), config, metav1.CreateOptions{}); err != nil {
		b.Fatal(err)
	}
	// A switch that carries rollingUpdate over passes only the normalizing
	// webhook.
	c.benchDeployment(b, "webhook-probe", "webhook")
	if err := c.pollSwitch(builtinSwitches[0], "webhook-probe", true); err != nil {
		b.Fatalf("the webhook does not take effect: %v", err)
	}
	c.interleavedLatency(b, webhookBenchConfigs)
}

// BenchmarkBuiltinMatchCondition measures what the API server's evaluation
// of a webhook's match condition costs an update of benchDeploymentObject
// that switches nothing, compiled and evaluated as the API server's
// webhook admission does (k8s.io/apiserver's matchconditions, with the
// objects' CEL values made afresh for each update as for each request):
// benchConditions beside the generated condition of the Deployments'
// webhook. An update of a field outside the pod template, and one of a
// container's image.
func BenchmarkBuiltinMatchCondition(b *testing.B) {
	generated := readDeploymentsWebhook(b).MatchConditions[0].Expression
	conditions := []struct{ name, expression string }{
		{"false-condition", benchConditions["false-condition"]},
		{"strategy-condition", benchConditions["strategy-condition"]},
		{"generated", generated},
	}
	var old appsv1.Deployment
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(benchDeploymentObject(b, "bench").Object, &old); err != nil {
		b.Fatal(err)
	}
	updates := []struct {
		name   string
		update func(*appsv1.Deployment)
	}{
		{"minReadySeconds", func(d *appsv1.Deployment) { d.Spec.MinReadySeconds = 3 }},
		{"image", func(d *appsv1.Deployment) { d.Spec.Template.Spec.Containers[0].Image = "registry.k8s.io/pause:3.9" }},
	}
	compiler := celplugin.NewConditionCompiler(environment.MustBaseEnvSet(environment.DefaultCompatibilityVersion()))
	// Fail, not the configuration's Ignore, under which an error would
	// read as a condition that does not match.
	fail := admissionregistrationv1.Fail
	for _, u := range updates {
		updated := old.DeepCopy()
		u.update(updated)
		attributes := admission.NewAttributesRecord(updated, &old, appsv1.SchemeGroupVersion.WithKind("Deployment"), "default", "bench",
			appsv1.SchemeGroupVersion.WithResource("deployments"), "", admission.Update, nil, false, nil)
		for _, c := range conditions {
			matcher := matchconditions.NewMatcher(compiler.CompileCondition(
				[]celplugin.ExpressionAccessor{&matchconditions.MatchCondition{Name: c.name, Expression: c.expression}},
				celplugin.OptionalVariableDeclarations{HasAuthorizer: true}, environment.StoredExpressions,
			), &fail, "webhook", "admit", c.name)
			b.Run(u.name+"/"+c.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					versioned := &admission.VersionedAttributes{Attributes: attributes, VersionedKind: appsv1.SchemeGroupVersion.WithKind("Deployment"),
						VersionedObject: admission.NewLazyObject(updated), VersionedOldObject: admission.NewLazyObject(&old)}
					if result := matcher.Match(context.Background(), versioned, nil, nil); result.Error != nil || result.Matches || result.FailedConditionName != c.name {
						b.Fatalf("%s on an update of %s: matches %v, failed condition %q, error %v", c.name, u.name, result.Matches, result.FailedConditionName, result.Error)
					}
				}
			})
		}
	}
}

// readDeploymentsWebhook is the generated configuration's webhook of
// Deployments.
func readDeploymentsWebhook(b *testing.B) *admissionregistrationv1.MutatingWebhook {
	path := policy.Hook{Resource: backend.Resource{Group: "apps", Version: "v1", Plural: "deployments"}}.Path()
	for _, w := range readWebhookConfiguration(b).Webhooks {
		if *w.ClientConfig.Service.Path == path && len(w.MatchConditions) == 1 {
			return &w
		}
	}
	b.Fatalf("the webhook configuration has no webhook of Deployments at %s with one match condition", path)
	return nil
}
