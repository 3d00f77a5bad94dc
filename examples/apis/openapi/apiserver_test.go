package openapi_test

import (
	"os"
	"strings"
	"testing"

	"github.com/union-gen/union-gen/internal/moduletest"
)

// apiServerExample is the module with docs/openapi.md's aggregated API server
// snippet; it is apart so that union-gen does not depend on k8s.io/apiserver.
const apiServerExample = "../../apiserver"

// TestAPIServerExample runs the example's own tests: the snippet compiles
// against k8s.io/apiserver and its definitions carry the unions. The first
// run downloads and builds k8s.io/apiserver, which takes minutes.
func TestAPIServerExample(t *testing.T) {
	moduletest.GoTest(t, apiServerExample)
}

// TestDocsShowAPIServerExample keeps the snippet of docs/openapi.md the
// code that TestAPIServerExample compiles.
func TestDocsShowAPIServerExample(t *testing.T) {
	src, err := os.ReadFile(apiServerExample + "/openapi.go")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("../../../docs/openapi.md")
	if err != nil {
		t.Fatal(err)
	}
	_, snippet, ok := strings.Cut(string(src), "\nimport (")
	if !ok {
		t.Fatal("openapi.go has no import block")
	}
	if !strings.Contains(string(doc), "import ("+snippet) {
		t.Errorf("docs/openapi.md does not show examples/apiserver/openapi.go from its imports on; copy it there:\nimport (%s", snippet)
	}
}
