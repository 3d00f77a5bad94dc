package targets

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/union-gen/union-gen/pkg/generators"
	"golang.org/x/tools/go/packages"
	"k8s.io/gengo/v2"
	"k8s.io/gengo/v2/generator"
	"k8s.io/gengo/v2/parser"
)

// The menus FuzzChecks draws a package from.
var (
	fuzzFieldTypes = []string{
		"*int", "int", "string", "bool", "[]string", "map[string]string", "Kind", "*Kind", "string",
		"Inner", "*Inner", "[]Inner", "[]*Inner", "map[string]Inner", "map[int]Inner", "[2]Inner",
		"any", "struct{ X *int }", "Named", "[]Named",
	}
	fuzzTags = []string{
		"", "`json:\"f%d\"`", "`json:\"f%d,omitempty\"`", "`json:\"-\"`", "`json:\",inline\"`", "`json:\"f%d,omitzero\"`",
	}
	fuzzMarkers = []string{
		"+unionDiscriminator", "+unionMember", "+unionMember=A", "+unionMember=B,optional", "+unionMember=Z",
		"+unionDiscriminatedBy=f0", "+unionDiscriminatedBy=F1", "+optional", "+required", "+listType=map",
		"+listMapKey=name", "+listMapKey=f0", "+default=\"A\"", "+default=A", "+unionMemeber", "+enum", "+union",
	}
)

// fuzzPackage writes Go source for a package whose fields, tags and markers
// are chosen by data, and whose comments may hold text.
func fuzzPackage(data []byte, text string) string {
	next := func() int {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return int(b)
	}
	text = strings.ToValidUTF8(strings.NewReplacer("\n", " ", "\r", " ").Replace(text), "?")
	var b strings.Builder
	b.WriteString("package fuzz\n\n// +enum\ntype Kind string\n\nconst (\n\tKindA Kind = \"A\"\n\tKindB Kind = \"B\"\n")
	if next()%2 == 0 {
		b.WriteString("\tKindC = \"C\"\n")
	}
	b.WriteString(")\n\ntype Named []Inner\n\n")
	for _, name := range []string{"Outer", "Inner"} {
		if next()%3 == 0 {
			fmt.Fprintf(&b, "// %s\n// +union\n", text)
		}
		fmt.Fprintf(&b, "type %s struct {\n\tName string `json:\"name\"`\n", name)
		for i := range next() % 6 {
			for range next() % 4 {
				fmt.Fprintf(&b, "\t// %s\n", fuzzMarkers[next()%len(fuzzMarkers)])
			}
			if next()%5 == 0 {
				fmt.Fprintf(&b, "\t// %s\n", text)
			}
			typ := fuzzFieldTypes[next()%len(fuzzFieldTypes)]
			if name == "Inner" && strings.Contains(typ, "Inner") || strings.Contains(typ, "Named") && name == "Inner" {
				typ = "*Outer" // a cycle instead of an infinite struct
			}
			tag := fuzzTags[next()%len(fuzzTags)]
			if strings.Contains(tag, "%d") {
				tag = fmt.Sprintf(tag, i)
			}
			switch field := fmt.Sprintf("F%d", i); next() % 8 {
			case 0:
				fmt.Fprintf(&b, "\t%s %s\n", strings.TrimPrefix(typ, "*"), tag) // embedded
			case 1:
				fmt.Fprintf(&b, "\tf%d %s %s\n", i, typ, tag) // unexported
			default:
				fmt.Fprintf(&b, "\t%s %s %s\n", field, typ, tag)
			}
		}
		b.WriteString("}\n\n")
	}
	return b.String()
}

// FuzzChecks runs the checks and the generators on packages of random
// shapes: they never panic, every error has a position in the package, and
// whatever is accepted is generated into code that formats.
func FuzzChecks(f *testing.F) {
	f.Add([]byte{}, "")
	f.Add([]byte{0, 1, 3, 3, 0, 1, 0, 2, 1, 0, 2, 2, 2, 2, 3, 1, 7, 2, 8, 1, 2}, "+unionMember")
	f.Add([]byte{1, 0, 4, 2, 0, 3, 2, 1, 0, 2, 9, 3, 2, 11, 4, 10, 1, 2}, "note */ //")
	f.Add([]byte{2, 1, 5, 1, 12, 15, 1, 13, 2, 2, 0, 1, 14, 3, 2, 16, 5, 0, 3}, "ünï")
	dir := f.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/fuzz\n\ngo 1.26.0\n"), 0o644); err != nil {
		f.Fatal(err)
	}
	pkgDir := filepath.Join(dir, "fuzz")
	if err := os.MkdirAll(pkgDir, 0o755); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte, text string) {
		src := fuzzPackage(data, text)
		if err := os.WriteFile(filepath.Join(pkgDir, "types.go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		p := parser.NewWithOptions(parser.Options{BuildTags: []string{gengo.StdBuildTag}})
		if err := p.LoadPackagesWithConfigForTesting(&packages.Config{Dir: dir}, "./..."); err != nil {
			t.Skipf("not a Go package: %v", err)
		}
		c, err := generator.NewContext(p, generators.NameSystems(), generators.DefaultNameSystem())
		if err != nil {
			t.Fatal(err)
		}
		output := &Output{}
		targets, problems := GetTargets(c, Config{OutputFile: goldenFile, Header: goldenHeader, Output: output})
		for _, pr := range problems {
			if !pr.Pos.IsValid() || !strings.HasPrefix(pr.Pos.Filename, pkgDir) || pr.Subject == "" {
				t.Fatalf("problem without a position in the package: %q\n%s", pr, src)
			}
			if pr.Rule == "" {
				t.Fatalf("problem without a rule: %q\n%s", pr, src)
			}
		}
		if problems.HasErrors() {
			if len(targets) > 0 {
				t.Fatalf("errors but targets: %v", problems)
			}
			return
		}
		out := t.TempDir()
		for _, target := range targets {
			target.(*generator.SimpleTarget).PkgDir = out
		}
		if err := c.ExecuteTargets(targets); err != nil {
			t.Fatalf("accepted, but not generated: %v\n%s", err, src)
		}
		if err := output.Commit(); err != nil {
			t.Fatal(err)
		}
	})
}
