package corpora

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/union-gen/union-gen/internal/testsupport/modcopy"
	"github.com/union-gen/union-gen/pkg/markers"
	"github.com/union-gen/union-gen/pkg/unions"
)

// validationGenReadOnly are the packages outside k8s.io/api whose types
// validation-gen reads without generating for them, as Kubernetes runs it.
var validationGenReadOnly = []string{
	"k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/apimachinery/pkg/types", "k8s.io/apimachinery/pkg/api/resource",
	"k8s.io/apimachinery/pkg/util/intstr", "k8s.io/apimachinery/pkg/runtime", "time",
}

// diffResult is what the driver reports for one union type.
type diffResult struct {
	Type    string
	Objects int
	// Cases are creates and updates; Agree have the same verdict. Ratchet
	// are the disagreements in which the peer ratchets an unchanged
	// invalid union; Other the rest, which must be none.
	Cases, Agree, Ratchet, Other int
	// Example is the first disagreement that no rule explains.
	Example string
}

// runDifferential compares, for every union of k8s.io/api
// written with validation-gen's markers, the verdict of union-gen's
// generated ValidateUnions with that of the validation code validation-gen
// v0.37.2 generates from the same, unchanged, types, on every combination of
// members set, created and updated. Only the union's own errors count (those
// at the struct's path, with validation-gen's union origins): the peer also
// validates every other field. Each disagreement must be the peer's
// ratcheting of an unchanged invalid union (docs/peers.md). api is
// runCorpus's copy of k8s.io/api, in which union-gen has generated its code.
// It returns the report's section.
func runDifferential(t *testing.T, unionGen string, api corpusCopy) string {
	work := t.TempDir()
	validationGen := filepath.Join(work, "validation-gen")
	modcopy.Go(t, ".", "build", "-o", validationGen, "k8s.io/code-generator/cmd/validation-gen")

	types := validationGenUnions(api.model)
	if len(types) == 0 {
		t.Fatal("k8s.io/api has no union of validation-gen")
	}
	var pkgs []string
	for _, typ := range types {
		pkgs = append(pkgs, typ.pkg)
	}
	pkgs = slices.Compact(pkgs)

	// The peer's module: one package per input package, into which
	// validation-gen writes the validation of its types.
	peer := filepath.Join(work, "peer")
	// It needs what k8s.io/api needs, which k8s.io/api's go.mod and go.sum
	// pin, so that no checksum database is asked.
	mod, err := os.ReadFile(filepath.Join(api.dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(api.dir, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(peer, "go.mod"), strings.Replace(string(mod), "module k8s.io/api", "module example.com/peer", 1)+
		"\nrequire k8s.io/api v0.37.2\n\nreplace k8s.io/api => "+api.dir+"\n")
	writeFile(t, filepath.Join(peer, "go.sum"), string(sum))
	args := []string{"--output-file", "zz_generated.validations.go"}
	for _, ro := range validationGenReadOnly {
		args = append(args, "--readonly-pkg", ro)
	}
	for _, pkg := range pkgs {
		// Only the union types, and the types they reach, are generated: the
		// other types of k8s.io/api reach hand-written validation that
		// Kubernetes keeps elsewhere.
		var doc strings.Builder
		for _, typ := range types {
			if typ.pkg == pkg {
				fmt.Fprintf(&doc, "// +k8s:validation-gen=TypesWithSuffix=%s\n", typ.name)
			}
		}
		rel := strings.TrimPrefix(pkg, "k8s.io/api/")
		fmt.Fprintf(&doc, "// +k8s:validation-gen-input=%s\n// +k8s:validation-gen-scheme-registry=nil\npackage %s\n", pkg, path.Base(pkg))
		writeFile(t, filepath.Join(peer, rel, "doc.go"), doc.String())
		args = append(args, "./"+rel)
	}
	gen := exec.Command(validationGen, args...)
	gen.Dir = peer
	if out, err := gen.CombinedOutput(); err != nil {
		t.Fatalf("validation-gen: %v\n%s", err, out)
	}

	writeFile(t, filepath.Join(peer, "diff_test.go"), driver(types))
	got := runDriver(t, peer)
	for _, r := range got {
		if r.Other != 0 {
			t.Errorf("%s: %d disagreements that no rule explains, e.g. %s", r.Type, r.Other, r.Example)
		}
	}

	// With validation-gen's ratcheting, union-gen's verdicts are the peer's.
	run(t, api.dir, unionGen, append([]string{"--ratcheting=membership"}, pkgs...)...)
	ratcheting := runDriver(t, peer)
	for _, r := range ratcheting {
		if r.Ratchet+r.Other != 0 {
			t.Errorf("%s with --ratcheting=membership: %d disagreements, e.g. %s", r.Type, r.Ratchet+r.Other, r.Example)
		}
	}
	return diffSection(got, ratcheting)
}

// runDriver runs the driver in the peer's module and returns its results.
func runDriver(t *testing.T, peer string) []diffResult {
	results := filepath.Join(t.TempDir(), "results.json")
	test := exec.Command("go", "test", "-count=1", ".")
	test.Dir = peer
	test.Env = append(os.Environ(), "DIFF_RESULTS="+results)
	if out, err := test.CombinedOutput(); err != nil {
		t.Fatalf("go test in the peer's module: %v\n%s", err, out)
	}
	data, err := os.ReadFile(results)
	if err != nil {
		t.Fatal(err)
	}
	var got []diffResult
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	return got
}

// unionType is a type with unions of validation-gen's markers, its package,
// and the Go names of their members.
type unionType struct {
	pkg, name string
	members   []string
}

// validationGenUnions returns the types of k8s.io/api's model with a union
// of validation-gen's markers.
func validationGenUnions(model *unions.Model) []unionType {
	var types []unionType
	for name, plan := range model.Plans {
		ut := unionType{pkg: name.Package, name: name.Name}
		for _, u := range plan.Unions {
			if u.Dialect != markers.DialectValidationGen {
				continue
			}
			for _, m := range u.Members {
				ut.members = append(ut.members, m.GoName)
			}
		}
		if ut.members != nil {
			types = append(types, ut)
		}
	}
	slices.SortFunc(types, func(a, b unionType) int { return strings.Compare(a.pkg+"."+a.name, b.pkg+"."+b.name) })
	return types
}

// driver writes the peer module's test: for each type, every object with a
// subset of its union members set, validated by both sides.
func driver(types []unionType) string {
	var imports, table strings.Builder
	for i, typ := range types {
		pkg, name := typ.pkg, typ.name
		fmt.Fprintf(&imports, "\tapi%d %q\n\tpeer%d %q\n", i, pkg, i, "example.com/peer/"+strings.TrimPrefix(pkg, "k8s.io/api/"))
		fmt.Fprintf(&table, "\t{%q, &api%d.%s{}, peer%d.Validate_%s, %#v},\n", strings.TrimPrefix(pkg, "k8s.io/api/")+"."+name, i, name, i, name, typ.members)
	}
	return strings.Replace(strings.Replace(driverSource, "IMPORTS\n", imports.String(), 1), "TABLE\n", table.String(), 1)
}

const driverSource = `package peer

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

IMPORTS
)

// unionTypes are the types with a union of validation-gen: a zero value and
// validation-gen's validation function.
var unionTypes = []struct {
	name     string
	zero     any
	validate any
	members  []string
}{
TABLE
}

type result struct {
	Type                                  string
	Objects, Cases, Agree, Ratchet, Other int
	Example                               string
}

var root = field.NewPath("spec")

// set gives a field a value other than its zero one, if it can.
func set(f reflect.Value) bool {
	if !f.CanSet() {
		return false
	}
	switch f.Kind() {
	case reflect.Pointer:
		f.Set(reflect.New(f.Type().Elem()))
	case reflect.Slice:
		f.Set(reflect.MakeSlice(f.Type(), 1, 1))
	case reflect.Map:
		m := reflect.MakeMap(f.Type())
		m.SetMapIndex(reflect.Zero(f.Type().Key()), reflect.Zero(f.Type().Elem()))
		f.Set(m)
	case reflect.String:
		f.SetString("x")
	case reflect.Bool:
		f.SetBool(true)
	case reflect.Int, reflect.Int32, reflect.Int64:
		f.SetInt(1)
	default:
		return false
	}
	return true
}

// unionErrors keeps the errors of the union of the struct itself: at its
// path, and for the peer, with the origins of validation-gen's unions.
func unionErrors(errs field.ErrorList, peer bool) field.ErrorList {
	var out field.ErrorList
	for _, e := range errs {
		if e.Field != root.String() {
			continue
		}
		if peer && e.Origin != "union" && e.Origin != "zeroOrOneOf" {
			continue
		}
		out = append(out, e)
	}
	return out
}

func TestDifferential(t *testing.T) {
	var results []result
	for _, ut := range unionTypes {
		typ := reflect.TypeOf(ut.zero)
		validate := reflect.ValueOf(ut.validate)
		verdicts := func(obj, old reflect.Value) (bool, bool) {
			op := operation.Operation{Type: operation.Create}
			if !old.IsValid() {
				old = reflect.Zero(typ)
			} else {
				op.Type = operation.Update
			}
			ug := obj.MethodByName("ValidateUnions").Call([]reflect.Value{old, reflect.ValueOf(root)})[0].Interface().(field.ErrorList)
			pe := validate.Call([]reflect.Value{reflect.ValueOf(context.Background()), reflect.ValueOf(op), reflect.ValueOf(root), obj, old})[0].Interface().(field.ErrorList)
			return len(unionErrors(ug, false)) == 0, len(unionErrors(pe, true)) == 0
		}
		ms := ut.members
		objects := make([]reflect.Value, 1<<len(ms))
		for s := range objects {
			objects[s] = reflect.New(typ.Elem())
			for i, m := range ms {
				if s&(1<<i) != 0 {
					if !set(objects[s].Elem().FieldByName(m)) {
						t.Fatalf("%s: cannot set member %s", ut.name, m)
					}
				}
			}
		}
		r := result{Type: ut.name, Objects: len(objects)}
		check := func(n, o int) {
			old := reflect.Value{}
			if o >= 0 {
				old = objects[o]
			}
			ug, pe := verdicts(objects[n], old)
			r.Cases++
			switch {
			case ug == pe:
				r.Agree++
			case n == o && !ug && pe:
				r.Ratchet++
			default:
				r.Other++
				if r.Example == "" {
					r.Example = fmt.Sprintf("new members %b, old %b: union-gen valid=%v, validation-gen valid=%v", n, o, ug, pe)
				}
			}
		}
		for n := range objects {
			check(n, -1)
			for o := range objects {
				check(n, o)
			}
		}
		results = append(results, r)
	}
	data, err := json.Marshal(results)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(strings.TrimSpace(os.Getenv("DIFF_RESULTS")), data, 0o644); err != nil {
		t.Fatal(err)
	}
}
`

// diffSection writes the results as the report's section.
func diffSection(results, ratcheting []diffResult) string {
	var b strings.Builder
	b.WriteString("\n## validation-gen v0.37.2 on the unions of k8s.io/api\n\n")
	b.WriteString("corpora/differential_test.go runs validation-gen v0.37.2 on the packages of k8s.io/api\n" +
		"v0.37.2 that have unions of its markers, in a temporary module, and compares the\n" +
		"verdict of its generated validation (the errors of the union at the struct's path) with\n" +
		"union-gen's `ValidateUnions` on every combination of members set, as a create and as\n" +
		"an update from every other combination. Every difference is validation-gen's\n" +
		"ratcheting of an unchanged invalid union (docs/peers.md, \"Ratcheting of an unchanged\n" +
		"invalid union\"); the test fails on any other.\n\n")
	b.WriteString("| type | objects | cases | agree | ratcheted by validation-gen |\n|---|---|---|---|---|\n")
	total := diffResult{}
	for _, r := range results {
		fmt.Fprintf(&b, "| `%s` | %d | %d | %d | %d |\n", r.Type, r.Objects, r.Cases, r.Agree, r.Ratchet)
		total.Cases += r.Cases
		total.Agree += r.Agree
		total.Ratchet += r.Ratchet
	}
	fmt.Fprintf(&b, "\n%d types, %d cases: %d agree, %d ratcheted.\n", len(results), total.Cases, total.Agree, total.Ratchet)
	agree := 0
	for _, r := range ratcheting {
		agree += r.Agree
	}
	fmt.Fprintf(&b, "\nWith `--ratcheting=membership` (validation-gen's ratcheting), %d of the %d cases agree.\n", agree, total.Cases)
	return b.String()
}

func writeFile(t *testing.T, name, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
