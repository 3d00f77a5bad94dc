package unstructuredtest

import (
	"testing"

	"github.com/union-gen/union-gen/internal/moduletest"
)

// TestRuntimeModules runs the tests of the packages that users import, each
// a module of its own with minimal requirements (docs/development.md).
func TestRuntimeModules(t *testing.T) {
	for _, dir := range []string{"../../pkg/unionspec", "../../pkg/openapiext"} {
		t.Run(dir[len("../../pkg/"):], func(t *testing.T) {
			moduletest.GoTest(t, dir)
		})
	}
}
