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
	builtinPolicy = "../config/builtin/unions-policy.yaml"
	builtinDoc    = "../docs/builtin.md"
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

func (c *cluster) createBuiltin(t testing.TB, s builtinSwitch, name string) {
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
// Last, the policies' commands of adminTable: the policy is removed, and
// the v1beta1 file installed and removed.
func TestBuiltinPolicy(t *testing.T) {
	// v1beta1 of the policy API is served for the v1beta1 file.
	c := startCluster(t, "--runtime-config=admissionregistration.k8s.io/v1beta1=true")
	doc, err := os.ReadFile(builtinDoc)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), adminCommands) {
		t.Errorf("%s does not show the README's commands:\n%s", builtinDoc, adminCommands)
	}
	pairs := c.differentialPairs(t)
	without, webhook := c.judgePairs(t, pairs, nil), c.judgePairs(t, pairs, webhookNormalized(t))
	web := builtinSwitches[0]
	if err := c.kubectlApply(t, kindManifest(web, "web", web.before)); err != nil {
		t.Fatal(err)
	}
	if _, err := c.kubectl(t, adminCommand(t, 1)...); err == nil || !strings.Contains(err.Error(), web.message) {
		t.Fatalf("the README's switch, without the policy: want %q, got %v", web.message, err)
	}
	c.clientMatrix(t, "without policy", false, doc)
	if adminTable[0][0] != strings.Split(adminCommands, "\n")[0] {
		t.Errorf("the README's first command %q is not its table's %q", strings.Split(adminCommands, "\n")[0], adminTable[0][0])
	}
	c.installBuiltinPolicy(t, adminTable[0][0])
	if out, err := c.kubectl(t, adminCommand(t, 1)...); err != nil {
		t.Fatalf("the README's switch, with the policy: %v\n%s", err, out)
	}
	c.clientMatrix(t, "with policy", true, doc)
	with := c.judgePairs(t, pairs, nil)
	t.Run("random differential", func(t *testing.T) { compareJudgements(t, pairs, without, with) })
	t.Run("random differential/webhook", func(t *testing.T) { compareWebhook(t, pairs, webhook, with) })
	c.uninstallBuiltinPolicy(t, adminTable[0][1])
	// The v1beta1 file, for 1.35, as v1.37.2 serves v1beta1.
	c.installBuiltinPolicy(t, adminTable[1][0])
	c.uninstallBuiltinPolicy(t, adminTable[1][1])
}

// clientMatrix runs each switch of builtinSwitches by each client of
// builtinClients, as a subtest of label. Where nothing normalizes, a client
// that carries the stale member over is refused with the API server's
// message (which doc, docs/builtin.md, must list), and the others succeed.
// Where a policy or the webhook normalizes, every switch succeeds; the
// stored spec is the one before with the discriminator switched and the
// stale member cleared (kept where the API server accepts it), and nothing
// else changed; the same write again changes nothing.
func (c *cluster) clientMatrix(t *testing.T, label string, normalizes bool, doc []byte) {
	for i, s := range builtinSwitches {
		for j, client := range builtinClients {
			name := fmt.Sprintf("%s-%d-%d", strings.ReplaceAll(label, " ", "-"), i, j)
			t.Run(label+"/"+s.name+"/"+client.name, func(t *testing.T) {
				client.prepare(t, c, s, name)
				before := c.getBuiltin(t, s.resource, name)
				if _, ok, _ := unstructured.NestedFieldNoCopy(before.Object, append([]string{"spec"}, s.stale...)...); !ok {
					t.Fatalf("the object has no %s before the switch", strings.Join(s.stale, "."))
				}
				err := client.switch_(t, c, s, name)
				if !normalizes && s.message != "" && client.carries(s) {
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

// adminCommands are the README's two commands for cluster admins, which
// TestBuiltinPolicy runs as they are written, from the repository's root:
// the first installs the policy, the second switches a Deployment's
// strategy by a merge patch.
const adminCommands = `kubectl apply -f config/builtin/unions-policy.yaml
kubectl patch deployment web --type=merge -p '{"spec":{"strategy":{"type":"Recreate"}}}'
`

// adminTable is the README's table of commands for cluster admins (and
// docs/builtin.md's): per Kubernetes version, the command that installs
// union-gen's normalization for built-in kinds and the one that removes it.
// TestBuiltinPolicy runs those of the policies, TestBuiltinWebhookInstall
// those of the webhook, as written.
var adminTable = [][2]string{
	{"kubectl apply -f config/builtin/unions-policy.yaml", "kubectl delete -f config/builtin/unions-policy.yaml"},
	{"kubectl apply -f config/builtin/unions-policy-v1beta1.yaml", "kubectl delete -f config/builtin/unions-policy-v1beta1.yaml"},
	{"kubectl apply -k config/builtin/webhook", "kubectl delete -k config/builtin/webhook"},
}

// adminCommand is the arguments of a line of adminCommands (shellArgs).
func adminCommand(t testing.TB, line int) []string {
	t.Helper()
	return shellArgs(t, strings.Split(adminCommands, "\n")[line])
}

// shellArgs is the arguments of a kubectl command of the docs, split as a
// shell splits them (words, and single-quoted strings), for the kubectl of
// kubetest, whose working directory is kubetest/.
func shellArgs(t testing.TB, command string) []string {
	t.Helper()
	var args []string
	for i, part := range strings.Split(command, "'") {
		if i%2 == 1 {
			args = append(args, part)
			continue
		}
		args = append(args, strings.Fields(part)...)
	}
	if args[0] != "kubectl" {
		t.Fatalf("the command %q is not kubectl's", args)
	}
	for i, arg := range args {
		if strings.HasPrefix(arg, "config/") {
			args[i] = "../" + arg
		}
	}
	return args[1:]
}

// installBuiltinPolicy runs install, a command of adminTable, and waits
// until the API server applies the policy to every kind (waitProbes).
func (c *cluster) installBuiltinPolicy(t testing.TB, install string) {
	t.Helper()
	if out, err := c.kubectl(t, shellArgs(t, install)...); err != nil {
		t.Fatalf("%s: %v\n%s", install, err, out)
	}
	if err := c.waitProbes(t, true); err != nil {
		t.Fatalf("%s: the policy does not take effect: %v", install, err)
	}
}

// uninstallBuiltinPolicy runs uninstall, a command of adminTable, and waits
// until the API server no longer applies the policy to any kind.
func (c *cluster) uninstallBuiltinPolicy(t testing.TB, uninstall string) {
	t.Helper()
	if out, err := c.kubectl(t, shellArgs(t, uninstall)...); err != nil {
		t.Fatalf("%s: %v\n%s", uninstall, err, out)
	}
	if err := c.waitProbes(t, false); err != nil {
		t.Fatalf("%s: the policy still takes effect: %v", uninstall, err)
	}
}

// waitProbes waits until a dry-run of each switch that the API server
// refuses without a normalizer, on a probe object of its own, succeeds, or,
// when normalized is false, is refused. Each kind has a policy and a
// binding of its own, which the API server takes up one by one: a probe of
// one kind says nothing of the others.
func (c *cluster) waitProbes(t testing.TB, normalized bool) error {
	t.Helper()
	for i, s := range builtinSwitches {
		if s.message == "" {
			continue
		}
		name := fmt.Sprintf("builtin-policy-probe-%d", i)
		if _, err := dynamicFor(c, s.resource).Get(context.Background(), name, metav1.GetOptions{}); err != nil {
			c.createBuiltin(t, s, name)
		}
		if err := c.pollSwitch(s, name, normalized); err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
	}
	return nil
}

// pollSwitch waits until a dry-run of the switch s of the object name,
// which carries the stale member over and which only a normalizer lets
// through, is let through if normalized, refused if not.
func (c *cluster) pollSwitch(s builtinSwitch, name string, normalized bool) error {
	return wait.PollUntilContextTimeout(context.Background(), 100*time.Millisecond, 30*time.Second, true, func(ctx context.Context) (bool, error) {
		_, err := dynamicFor(c, s.resource).Patch(ctx, name, types.MergePatchType, []byte(s.patch), metav1.PatchOptions{DryRun: []string{metav1.DryRunAll}})
		return (err == nil) == normalized, nil
	})
}

// dynamicFor is the namespaced client of a resource.
func dynamicFor(c *cluster, r schema.GroupVersionResource) dynamic.ResourceInterface {
	return c.dynamic.Resource(r).Namespace(namespace)
}
