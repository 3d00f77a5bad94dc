package v1alpha1_test

import (
	"testing"

	"github.com/union-gen/union-gen/examples/apis/kep/enums"
	api "github.com/union-gen/union-gen/examples/apis/kep/v1alpha1"
	"github.com/union-gen/union-gen/internal/testsupport/uniontest"
)

func validCatalog() *api.Catalog {
	return &api.Catalog{
		Entries: []api.Entry{entry("a", api.Alpha, 1, 0), entry("b", api.Beta, 0, 2), entry("c", api.Beta, 0, 0)},
		ByName:  map[string]api.Union2{"x": {Type2: api.Alpha, Alpha: 1}, "y": {Type2: api.Beta, Beta: 2}},
		History: []*api.Pipeline{{Input: enums.InputFile, File: uniontest.Ptr("f"), Output: enums.OutputStdout}, nil},
	}
}

func TestNoAllocationsOnValidObjects(t *testing.T) {
	uniontest.AssertNoAllocs(t, "Union", &api.Union{UnionType: api.FieldA, FieldA: 1}, &api.Union{UnionType: api.FieldA, FieldA: 1}, nil)
	uniontest.AssertNoAllocs(t, "Union none", &api.Union{}, nil, nil)
	uniontest.AssertNoAllocs(t, "TopLevelUnion", &api.TopLevelUnion{Union: api.Union{UnionType: api.FieldB}}, &api.TopLevelUnion{}, nil)
	uniontest.AssertNoAllocs(t, "Union2", &api.Union2{Type2: api.Beta, Beta: 2}, &api.Union2{Type2: api.Beta}, nil)
	uniontest.AssertNoAllocs(t, "Pipeline",
		&api.Pipeline{Input: enums.InputURL, URL: uniontest.Ptr("u"), Output: enums.OutputSocket, Socket: uniontest.Ptr("s")},
		&api.Pipeline{Input: enums.InputURL, URL: uniontest.Ptr("u"), Output: enums.OutputStdout}, nil)

	c := validCatalog()
	uniontest.AssertNoAllocs(t, "Catalog create", c, nil, nil)
	uniontest.AssertNoAllocs(t, "Catalog update", c, validCatalog(), nil)

	// Entry "a" and map value "x" switch from ALPHA to BETA with alpha
	// carried over; "a" has also moved. Normalization clears alpha every run.
	switched := validCatalog()
	switched.Entries = []api.Entry{entry("b", api.Beta, 0, 2), entry("a", api.Beta, 0, 0), entry("c", api.Beta, 0, 0)}
	switched.ByName["x"] = api.Union2{Type2: api.Beta}
	uniontest.AssertNoAllocs(t, "Catalog switch", switched, validCatalog(), func() {
		switched.Entries[1].Alpha = 1
		switched.ByName["x"] = api.Union2{Type2: api.Beta, Alpha: 1}
	})
}
