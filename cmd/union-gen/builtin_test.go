package main

import (
	"os"
	"os/exec"
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

// TestBuiltinPolicyOldAPI: --builtin-policy in a module whose k8s.io/api is
// older than the description's, or that has none, says so in one line,
// with the version it needs, and writes nothing (go list alone would say
// to go get a package of k8s.io/api that the module's version lacks).
func TestBuiltinPolicyOldAPI(t *testing.T) {
	for _, c := range []struct {
		name, require, want string
	}{
		{"none", "", "this module does not require k8s.io/api; pkg/builtin/unions.yaml describes v0.37.2: run `go get k8s.io/api@v0.37.2` in this module"},
		{"v0.33", "require k8s.io/api v0.33.4\n", "this module has k8s.io/api v0.33.4; pkg/builtin/unions.yaml describes v0.37.2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.require != "" && testing.Short() {
				t.Skip("downloads k8s.io/api v0.33 (-short)")
			}
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{
				"go.mod": "module example.com/old\n\ngo 1.24\n\n" + c.require,
				"m.go":   "package m\n",
			})
			if c.require != "" {
				writeFiles(t, dir, map[string]string{"m.go": "package m\n\nimport _ \"k8s.io/api/core/v1\"\n"})
				tidy := exec.CommandContext(t.Context(), "go", "mod", "tidy")
				tidy.Dir, tidy.Env = dir, append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
				if out, err := tidy.CombinedOutput(); err != nil {
					t.Fatalf("go mod tidy: %v\n%s", err, out)
				}
			}
			res := runIn(t, dir, "--builtin-policy", "policy.yaml")
			if res.code != 1 || len(lines(res.stderr)) != 1 || !strings.Contains(res.stderr, c.want) {
				t.Errorf("exit status %d, stderr:\n%s\nwant one line with %q", res.code, res.stderr, c.want)
			}
			if _, err := os.Stat(filepath.Join(dir, "policy.yaml")); !os.IsNotExist(err) {
				t.Errorf("policy.yaml written: %v", err)
			}
		})
	}
}
