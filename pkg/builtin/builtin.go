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
	"go/token"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
	"golang.org/x/mod/semver"
	"golang.org/x/tools/go/packages"
	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/internal/typeinfo"
	"github.com/union-gen/union-gen/internal/yamldoc"
	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unions"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

//go:embed unions.yaml
var description []byte

// File names the description in problems.
const File = "pkg/builtin/unions.yaml"

// Description is the content of unions.yaml. Each entry has the position
// of its line in File, where the problems about it are placed.
type Description struct {
	// KubernetesAPI is the version of k8s.io/api that the description
	// was written for and checked against (union-gen's go.mod requires it).
	KubernetesAPI string     `yaml:"kubernetesAPI"`
	Resources     []Resource `yaml:"resources"`
	// Reached are the other packages whose unions the kinds reach.
	Reached []string        `yaml:"reached"`
	Unions  []UnmarkedUnion `yaml:"unions"`
}

// Resource is a resource whose updates the policy matches, and the Go type
// of its kind ("k8s.io/api/apps/v1.Deployment").
type Resource struct {
	Group    string         `yaml:"group"`
	Version  string         `yaml:"version"`
	Resource string         `yaml:"resource"`
	Kind     string         `yaml:"kind"`
	Pos      token.Position `yaml:"-"`
}

// UnmarkedUnion is a union that k8s.io/api does not mark: its struct, its
// discriminator and its members, by Go field and JSON name.
type UnmarkedUnion struct {
	Type          string         `yaml:"type"`
	Discriminator Discriminator  `yaml:"discriminator"`
	Members       []Member       `yaml:"members"`
	Pos           token.Position `yaml:"-"`
}

// Discriminator is a union's discriminator and its valid values, sorted.
type Discriminator struct {
	Field  string         `yaml:"field"`
	JSON   string         `yaml:"json"`
	Values []string       `yaml:"values"`
	Pos    token.Position `yaml:"-"`
}

// Member is a union's member and the discriminator value that selects it;
// an Optional member may be unset when selected.
type Member struct {
	Field    string         `yaml:"field"`
	JSON     string         `yaml:"json"`
	Value    string         `yaml:"value"`
	Optional bool           `yaml:"optional,omitempty"`
	Pos      token.Position `yaml:"-"`
}

// describedField is a field of a union of the description, with its
// marker and the position of the entry that describes it.
type describedField struct {
	field, json, marker string
	pos                 token.Position
}

// fields are the discriminator and the members, in the description's order.
func (u UnmarkedUnion) fields() []describedField {
	fields := []describedField{{u.Discriminator.Field, u.Discriminator.JSON, "+unionDiscriminator", u.Discriminator.Pos}}
	for _, m := range u.Members {
		marker := "+unionMember=" + m.Value
		if m.Optional {
			marker += ",optional"
		}
		fields = append(fields, describedField{m.Field, m.JSON, marker, m.Pos})
	}
	return fields
}

// Markers are the marker lines that describe the union, by Go field.
func (u UnmarkedUnion) Markers() map[string]string {
	markers := map[string]string{}
	for _, f := range u.fields() {
		markers[f.field] = f.marker
	}
	return markers
}

// Load reads the description that union-gen embeds.
func Load() (*Description, error) {
	return Parse(description)
}

// Parse reads a description from data, the content of a File (tests give
// their own), with the line of each resource, union, discriminator and
// member. A field that the description does not have is an error.
func Parse(data []byte) (*Description, error) {
	var d Description
	root, err := yamldoc.Decode(data, &d)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", File, err)
	}
	d.place(root)
	return &d, nil
}

// place sets the position of each entry of the description from root, the
// YAML mapping it was decoded from. An entry that the YAML gives by an
// alias is placed at the alias's line, and the entries within it at theirs
// in the node that the alias names.
func (d *Description) place(root *yaml.Node) {
	resources := valueOf(root, "resources")
	for i := range d.Resources {
		d.Resources[i].Pos = position(item(resources, i), resources)
	}
	unionNodes := valueOf(root, "unions")
	for i := range d.Unions {
		u := &d.Unions[i]
		node := item(unionNodes, i)
		u.Pos = position(node, unionNodes)
		u.Discriminator.Pos = position(valueOf(node, "discriminator"), node)
		members := valueOf(node, "members")
		for j := range u.Members {
			u.Members[j].Pos = position(item(members, j), members)
		}
	}
}

// valueOf is the value of key in a YAML mapping, or nil.
func valueOf(mapping *yaml.Node, key string) *yaml.Node {
	mapping = dealias(mapping)
	if mapping == nil || mapping.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(mapping.Content); i += 2 {
		if mapping.Content[i].Value == key {
			return mapping.Content[i+1]
		}
	}
	return nil
}

// item is the i-th item of a YAML sequence, or nil.
func item(sequence *yaml.Node, i int) *yaml.Node {
	sequence = dealias(sequence)
	if sequence == nil || sequence.Kind != yaml.SequenceNode || i >= len(sequence.Content) {
		return nil
	}
	return sequence.Content[i]
}

// dealias is the node that node names, if it is an alias, or node.
func dealias(node *yaml.Node) *yaml.Node {
	if node != nil && node.Kind == yaml.AliasNode {
		return node.Alias
	}
	return node
}

// position is the position of node in File, or of its parent where node
// is nil, or of the file alone where both are.
func position(node, parent *yaml.Node) token.Position {
	if node == nil {
		node = parent
	}
	if node == nil {
		return token.Position{Filename: File}
	}
	return token.Position{Filename: File, Line: node.Line, Column: node.Column}
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

// Described are the markers that describe the unions of the description,
// on their fields, each at its entry in File, for unions.Options.Described:
// union-gen reads them as the fields' own. A type or a field that k8s.io/api
// does not have, or whose JSON name differs, is a problem: the description
// was written for another version.
func (d *Description) Described(u types.Universe) ([]unions.DescribedMarker, report.Problems) {
	var problems report.Problems
	for _, r := range d.Resources {
		if Lookup(u, r.Kind) == nil {
			problems = append(problems, d.problem(r.Pos, r.Kind, "the kind of %s.%s is not a struct of the packages loaded", r.Resource, r.Group))
		}
	}
	var described []unions.DescribedMarker
	for _, un := range d.Unions {
		t := Lookup(u, un.Type)
		if t == nil {
			problems = append(problems, d.problem(un.Pos, un.Type, "not a struct of the packages loaded"))
			continue
		}
		for _, f := range un.fields() {
			i := slices.IndexFunc(t.Members, func(m types.Member) bool { return m.Name == f.field })
			if i < 0 {
				problems = append(problems, d.problem(f.pos, un.Type, "has no field %s", f.field))
				continue
			}
			if got := typeinfo.JSONName(t.Members[i]); got != f.json {
				problems = append(problems, d.problem(f.pos, un.Type+"."+f.field, "its JSON name is %q, not %q", got, f.json))
			}
			described = append(described, unions.DescribedMarker{Type: t.Name, Field: f.field, Line: f.marker, Pos: f.pos})
		}
	}
	return described, problems
}

// Check holds the model that union-gen built to the description: each of
// its unions is one, with the discriminator's values that it lists.
func (d *Description) Check(model *unions.Model) report.Problems {
	var problems report.Problems
	for _, un := range d.Unions {
		plan := model.Plans[types.ParseFullyQualifiedName(un.Type)]
		if plan == nil || len(plan.Unions) != 1 || plan.Unions[0].Requires != unionspec.Discriminated {
			problems = append(problems, d.problem(un.Pos, un.Type, "union-gen reads no discriminated union there"))
			continue
		}
		if got := plan.Unions[0].Enum.Values; !slices.Equal(got, un.Discriminator.Values) {
			problems = append(problems, d.problem(un.Discriminator.Pos, un.Type+"."+un.Discriminator.Field, "its values are %s, not %s", strings.Join(got, ", "), strings.Join(un.Discriminator.Values, ", ")))
		}
	}
	return problems
}

// problem is a problem of the description with the k8s.io/api loaded, at
// pos, the entry of the description that it is about, or at File where the
// description was not read from it (a test's).
func (d *Description) problem(pos token.Position, subject, format string, args ...any) report.Problem {
	if pos.Filename == "" {
		pos.Filename = File
	}
	return report.Problem{Pos: pos, Subject: subject, Rule: report.BuiltinDrift,
		Message: fmt.Sprintf(format, args...) + fmt.Sprintf(": union-gen's description of built-in unions was written for k8s.io/api %s; run it where the module graph has that version", d.KubernetesAPI)}
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
