package targets

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/gengo/v2"
	"k8s.io/gengo/v2/generator"

	"github.com/union-gen/union-gen/internal/testsupport/usermodule"
	"github.com/union-gen/union-gen/pkg/builtin"
	"github.com/union-gen/union-gen/pkg/generators"
	"github.com/union-gen/union-gen/pkg/report"
)

// builtinAPI is a package like k8s.io/api's apps/v1: a kind whose union is
// not marked, and one that reaches no union.
const builtinAPI = `package apis

// +enum
type StrategyType string

const (
	Recreate      StrategyType = "Recreate"
	RollingUpdate StrategyType = "RollingUpdate"
	Canary        StrategyType = "Canary"
)

type Strategy struct {
	// +optional
	Type StrategyType ` + "`json:\"type,omitempty\"`" + `
	// +optional
	RollingUpdate *int32 ` + "`json:\"rollingUpdate,omitempty\"`" + `
}

type Spec struct {
	Strategy Strategy ` + "`json:\"strategy\"`" + `
}

type Deployment struct {
	Spec Spec ` + "`json:\"spec\"`" + `
}

// Stamp decodes itself, so its JSON does not show when it is zero.
type Stamp struct {
	Seconds int64 ` + "`json:\"seconds\"`" + `
}

func (s *Stamp) UnmarshalJSON([]byte) error { return nil }

type Timing struct {
	// +optional
	Type StrategyType ` + "`json:\"type,omitempty\"`" + `
	// +optional
	At Stamp ` + "`json:\"at,omitzero\"`" + `
}

type Job struct {
	Timing Timing ` + "`json:\"timing\"`" + `
}

type Plain struct {
	Name string ` + "`json:\"name\"`" + `
}
`

// runBuiltin runs the targets with a description of builtinAPI's package,
// as union-gen --builtin-policy does, and returns the problems and whether
// the policy file was written.
func runBuiltin(t *testing.T, d *builtin.Description) (report.Problems, bool) {
	t.Helper()
	dir := t.TempDir()
	goMod, goSum := usermodule.Files(t, repositoryRoot, "example.com/builtin")
	writeTestFile(t, filepath.Join(dir, "go.mod"), goMod)
	writeTestFile(t, filepath.Join(dir, "go.sum"), goSum)
	writeTestFile(t, filepath.Join(dir, "apis", "types.go"), builtinAPI)
	t.Chdir(dir)
	file := filepath.Join(dir, "policy.yaml")
	output := &Output{}
	var problems report.Problems
	getTargets := func(c *generator.Context) []generator.Target {
		var targets []generator.Target
		targets, problems = GetTargets(c, Config{Output: output, Builtin: d, BuiltinPolicy: file, Patterns: d.Packages()})
		return targets
	}
	if err := gengo.Execute(generators.NameSystems(), generators.DefaultNameSystem(), getTargets, gengo.StdBuildTag, d.Packages()); err != nil {
		t.Fatal(err)
	}
	if !problems.HasErrors() {
		if err := output.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	_, err := os.Stat(file)
	return problems, err == nil
}

// builtinDescription describes builtinAPI's Deployment, and Strategy with
// the values given, and the resource plains too where withPlain is set (at
// line 4): the values are on line 7.
func builtinDescription(t *testing.T, withPlain bool, values string) *builtin.Description {
	t.Helper()
	plain := ""
	if withPlain {
		plain = "- {group: \"\", version: v1, resource: plains, kind: example.com/builtin/apis.Plain}"
	}
	d, err := builtin.Parse([]byte(`kubernetesAPI: v0.37.2
resources:
- {group: apps, version: v1, resource: deployments, kind: example.com/builtin/apis.Deployment}
` + plain + `
unions:
- type: example.com/builtin/apis.Strategy
  discriminator: {field: Type, json: type, values: [` + values + `]}
  members:
  - {field: RollingUpdate, json: rollingUpdate, value: RollingUpdate}
`))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestBuiltinPolicyOpaqueMember: a member whose JSON does not show that it
// is set is refused, as for a CRD (unionspec.Schema.FirstOpaque): a policy
// could neither check nor clear it. The problem is at the resource's line.
func TestBuiltinPolicyOpaqueMember(t *testing.T) {
	d, err := builtin.Parse([]byte(`kubernetesAPI: v0.37.2
resources:
- {group: batch, version: v1, resource: jobs, kind: example.com/builtin/apis.Job}
unions:
- type: example.com/builtin/apis.Timing
  discriminator: {field: Type, json: type, values: [Canary, Recreate, RollingUpdate]}
  members:
  - {field: At, json: at, value: Canary}
`))
	if err != nil {
		t.Fatal(err)
	}
	problems, written := runBuiltin(t, d)
	var b strings.Builder
	problems.Print(&b)
	want := builtin.File + ":3:3: jobs.batch-v1-unions: member At of example.com/builtin/apis.Timing is set when it is not its zero value, which its JSON does not show: apis.Stamp decodes itself from JSON; a policy reads JSON, so it can neither check nor clear it [membertype]"
	if written || !strings.Contains(b.String(), want) {
		t.Errorf("written %v, problems:\n%s\nwant %q", written, b.String(), want)
	}
}

// TestBuiltinPolicyRun: a description that holds gives one file, the
// policy and binding of each resource, with the marked union's patch and
// its matchCondition; one that does not (values that differ, a kind that
// reaches no union) gives every problem in one run, each at its line of
// the description, and no file.
func TestBuiltinPolicyRun(t *testing.T) {
	t.Run("holds", func(t *testing.T) {
		problems, written := runBuiltin(t, builtinDescription(t, false, "Canary, Recreate, RollingUpdate"))
		if problems.HasErrors() || !written {
			t.Fatalf("problems %v, written %v", problems, written)
		}
		data, err := os.ReadFile("policy.yaml")
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"name: deployments.apps-v1-unions", "failurePolicy: Ignore", "name: switches-a-union",
			`JSONPatch{op: "remove", path: "/spec/strategy/rollingUpdate"}`, "kind: MutatingAdmissionPolicyBinding"} {
			if !strings.Contains(string(data), want) {
				t.Errorf("the policy lacks %q:\n%s", want, data)
			}
		}
	})
	t.Run("does not hold", func(t *testing.T) {
		problems, written := runBuiltin(t, builtinDescription(t, true, "Recreate, RollingUpdate"))
		if written {
			t.Error("a file was written")
		}
		var b strings.Builder
		problems.Print(&b)
		got := b.String()
		for _, want := range []string{
			builtin.File + ":4:3: plains.core-v1-unions: no update of example.com/builtin/apis.Plain can switch a union: drop the resource from the description [builtindrift]",
			builtin.File + ":7:18: example.com/builtin/apis.Strategy.Type: its values are Canary, Recreate, RollingUpdate, not Recreate, RollingUpdate: union-gen's description",
		} {
			if !strings.Contains(got, want) {
				t.Errorf("problems lack %q:\n%s", want, got)
			}
		}
		if !strings.Contains(got, "run it where the module graph has that version [builtindrift]") {
			t.Errorf("the values' problem is not of builtindrift:\n%s", got)
		}
	})
}
