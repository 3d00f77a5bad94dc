package v1alpha1_test

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/union-gen/union-gen/examples/apis/kep/enums"
	api "github.com/union-gen/union-gen/examples/apis/kep/v1alpha1"
	"github.com/union-gen/union-gen/internal/testsupport/uniontest"
)

// unionValues are Union's enum values, sorted; "" is one of them (FieldNone).
var unionValues = []string{"", "FieldA", "FieldB", "FieldC", "FieldD"}

func TestUnion(t *testing.T) {
	uniontest.RunRows(t, field.NewPath("union"), []uniontest.Row[api.Union]{
		{
			Name: "create: selected member set",
			In:   &api.Union{UnionType: api.FieldA, FieldA: 1},
		},
		{
			Name: "create: \"\" is a valid value that selects no member",
			In:   &api.Union{UnionType: api.FieldNone},
		},
		{
			Name: "create: \"\" with a member set",
			In:   &api.Union{UnionType: api.FieldNone, FieldA: 1},
			Errs: []uniontest.WantErr{uniontest.Forbidden("union.fieldA", "unionType", "FieldA")},
		},
		{
			Name: "create: V2 selected member unset",
			In:   &api.Union{UnionType: api.FieldA},
			Errs: []uniontest.WantErr{uniontest.Required("union.fieldA", "unionType", "FieldA")},
		},
		{
			Name: "create: V2 optional member selected and unset",
			In:   &api.Union{UnionType: api.FieldB},
		},
		{
			Name: "create: empty member FieldC",
			In:   &api.Union{UnionType: api.FieldC},
		},
		{
			Name: "create: empty member FieldD",
			In:   &api.Union{UnionType: api.FieldD},
		},
		{
			// With an old object holding fieldA this would be cleared (N3);
			// on create there is nothing to compare with.
			Name: "create: nothing is cleared",
			In:   &api.Union{UnionType: api.FieldB, FieldA: 1, FieldB: 2},
			Errs: []uniontest.WantErr{uniontest.Forbidden("union.fieldA", "unionType", "FieldA")},
		},
		{
			Name: "create: unknown value",
			In:   &api.Union{UnionType: "FieldE", FieldA: 1},
			Errs: []uniontest.WantErr{uniontest.NotSupported("union.unionType", "FieldE", unionValues...)},
		},
		{
			Name: "N1: unchanged discriminator, second member set",
			Old:  &api.Union{UnionType: api.FieldA, FieldA: 1},
			In:   &api.Union{UnionType: api.FieldA, FieldA: 1, FieldB: 2},
			Errs: []uniontest.WantErr{uniontest.ForbiddenUnchanged("union.fieldB", "unionType", "FieldB")},
		},
		{
			Name: "N1: unchanged \"\", member set",
			Old:  &api.Union{UnionType: api.FieldNone},
			In:   &api.Union{UnionType: api.FieldNone, FieldA: 1},
			Errs: []uniontest.WantErr{uniontest.ForbiddenUnchanged("union.fieldA", "unionType", "FieldA")},
		},
		{
			Name: "N1: unchanged, selected member removed",
			Old:  &api.Union{UnionType: api.FieldA, FieldA: 1},
			In:   &api.Union{UnionType: api.FieldA},
			Errs: []uniontest.WantErr{uniontest.Required("union.fieldA", "unionType", "FieldA")},
		},
		{
			Name: "N2: unknown value clears nothing and is the only error",
			Old:  &api.Union{UnionType: api.FieldA, FieldA: 1},
			In:   &api.Union{UnionType: "FieldE", FieldA: 1, FieldB: 2},
			Errs: []uniontest.WantErr{uniontest.NotSupported("union.unionType", "FieldE", unionValues...)},
		},
		{
			Name: "N3: switch clears the stale member",
			Old:  &api.Union{UnionType: api.FieldA, FieldA: 1},
			In:   &api.Union{UnionType: api.FieldB, FieldA: 1, FieldB: 2},
			Want: &api.Union{UnionType: api.FieldB, FieldB: 2},
		},
		{
			Name: "N3: switch to an optional member left unset",
			Old:  &api.Union{UnionType: api.FieldA, FieldA: 1},
			In:   &api.Union{UnionType: api.FieldB, FieldA: 1},
			Want: &api.Union{UnionType: api.FieldB},
		},
		{
			Name: "N3: switch clears a stale optional member",
			Old:  &api.Union{UnionType: api.FieldB, FieldB: 2},
			In:   &api.Union{UnionType: api.FieldA, FieldA: 1, FieldB: 2},
			Want: &api.Union{UnionType: api.FieldA, FieldA: 1},
		},
		{
			Name: "N3: switch to an empty member",
			Old:  &api.Union{UnionType: api.FieldA, FieldA: 1},
			In:   &api.Union{UnionType: api.FieldC, FieldA: 1},
			Want: &api.Union{UnionType: api.FieldC},
		},
		{
			Name: "N3: switch to \"\"",
			Old:  &api.Union{UnionType: api.FieldA, FieldA: 1},
			In:   &api.Union{UnionType: api.FieldNone, FieldA: 1},
			Want: &api.Union{UnionType: api.FieldNone},
		},
		{
			// The values differ, but fieldA is set in both: N3 looks at
			// "set", not at equality.
			Name: "N3: member set in both with a new value is cleared",
			Old:  &api.Union{UnionType: api.FieldA, FieldA: 1},
			In:   &api.Union{UnionType: api.FieldD, FieldA: 7},
			Want: &api.Union{UnionType: api.FieldD},
		},
		{
			Name: "N3: member set only in new is kept and rejected",
			Old:  &api.Union{UnionType: api.FieldC},
			In:   &api.Union{UnionType: api.FieldB, FieldA: 1},
			Errs: []uniontest.WantErr{uniontest.Forbidden("union.fieldA", "unionType", "FieldA")},
		},
		{
			Name: "N3: stale member cleared, new conflicting member kept",
			Old:  &api.Union{UnionType: api.FieldA, FieldA: 1},
			In:   &api.Union{UnionType: api.FieldD, FieldA: 1, FieldB: 2},
			Want: &api.Union{UnionType: api.FieldD, FieldB: 2},
			Errs: []uniontest.WantErr{uniontest.Forbidden("union.fieldB", "unionType", "FieldB")},
		},
	})
}

// TopLevelUnion embeds Union inline: its members are properties of
// TopLevelUnion itself, so their paths are directly under the root.
func TestTopLevelUnion(t *testing.T) {
	top := func(typ api.UnionType, a, b int) *api.TopLevelUnion {
		return &api.TopLevelUnion{Name: "n", Union: api.Union{UnionType: typ, FieldA: a, FieldB: b}}
	}
	uniontest.RunRows(t, nil, []uniontest.Row[api.TopLevelUnion]{
		{
			Name: "create: valid",
			In:   top(api.FieldA, 1, 0),
		},
		{
			Name: "create: V2 at the root",
			In:   top(api.FieldA, 0, 0),
			Errs: []uniontest.WantErr{uniontest.Required("fieldA", "unionType", "FieldA")},
		},
		{
			Name: "N1: inline member forbidden at the root",
			Old:  top(api.FieldA, 1, 0),
			In:   top(api.FieldA, 1, 2),
			Errs: []uniontest.WantErr{uniontest.ForbiddenUnchanged("fieldB", "unionType", "FieldB")},
		},
		{
			Name: "N2: inline discriminator at the root",
			Old:  top(api.FieldA, 1, 0),
			In:   top("FieldE", 1, 0),
			Errs: []uniontest.WantErr{uniontest.NotSupported("unionType", "FieldE", unionValues...)},
		},
		{
			Name: "N3: inline stale member cleared",
			Old:  top(api.FieldA, 1, 0),
			In:   top(api.FieldB, 1, 2),
			Want: top(api.FieldB, 0, 2),
		},
		{
			Name: "N3: inline member set only in new",
			Old:  top(api.FieldC, 0, 0),
			In:   top(api.FieldB, 1, 0),
			Errs: []uniontest.WantErr{uniontest.Forbidden("fieldA", "unionType", "FieldA")},
		},
	})
}

func TestUnion2(t *testing.T) {
	uniontest.RunRows(t, field.NewPath("u2"), []uniontest.Row[api.Union2]{
		{
			Name: "create: ALPHA",
			In:   &api.Union2{Type2: api.Alpha, Alpha: 1},
		},
		{
			Name: "create: V2 optional BETA selected and unset",
			In:   &api.Union2{Type2: api.Beta},
		},
		{
			Name: "create: V2 ALPHA selected and unset",
			In:   &api.Union2{Type2: api.Alpha},
			Errs: []uniontest.WantErr{uniontest.Required("u2.alpha", "type", "ALPHA")},
		},
		{
			Name: "create: V1 \"\" is not a value: Required and no other error",
			In:   &api.Union2{Alpha: 1, Beta: 2},
			Errs: []uniontest.WantErr{uniontest.Required("u2.type")},
		},
		{
			Name: "create: V1 unknown value",
			In:   &api.Union2{Type2: "GAMMA"},
			Errs: []uniontest.WantErr{uniontest.NotSupported("u2.type", "GAMMA", "ALPHA", "BETA")},
		},
		{
			Name: "N1: BETA unchanged, alpha added",
			Old:  &api.Union2{Type2: api.Beta},
			In:   &api.Union2{Type2: api.Beta, Alpha: 1},
			Errs: []uniontest.WantErr{uniontest.ForbiddenUnchanged("u2.alpha", "type", "ALPHA")},
		},
		{
			Name: "N2: switch to \"\" clears nothing",
			Old:  &api.Union2{Type2: api.Alpha, Alpha: 1},
			In:   &api.Union2{Alpha: 1},
			Errs: []uniontest.WantErr{uniontest.Required("u2.type")},
		},
		{
			Name: "N3: ALPHA to BETA clears alpha",
			Old:  &api.Union2{Type2: api.Alpha, Alpha: 1},
			In:   &api.Union2{Type2: api.Beta, Alpha: 1},
			Want: &api.Union2{Type2: api.Beta},
		},
	})
}

// Pipeline has two unions: each is normalized and validated on its own.
// input has the valid none value ""; output has the empty member Stdout and
// the optional member socket, and "" is not one of its values.
func TestPipeline(t *testing.T) {
	uniontest.RunRows(t, field.NewPath("pipeline"), []uniontest.Row[api.Pipeline]{
		{
			Name: "create: file to stdout",
			In:   &api.Pipeline{Input: enums.InputFile, File: uniontest.Ptr("f"), Output: enums.OutputStdout},
		},
		{
			Name: "create: no input, empty member Stdout",
			In:   &api.Pipeline{Output: enums.OutputStdout},
		},
		{
			Name: "create: \"\" input with a member set",
			In:   &api.Pipeline{File: uniontest.Ptr("f"), Output: enums.OutputStdout},
			Errs: []uniontest.WantErr{uniontest.Forbidden("pipeline.file", "input", "File")},
		},
		{
			Name: "create: V2 optional socket selected and unset",
			In:   &api.Pipeline{Output: enums.OutputSocket},
		},
		{
			Name: "create: V2 url selected and unset",
			In:   &api.Pipeline{Input: enums.InputURL, Output: enums.OutputStdout},
			Errs: []uniontest.WantErr{uniontest.Required("pipeline.url", "input", "URL")},
		},
		{
			// output is optional: absent, it selects no member, though ""
			// is no value of its enum.
			Name: "create: V1 output absent",
			In:   &api.Pipeline{},
		},
		{
			Name: "create: V1 output absent with socket",
			In:   &api.Pipeline{Socket: uniontest.Ptr("s")},
			Errs: []uniontest.WantErr{uniontest.Forbidden("pipeline.socket", "output", "Socket")},
		},
		{
			Name: "create: empty member Stdout with socket",
			In:   &api.Pipeline{Output: enums.OutputStdout, Socket: uniontest.Ptr("s")},
			Errs: []uniontest.WantErr{uniontest.Forbidden("pipeline.socket", "output", "Socket")},
		},
		{
			// V1 silences only input's union; output's is still checked.
			Name: "create: unknown input, bad output",
			In:   &api.Pipeline{Input: "FTP", File: uniontest.Ptr("f"), URL: uniontest.Ptr("u"), Output: enums.OutputStdout, Socket: uniontest.Ptr("s")},
			Errs: []uniontest.WantErr{
				uniontest.NotSupported("pipeline.input", "FTP", "", "File", "URL"),
				uniontest.Forbidden("pipeline.socket", "output", "Socket"),
			},
		},
		{
			Name: "N1: \"\" input unchanged, url added",
			Old:  &api.Pipeline{Output: enums.OutputStdout},
			In:   &api.Pipeline{URL: uniontest.Ptr("u"), Output: enums.OutputStdout},
			Errs: []uniontest.WantErr{uniontest.ForbiddenUnchanged("pipeline.url", "input", "URL")},
		},
		{
			Name: "N2: unknown output clears nothing",
			Old:  &api.Pipeline{Output: enums.OutputSocket, Socket: uniontest.Ptr("s")},
			In:   &api.Pipeline{Output: "Pipe", Socket: uniontest.Ptr("s")},
			Errs: []uniontest.WantErr{uniontest.NotSupported("pipeline.output", "Pipe", "Socket", "Stdout")},
		},
		{
			Name: "N3: both unions switch at once",
			Old:  &api.Pipeline{Input: enums.InputFile, File: uniontest.Ptr("f"), Output: enums.OutputSocket, Socket: uniontest.Ptr("s")},
			In:   &api.Pipeline{Input: enums.InputURL, File: uniontest.Ptr("f"), URL: uniontest.Ptr("u"), Output: enums.OutputStdout, Socket: uniontest.Ptr("s")},
			Want: &api.Pipeline{Input: enums.InputURL, URL: uniontest.Ptr("u"), Output: enums.OutputStdout},
		},
		{
			Name: "N3: optional output switched to absent",
			Old:  &api.Pipeline{Output: enums.OutputSocket, Socket: uniontest.Ptr("s")},
			In:   &api.Pipeline{Socket: uniontest.Ptr("s")},
			Want: &api.Pipeline{},
		},
		{
			Name: "N3: switch to the none value \"\"",
			Old:  &api.Pipeline{Input: enums.InputFile, File: uniontest.Ptr("f"), Output: enums.OutputStdout},
			In:   &api.Pipeline{File: uniontest.Ptr("f"), Output: enums.OutputStdout},
			Want: &api.Pipeline{Output: enums.OutputStdout},
		},
		{
			Name: "N3: switch without setting the new member",
			Old:  &api.Pipeline{Input: enums.InputFile, File: uniontest.Ptr("f"), Output: enums.OutputStdout},
			In:   &api.Pipeline{Input: enums.InputURL, File: uniontest.Ptr("f"), Output: enums.OutputStdout},
			Want: &api.Pipeline{Input: enums.InputURL, Output: enums.OutputStdout},
			Errs: []uniontest.WantErr{uniontest.Required("pipeline.url", "input", "URL")},
		},
		{
			Name: "N3: one union switches, the other is unchanged with a conflict",
			Old:  &api.Pipeline{Input: enums.InputFile, File: uniontest.Ptr("f"), Output: enums.OutputStdout},
			In:   &api.Pipeline{Input: enums.InputURL, File: uniontest.Ptr("f"), URL: uniontest.Ptr("u"), Output: enums.OutputStdout, Socket: uniontest.Ptr("s")},
			Want: &api.Pipeline{Input: enums.InputURL, URL: uniontest.Ptr("u"), Output: enums.OutputStdout, Socket: uniontest.Ptr("s")},
			Errs: []uniontest.WantErr{uniontest.ForbiddenUnchanged("pipeline.socket", "output", "Socket")},
		},
	})
}

func entry(name string, typ api.Union2Type, alpha, beta int) api.Entry {
	return api.Entry{Name: name, Union2: api.Union2{Type2: typ, Alpha: alpha, Beta: beta}}
}

// Catalog matches entries (a list-map keyed by name) with their old
// counterparts by name, byName values by key, and treats history items (an
// atomic list) as created.
func TestCatalog(t *testing.T) {
	uniontest.RunRows(t, field.NewPath("catalog"), []uniontest.Row[api.Catalog]{
		{
			Name: "create: nothing is cleared",
			In: &api.Catalog{
				Entries: []api.Entry{entry("a", api.Beta, 1, 2)},
				ByName:  map[string]api.Union2{"x": {Type2: api.Alpha, Alpha: 1}},
				History: []*api.Pipeline{{Input: enums.InputFile, File: uniontest.Ptr("f"), Output: enums.OutputStdout}},
			},
			Errs: []uniontest.WantErr{uniontest.Forbidden("catalog.entries[0].alpha", "type", "ALPHA")},
		},
		{
			// Matched by index, b would meet old a, whose type is also ALPHA,
			// and nothing would be cleared.
			Name: "list-map: moved entry is normalized against its old self",
			Old:  &api.Catalog{Entries: []api.Entry{entry("a", api.Alpha, 1, 0), entry("b", api.Beta, 0, 2)}},
			In:   &api.Catalog{Entries: []api.Entry{entry("b", api.Alpha, 3, 2), entry("a", api.Alpha, 1, 0)}},
			Want: &api.Catalog{Entries: []api.Entry{entry("b", api.Alpha, 3, 0), entry("a", api.Alpha, 1, 0)}},
		},
		{
			// Matched by index, b would meet old a (ALPHA), alpha would be
			// cleared and no error reported.
			Name: "list-map: moved entry with unchanged discriminator",
			Old:  &api.Catalog{Entries: []api.Entry{entry("b", api.Beta, 0, 2), entry("a", api.Alpha, 1, 0)}},
			In:   &api.Catalog{Entries: []api.Entry{entry("a", api.Alpha, 1, 0), entry("b", api.Beta, 5, 2)}},
			Errs: []uniontest.WantErr{uniontest.ForbiddenUnchanged("catalog.entries[1].alpha", "type", "ALPHA")},
		},
		{
			Name: "list-map: added entry has no old counterpart",
			Old:  &api.Catalog{Entries: []api.Entry{entry("a", api.Alpha, 1, 0)}},
			In:   &api.Catalog{Entries: []api.Entry{entry("a", api.Alpha, 1, 0), entry("c", api.Beta, 1, 0)}},
			Errs: []uniontest.WantErr{uniontest.Forbidden("catalog.entries[1].alpha", "type", "ALPHA")},
		},
		{
			Name: "list-map: inline discriminator path",
			Old:  &api.Catalog{Entries: []api.Entry{entry("a", api.Alpha, 1, 0)}},
			In:   &api.Catalog{Entries: []api.Entry{entry("a", "GAMMA", 1, 0)}},
			Errs: []uniontest.WantErr{uniontest.NotSupported("catalog.entries[0].type", "GAMMA", "ALPHA", "BETA")},
		},
		{
			Name: "map: values matched by key",
			Old:  &api.Catalog{ByName: map[string]api.Union2{"x": {Type2: api.Alpha, Alpha: 1}, "y": {Type2: api.Beta}}},
			In:   &api.Catalog{ByName: map[string]api.Union2{"x": {Type2: api.Beta, Alpha: 1}, "y": {Type2: api.Beta}}},
			Want: &api.Catalog{ByName: map[string]api.Union2{"x": {Type2: api.Beta}, "y": {Type2: api.Beta}}},
		},
		{
			Name: "map: unchanged discriminator",
			Old:  &api.Catalog{ByName: map[string]api.Union2{"x": {Type2: api.Beta}, "y": {Type2: api.Beta}}},
			In:   &api.Catalog{ByName: map[string]api.Union2{"x": {Type2: api.Beta, Alpha: 1}, "y": {Type2: api.Beta}}},
			Errs: []uniontest.WantErr{uniontest.ForbiddenUnchanged("catalog.byName[x].alpha", "type", "ALPHA")},
		},
		{
			Name: "map: added key has no old counterpart",
			Old:  &api.Catalog{ByName: map[string]api.Union2{"x": {Type2: api.Alpha, Alpha: 1}}},
			In:   &api.Catalog{ByName: map[string]api.Union2{"x": {Type2: api.Alpha, Alpha: 1}, "z": {Type2: api.Beta, Alpha: 1}}},
			Errs: []uniontest.WantErr{uniontest.Forbidden("catalog.byName[z].alpha", "type", "ALPHA")},
		},
		{
			Name: "map: errors come in key order",
			In: &api.Catalog{ByName: map[string]api.Union2{
				"m": {Type2: api.Beta, Alpha: 1}, "b": {Type2: api.Beta, Alpha: 1}, "x": {Type2: api.Beta, Alpha: 1},
			}},
			Errs: []uniontest.WantErr{
				uniontest.Forbidden("catalog.byName[b].alpha", "type", "ALPHA"),
				uniontest.Forbidden("catalog.byName[m].alpha", "type", "ALPHA"),
				uniontest.Forbidden("catalog.byName[x].alpha", "type", "ALPHA"),
			},
		},
		{
			Name: "atomic list: items are never normalized",
			Old:  &api.Catalog{History: []*api.Pipeline{{Input: enums.InputFile, File: uniontest.Ptr("f"), Output: enums.OutputStdout}}},
			In:   &api.Catalog{History: []*api.Pipeline{{Input: enums.InputURL, File: uniontest.Ptr("f"), URL: uniontest.Ptr("u"), Output: enums.OutputStdout}}},
			Errs: []uniontest.WantErr{uniontest.Forbidden("catalog.history[0].file", "input", "File")},
		},
		{
			Name: "atomic list: nil item",
			Old:  &api.Catalog{History: []*api.Pipeline{nil}},
			In:   &api.Catalog{History: []*api.Pipeline{nil, {Output: enums.OutputStdout}}},
		},
	})
}

func TestNilReceivers(t *testing.T) {
	uniontest.CheckNilReceiver[api.Union](t, nil)
	uniontest.CheckNilReceiver(t, &api.Union{UnionType: "FieldE", FieldA: 1})
	uniontest.CheckNilReceiver[api.TopLevelUnion](t, nil)
	uniontest.CheckNilReceiver(t, &api.TopLevelUnion{})
	uniontest.CheckNilReceiver[api.Union2](t, nil)
	uniontest.CheckNilReceiver(t, &api.Union2{})
	uniontest.CheckNilReceiver[api.Pipeline](t, nil)
	uniontest.CheckNilReceiver(t, &api.Pipeline{File: uniontest.Ptr("f")})
	uniontest.CheckNilReceiver[api.Entry](t, nil)
	uniontest.CheckNilReceiver(t, &api.Entry{})
	uniontest.CheckNilReceiver[api.Catalog](t, nil)
	uniontest.CheckNilReceiver(t, &api.Catalog{History: []*api.Pipeline{nil}})
}
