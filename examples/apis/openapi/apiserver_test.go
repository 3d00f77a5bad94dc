package openapi_test

import (
	"os"
	"strings"
	"testing"
)

// apiServerExample is the module with docs/openapi.md's aggregated API server
// snippet, whose tests test/modules runs.
const apiServerExample = "../../apiserver"

// TestDocsShowAPIServerExample keeps the snippet of docs/openapi.md the
// code that examples/apiserver's tests compile.
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
