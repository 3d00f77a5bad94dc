package unstructuredtest

import (
	"testing"

	"github.com/union-gen/union-gen/internal/moduletest"
)

// webhookModule is the example webhook, a module of its own so that
// union-gen does not depend on k8s.io/api.
const webhookModule = "../../examples/webhook"

// TestWebhookModule runs the example webhook's tests: its handler answers
// AdmissionReviews with the patch that gives, on every pair of the
// differential tables, the object of the generated NormalizeUnions.
func TestWebhookModule(t *testing.T) {
	moduletest.GoTest(t, webhookModule)
}
