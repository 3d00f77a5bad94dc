// Package generators holds union-gen's gengo generators: the Go methods of
// a package's unions (unions.go, printed from views.go and templates.go,
// with the rules as Go by conds.go) and UnionDefinitions (openapi.go).
package generators

import (
	"io"

	"k8s.io/gengo/v2/generator"
	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/unions"
)

const (
	fieldPackage = "k8s.io/apimachinery/pkg/util/validation/field"
	// equalityPackage compares the members of ratcheting unions as the API
	// server compares values: nil and empty lists and maps are equal, and
	// quantities by their value.
	equalityPackage = "k8s.io/apimachinery/pkg/api/equality"
)

// NameSystems returns the name systems used by the generators.
func NameSystems() namer.NameSystems {
	return namer.NameSystems{
		"public": namer.NewPublicNamer(0),
		"raw":    namer.NewRawNamer("", nil),
	}
}

// DefaultNameSystem is the name system that orders the types.
func DefaultNameSystem() string {
	return "public"
}

// unionsGenerator writes NormalizeUnions and ValidateUnions for every struct
// of one package that has a union or reaches one.
type unionsGenerator struct {
	goGenerator
	model *unions.Model
	// helpers are those that the methods written so far call.
	helpers helperSet
}

// NewUnionsGenerator writes the methods of the package pkg into outputFile.
func NewUnionsGenerator(outputFile, pkg string, model *unions.Model) generator.Generator {
	return &unionsGenerator{goGenerator: newGoGenerator(outputFile, pkg), model: model}
}

// goGenerator is the generator of a Go file of the package pkg, which
// imports the packages of the types it names.
type goGenerator struct {
	generator.GoGenerator
	pkg     string
	imports namer.ImportTracker
}

func newGoGenerator(outputFile, pkg string) goGenerator {
	return goGenerator{generator.GoGenerator{OutputFilename: outputFile}, pkg, generator.NewImportTrackerForPackage(pkg)}
}

func (g *goGenerator) Namers(*generator.Context) namer.NameSystems {
	return namer.NameSystems{"raw": namer.NewRawNamer(g.pkg, g.imports)}
}

func (g *goGenerator) Imports(*generator.Context) []string {
	return g.imports.ImportLines()
}

func (g *unionsGenerator) Filter(_ *generator.Context, t *types.Type) bool {
	return t.Name.Package == g.pkg && g.model.Plans[t.Name] != nil
}

func (g *unionsGenerator) GenerateType(c *generator.Context, t *types.Type, w io.Writer) error {
	plan := g.model.Plans[t.Name]
	view := newMethodsView(plan, c.Namers["raw"].Name(t), g.model, newSymbols(c))
	view.useHelpers(&g.helpers, plan.Description)
	for _, method := range methods {
		if err := method.Execute(w, view); err != nil {
			return err
		}
	}
	return nil
}

// newMethodsView is the view of the methods of plan's struct, named
// typeName in the generated file, which names other packages' symbols sym.
func newMethodsView(plan *unions.Plan, typeName string, model *unions.Model, sym symbols) *methodsView {
	view := &methodsView{symbols: sym, Type: typeName}
	for _, u := range plan.Unions {
		if u.Rules.Discriminator == "" {
			view.Counts = append(view.Counts, newUnionView(newGoUnion(u), view.Type, sym))
		} else {
			view.Unions = append(view.Unions, newUnionView(newGoUnion(u), view.Type, sym))
		}
	}
	normalize, validate := &walkViews{model: model, sym: sym}, &walkViews{model: model, sym: sym, validating: true}
	for _, f := range plan.Description.Fields {
		goName := model.GoField(f).GoName
		if v := normalize.walkOf(f.Walk, walkedValue{in: "in." + goName, old: "old." + goName, depth: 1}); v != nil {
			view.Normalize = append(view.Normalize, v)
		}
		view.Validate = append(view.Validate, validate.validateFieldView(f))
	}
	return view
}

// Finalize writes the helpers that the methods call.
func (g *unionsGenerator) Finalize(c *generator.Context, w io.Writer) error {
	return helpers.Execute(w, struct {
		symbols
		helperSet
	}{newSymbols(c), g.helpers})
}
