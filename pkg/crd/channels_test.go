package crd_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/internal/testsupport/golden"
	"github.com/union-gen/union-gen/pkg/crd"
	"github.com/union-gen/union-gen/pkg/policy"
	"github.com/union-gen/union-gen/pkg/report"
)

// channels are the release channels of testdata/channels, each a directory
// of its CRD.
var channels = []string{"experimental", "standard"}

const routesCRD = "channels.example.com_routes.yaml"

// editChannels writes the CRDs of the channels, with content changed by
// edit where it returns another, to a directory, and edits those of the
// channels named by only, or all: it returns what Edit returns, by the file's
// path under the directory.
func editChannels(t *testing.T, edit func(channel, crd string) string, only ...string) (map[string]written, report.Problems) {
	t.Helper()
	model, problems, err := buildShared("./testdata/channels")
	if err != nil || problems.HasErrors() {
		t.Fatal(err, problems)
	}
	dir := t.TempDir()
	var paths []string
	for _, c := range channels {
		if err := os.Mkdir(filepath.Join(dir, c), 0o755); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, c, routesCRD)
		if err := os.WriteFile(file, []byte(edit(c, read(t, filepath.Join("testdata/channels/crd", c, routesCRD)))), 0o644); err != nil {
			t.Fatal(err)
		}
		if len(only) == 0 || strings.Contains(strings.Join(only, " "), c) {
			paths = append(paths, filepath.Join(dir, c, routesCRD))
		}
	}
	files, problems := editFiles(t, model, paths, crd.Options{}, "")
	out := map[string]written{}
	for _, f := range files {
		rel, _ := filepath.Rel(dir, f.Path)
		out[filepath.ToSlash(rel)] = f
	}
	return out, problems
}

func unchanged(_, crd string) string { return crd }

// TestChannelsModel: a typed constant that +kubebuilder:validation:Enum
// leaves out is a value of the Go enum where it selects a member, one that
// a CRD variant may leave out (docs/semantics.md, "Values beyond
// +kubebuilder:validation:Enum").
// It holds for members inferred (Filter) and marked +unionMember
// (ExplicitFilter), which is then no valuenotinenum.
func TestChannelsModel(t *testing.T) {
	const pkg = "github.com/union-gen/union-gen/pkg/crd/testdata/channels"
	model, problems, err := buildShared("./testdata/channels")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		if strings.Contains(p.Pos.Filename, "testdata/channels") && !p.Warning {
			t.Errorf("the channels package has an error: %v", p)
		}
	}
	for _, name := range []string{"Filter", "ExplicitFilter"} {
		plan := model.Plans[types.Name{Package: pkg, Name: name}]
		if plan == nil || len(plan.Unions) != 1 {
			t.Fatalf("%s has no union: %v", name, plan)
		}
		u := plan.Unions[0]
		if got := strings.Join(u.Enum.Values, ","); got != "ExternalAuth,RequestHeaderModifier,RequestRedirect" {
			t.Errorf("%s: values %s, want the marker's and ExternalAuth", name, got)
		}
		if got := strings.Join(u.Enum.Variant, ","); got != "ExternalAuth" {
			t.Errorf("%s: variant values %s, want ExternalAuth", name, got)
		}
		if len(u.Members) != 3 {
			t.Errorf("%s: %d members, want 3", name, len(u.Members))
		}
	}
}

// TestEditChannels: a project that generates a CRD per release channel
// from one Go source (docs/crd.md, "CRD variants"), whose standard channel
// leaves out a member, the value that selects it and a field that reaches
// a union, gets rules in every CRD, as each channel's schema has the
// unions, the same whether --crd-paths names both channels' directories or
// each alone; the policies of the two, of one name, are of different
// directories. crdtest holds the output to the API server's checks.
func TestEditChannels(t *testing.T) {
	both, problems := editChannels(t, unchanged)
	if len(problems) > 0 {
		t.Fatalf("problems: %v", problems)
	}
	if len(both) != 4 {
		t.Fatalf("got %d files, want a CRD and a policy per channel", len(both))
	}
	for path, f := range both {
		golden.Check(t, filepath.Join("testdata/channels/out", path), f.Data)
	}
	standard := string(both["standard/"+routesCRD].Data)
	for _, s := range []string{"externalAuth", "ExternalAuth", "sessionPersistence", "cookie"} {
		if strings.Contains(standard, s) {
			t.Errorf("the standard channel's CRD has %s, which its schema has not", s)
		}
	}
	experimental := string(both["experimental/"+routesCRD].Data)
	for _, s := range []string{"has(self.externalAuth)", "has(self.cookie)"} {
		if !strings.Contains(experimental, s) {
			t.Errorf("the experimental channel's CRD has no rule with %s", s)
		}
	}
	for _, c := range channels {
		alone, problems := editChannels(t, unchanged, c)
		var want []report.ID
		if c == "standard" {
			want = []report.ID{report.CRDVariant} // no CRD of the run has sessionPersistence
		}
		if got := ids(problems); strings.Join(got, " ") != strings.Join(ruleStrings(want), " ") || problems.HasErrors() {
			t.Errorf("%s alone: got problems %v, want %v", c, problems, want)
		}
		for _, name := range []string{routesCRD, strings.TrimSuffix(routesCRD, ".yaml") + policy.Suffix} {
			if got, want := string(alone[c+"/"+name].Data), string(both[c+"/"+name].Data); got != want {
				t.Errorf("%s alone: %s differs from the run over both channels", c, name)
			}
		}
	}
}

// TestEditChannelsStale: what no channel's tooling writes is a stale or
// edited CRD, refused as any other; a member without its value is
// forbidden, with a warning.
func TestEditChannelsStale(t *testing.T) {
	for _, c := range []struct {
		name    string
		channel string
		old     string
		new     string
		want    report.ID
		message string
	}{
		{"a channel's value without its member", "standard", "                      - RequestRedirect\n", "                      - RequestRedirect\n                      - ExternalAuth\n",
			report.CRDSchema, `lists "ExternalAuth", but the schema has no property "externalAuth"`},
		{"a member that every channel has, left out", "standard", "                    requestRedirect:\n", "                    requestRedirectOld:\n",
			report.CRDSchema, `no property "requestRedirect", a member`},
		{"a value of +kubebuilder:validation:Enum left out", "experimental", "                      - RequestRedirect\n", "",
			report.CRDEnum, `the schema's enum "ExternalAuth", "RequestHeaderModifier" is not`},
		{"a value that Go does not have", "standard", "                      - RequestRedirect\n", "                      - RequestRedirect\n                      - Mirror\n",
			report.CRDEnum, `"Mirror"`},
		{"a member whose value is left out", "experimental", "                      - ExternalAuth\n", "",
			report.CRDVariant, `the schema has the member "externalAuth", but its enum of "type" leaves out "ExternalAuth"`},
		{"a list without the schema of its items", "standard", "                items:\n", "                itemsOld:\n",
			report.CRDSchema, `the schema has no items for the values of []github.com/union-gen/union-gen/pkg/crd/testdata/channels.Filter: the CRD is stale`},
		{"a field that no channel has", "experimental", "              sessionPersistence:\n", "              sessionPersistenceOld:\n",
			report.CRDVariant, `no property "sessionPersistence" of channels.RouteSpec`},
	} {
		t.Run(c.name, func(t *testing.T) {
			files, problems := editChannels(t, func(channel, crd string) string {
				if channel != c.channel {
					return crd
				}
				if !strings.Contains(crd, c.old) {
					t.Fatalf("the %s CRD has no %q", channel, c.old)
				}
				return strings.Replace(crd, c.old, c.new, 1)
			})
			var found bool
			for _, p := range problems {
				found = found || p.Rule == c.want && strings.Contains(p.Message, c.message) && strings.Contains(p.Pos.Filename, c.channel)
			}
			if !found {
				t.Errorf("got problems %v, want %s with %q in the %s CRD", problems, c.want, c.message, c.channel)
			}
			if c.want == report.CRDVariant && (problems.HasErrors() || len(files) != 4) {
				t.Errorf("a warning: got %d files and problems %v, want the 4 files and no error", len(files), problems)
			}
			if c.want != report.CRDVariant && len(files) != 0 {
				t.Errorf("an error: got %d files to write", len(files))
			}
		})
	}
}

func ids(problems report.Problems) []string {
	var out []string
	for _, p := range problems {
		out = append(out, string(p.Rule))
	}
	return out
}

func ruleStrings(ids []report.ID) []string {
	var out []string
	for _, id := range ids {
		out = append(out, string(id))
	}
	return out
}
