package unstructuredunions_test

import (
	"os/exec"
	"testing"
)

// webhookModule is the example webhook, a module of its own so that
// union-gen does not depend on k8s.io/api.
const webhookModule = "../../examples/webhook"

// TestWebhookModule runs the example webhook's tests: its handler answers
// AdmissionReviews with the patch that gives, on every pair of the
// differential tables, the object of the generated NormalizeUnions.
func TestWebhookModule(t *testing.T) {
	cmd := exec.Command("go", "test", "./...")
	cmd.Dir = webhookModule
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test in %s: %v\n%s", webhookModule, err, out)
	}
}
