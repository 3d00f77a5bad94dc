package kubetest

import (
	"context"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/dynamic"
	"sigs.k8s.io/yaml"
)

// builtinPolicy is the policy for built-in kinds that hack/update-codegen.sh
// makes with union-gen --builtin-policy, and builtinDoc the page that lists
// the API server's messages it prevents.
const (
	builtinPolicy        = "../config/builtin/unions-policy.yaml"
	builtinPolicyV1beta1 = "../config/builtin/unions-policy-v1beta1.yaml"
	builtinDoc           = "../docs/builtin.md"
)

var (
	deployments  = schema.GroupVersionResource{Group: "apps", Version: "v1", Resource: "deployments"}
	statefulSets = schema.GroupVersionResource{Group: "apps", Version: "v1", Resource: "statefulsets"}
	daemonSets   = schema.GroupVersionResource{Group: "apps", Version: "v1", Resource: "daemonsets"}
)

// workloadTemplate is a pod template of the objects of the client matrix, with
// the given pod security context.
func workloadTemplate(securityContext string) string {
	return `  selector: {matchLabels: {app: story}}
  template:
    metadata: {labels: {app: story}}
    spec:
` + securityContext + `      containers:
      - {name: app, image: registry.k8s.io/pause:3.10}
`
}

// builtinSwitch is an update of a built-in kind that switches a union, as a
// manifest says it before and after.
type builtinSwitch struct {
	name     string
	resource schema.GroupVersionResource
	kind     string
	// before and after are the spec of the manifest of the first write
	// and of the switch.
	before, after string
	// patch is the JSON merge patch of the switch, and set sets the new
	// discriminator in an object read, for a PUT.
	patch string
	set   func(obj map[string]any) error
	// stale is the path of the member that the switch leaves stale, in
	// the spec; message is the API server's refusal of it, and empty
	// where the API server accepts it (then the policy leaves it alone).
	stale   []string
	message string
}

var builtinSwitches = []builtinSwitch{
	{
		name: "Deployment RollingUpdate to Recreate", resource: deployments, kind: "apps/v1/Deployment",
		before: workloadTemplate(""), after: workloadTemplate("") + "  strategy: {type: Recreate}\n",
		patch: `{"spec":{"strategy":{"type":"Recreate"}}}`,
		set: func(obj map[string]any) error {
			return unstructured.SetNestedField(obj, "Recreate", "spec", "strategy", "type")
		},
		stale:   []string{"strategy", "rollingUpdate"},
		message: "spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'",
	},
	{
		name: "StatefulSet RollingUpdate to OnDelete", resource: statefulSets, kind: "apps/v1/StatefulSet",
		before: "  serviceName: story\n" + workloadTemplate(""), after: "  serviceName: story\n" + workloadTemplate("") + "  updateStrategy: {type: OnDelete}\n",
		patch: `{"spec":{"updateStrategy":{"type":"OnDelete"}}}`,
		set: func(obj map[string]any) error {
			return unstructured.SetNestedField(obj, "OnDelete", "spec", "updateStrategy", "type")
		},
		stale:   []string{"updateStrategy", "rollingUpdate"},
		message: "only allowed for updateStrategy 'RollingUpdate'",
	},
	{
		name: "DaemonSet RollingUpdate to OnDelete", resource: daemonSets, kind: "apps/v1/DaemonSet",
		before: workloadTemplate(""), after: workloadTemplate("") + "  updateStrategy: {type: OnDelete}\n",
		patch: `{"spec":{"updateStrategy":{"type":"OnDelete"}}}`,
		set: func(obj map[string]any) error {
			return unstructured.SetNestedField(obj, "OnDelete", "spec", "updateStrategy", "type")
		},
		stale: []string{"updateStrategy", "rollingUpdate"},
	},
	{
		name: "pod template seccompProfile Localhost to RuntimeDefault", resource: deployments, kind: "apps/v1/Deployment",
		before: workloadTemplate("      securityContext:\n        seccompProfile: {type: Localhost, localhostProfile: profiles/audit.json}\n"),
		after:  workloadTemplate("      securityContext:\n        seccompProfile: {type: RuntimeDefault}\n"),
		patch:  `{"spec":{"template":{"spec":{"securityContext":{"seccompProfile":{"type":"RuntimeDefault"}}}}}}`,
		set: func(obj map[string]any) error {
			return unstructured.SetNestedField(obj, "RuntimeDefault", "spec", "template", "spec", "securityContext", "seccompProfile", "type")
		},
		stale:   []string{"template", "spec", "securityContext", "seccompProfile", "localhostProfile"},
		message: "spec.template.spec.securityContext.seccompProfile.localhostProfile: Invalid value: ",
	},
}

// builtinClient is a client that writes an object and then switches it.
type builtinClient struct {
	name string
	// carries reports whether the client carries the stale member of a
	// switch over, so that the API server sees it.
	carries func(s builtinSwitch) bool
	prepare func(t *testing.T, c *cluster, s builtinSwitch, name string)
	switch_ func(t *testing.T, c *cluster, s builtinSwitch, name string) error
}

// kindManifest is the manifest of an object of s's kind with the given spec.
func kindManifest(s builtinSwitch, name, spec string) string {
	group, rest, _ := strings.Cut(s.kind, "/")
	version, kind, _ := strings.Cut(rest, "/")
	return fmt.Sprintf("apiVersion: %s/%s\nkind: %s\nmetadata:\n  name: %s\n  namespace: %s\nspec:\n%s", group, version, kind, name, namespace, spec)
}

// seccomp says whether a switch is of a member that the manifest wrote, which
// an applier removes with the field (a defaulted member it never wrote).
func seccomp(s builtinSwitch) bool { return strings.HasPrefix(s.name, "pod template") }

var builtinClients = []builtinClient{
	{
		name: "kubectl apply",
		// A Deployment's strategy is patched with retainKeys, which
		// drops the members that the manifest leaves out; the last
		// applied configuration removes the profile the manifest wrote.
		carries: func(s builtinSwitch) bool { return s.resource != deployments && !seccomp(s) },
		prepare: func(t *testing.T, c *cluster, s builtinSwitch, name string) {
			if err := c.kubectlApply(t, kindManifest(s, name, s.before)); err != nil {
				t.Fatal(err)
			}
		},
		switch_: func(t *testing.T, c *cluster, s builtinSwitch, name string) error {
			return c.kubectlApply(t, kindManifest(s, name, s.after))
		},
	},
	{
		name: "kubectl apply --server-side",
		// The applier owns the profile it wrote, and removes it when
		// its manifest leaves it out; it never owned a default.
		carries: func(s builtinSwitch) bool { return !seccomp(s) },
		prepare: func(t *testing.T, c *cluster, s builtinSwitch, name string) {
			if err := c.kubectlApply(t, kindManifest(s, name, s.before), "--server-side", "--field-manager=story"); err != nil {
				t.Fatal(err)
			}
		},
		switch_: func(t *testing.T, c *cluster, s builtinSwitch, name string) error {
			return c.kubectlApply(t, kindManifest(s, name, s.after), "--server-side", "--field-manager=story")
		},
	},
	{
		name:    "JSON merge patch",
		carries: func(builtinSwitch) bool { return true },
		prepare: func(t *testing.T, c *cluster, s builtinSwitch, name string) { c.createBuiltin(t, s, name) },
		switch_: func(t *testing.T, c *cluster, s builtinSwitch, name string) error {
			_, err := c.dynamic.Resource(s.resource).Namespace(namespace).Patch(context.Background(), name, types.MergePatchType, []byte(s.patch), metav1.PatchOptions{})
			return err
		},
	},
	{
		name:    "PUT of the object read",
		carries: func(builtinSwitch) bool { return true },
		prepare: func(t *testing.T, c *cluster, s builtinSwitch, name string) { c.createBuiltin(t, s, name) },
		switch_: func(t *testing.T, c *cluster, s builtinSwitch, name string) error {
			obj := c.getBuiltin(t, s.resource, name)
			if err := s.set(obj.Object); err != nil {
				t.Fatal(err)
			}
			_, err := c.dynamic.Resource(s.resource).Namespace(namespace).Update(context.Background(), obj, metav1.UpdateOptions{})
			return err
		},
	},
}

func (c *cluster) createBuiltin(t *testing.T, s builtinSwitch, name string) {
	t.Helper()
	var obj unstructured.Unstructured
	if err := yaml.Unmarshal([]byte(kindManifest(s, name, s.before)), &obj.Object); err != nil {
		t.Fatal(err)
	}
	if _, err := c.dynamic.Resource(s.resource).Namespace(namespace).Create(context.Background(), &obj, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
}

func (c *cluster) getBuiltin(t *testing.T, r schema.GroupVersionResource, name string) *unstructured.Unstructured {
	t.Helper()
	obj, err := c.dynamic.Resource(r).Namespace(namespace).Get(context.Background(), name, metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return obj
}

// TestBuiltinPolicy holds the policy for built-in kinds to a real
// kube-apiserver: each switch of builtinSwitches, by each client of
// builtinClients, without the policy and then with it. Without it, a
// client that carries the stale member over is refused with the API
// server's message (which docs/builtin.md lists), and the others succeed.
// With it, every switch succeeds; the stored spec is the one before with
// the discriminator switched and the stale member cleared (kept where the
// API server accepts it), and nothing else changed; the same write again
// changes nothing. The README's two commands are run as written. Then the
// random differential: updates that the API server accepts without the
// policy are stored identically with it; and the example webhook's
// normalization, from the same policy file, stores what the policy does.
func TestBuiltinPolicy(t *testing.T) {
	// v1beta1 of the policy API is served for the v1beta1 file's check.
	c := startCluster(t, "--runtime-config=admissionregistration.k8s.io/v1beta1=true")
	doc, err := os.ReadFile(builtinDoc)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), adminCommands) {
		t.Errorf("%s does not show the README's commands:\n%s", builtinDoc, adminCommands)
	}
	t.Run("v1beta1 file", func(t *testing.T) { c.dryRunCreate(t, builtinPolicyV1beta1, "v1beta1") })
	pairs := c.differentialPairs(t)
	without, webhook := c.judgePairs(t, pairs, nil), c.judgePairs(t, pairs, webhookNormalized(t))
	web := builtinSwitches[0]
	if err := c.kubectlApply(t, kindManifest(web, "web", web.before)); err != nil {
		t.Fatal(err)
	}
	if _, err := c.kubectl(t, adminCommand(t, 1)...); err == nil || !strings.Contains(err.Error(), web.message) {
		t.Fatalf("the README's switch, without the policy: want %q, got %v", web.message, err)
	}
	for _, withPolicy := range []bool{false, true} {
		if withPolicy {
			c.installBuiltinPolicy(t)
			if out, err := c.kubectl(t, adminCommand(t, 1)...); err != nil {
				t.Fatalf("the README's switch, with the policy: %v\n%s", err, out)
			}
		}
		for i, s := range builtinSwitches {
			for j, client := range builtinClients {
				name := fmt.Sprintf("%s-%d-%d", map[bool]string{false: "without", true: "with"}[withPolicy], i, j)
				t.Run(map[bool]string{false: "without policy/", true: "with policy/"}[withPolicy]+s.name+"/"+client.name, func(t *testing.T) {
					client.prepare(t, c, s, name)
					before := c.getBuiltin(t, s.resource, name)
					if _, ok, _ := unstructured.NestedFieldNoCopy(before.Object, append([]string{"spec"}, s.stale...)...); !ok {
						t.Fatalf("the object has no %s before the switch", strings.Join(s.stale, "."))
					}
					err := client.switch_(t, c, s, name)
					refused := !withPolicy && s.message != "" && client.carries(s)
					if refused {
						if err == nil || !strings.Contains(err.Error(), s.message) {
							t.Fatalf("want the switch refused with %q, got %v", s.message, err)
						}
						if !strings.Contains(string(doc), s.message) {
							t.Errorf("%s does not list the API server's message %q", builtinDoc, s.message)
						}
						return
					}
					if err != nil {
						t.Fatalf("the switch is refused: %v", err)
					}
					after := c.getBuiltin(t, s.resource, name)
					want := before.DeepCopy()
					if err := s.set(want.Object); err != nil {
						t.Fatal(err)
					}
					if s.message != "" || !client.carries(s) {
						unstructured.RemoveNestedField(want.Object, append([]string{"spec"}, s.stale...)...)
					}
					if !reflect.DeepEqual(after.Object["spec"], want.Object["spec"]) {
						t.Errorf("spec after the switch:\n  got  %v\n  want %v", after.Object["spec"], want.Object["spec"])
					}
					if err := client.switch_(t, c, s, name); err != nil {
						t.Fatalf("the same switch again: %v", err)
					}
					if again := c.getBuiltin(t, s.resource, name); again.GetResourceVersion() != after.GetResourceVersion() {
						t.Errorf("the same switch again changed the object: resourceVersion %s, then %s", after.GetResourceVersion(), again.GetResourceVersion())
					}
				})
			}
		}
	}
	with := c.judgePairs(t, pairs, nil)
	t.Run("random differential", func(t *testing.T) { compareJudgements(t, pairs, without, with) })
	t.Run("random differential/webhook", func(t *testing.T) { compareWebhook(t, pairs, webhook, with) })
}

// adminCommands are the README's two commands for cluster admins, which
// TestBuiltinPolicy runs as they are written, from the repository's root:
// the first installs the policy, the second switches a Deployment's
// strategy by a merge patch.
const adminCommands = `kubectl apply -f config/builtin/unions-policy.yaml
kubectl patch deployment web --type=merge -p '{"spec":{"strategy":{"type":"Recreate"}}}'
`

// adminCommand is the arguments of a line of adminCommands, split as a
// shell splits them (words, and single-quoted strings), for the kubectl of
// kubetest, whose working directory is kubetest/.
func adminCommand(t testing.TB, line int) []string {
	t.Helper()
	var args []string
	for i, part := range strings.Split(strings.Split(adminCommands, "\n")[line], "'") {
		if i%2 == 1 {
			args = append(args, part)
			continue
		}
		args = append(args, strings.Fields(part)...)
	}
	if args[0] != "kubectl" {
		t.Fatalf("the README's command %q is not kubectl's", args)
	}
	for i, arg := range args {
		if strings.HasPrefix(arg, "config/") {
			args[i] = "../" + arg
		}
	}
	return args[1:]
}

// installBuiltinPolicy installs the policy for built-in kinds with the
// README's first command, and waits until the API server applies it: a
// dry-run switch of a probe Deployment's strategy, which only the policy
// lets through, succeeds.
func (c *cluster) installBuiltinPolicy(t testing.TB) {
	t.Helper()
	ctx := context.Background()
	if out, err := c.kubectl(t, adminCommand(t, 0)...); err != nil {
		t.Fatalf("the README's command to install the policy: %v\n%s", err, out)
	}
	probe := builtinSwitches[0]
	var obj unstructured.Unstructured
	if err := yaml.Unmarshal([]byte(kindManifest(probe, "builtin-policy-probe", probe.before)), &obj.Object); err != nil {
		t.Fatal(err)
	}
	deploymentsClient := dynamicFor(c, deployments)
	if _, err := deploymentsClient.Create(ctx, &obj, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	err := wait.PollUntilContextTimeout(ctx, 100*time.Millisecond, 30*time.Second, true, func(ctx context.Context) (bool, error) {
		_, err := deploymentsClient.Patch(ctx, obj.GetName(), types.MergePatchType, []byte(probe.patch), metav1.PatchOptions{DryRun: []string{metav1.DryRunAll}})
		return err == nil, nil
	})
	if err != nil {
		t.Fatalf("the policy does not take effect: %v", err)
	}
}

// dryRunCreate creates every document of a policy file, dry run, in the
// given version of admissionregistration.k8s.io: the API server compiles
// and checks the policies' CEL as it would install them.
func (c *cluster) dryRunCreate(t *testing.T, file, version string) {
	t.Helper()
	for _, doc := range readDocs(t, file) {
		var obj unstructured.Unstructured
		if err := yaml.Unmarshal([]byte(doc), &obj.Object); err != nil {
			t.Fatal(err)
		}
		if obj.GetAPIVersion() != "admissionregistration.k8s.io/"+version {
			t.Fatalf("%s: %s %s is of %s", file, obj.GetKind(), obj.GetName(), obj.GetAPIVersion())
		}
		resource := map[string]string{"MutatingAdmissionPolicy": "mutatingadmissionpolicies", "MutatingAdmissionPolicyBinding": "mutatingadmissionpolicybindings"}[obj.GetKind()]
		gvr := schema.GroupVersionResource{Group: "admissionregistration.k8s.io", Version: version, Resource: resource}
		if _, err := c.dynamic.Resource(gvr).Create(context.Background(), &obj, metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}}); err != nil {
			t.Errorf("the API server refuses %s %s: %v", obj.GetKind(), obj.GetName(), err)
		}
	}
}

// dynamicFor is the namespaced client of a resource.
func dynamicFor(c *cluster, r schema.GroupVersionResource) dynamic.ResourceInterface {
	return c.dynamic.Resource(r).Namespace(namespace)
}
