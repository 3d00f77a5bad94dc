package generators

import (
	"io"
	"maps"
	"slices"
	"strconv"

	"github.com/union-gen/union-gen/pkg/markers"
	"github.com/union-gen/union-gen/pkg/unions"
	"github.com/union-gen/union-gen/pkg/unionspec"

	"k8s.io/gengo/v2/generator"
	"k8s.io/gengo/v2/types"
)

const openapiextPackage = "github.com/union-gen/union-gen/pkg/openapiext"

// openAPIGenerator writes UnionDefinitions: the unions of every type of the
// input packages, keyed by openapi-gen's definition names, for
// openapiext.WithUnions.
type openAPIGenerator struct {
	goGenerator
	model  *unions.Model
	inputs []string
}

// NewOpenAPIGenerator writes UnionDefinitions into outputFile of the package pkg.
func NewOpenAPIGenerator(outputFile, pkg string, model *unions.Model, inputs []string) generator.Generator {
	return &openAPIGenerator{goGenerator: newGoGenerator(outputFile, pkg), model: model, inputs: inputs}
}

// Filter selects no type: the file holds one function over all of them.
func (g *openAPIGenerator) Filter(*generator.Context, *types.Type) bool { return false }

// Init writes UnionDefinitions, whose types are in order of package and name.
func (g *openAPIGenerator) Init(c *generator.Context, w io.Writer) error {
	symbol := newSymbols(c)
	view := &definitionsView{Definitions: symbol(openapiextPackage, "Definitions")}
	memberField := symbol(openapiextPackage, "MemberField")
	for _, path := range slices.Sorted(slices.Values(g.inputs)) {
		pkg := c.Universe.Package(path)
		for _, name := range slices.Sorted(maps.Keys(pkg.Types)) {
			t := pkg.Types[name]
			if t.Kind != types.Struct || len(t.TypeParams) > 0 {
				continue
			}
			def := &definitionView{Name: strconv.Quote(definitionName(c, t))}
			for _, u := range g.propertyUnions(t.Name.String()) {
				def.Unions = append(def.Unions, openAPIUnionView{u, memberField})
			}
			if len(def.Unions) > 0 {
				view.Types = append(view.Types, def)
			}
		}
	}
	return unionDefinitions.Execute(w, view)
}

// definitionsView is the data of unionDefinitionsTemplate.
type definitionsView struct {
	Definitions string
	Types       []*definitionView
}

type definitionView struct {
	Name   string
	Unions []openAPIUnionView
}

type openAPIUnionView struct {
	*unionspec.Union
	MemberField string
}

// propertyUnions returns the unions whose fields are properties of the JSON
// object of the struct named structName, with a selection table
// (unionspec.Union.Choices): its own and those of the structs it embeds
// inline, recursively.
func (g *openAPIGenerator) propertyUnions(structName string) []*unionspec.Union {
	structs := g.model.Structs()
	if structs[structName] == nil {
		return nil
	}
	var p properties
	unionspec.Visit(&unionspec.Schema{Root: structName, Structs: structs}, unionspec.Visitor[struct{}](&p), struct{}{})
	return p.unions
}

// properties collects the unions of a struct and of those it embeds inline:
// the walk goes into no property.
type properties struct {
	unions []*unionspec.Union
	seen   []string
}

func (p *properties) Struct(name string, _ *unionspec.Walk, at struct{}, w *unionspec.Walker[struct{}]) {
	if !slices.Contains(p.seen, name) { // type A struct{ *A } embeds itself
		p.seen = append(p.seen, name)
		w.Struct(name, at)
	}
}

func (p *properties) Union(u *unionspec.Union, _ struct{}) {
	if u.Choices != nil {
		p.unions = append(p.unions, u)
	}
}

func (p *properties) Field(*unionspec.Field, struct{}, *unionspec.Walker[struct{}]) {}

func (p *properties) Elems(*unionspec.Walk, struct{}, *unionspec.Walker[struct{}]) {}

// definitionName is openapi-gen's name of the definition of t: its
// +k8s:openapi-model-package, from the type's comment or the package's
// doc.go, then the type name; else the Go import path and the type name.
func definitionName(c *generator.Context, t *types.Type) string {
	for _, lines := range [][]string{t.CommentLines, c.Universe.Package(t.Name.Package).Comments} {
		if pkg := markers.TagValue(lines, markers.OpenAPIModelPackageMarker); pkg != "" {
			return pkg + "." + t.Name.Name
		}
	}
	return t.Name.Package + "." + t.Name.Name
}
