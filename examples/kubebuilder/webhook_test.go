package widgets_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// TestWebhookKustomization builds config/default, as kubebuilder scaffolds
// it with `kubebuilder create webhook --defaulting` (which enables its
// [WEBHOOK] and [CERTMANAGER] sections), with the kustomize that the
// Makefile installs, in a copy of the project, and holds what it deploys
// for clusters without the policy API: the manager serves the webhook with
// cert-manager's certificate for the webhook Service, and the configuration
// calls that Service at the webhook's path, for updates of widgets, with
// cert-manager's CA; the CRD comes with union-gen's rules and its policy,
// whose binding names it under the name prefix.
func TestWebhookKustomization(t *testing.T) {
	if testing.Short() {
		t.Skip("builds kustomize (-short)")
	}
	dir := project(t)
	run(t, dir, "make kustomize")
	out, err := exec.CommandContext(t.Context(), filepath.Join(dir, "bin", "kustomize"), "build", filepath.Join(dir, "config", "default")).Output()
	if err != nil {
		t.Fatalf("kustomize build config/default: %v", err)
	}
	objects := map[string]map[string]any{}
	for _, doc := range strings.Split(string(out), "\n---\n") {
		var obj map[string]any
		if err := yaml.Unmarshal([]byte(doc), &obj); err != nil {
			t.Fatal(err)
		}
		objects[obj["kind"].(string)+"/"+field(obj, "metadata", "name").(string)] = obj
	}
	for _, c := range []struct {
		object string
		path   []any
		want   any
	}{
		{"Certificate/widgets-serving-cert", []any{"spec", "dnsNames", 0}, "widgets-webhook-service.widgets-system.svc"},
		{"Certificate/widgets-serving-cert", []any{"spec", "secretName"}, "webhook-server-cert"},
		{"Certificate/widgets-serving-cert", []any{"spec", "issuerRef", "name"}, "widgets-selfsigned-issuer"},
		{"Issuer/widgets-selfsigned-issuer", []any{"spec", "selfSigned"}, map[string]any{}},
		{"MutatingWebhookConfiguration/widgets-mutating-webhook-configuration", []any{"metadata", "annotations", "cert-manager.io/inject-ca-from"}, "widgets-system/widgets-serving-cert"},
		{"MutatingWebhookConfiguration/widgets-mutating-webhook-configuration", []any{"webhooks", 0, "clientConfig", "service", "name"}, "widgets-webhook-service"},
		{"MutatingWebhookConfiguration/widgets-mutating-webhook-configuration", []any{"webhooks", 0, "clientConfig", "service", "namespace"}, "widgets-system"},
		{"MutatingWebhookConfiguration/widgets-mutating-webhook-configuration", []any{"webhooks", 0, "clientConfig", "service", "path"}, "/mutate-apps-example-com-v1-widget"},
		{"MutatingWebhookConfiguration/widgets-mutating-webhook-configuration", []any{"webhooks", 0, "rules", 0, "operations"}, []any{"UPDATE"}},
		{"MutatingWebhookConfiguration/widgets-mutating-webhook-configuration", []any{"webhooks", 0, "rules", 0, "resources"}, []any{"widgets"}},
		{"Service/widgets-webhook-service", []any{"spec", "ports", 0, "port"}, float64(443)},
		{"Service/widgets-webhook-service", []any{"spec", "ports", 0, "targetPort"}, float64(9443)},
		{"Deployment/widgets-controller-manager", []any{"spec", "template", "spec", "volumes", 0, "secret", "secretName"}, "webhook-server-cert"},
		{"Deployment/widgets-controller-manager", []any{"spec", "template", "spec", "containers", 0, "volumeMounts", 0, "mountPath"}, "/tmp/k8s-webhook-server/serving-certs"},
		{"CustomResourceDefinition/widgets.apps.example.com", []any{"spec", "names", "kind"}, "Widget"},
		{"MutatingAdmissionPolicy/widgets-widgets.apps.example.com-v1-unions", []any{"spec", "matchConstraints", "resourceRules", 0, "resources", 0}, "widgets"},
		// config/crd/unions-kustomizeconfig.yaml: the binding follows the
		// policy's new name.
		{"MutatingAdmissionPolicyBinding/widgets-widgets.apps.example.com-v1-unions", []any{"spec", "policyName"}, "widgets-widgets.apps.example.com-v1-unions"},
	} {
		obj := objects[c.object]
		if obj == nil {
			t.Errorf("kustomize build config/default has no %s", c.object)
			continue
		}
		if got := field(obj, c.path...); !equalYAML(got, c.want) {
			t.Errorf("%s %v: %v, want %v", c.object, c.path, got, c.want)
		}
	}
	if crd, err := yaml.Marshal(objects["CustomResourceDefinition/widgets.apps.example.com"]); err != nil || !strings.Contains(string(crd), "// union-gen") {
		t.Errorf("the CRD of kustomize build config/default has no rule of union-gen (%v)", err)
	}
}

// field is the value at path in obj, by map key and list index; nil where
// there is none.
func field(obj any, path ...any) any {
	for _, p := range path {
		switch key := p.(type) {
		case string:
			m, _ := obj.(map[string]any)
			obj = m[key]
		case int:
			l, _ := obj.([]any)
			if key >= len(l) {
				return nil
			}
			obj = l[key]
		}
	}
	return obj
}

func equalYAML(a, b any) bool {
	x, errA := yaml.Marshal(a)
	y, errB := yaml.Marshal(b)
	return errA == nil && errB == nil && string(x) == string(y)
}
