package builtin_test

import (
	"go/token"
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"
	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/internal/testsupport/gengoload"
	"github.com/union-gen/union-gen/pkg/builtin"
	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unions"
)

// TestLoad: the description reads, and names the packages of its kinds,
// unions and reached packages once each, sorted.
func TestLoad(t *testing.T) {
	d, err := builtin.Load()
	if err != nil {
		t.Fatal(err)
	}
	pkgs := d.Packages()
	if !slices.IsSorted(pkgs) || len(slices.Compact(slices.Clone(pkgs))) != len(pkgs) {
		t.Errorf("Packages() is not sorted and distinct: %v", pkgs)
	}
	for _, want := range []string{"k8s.io/api/apps/v1", "k8s.io/api/core/v1", "k8s.io/api/scheduling/v1alpha3"} {
		if !slices.Contains(pkgs, want) {
			t.Errorf("Packages() lacks %s: %v", want, pkgs)
		}
	}
}

// TestKubernetesAPIVersion: the description names the version of k8s.io/api
// that union-gen's module requires, which its tests check it against.
func TestKubernetesAPIVersion(t *testing.T) {
	d, err := builtin.Load()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	f, err := modfile.Parse("go.mod", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range f.Require {
		if r.Mod.Path == "k8s.io/api" {
			if r.Mod.Version != d.KubernetesAPI {
				t.Errorf("go.mod requires k8s.io/api %s; the description says %s", r.Mod.Version, d.KubernetesAPI)
			}
			return
		}
	}
	t.Error("go.mod does not require k8s.io/api")
}

// strategyUniverse is a universe with a struct like apps/v1's
// DeploymentStrategy, whose fields have the JSON names given.
func strategyUniverse(typeJSON, memberJSON string) types.Universe {
	u := types.Universe{}
	str := u.Type(types.Name{Name: "string"})
	str.Kind = types.Builtin
	kind := u.Type(types.Name{Package: "k8s.io/api/apps/v1", Name: "Deployment"})
	kind.Kind = types.Struct
	t := u.Type(types.Name{Package: "k8s.io/api/apps/v1", Name: "DeploymentStrategy"})
	t.Kind = types.Struct
	t.Members = []types.Member{
		{Name: "Type", Type: str, Tags: `json:"` + typeJSON + `,omitempty"`, CommentLines: []string{"+optional"}},
		{Name: "RollingUpdate", Type: str, Tags: `json:"` + memberJSON + `,omitempty"`},
	}
	return u
}

// descriptionYAML describes one union, that of strategyUniverse, whose
// member field is given: the discriminator is on line 6, the member on 8.
func descriptionYAML(memberField string) []byte {
	return []byte(`kubernetesAPI: v0.37.2
resources:
- {group: apps, version: v1, resource: deployments, kind: k8s.io/api/apps/v1.Deployment}
unions:
- type: k8s.io/api/apps/v1.DeploymentStrategy
  discriminator: {field: Type, json: type, values: [Recreate, RollingUpdate]}
  members:
  - {field: ` + memberField + `, json: rollingUpdate, value: RollingUpdate, optional: true}
`)
}

// parse parses a description of a test, failing t on an error.
func parse(t *testing.T, data []byte) *builtin.Description {
	t.Helper()
	d, err := builtin.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestParse: each entry is at its line of the description, and a field
// that the description does not have is an error.
func TestParse(t *testing.T) {
	d := parse(t, descriptionYAML("RollingUpdate"))
	for _, tc := range []struct {
		name string
		pos  token.Position
		line int
	}{
		{"resource", d.Resources[0].Pos, 3},
		{"union", d.Unions[0].Pos, 5},
		{"discriminator", d.Unions[0].Discriminator.Pos, 6},
		{"member", d.Unions[0].Members[0].Pos, 8},
	} {
		if tc.pos.Filename != builtin.File || tc.pos.Line != tc.line {
			t.Errorf("the %s is at %v, want line %d of %s", tc.name, tc.pos, tc.line, builtin.File)
		}
	}
	// An aliased union is at the alias, its members at the anchor's.
	aliased := parse(t, []byte(`kubernetesAPI: v0.37.2
unions:
- &strategy
  type: example.com/apis.Strategy
  discriminator: {field: Type, json: type, values: [RollingUpdate]}
  members:
  - {field: RollingUpdate, json: rollingUpdate, value: RollingUpdate}
- *strategy
`))
	if u := aliased.Unions[1]; u.Pos.Line != 8 || u.Discriminator.Pos.Line != 5 || u.Members[0].Pos.Line != 7 {
		t.Errorf("the aliased union is at line %d, its discriminator at %d and member at %d; want 8, 5 and 7", u.Pos.Line, u.Discriminator.Pos.Line, u.Members[0].Pos.Line)
	}
	if _, err := builtin.Parse([]byte("kubernetesAPI: v0.37.2\nresource: []\n")); err == nil || !strings.Contains(err.Error(), "field resource not found") {
		t.Errorf("a misspelled field: %v", err)
	}
}

// TestDescribed: the discriminator and members get their markers, each at
// its entry of the description; a field that the type lacks, a JSON name
// that differs and a kind or union that is not a struct are problems of
// builtindrift, each at the line of its entry.
func TestDescribed(t *testing.T) {
	u := strategyUniverse("type", "rollingUpdate")
	described, problems := parse(t, descriptionYAML("RollingUpdate")).Described(u)
	if len(problems) != 0 {
		t.Fatalf("problems: %v", problems)
	}
	strategy := types.Name{Package: "k8s.io/api/apps/v1", Name: "DeploymentStrategy"}
	want := []unions.DescribedMarker{
		{Type: strategy, Field: "Type", Line: "+unionDiscriminator", Pos: token.Position{Filename: builtin.File, Line: 6, Column: 18}},
		{Type: strategy, Field: "RollingUpdate", Line: "+unionMember=RollingUpdate,optional", Pos: token.Position{Filename: builtin.File, Line: 8, Column: 5}},
	}
	if !slices.Equal(described, want) {
		t.Errorf("described %v, want %v", described, want)
	}
	if got := u.Type(strategy).Members[0].CommentLines; !slices.Equal(got, []string{"+optional"}) {
		t.Errorf("the discriminator's comment lines were written: %q", got)
	}

	for _, tc := range []struct {
		name        string
		u           types.Universe
		memberField string
		wantLine    int
		wantSubject string
		wantMessage string
	}{
		{"missing field", strategyUniverse("type", "rollingUpdate"), "Rolling", 8, "k8s.io/api/apps/v1.DeploymentStrategy", "has no field Rolling"},
		{"JSON name", strategyUniverse("strategyType", "rollingUpdate"), "RollingUpdate", 6, "k8s.io/api/apps/v1.DeploymentStrategy.Type", `its JSON name is "strategyType", not "type"`},
		{"not a struct", types.Universe{}, "RollingUpdate", 3, "k8s.io/api/apps/v1.Deployment", "not a struct"},
	} {
		_, problems := parse(t, descriptionYAML(tc.memberField)).Described(tc.u)
		if len(problems) == 0 || problems[0].Subject != tc.wantSubject || !strings.Contains(problems[0].Message, tc.wantMessage) ||
			problems[0].Pos.Filename != builtin.File || problems[0].Pos.Line != tc.wantLine || problems[0].Rule != report.BuiltinDrift || problems[0].Warning {
			t.Errorf("%s: got %v; want an error of %s at line %d about %s: %s", tc.name, problems, report.BuiltinDrift, tc.wantLine, tc.wantSubject, tc.wantMessage)
		}
	}
}

// TestDescriptionOfPinnedAPI holds the description to k8s.io/api at the
// version that union-gen's module requires: its types and fields exist with
// the JSON names it gives, and union-gen reads each of its unions as a
// discriminated union with the values it lists. A change of k8s.io/api
// that the description does not follow fails here (and in every run of
// union-gen --builtin-policy).
func TestDescriptionOfPinnedAPI(t *testing.T) {
	d, err := builtin.Load()
	if err != nil {
		t.Fatal(err)
	}
	u, _ := gengoload.Load(t, "", d.Packages()...)
	described, problems := d.Described(u)
	if len(problems) != 0 {
		t.Fatalf("Described: %v", problems)
	}
	model, problems := unions.Build(u, d.Packages(), unions.Options{BuildTags: []string{gengoload.BuildTag}, Described: described})
	if problems.HasErrors() {
		t.Fatalf("Build: %v", problems)
	}
	if problems := d.Check(model); len(problems) != 0 {
		t.Fatalf("Check: %v", problems)
	}
	wrong := *d
	wrong.Unions = slices.Clone(d.Unions)
	wrong.Unions[0].Discriminator.Values = []string{"Recreate"}
	problems = wrong.Check(model)
	if len(problems) != 1 || !strings.Contains(problems[0].Message, "its values are Recreate, RollingUpdate, not Recreate") ||
		problems[0].Rule != report.BuiltinDrift || problems[0].Pos != d.Unions[0].Discriminator.Pos || problems[0].Pos.Line == 0 {
		t.Errorf("Check of a wrong list of values: %v; want a problem of %s at %v", problems, report.BuiltinDrift, d.Unions[0].Discriminator.Pos)
	}
}
