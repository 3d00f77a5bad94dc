package load_test

import (
	"testing"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/internal/testsupport/sharedload"
	"github.com/union-gen/union-gen/pkg/load"
)

// testLoad is the one load of the packages of the tests.
var testLoad = sharedload.New("../../examples/apis/...", "../../testdata/bad/generic", "../../testdata/bad/typeerror", "./testdata/needscheck/...")

// TestNeedsTypeCheck: the type checker's costly second look is taken for
// packages with a declaration that does not compile or a generic instance,
// and not for packages that compile, with their slices and maps, nor for an
// error only in a function body.
func TestNeedsTypeCheck(t *testing.T) {
	for dir, want := range map[string]bool{
		"../../examples/apis/...":        false,
		"../../testdata/bad/generic":     true,
		"../../testdata/bad/typeerror":   true,
		"./testdata/needscheck/constant": true,
		"./testdata/needscheck/variable": true,
		"./testdata/needscheck/function": true,
		"./testdata/needscheck/method":   true,
		"./testdata/needscheck/body":     false,
	} {
		err := testLoad.Use(func(u types.Universe, pkgs []string) {
			if got := load.NeedsTypeCheck(u, pkgs); got != want {
				t.Errorf("NeedsTypeCheck(%s) = %v, want %v", dir, got, want)
			}
		}, dir)
		if err != nil {
			t.Fatal(err)
		}
	}
}
