package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestBuiltinPolicy: union-gen --builtin-policy, run in this module (whose
// graph has k8s.io/api v0.37.2), writes the committed policy for built-in
// kinds in each version of admissionregistration.k8s.io, and with
// --builtin-webhook the committed webhook configuration, and nothing else;
// its only warnings are those of k8s.io/api that hack/update-codegen.sh
// silences.
func TestBuiltinPolicy(t *testing.T) {
	if testing.Short() {
		t.Skip("loads k8s.io/api twice; pkg/builtin's test holds the description to it in the quick loop")
	}
	for version, committed := range map[string]string{"v1": "config/builtin/unions-policy.yaml", "v1beta1": "config/builtin/unions-policy-v1beta1.yaml"} {
		t.Run(version, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			file, webhook := filepath.Join(dir, "policy.yaml"), filepath.Join(dir, "webhook.yaml")
			res := run(t, "--builtin-policy", file, "--policy-version", version, "--builtin-webhook", webhook, "--silence-warnings", "prefixvalue,guessedvalues")
			if res.code != 0 || strings.TrimSpace(res.stderr) != "" {
				t.Fatalf("exit status %d:\n%s", res.code, res.stderr)
			}
			checkCommitted(t, file, committed)
			checkCommitted(t, webhook, "config/builtin/webhook/webhook.yaml")
		})
	}
}
