package policy

import (
	"fmt"

	sigsyaml "sigs.k8s.io/yaml"

	"github.com/union-gen/union-gen/pkg/backend"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// The webhook for built-in kinds, for clusters without the policy API:
// union-webhook serves each resource's normalization at /<policy name>
// (backend.Resource.Name), behind the Service that config/builtin/webhook deploys.
const (
	// WebhookConfigurationName names the MutatingWebhookConfiguration,
	// which union-webhook gives its CA bundle.
	WebhookConfigurationName = "union-gen-builtin-unions"
	WebhookNamespace         = "union-gen-system"
	WebhookService           = "union-webhook"
	// WebhookTimeoutSeconds bounds how long an update waits for the
	// webhook before the API server goes on without it (failurePolicy
	// Ignore): the webhook answers in well under a millisecond.
	WebhookTimeoutSeconds = 5
)

// WebhookOldestKubernetes is the oldest Kubernetes release that takes the
// webhook configuration: matchConditions are GA in 1.30, whose API server
// compiles new expressions in 1.29's CEL environment.
const WebhookOldestKubernetes = "1.30"

// Hook is a built-in resource whose updates the webhook normalizes, with its
// kind's unions.
type Hook struct {
	Resource backend.Resource
	Schema   *unionspec.Schema
}

// Path is where union-webhook serves the resource's normalization.
func (h Hook) Path() string {
	return "/" + h.Resource.Name()
}

// WriteWebhookConfiguration returns the MutatingWebhookConfiguration, as
// YAML, that sends union-webhook the updates of each hook's resource that
// switch a union, the policy's matchCondition, with the policy's
// guarantees: UPDATE only, failurePolicy Ignore, no side effects, never
// reinvoked. Each hook's schema is one that Write accepted for a Builtin
// resource, whose matchCondition it checked.
func WriteWebhookConfiguration(hooks []Hook) []byte {
	webhooks := make([]any, 0, len(hooks))
	for _, h := range hooks {
		match := switched(h.Schema)
		rule := updateRule(h.Resource)
		rule["scope"] = "*"
		webhooks = append(webhooks, map[string]any{
			"name":                    h.Resource.Name() + ".union-gen.io",
			"admissionReviewVersions": []any{"v1"},
			"clientConfig": map[string]any{"service": map[string]any{
				"namespace": WebhookNamespace,
				"name":      WebhookService,
				"path":      h.Path(),
				"port":      443,
			}},
			"failurePolicy":      "Ignore",
			"matchPolicy":        "Equivalent",
			"matchConditions":    []any{map[string]any{"name": "switches-a-union", "expression": match}},
			"reinvocationPolicy": "Never",
			"rules":              []any{rule},
			"sideEffects":        "None",
			"timeoutSeconds":     WebhookTimeoutSeconds,
		})
	}
	out, err := sigsyaml.Marshal(map[string]any{
		"apiVersion": "admissionregistration.k8s.io/v1",
		"kind":       "MutatingWebhookConfiguration",
		"metadata":   map[string]any{"name": WebhookConfigurationName},
		"webhooks":   webhooks,
	})
	if err != nil {
		panic(fmt.Sprintf("policy: the webhook configuration does not marshal: %v", err))
	}
	return append([]byte("---\n"), out...)
}
