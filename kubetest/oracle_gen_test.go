package kubetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	goparser "go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	gengotypes "k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/internal/testsupport/modcopy"
	"github.com/union-gen/union-gen/internal/testsupport/uniongen"
	"github.com/union-gen/union-gen/pkg/builtin"
	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unions"
	"github.com/union-gen/union-gen/test/unionmodel"
)

// The union-gen side of the oracle: k8s.io/api, copied out of the module
// cache with union-gen's methods generated in it, its union model, and a
// driver that runs the generated ValidateUnions on the objects of the
// cases.

// generatedAPI is the copy of k8s.io/api and what the oracle needs of it.
type generatedAPI struct {
	dir   string
	model *unions.Model
	// warnings are union-gen's on k8s.io/api.
	warnings report.Problems
	// driver runs ValidateUnions on the cases of a file (runDriver).
	driver string
}

// generateAPI copies k8s.io/api, at kubetest's version, into work, runs
// union-gen on all its packages, as a user would, builds its union model,
// and builds the driver of the kinds given, by "group/version/Kind".
func generateAPI(t *testing.T, work string, kinds []kindRef) *generatedAPI {
	t.Helper()
	from, _ := modcopy.Download(t, "k8s.io/api")
	api := &generatedAPI{dir: filepath.Join(work, "api")}
	modcopy.Copy(t, from, api.dir, modcopy.GoFiles)
	markDescribed(t, api.dir)

	cmd := exec.Command(uniongen.Binary(t), "./...")
	cmd.Dir = api.dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("union-gen on k8s.io/api: %v\n%s", err, out)
	}
	api.model, _, api.warnings = unionmodel.Of(t, api.dir, "./...")
	api.driver = buildDriver(t, work, api.dir, kinds)
	return api
}

// markDescribed writes into the copy of k8s.io/api the markers of the
// unions that pkg/builtin describes and k8s.io/api does not mark, above
// their fields, so that union-gen reads them as its --builtin-policy run
// does and the oracle holds them to the API server with the others.
func markDescribed(t *testing.T, apiDir string) {
	t.Helper()
	description, err := builtin.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range description.Unions {
		name := gengotypes.ParseFullyQualifiedName(u.Type)
		dir := filepath.Join(apiDir, strings.TrimPrefix(name.Package, "k8s.io/api/"))
		insertFieldMarkers(t, dir, name.Name, u.Markers())
	}
}

// insertFieldMarkers inserts a comment line above each field of the struct
// typeName of the package in dir: markers by field name.
func insertFieldMarkers(t *testing.T, dir, typeName string, markers map[string]string) {
	t.Helper()
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		f, err := goparser.ParseFile(fset, file, nil, goparser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		st := findStruct(f, typeName)
		if st == nil {
			continue
		}
		above := map[int]string{} // line of a field to its marker
		for _, field := range st.Fields.List {
			for _, n := range field.Names {
				if marker, ok := markers[n.Name]; ok {
					above[fset.Position(field.Pos()).Line] = marker
				}
			}
		}
		if len(above) != len(markers) {
			t.Fatalf("%s.%s lacks some of the fields %v", dir, typeName, markers)
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for i, line := range strings.Split(string(data), "\n") {
			if marker, ok := above[i+1]; ok {
				out = append(out, "\t// "+marker)
			}
			out = append(out, line)
		}
		writeFile(t, file, strings.Join(out, "\n"))
		return
	}
	t.Fatalf("no struct %s in %s", typeName, dir)
}

// findStruct is the struct type declared as name in f, or nil.
func findStruct(f *ast.File, name string) *ast.StructType {
	for _, decl := range f.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, spec := range gen.Specs {
			if ts, ok := spec.(*ast.TypeSpec); ok && ts.Name.Name == name {
				st, _ := ts.Type.(*ast.StructType)
				return st
			}
		}
	}
	return nil
}

// kindRef is a kind the driver decodes: its Go package, relative to
// k8s.io/api, and type.
type kindRef struct {
	pkg, kind string
}

func (k kindRef) String() string { return k.pkg + "." + k.kind }

// buildDriver writes and builds, in a module of its own beside the copy of
// k8s.io/api, the driver: it reads the cases of a JSON file, runs the
// generated ValidateUnions of each (old and new objects of a kind), and
// writes the errors. Its module is kubetest's, with k8s.io/api replaced by
// the copy: it requires every module at kubetest's version, which
// kubetest's go.sum pins, so that no checksum database is asked and only
// the copy's packages are compiled anew.
func buildDriver(t *testing.T, work, apiDir string, kinds []kindRef) string {
	t.Helper()
	dir := filepath.Join(work, "driver")
	kubetestModule(t, dir,
		"module github.com/union-gen/union-gen/kubetest", "module example.com/oracle",
		"k8s.io/api => k8s.io/api v0.37.2", "k8s.io/api => "+apiDir)
	var imports, table strings.Builder
	pkgs := map[string]string{}
	for _, k := range kinds {
		alias, ok := pkgs[k.pkg]
		if !ok {
			alias = fmt.Sprintf("api%d", len(pkgs))
			pkgs[k.pkg] = alias
			fmt.Fprintf(&imports, "\t%s %q\n", alias, "k8s.io/api/"+k.pkg)
		}
		fmt.Fprintf(&table, "\t%q: validate[%s.%s],\n", k.String(), alias, k.kind)
	}
	source := strings.Replace(strings.Replace(driverSource, "IMPORTS\n", imports.String(), 1), "TABLE\n", table.String(), 1)
	writeFile(t, filepath.Join(dir, "main.go"), source)
	binary := filepath.Join(work, "oracle-driver")
	modcopy.Go(t, dir, "build", "-o", binary, ".")
	return binary
}

// driverSource is the driver's main package.
const driverSource = `package main

import (
	"encoding/json"
	"fmt"
	"os"

	"k8s.io/apimachinery/pkg/util/validation/field"
	utiljson "k8s.io/apimachinery/pkg/util/json"

IMPORTS
)

type object[T any] interface {
	*T
	ValidateUnions(old *T, fldPath *field.Path) field.ErrorList
}

// validate decodes new and old (null on create) as the kind T and returns
// the errors of the generated ValidateUnions, with the object's root path.
func validate[T any, P object[T]](newJSON, oldJSON json.RawMessage) (field.ErrorList, error) {
	in := P(new(T))
	if err := utiljson.Unmarshal(newJSON, in); err != nil {
		return nil, err
	}
	var old P
	if string(oldJSON) != "null" && len(oldJSON) > 0 {
		old = P(new(T))
		if err := utiljson.Unmarshal(oldJSON, old); err != nil {
			return nil, err
		}
	}
	return in.ValidateUnions((*T)(old), nil), nil
}

var kinds = map[string]func(newJSON, oldJSON json.RawMessage) (field.ErrorList, error){
TABLE
}

type request struct {
	Kind string
	New, Old json.RawMessage
}

type fieldError struct {
	Type, Field, Detail string
}

func main() {
	var requests []request
	if err := json.NewDecoder(os.Stdin).Decode(&requests); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	results := make([][]fieldError, len(requests))
	for i, r := range requests {
		errs, err := kinds[r.Kind](r.New, r.Old)
		if err != nil {
			fmt.Fprintf(os.Stderr, "case %d (%s): %v\n", i, r.Kind, err)
			os.Exit(1)
		}
		results[i] = []fieldError{}
		for _, e := range errs {
			results[i] = append(results[i], fieldError{Type: string(e.Type), Field: e.Field, Detail: e.ErrorBody()})
		}
	}
	if err := json.NewEncoder(os.Stdout).Encode(results); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
`

// driverRequest is a case as the driver reads it: the kind, the new object
// and the old one, nil on create.
type driverRequest struct {
	Kind     string
	New, Old json.RawMessage
}

// fieldError is an error, of the driver or of the API server: its type (as
// field.ErrorType writes it) and field path.
type fieldError struct {
	Type, Field, Detail string
}

// runDriver runs ValidateUnions on every request, in one run of the driver.
func runDriver(t *testing.T, driver string, requests []driverRequest) [][]fieldError {
	t.Helper()
	in, err := json.Marshal(requests)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(driver)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the oracle's driver: %v\n%s", err, stderr.String())
	}
	var results [][]fieldError
	if err := json.Unmarshal(out, &results); err != nil {
		t.Fatal(err)
	}
	if len(results) != len(requests) {
		t.Fatalf("the driver answered %d of %d cases", len(results), len(requests))
	}
	return results
}

// kubetestModule writes into dir kubetest's go.mod, with its relative
// replacements made absolute and each pair of changes (old, new) made, and
// kubetest's go.sum; it returns the go.mod's path. A module built from them
// requires every module at kubetest's version, which go.sum pins, so that
// no checksum database is asked and only what the changes replace is
// compiled anew. A change that finds nothing to change fails t.
func kubetestModule(t *testing.T, dir string, changes ...string) string {
	t.Helper()
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile("go.sum")
	if err != nil {
		t.Fatal(err)
	}
	here, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(string(mod), "=> ../", "=> "+filepath.Dir(here)+"/")
	for i := 0; i+1 < len(changes); i += 2 {
		if !strings.Contains(text, changes[i]) {
			t.Fatalf("kubetest's go.mod has no %q to change", changes[i])
		}
		text = strings.Replace(text, changes[i], changes[i+1], 1)
	}
	writeFile(t, filepath.Join(dir, "go.mod"), text)
	writeFile(t, filepath.Join(dir, "go.sum"), string(sum))
	return filepath.Join(dir, "go.mod")
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// sortedKinds are the kinds of the cases, sorted, each once.
func sortedKinds(kinds []kindRef) []kindRef {
	slices.SortFunc(kinds, func(a, b kindRef) int { return strings.Compare(a.String(), b.String()) })
	return slices.Compact(kinds)
}
