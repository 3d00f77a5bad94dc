package generators

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/union-gen/union-gen/pkg/markers"
	"github.com/union-gen/union-gen/pkg/unions"

	"k8s.io/gengo/v2/generator"
	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"
)

const openapiextPackage = "github.com/union-gen/union-gen/pkg/openapiext"

// openAPIGenerator writes UnionDefinitions: the unions of every type of the
// input packages, keyed by openapi-gen's definition names, for
// openapiext.WithUnions.
type openAPIGenerator struct {
	generator.GoGenerator
	pkg     string
	model   *unions.Model
	inputs  []string
	imports namer.ImportTracker
}

// NewOpenAPIGenerator writes UnionDefinitions of the unions of the input
// packages into outputFile of the package pkg.
func NewOpenAPIGenerator(outputFile, pkg string, model *unions.Model, inputs []string) generator.Generator {
	return &openAPIGenerator{
		GoGenerator: generator.GoGenerator{OutputFilename: outputFile},
		pkg:         pkg,
		model:       model,
		inputs:      inputs,
		imports:     generator.NewImportTrackerForPackage(pkg),
	}
}

// Filter selects no type: the file holds one function over all of them.
func (g *openAPIGenerator) Filter(*generator.Context, *types.Type) bool { return false }

func (g *openAPIGenerator) Namers(*generator.Context) namer.NameSystems {
	return namer.NameSystems{"raw": namer.NewRawNamer(g.pkg, g.imports)}
}

func (g *openAPIGenerator) Imports(*generator.Context) []string {
	return g.imports.ImportLines()
}

func (g *openAPIGenerator) Init(c *generator.Context, w io.Writer) error {
	symbol := newSymbols(c)
	view := &definitionsView{Definitions: symbol(openapiextPackage, "Definitions")}
	memberField := symbol(openapiextPackage, "MemberField")
	for _, t := range g.definitions(c) {
		def := &definitionView{Name: strconv.Quote(definitionName(c, t))}
		for _, u := range g.model.PropertyUnions(t) {
			uv := &openAPIUnionView{Discriminator: strconv.Quote(u.Discriminator.JSONName), MemberField: memberField}
			for _, choice := range u.Choices {
				member := "nil"
				if m := choice.Member; m != nil {
					member = fmt.Sprintf("{Name: %s, Optional: %t}", strconv.Quote(m.JSONName), m.Optional)
				}
				uv.Choices = append(uv.Choices, choiceView{Value: strconv.Quote(choice.Value), Member: member})
			}
			def.Unions = append(def.Unions, uv)
		}
		view.Types = append(view.Types, def)
	}
	return unionDefinitions.Execute(w, view)
}

// definitionsView is the data of unionDefinitionsTemplate: Go literals of
// the definitions' names and unions.
type definitionsView struct {
	Definitions string
	Types       []*definitionView
}

type definitionView struct {
	Name   string
	Unions []*openAPIUnionView
}

type openAPIUnionView struct {
	Discriminator, MemberField string
	Choices                    []choiceView
}

// choiceView is a row of the selection table: a value and the member it
// selects, or nil.
type choiceView struct {
	Value, Member string
}

// definitions are the struct types of the input packages whose properties
// include a union's, in the order of their definition names.
func (g *openAPIGenerator) definitions(c *generator.Context) []*types.Type {
	var out []*types.Type
	for _, path := range slices.Sorted(slices.Values(g.inputs)) {
		pkg := c.Universe.Package(path)
		for _, name := range slices.Sorted(maps.Keys(pkg.Types)) {
			t := pkg.Types[name]
			if t.Kind == types.Struct && len(t.TypeParams) == 0 && len(g.model.PropertyUnions(t)) > 0 {
				out = append(out, t)
			}
		}
	}
	return out
}

// definitionName is openapi-gen's name of the definition of t: its
// +k8s:openapi-model-package, from the type's comment or the package's
// doc.go, then the type name; else the Go import path and the type name.
func definitionName(c *generator.Context, t *types.Type) string {
	for _, lines := range [][]string{t.CommentLines, c.Universe.Package(t.Name.Package).Comments} {
		for _, line := range lines {
			if pkg, ok := strings.CutPrefix(strings.TrimSpace(line), "+"+markers.OpenAPIModelPackageMarker+"="); ok && pkg != "" {
				return pkg + "." + t.Name.Name
			}
		}
	}
	return t.Name.Package + "." + t.Name.Name
}
