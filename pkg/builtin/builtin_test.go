package builtin_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"
	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/internal/testsupport/gengoload"
	"github.com/union-gen/union-gen/internal/testsupport/unionmodel"
	"github.com/union-gen/union-gen/pkg/builtin"
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

// description is a description of one union, that of strategyUniverse.
func description(memberField string) *builtin.Description {
	return &builtin.Description{
		KubernetesAPI: "v0.37.2",
		Resources:     []builtin.Resource{{Group: "apps", Version: "v1", Resource: "deployments", Kind: "k8s.io/api/apps/v1.Deployment"}},
		Unions: []builtin.Union{{
			Type:          "k8s.io/api/apps/v1.DeploymentStrategy",
			Discriminator: builtin.Discriminator{Field: "Type", JSON: "type", Values: []string{"Recreate", "RollingUpdate"}},
			Members:       []builtin.Member{{Field: memberField, JSON: "rollingUpdate", Value: "RollingUpdate", Optional: true}},
		}},
	}
}

// TestMark: the discriminator and members get their markers, after the
// comment lines they had; a field that the type lacks, a JSON name that
// differs and a kind or union that is not a struct are problems, each
// naming the description's file.
func TestMark(t *testing.T) {
	u := strategyUniverse("type", "rollingUpdate")
	if problems := description("RollingUpdate").Mark(u); len(problems) != 0 {
		t.Fatalf("problems: %v", problems)
	}
	members := u.Type(types.Name{Package: "k8s.io/api/apps/v1", Name: "DeploymentStrategy"}).Members
	if got := members[0].CommentLines; !slices.Equal(got, []string{"+optional", "+unionDiscriminator"}) {
		t.Errorf("the discriminator's comment lines: %q", got)
	}
	if got := members[1].CommentLines; !slices.Equal(got, []string{"+unionMember=RollingUpdate,optional"}) {
		t.Errorf("the member's comment lines: %q", got)
	}

	for _, tc := range []struct {
		name        string
		u           types.Universe
		d           *builtin.Description
		wantSubject string
		wantMessage string
	}{
		{"missing field", strategyUniverse("type", "rollingUpdate"), description("Rolling"), "k8s.io/api/apps/v1.DeploymentStrategy", "has no field Rolling"},
		{"JSON name", strategyUniverse("strategyType", "rollingUpdate"), description("RollingUpdate"), "k8s.io/api/apps/v1.DeploymentStrategy.Type", `its JSON name is "strategyType", not "type"`},
		{"not a struct", types.Universe{}, description("RollingUpdate"), "k8s.io/api/apps/v1.Deployment", "not a struct"},
	} {
		problems := tc.d.Mark(tc.u)
		if len(problems) == 0 || problems[0].Subject != tc.wantSubject || !strings.Contains(problems[0].Message, tc.wantMessage) ||
			!strings.HasPrefix(problems[0].Message, builtin.File+": ") || problems[0].Warning {
			t.Errorf("%s: got %v; want an error about %s: %s", tc.name, problems, tc.wantSubject, tc.wantMessage)
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
	if problems := d.Mark(u); len(problems) != 0 {
		t.Fatalf("Mark: %v", problems)
	}
	model, _ := unionmodel.Build(t, u, d.Packages())
	if problems := d.Check(model); len(problems) != 0 {
		t.Fatalf("Check: %v", problems)
	}
	wrong := *d
	wrong.Unions = slices.Clone(d.Unions)
	wrong.Unions[0].Discriminator.Values = []string{"Recreate"}
	if problems := wrong.Check(model); len(problems) != 1 || !strings.Contains(problems[0].Message, "its values are Recreate, RollingUpdate, not Recreate") {
		t.Errorf("Check of a wrong list of values: %v", problems)
	}
}
