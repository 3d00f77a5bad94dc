package targets

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/union-gen/union-gen/internal/testsupport/usermodule"
	"github.com/union-gen/union-gen/pkg/generators"
	"k8s.io/gengo/v2"
	"k8s.io/gengo/v2/generator"
)

// orderDecls are the declarations of a package with unions, each with its
// comments. The output is in type-name order, and within a type in field
// order, so the order of declarations and files must not matter.
var orderDecls = []string{
	"// Kind selects.\n// +enum\ntype Kind string",
	"const (\n\tKindA Kind = \"A\"\n\tKindB Kind = \"B\"\n)",
	"// Mode selects.\n// +enum\ntype Mode string",
	"const ModeX Mode = \"X\"\n\nconst ModeY Mode = \"Y\"",
	"type Leaf struct {\n\t// +unionDiscriminator\n\tKind Kind `json:\"kind\"`\n\t// +unionMember\n\t// +unionDiscriminatedBy=Kind\n\t// +optional\n\tA *string `json:\"a,omitempty\"`\n\t// +unionMember\n\t// +unionDiscriminatedBy=kind\n\t// +optional\n\tB []string `json:\"b,omitempty\"`\n\n\t// +unionDiscriminator\n\t// +optional\n\tMode Mode `json:\"mode,omitempty\"`\n\t// +unionMember\n\t// +unionDiscriminatedBy=mode\n\t// +optional\n\tX map[string]string `json:\"x,omitempty\"`\n}",
	"type Holder struct {\n\tLeaf `json:\",inline\"`\n\tByName map[string]Leaf `json:\"byName,omitempty\"`\n\t// +listType=map\n\t// +listMapKey=name\n\tItems []Item `json:\"items,omitempty\"`\n}",
	"type Item struct {\n\tName string `json:\"name\"`\n\tLeaf *Leaf `json:\"leaf,omitempty\"`\n}",
	"type Zeta struct {\n\tHolders []Holder `json:\"holders\"`\n}",
}

// generateModule writes a module whose package "apis" holds the given files,
// runs the generator there with an OpenAPI output package, and returns the
// generated files by name.
func generateModule(t *testing.T, files map[string]string) map[string][]byte {
	dir := t.TempDir()
	goMod, goSum := usermodule.Files(t, repositoryRoot, "example.com/order")
	writeTestFile(t, filepath.Join(dir, "go.mod"), goMod)
	writeTestFile(t, filepath.Join(dir, "go.sum"), goSum)
	for name, content := range files {
		writeTestFile(t, filepath.Join(dir, "apis", name), content)
	}
	t.Chdir(dir)
	output := &Output{}
	getTargets := func(c *generator.Context) []generator.Target {
		targets, problems := GetTargets(c, Config{
			OutputFile:     goldenFile,
			Header:         goldenHeader,
			OpenAPIPackage: "example.com/order/openapi",
			OpenAPIFile:    goldenOpenAPIFile,
			Output:         output,
		})
		if len(problems) > 0 {
			t.Fatalf("unexpected problems:\n%v", problems)
		}
		return targets
	}
	if err := gengo.Execute(generators.NameSystems(), generators.DefaultNameSystem(), getTargets, gengo.StdBuildTag, []string{"./..."}); err != nil {
		t.Fatal(err)
	}
	if err := output.Commit(); err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, name := range []string{"apis/" + goldenFile, "openapi/" + goldenOpenAPIFile} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		out[name] = b
	}
	return out
}

func writeTestFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestOutputDoesNotDependOnDeclarationOrder(t *testing.T) {
	const header = "package apis\n\n"
	inOrder := generateModule(t, map[string]string{"types.go": header + strings.Join(orderDecls, "\n\n") + "\n"})

	reversed := slices.Clone(orderDecls)
	slices.Reverse(reversed)
	var first, second []string
	for i, decl := range reversed {
		if i%2 == 0 {
			first = append(first, decl)
		} else {
			second = append(second, decl)
		}
	}
	shuffled := generateModule(t, map[string]string{
		"b.go": header + strings.Join(first, "\n\n") + "\n",
		"a.go": header + strings.Join(second, "\n\n") + "\n",
	})

	for name, want := range inOrder {
		if !bytes.Equal(shuffled[name], want) {
			t.Errorf("%s differs when the declarations are reversed and split across files", name)
		}
	}
}

// repositoryRoot is where union-gen's go.mod is: read before a test changes
// the working directory.
var repositoryRoot, _ = filepath.Abs("../..")
