package openapi_test

import (
	"os"
	"strings"
	"testing"

	"github.com/union-gen/union-gen/internal/moduletest"
)

// apiServerExample is the module with the README's aggregated API server
// snippet; it is apart so that union-gen does not depend on k8s.io/apiserver.
const apiServerExample = "../../apiserver"

// TestAPIServerExample runs the example's own tests: the snippet compiles
// against k8s.io/apiserver and its definitions carry the unions. The first
// run downloads and builds k8s.io/apiserver, which takes minutes.
func TestAPIServerExample(t *testing.T) {
	moduletest.GoTest(t, apiServerExample)
}

// TestREADMEShowsAPIServerExample keeps the README's snippet the code that
// TestAPIServerExample compiles.
func TestREADMEShowsAPIServerExample(t *testing.T) {
	src, err := os.ReadFile(apiServerExample + "/openapi.go")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, snippet, ok := strings.Cut(string(src), "\nimport (")
	if !ok {
		t.Fatal("openapi.go has no import block")
	}
	if !strings.Contains(string(readme), "import ("+snippet) {
		t.Errorf("README.md does not show examples/apiserver/openapi.go from its imports on; copy it there:\nimport (%s", snippet)
	}
}
