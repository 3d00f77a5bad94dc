package generators

import (
	"io"

	"k8s.io/gengo/v2/generator"
	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/unions"
)

const fieldPackage = "k8s.io/apimachinery/pkg/util/validation/field"

// unionsGenerator writes NormalizeUnions and ValidateUnions for every struct
// of one package that has a union or reaches one.
type unionsGenerator struct {
	generator.GoGenerator
	pkg     string
	model   *unions.Model
	imports namer.ImportTracker
	// usesNilOf is set when a method declares a variable with unionsNilOf.
	usesNilOf bool
}

func newUnionsGenerator(outputFile, pkg string, model *unions.Model) *unionsGenerator {
	return &unionsGenerator{
		GoGenerator: generator.GoGenerator{OutputFilename: outputFile},
		pkg:         pkg,
		model:       model,
		imports:     generator.NewImportTrackerForPackage(pkg),
	}
}

func (g *unionsGenerator) Filter(_ *generator.Context, t *types.Type) bool {
	return t.Name.Package == g.pkg && g.model.Plans[t.Name] != nil
}

func (g *unionsGenerator) Namers(*generator.Context) namer.NameSystems {
	return namer.NameSystems{"raw": namer.NewRawNamer(g.pkg, g.imports)}
}

func (g *unionsGenerator) Imports(*generator.Context) []string {
	return g.imports.ImportLines()
}

func (g *unionsGenerator) GenerateType(c *generator.Context, t *types.Type, w io.Writer) error {
	raw := c.Namers["raw"]
	symbol := func(pkg, name string) string {
		return raw.Name(c.Universe.Type(types.Name{Package: pkg, Name: name}))
	}
	e := &emitter{
		gen: g,
		sortedKeys: func(m string) string {
			return symbol("slices", "Sorted") + "(" + symbol("maps", "Keys") + "(" + m + "))"
		},
	}
	sym := &symbols{
		FieldPath:    symbol(fieldPackage, "Path"),
		ErrorList:    symbol(fieldPackage, "ErrorList"),
		Required:     symbol(fieldPackage, "Required"),
		Forbidden:    symbol(fieldPackage, "Forbidden"),
		NotSupported: symbol(fieldPackage, "NotSupported"),
	}
	plan := g.model.Plans[t.Name]
	view := &methodsView{symbols: sym, Type: raw.Name(t)}
	for _, u := range plan.Unions {
		view.Unions = append(view.Unions, newUnionView(u, sym))
	}
	for _, step := range plan.Steps {
		if v := normalizeView(step.Walk, "in."+step.GoName, "old."+step.GoName, 1); v != nil {
			view.Normalize = append(view.Normalize, v)
		}
		view.Validate = append(view.Validate, e.validateStepView(step))
		view.Check = append(view.Check, e.checkView(step.Walk, "in."+step.GoName, 1))
	}
	sw := generator.NewSnippetWriter(w, c, "$", "$")
	sw.Do(normalizeUnionsTemplate, view)
	sw.Do(validateUnionsTemplate, view)
	sw.Do(unionsValidTemplate, view)
	return sw.Error()
}

// Finalize writes the unionsNilOf helper when a method uses it.
func (g *unionsGenerator) Finalize(_ *generator.Context, w io.Writer) error {
	if !g.usesNilOf {
		return nil
	}
	_, err := io.WriteString(w, nilOfHelper)
	return err
}

// emitter builds the views of one struct's methods.
type emitter struct {
	gen *unionsGenerator
	// sortedKeys is the expression of a map's sorted keys; it imports maps
	// and slices only when called.
	sortedKeys func(m string) string
}
