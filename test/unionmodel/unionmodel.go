// Package unionmodel builds the union model of packages as union-gen does,
// for the tests that compare it with what union-gen wrote or with another
// backend.
package unionmodel

import (
	"testing"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/internal/testsupport/gengoload"
	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unions"
)

// Of loads patterns in the module of dir (gengoload.Load) and builds their
// model; it returns the universe too, for lookups of the model's types.
func Of(t testing.TB, dir string, patterns ...string) (*unions.Model, types.Universe, report.Problems) {
	t.Helper()
	universe, pkgs := gengoload.Load(t, dir, patterns...)
	model, problems := build(t, universe, pkgs)
	return model, universe, problems
}

// build builds the model of pkgs, loaded into universe, as union-gen does.
// An error fails t; the warnings are returned.
func build(t testing.TB, universe types.Universe, pkgs []string) (*unions.Model, report.Problems) {
	t.Helper()
	model, problems := unions.Build(universe, pkgs, unions.Options{BuildTags: []string{gengoload.BuildTag}})
	if problems.HasErrors() {
		t.Fatalf("errors:\n%v", problems)
	}
	return model, problems
}
