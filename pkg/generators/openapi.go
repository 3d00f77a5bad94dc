package generators

import (
	"io"
	"strconv"

	"github.com/union-gen/union-gen/pkg/unions"

	"k8s.io/gengo/v2/generator"
	"k8s.io/gengo/v2/types"
)

const openapiextPackage = "github.com/union-gen/union-gen/pkg/openapiext"

// openAPIGenerator writes UnionDefinitions: the unions of the model's
// OpenAPI definitions (unions.Model.Definitions), keyed by their names, for
// openapiext.WithUnions.
type openAPIGenerator struct {
	goGenerator
	model *unions.Model
}

// NewOpenAPIGenerator writes UnionDefinitions into outputFile of the package pkg.
func NewOpenAPIGenerator(outputFile, pkg string, model *unions.Model) generator.Generator {
	return &openAPIGenerator{goGenerator: newGoGenerator(outputFile, pkg), model: model}
}

// Filter selects no type: the file holds one function over all of them.
func (g *openAPIGenerator) Filter(*generator.Context, *types.Type) bool { return false }

// Init writes UnionDefinitions, its definitions in the model's order.
func (g *openAPIGenerator) Init(c *generator.Context, w io.Writer) error {
	return unionDefinitions.Execute(w, newDefinitionsView(g.model.Definitions(), newSymbols(c)))
}

func newDefinitionsView(defs []*unions.Definition, symbol symbols) *definitionsView {
	view := &definitionsView{Definitions: symbol(openapiextPackage, "Definitions")}
	memberField := symbol(openapiextPackage, "MemberField")
	for _, d := range defs {
		def := &definitionView{Name: strconv.Quote(d.Name)}
		for _, u := range d.Unions {
			def.Unions = append(def.Unions, openAPIUnionView{u, memberField})
		}
		view.Types = append(view.Types, def)
	}
	return view
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
	*unions.OpenAPIUnion
	MemberField string
}
