package generators

import (
	"bytes"
	"go/format"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
	"k8s.io/gengo/v2/parser"
	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/unions"
)

// viewsSrc has the DeploymentStrategy of docs/development.md, a struct that
// reaches it through every container shape, and an exactly-one union.
const viewsSrc = `package apis

// +enum
type StrategyType string

const (
	RecreateStrategyType      StrategyType = "Recreate"
	RollingUpdateStrategyType StrategyType = "RollingUpdate"
)

type RollingUpdate struct {
	MaxSurge *int ` + "`json:\"maxSurge,omitempty\"`" + `
}

type Strategy struct {
	// +unionDiscriminator
	// +optional
	Type StrategyType ` + "`json:\"type,omitempty\"`" + `
	// +unionMember
	// +optional
	RollingUpdate *RollingUpdate ` + "`json:\"rollingUpdate,omitempty\"`" + `
}

type Port struct {
	Name     string    ` + "`json:\"name\"`" + `
	Strategy *Strategy ` + "`json:\"strategy,omitempty\"`" + `
}

type Holder struct {
	Strategy Strategy  ` + "`json:\"strategy\"`" + `
	Pointer  *Strategy ` + "`json:\"pointer,omitempty\"`" + `
	List     []Strategy ` + "`json:\"list,omitempty\"`" + `
	// +listType=map
	// +listMapKey=name
	Ports  []Port              ` + "`json:\"ports,omitempty\"`" + `
	ByName map[string]Strategy ` + "`json:\"byName,omitempty\"`" + `
}

type OneOf struct {
	// +optional
	// +k8s:unionMember
	X *string ` + "`json:\"x,omitempty\"`" + `
	// +optional
	// +k8s:unionMember
	Y []string ` + "`json:\"y,omitempty\"`" + `
}
`

// viewsModel is the model of viewsSrc, in a module of its own.
func viewsModel(t *testing.T) *unions.Model {
	t.Helper()
	dir := t.TempDir()
	for name, content := range map[string]string{"go.mod": "module example.com/m\n\ngo 1.24.0\n", "apis/types.go": viewsSrc} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p := parser.New()
	if err := p.LoadPackagesWithConfigForTesting(&packages.Config{Dir: dir}, "./..."); err != nil {
		t.Fatal(err)
	}
	universe, err := p.NewUniverse()
	if err != nil {
		t.Fatal(err)
	}
	model, problems := unions.Build(universe, p.UserRequestedPackages(), unions.Options{})
	if problems.HasErrors() {
		t.Fatal(problems)
	}
	return model
}

func planOf(t *testing.T, model *unions.Model, name string) *unions.Plan {
	t.Helper()
	plan := model.Plans[types.Name{Package: "example.com/m/apis", Name: name}]
	if plan == nil {
		t.Fatalf("no plan of %s", name)
	}
	return plan
}

// The union of docs/development.md's example is tested as the example's
// methods show: a switch whose arms know the value, a prefilter before the
// clearing, and the clear where the discriminator changed.
func TestStrategyView(t *testing.T) {
	plan := planOf(t, viewsModel(t), "Strategy")
	v := newUnionView(newGoUnion(plan.Unions[0]), "Strategy", testSymbols)
	arms := func(as []*armView) (out []string) {
		for _, a := range as {
			out = append(out, a.Values+": "+a.Invalid)
		}
		return out
	}
	if got, want := arms(v.Cases), []string{`"", "Recreate": in.RollingUpdate != nil`, `"RollingUpdate": in.RollingUpdate == nil`}; !slices.Equal(got, want) || v.Default != "true" {
		t.Errorf("cases %q, default %q; want %q, default true", got, v.Default, want)
	}
	const changed = `(in.RollingUpdate != nil && old.RollingUpdate != nil && in.Type != "RollingUpdate" && old.Type != in.Type)`
	if v.NormalizeWhen != changed {
		t.Errorf("NormalizeUnions calls %s when %s, want %s", v.Normalize, v.NormalizeWhen, changed)
	}
	if len(v.NormalizeArms) != 1 || len(v.NormalizeArms[0].Clears) != 1 {
		t.Fatalf("normalize arms %+v, want one that clears one member", v.NormalizeArms)
	}
	arm, clear := v.NormalizeArms[0], *v.NormalizeArms[0].Clears[0]
	if want := (clearView{When: changed, Member: "RollingUpdate", Zero: "nil"}); arm.Values != `"", "Recreate", "RollingUpdate"` || clear != want {
		t.Errorf("normalize arm %s: %+v, want \"\", \"Recreate\", \"RollingUpdate\": %+v", arm.Values, clear, want)
	}
}

// NormalizeUnions walks only the values that have old counterparts; the
// validation walks every value, with the old counterpart where there is one,
// and the path of each.
func TestWalkViews(t *testing.T) {
	model := viewsModel(t)
	view := newMethodsView(planOf(t, model, "Holder"), "Holder", model, testSymbols)
	type step struct{ in, old, path string }
	steps := func(w *walkView) (out []step) {
		for ; w != nil; w = w.Elem {
			out = append(out, step{w.In, w.Old, w.Path})
		}
		return out
	}
	normalize := map[string][]step{}
	for _, w := range view.Normalize {
		normalize[w.In] = steps(w)
	}
	wantNormalize := map[string][]step{
		"in.Strategy": {{"in.Strategy", "&old.Strategy", ""}},
		"in.Pointer":  {{"in.Pointer", "old.Pointer", ""}},
		"in.Ports":    {{"in.Ports", "old.Ports", ""}, {"in.Ports[i]", "&old.Ports[j]", ""}},
		"in.ByName":   {{"in.ByName", "old.ByName", ""}, {"v", "&old.ByName[k]", ""}},
	}
	for in, want := range wantNormalize {
		if got := normalize[in]; !slices.Equal(got, want) {
			t.Errorf("NormalizeUnions walks %s as %v, want %v", in, got, want)
		}
	}
	if len(normalize) != len(wantNormalize) {
		t.Errorf("NormalizeUnions walks %d fields, want %d (not List, whose items have no old ones)", len(normalize), len(wantNormalize))
	}
	var validate [][]step
	for _, w := range view.Validate {
		validate = append(validate, steps(w))
	}
	wantValidate := [][]step{
		{{"in.Strategy", "oldStrategy", `fldPath.Child("strategy")`}},
		{{"in.Pointer", "oldPointer", `fldPath.Child("pointer")`}},
		{{"in.List", "", `fldPath.Child("list")`}, {"in.List[i]", "", `fldPath.Child("list").Index(i)`}},
		{{"in.Ports", "oldPorts", `fldPath.Child("ports")`}, {"in.Ports[i]", "prior", `fldPath.Child("ports").Index(i)`}},
		{{"in.ByName", "oldByName", `fldPath.Child("byName")`}, {"v", "prior", `fldPath.Child("byName").Key(k)`}},
	}
	if !slices.EqualFunc(validate, wantValidate, slices.Equal) {
		t.Errorf("ValidateUnions walks\n%v\nwant\n%v", validate, wantValidate)
	}
}

// The printed methods and helpers of viewsSrc's structs compile, with stubs
// of package field and equality.Semantic.
func TestMethodsCompile(t *testing.T) {
	model := viewsModel(t)
	var out bytes.Buffer
	var used helperSet
	for _, name := range []string{"Holder", "OneOf", "Port", "Strategy"} {
		plan := planOf(t, model, name)
		view := newMethodsView(plan, name, model, stubSymbols)
		view.useHelpers(&used, plan.Description)
		for _, method := range methods {
			if err := method.Execute(&out, view); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := helpers.Execute(&out, struct {
		symbols
		helperSet
	}{stubSymbols, used}); err != nil {
		t.Fatal(err)
	}
	generated := out.String()
	var src strings.Builder
	src.WriteString("package apis\n\n")
	for _, pkg := range []string{"maps", "reflect", "slices", "strings"} {
		if strings.Contains(generated, pkg+".") {
			src.WriteString("import \"" + pkg + "\"\n")
		}
	}
	src.WriteString(fieldStubs)
	src.WriteString(strings.TrimPrefix(viewsSrc, "package apis\n"))
	src.WriteString(generated)
	formatted, err := format.Source([]byte(src.String()))
	if err != nil {
		t.Fatalf("%v\n%s", err, src.String())
	}
	typeCheck(t, string(formatted))
}

// stubSymbols names package field's symbols and equality.Semantic as
// fieldStubs declares them, and the standard library's as it is imported.
func stubSymbols(pkg, name string) string {
	switch pkg {
	case fieldPackage:
		return "field" + name
	case equalityPackage:
		return "equality" + name
	}
	return testSymbols(pkg, name)
}

// fieldStubs declares what the generated methods use of package field, with
// its signatures, and equality.Semantic.
const fieldStubs = `
type fieldPath struct{}

func (p *fieldPath) Child(name string, more ...string) *fieldPath { return p }
func (p *fieldPath) Index(index int) *fieldPath                 { return p }
func (p *fieldPath) Key(key string) *fieldPath                  { return p }

type fieldError struct{ Detail string }

func (e *fieldError) WithOrigin(origin string) *fieldError { return e }

type fieldErrorList []*fieldError

func fieldRequired(field *fieldPath, detail string) *fieldError                       { return nil }
func fieldForbidden(field *fieldPath, detail string) *fieldError                      { return nil }
func fieldInvalid(field *fieldPath, value any, detail string) *fieldError             { return nil }
func fieldNotSupported[T ~string](field *fieldPath, value any, valid []T) *fieldError { return nil }

type semantic struct{}

func (semantic) DeepEqual(a, b any) bool { return false }

var equalitySemantic semantic
`
