// Package gengoload loads packages with gengo as union-gen does, for the
// tests that need the types of a module of their own (a copy of k8s.io/api,
// a package written by the test). It imports nothing of union-gen, so that
// pkg/unions' own tests use it too: unionmodel, which imports pkg/unions,
// would be an import cycle there.
package gengoload

import (
	"testing"

	"golang.org/x/tools/go/packages"
	"k8s.io/gengo/v2"
	"k8s.io/gengo/v2/parser"
	"k8s.io/gengo/v2/types"
)

// BuildTag is the build tag that union-gen loads packages with, gengo's:
// it leaves out the generated files that do not compile before the
// generators have run.
const BuildTag = gengo.StdBuildTag

// Load loads patterns, resolved in the module of dir (the working directory
// when dir is ""), as union-gen does, and returns the universe of their types
// and the packages that patterns name. A load error fails t.
func Load(t testing.TB, dir string, patterns ...string) (types.Universe, []string) {
	t.Helper()
	p := parser.NewWithOptions(parser.Options{BuildTags: []string{BuildTag}})
	// Dir, unlike a change of the working directory, leaves the test free to
	// run in parallel.
	if err := p.LoadPackagesWithConfigForTesting(&packages.Config{Dir: dir}, patterns...); err != nil {
		t.Fatal(err)
	}
	// A parser makes one universe of its packages: a second has no types.
	universe, err := p.NewUniverse()
	if err != nil {
		t.Fatal(err)
	}
	return universe, p.UserRequestedPackages()
}
