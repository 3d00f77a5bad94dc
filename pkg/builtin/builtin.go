// Package builtin is union-gen's description of the unions of Kubernetes'
// built-in kinds (unions.yaml): the kinds whose updates the policy for them
// normalizes, and the unions that the API server validates as such but that
// k8s.io/api does not mark, as the markers union-gen reads on them. From it,
// and k8s.io/api's own markers, union-gen builds one union model, from which
// it writes that policy (docs/builtin.md).
package builtin

import (
	_ "embed"
	"fmt"
	"maps"
	"slices"
	"strings"

	"golang.org/x/mod/semver"
	"golang.org/x/tools/go/packages"
	"k8s.io/gengo/v2/types"
	"sigs.k8s.io/yaml"

	"github.com/union-gen/union-gen/internal/typeinfo"
	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unions"
)

//go:embed unions.yaml
var description []byte

// File names the description in problems.
const File = "pkg/builtin/unions.yaml"

// Description is the content of unions.yaml.
type Description struct {
	// KubernetesAPI is the version of k8s.io/api that the description
	// was written for and checked against (union-gen's go.mod requires it).
	KubernetesAPI string     `json:"kubernetesAPI"`
	Resources     []Resource `json:"resources"`
	// Reached are the other packages whose unions the kinds reach.
	Reached []string `json:"reached"`
	Unions  []Union  `json:"unions"`
}

// Resource is a resource whose updates the policy matches, and the Go type
// of its kind ("k8s.io/api/apps/v1.Deployment").
type Resource struct {
	Group    string `json:"group"`
	Version  string `json:"version"`
	Resource string `json:"resource"`
	Kind     string `json:"kind"`
}

// Union is a union that k8s.io/api does not mark: its struct, its
// discriminator and its members, by Go field and JSON name.
type Union struct {
	Type          string        `json:"type"`
	Discriminator Discriminator `json:"discriminator"`
	Members       []Member      `json:"members"`
}

// Discriminator is a union's discriminator and its valid values, sorted.
type Discriminator struct {
	Field  string   `json:"field"`
	JSON   string   `json:"json"`
	Values []string `json:"values"`
}

// Member is a union's member and the discriminator value that selects it;
// an Optional member may be unset when selected.
type Member struct {
	Field    string `json:"field"`
	JSON     string `json:"json"`
	Value    string `json:"value"`
	Optional bool   `json:"optional,omitempty"`
}

// Markers are the marker lines that describe the union, by Go field.
func (u Union) Markers() map[string]string {
	markers := map[string]string{u.Discriminator.Field: "+unionDiscriminator"}
	for _, m := range u.Members {
		markers[m.Field] = "+unionMember=" + m.Value
		if m.Optional {
			markers[m.Field] += ",optional"
		}
	}
	return markers
}

// Load reads the description.
func Load() (*Description, error) {
	var d Description
	if err := yaml.UnmarshalStrict(description, &d); err != nil {
		return nil, fmt.Errorf("%s: %w", File, err)
	}
	return &d, nil
}

// CheckModule tells, in one line, that the module of the working directory
// cannot give union-gen the k8s.io/api the description was written for:
// it does not require k8s.io/api, or an older version, whose packages
// lack the description's (go list would say to go get a package). A
// k8s.io/api replaced by a directory is taken as it is.
func (d *Description) CheckModule() error {
	const api = "k8s.io/api"
	fix := fmt.Sprintf("run `go get %s@%s` in this module, or run union-gen in a module that has it", api, d.KubernetesAPI)
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedModule}, api+"/core/v1")
	if err != nil {
		return fmt.Errorf("cannot tell which %s this module has: %w", api, err)
	}
	if len(pkgs) != 1 {
		return fmt.Errorf("cannot tell which %s this module has: go list gives %d packages", api, len(pkgs))
	}
	if pkgs[0].Module == nil {
		for _, e := range pkgs[0].Errors {
			if !strings.Contains(e.Msg, "no required module provides package") {
				return fmt.Errorf("cannot tell which %s this module has: %s", api, e.Msg)
			}
		}
		return fmt.Errorf("this module does not require %s; %s describes %s: %s", api, File, d.KubernetesAPI, fix)
	}
	m := pkgs[0].Module
	version := m.Version
	if m.Replace != nil {
		version = m.Replace.Version
	}
	if version != "" && semver.Compare(version, d.KubernetesAPI) < 0 {
		return fmt.Errorf("this module has %s %s; %s describes %s, whose kinds and unions older versions lack: %s", api, version, File, d.KubernetesAPI, fix)
	}
	return nil
}

// Packages are the Go packages of the description's kinds and unions,
// sorted: the packages union-gen reads for it.
func (d *Description) Packages() []string {
	pkgs := slices.Clone(d.Reached)
	for _, r := range d.Resources {
		pkgs = append(pkgs, types.ParseFullyQualifiedName(r.Kind).Package)
	}
	for _, u := range d.Unions {
		pkgs = append(pkgs, types.ParseFullyQualifiedName(u.Type).Package)
	}
	slices.Sort(pkgs)
	return slices.Compact(pkgs)
}

// Mark gives the fields of each union of the description the markers that
// describe it, so that union-gen reads it as a marked union. A type or a
// field that k8s.io/api does not have, or whose JSON name differs, is a
// problem: the description was written for another version.
func (d *Description) Mark(u types.Universe) report.Problems {
	var problems report.Problems
	for _, r := range d.Resources {
		if Lookup(u, r.Kind) == nil {
			problems = append(problems, d.problem(r.Kind, "the kind of %s.%s is not a struct of the packages loaded", r.Resource, r.Group))
		}
	}
	for _, un := range d.Unions {
		t := Lookup(u, un.Type)
		if t == nil {
			problems = append(problems, d.problem(un.Type, "not a struct of the packages loaded"))
			continue
		}
		marks := un.Markers()
		jsonNames := map[string]string{un.Discriminator.Field: un.Discriminator.JSON}
		for _, m := range un.Members {
			jsonNames[m.Field] = m.JSON
		}
		for i := range t.Members {
			m := &t.Members[i]
			if marker, ok := marks[m.Name]; ok {
				if got := typeinfo.JSONName(*m); got != jsonNames[m.Name] {
					problems = append(problems, d.problem(un.Type+"."+m.Name, "its JSON name is %q, not %q", got, jsonNames[m.Name]))
				}
				m.CommentLines = append(slices.Clip(m.CommentLines), marker)
				delete(marks, m.Name)
			}
		}
		for _, field := range slices.Sorted(maps.Keys(marks)) {
			problems = append(problems, d.problem(un.Type, "has no field %s", field))
		}
	}
	return problems
}

// Check holds the model that union-gen built to the description: each of
// its unions is one, with the discriminator's values that it lists.
func (d *Description) Check(model *unions.Model) report.Problems {
	var problems report.Problems
	for _, un := range d.Unions {
		plan := model.Plans[types.ParseFullyQualifiedName(un.Type)]
		if plan == nil || len(plan.Unions) != 1 || plan.Unions[0].Kind != unions.Discriminated {
			problems = append(problems, d.problem(un.Type, "union-gen reads no discriminated union there"))
			continue
		}
		if got := plan.Unions[0].Enum.Values; !slices.Equal(got, un.Discriminator.Values) {
			problems = append(problems, d.problem(un.Type+"."+un.Discriminator.Field, "its values are %s, not %s", strings.Join(got, ", "), strings.Join(un.Discriminator.Values, ", ")))
		}
	}
	return problems
}

// problem is a problem of the description with the k8s.io/api loaded.
func (d *Description) problem(subject, format string, args ...any) report.Problem {
	return report.Problem{Subject: subject, Rule: report.LoadError,
		Message: fmt.Sprintf(File+": "+format, args...) + fmt.Sprintf(": union-gen's description of built-in unions was written for k8s.io/api %s; run it where the module graph has that version", d.KubernetesAPI)}
}

// Lookup is the struct type of a fully qualified name in u, or nil; unlike
// u.Type, it adds no type to u.
func Lookup(u types.Universe, name string) *types.Type {
	n := types.ParseFullyQualifiedName(name)
	pkg := u[n.Package]
	if pkg == nil {
		return nil
	}
	if t := pkg.Types[n.Name]; t != nil && t.Kind == types.Struct {
		return t
	}
	return nil
}
