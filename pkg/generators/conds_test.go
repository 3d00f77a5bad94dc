package generators

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path"
	"strings"
	"testing"

	u "github.com/union-gen/union-gen/pkg/unionspec"
)

// testSymbols names other packages' symbols by the last element of their
// paths, as a file that imports them under their names prints them.
func testSymbols(pkg, name string) string { return path.Base(pkg) + "." + name }

// condsUnion is a union of the struct condsStruct of condsPreamble: a
// pointer, a string and a struct member, and a ratcheting rule.
func condsUnion() *goUnion {
	spec := &u.Union{Discriminator: "type", Values: []string{"A", "B", "C"}, Selecting: []string{"", "A", "B", "C"},
		Members: []*u.Member{{Name: "a", Presence: u.PresenceNonNil}, {Name: "b", Presence: u.PresenceString}, {Name: "c", Presence: u.PresenceNonZero}},
		Kept:    u.And(u.DiscUnchanged(), u.Equal("a"), u.Equal("b"))}
	return &goUnion{Union: spec, discField: "Type", fields: map[string]string{"a": "A", "b": "B", "c": "C"}}
}

// The Go of each kind of condition, alone and negated, where old may be nil
// and where it is known not to be, and where the discriminator's value is
// known to be among some.
func TestPrintConds(t *testing.T) {
	const count = `unionsCount(in.A != nil, in.B != "", !reflect.ValueOf(&in.C).Elem().IsZero())`
	tests := []struct {
		cond             *u.Cond
		negated, oldKnow bool
		known            []string
		want             string
	}{
		{cond: u.DiscIn("A"), want: `in.Type == "A"`},
		{cond: u.DiscIn("A"), negated: true, want: `in.Type != "A"`},
		{cond: u.DiscIn("A", "B"), want: `(in.Type == "A" || in.Type == "B")`},
		{cond: u.DiscIn("A", "B"), negated: true, want: `(in.Type != "A" && in.Type != "B")`},
		{cond: u.DiscIn(), want: `false`},
		// Where the value is known to be A, B or C, the fewer values are tested.
		{cond: u.DiscIn("A", "B"), known: []string{"A", "B", "C"}, want: `in.Type != "C"`},
		{cond: u.DiscIn("A"), known: []string{"A"}, want: `true`},
		{cond: u.Set("a"), want: `in.A != nil`},
		{cond: u.Set("b"), negated: true, want: `in.B == ""`},
		{cond: u.Set("c"), want: `!reflect.ValueOf(&in.C).Elem().IsZero()`},
		{cond: u.Not(u.Set("c")), want: `reflect.ValueOf(&in.C).Elem().IsZero()`},
		{cond: u.Update(), want: `old != nil`},
		{cond: u.Update(), negated: true, want: `old == nil`},
		{cond: u.OldSet("a"), want: `(old != nil && old.A != nil)`},
		{cond: u.OldSet("a"), oldKnow: true, want: `old.A != nil`},
		{cond: u.OldSet("b"), negated: true, want: `(old == nil || old.B == "")`},
		{cond: u.DiscUnchanged(), want: `(old != nil && old.Type == in.Type)`},
		{cond: u.DiscUnchanged(), negated: true, want: `(old == nil || old.Type != in.Type)`},
		{cond: u.SameSet("a"), oldKnow: true, want: `((in.A != nil) == (old.A != nil))`},
		{cond: u.Equal("b"), oldKnow: true, want: `(in.B == old.B)`},
		{cond: u.Equal("a"), oldKnow: true, want: `equality.Semantic.DeepEqual(in.A, old.A)`},
		{cond: u.Equal("a"), negated: true, oldKnow: true, want: `!equality.Semantic.DeepEqual(in.A, old.A)`},
		{cond: u.Kept(), want: `(old != nil && ((old.Type == in.Type && equality.Semantic.DeepEqual(in.A, old.A) && (in.B == old.B))))`},
		{cond: u.NoneSet(), want: count + ` == 0`},
		{cond: u.SeveralSet(), want: count + ` > 1`},
		{cond: u.SeveralSet(), negated: true, want: count + ` <= 1`},
		// None or several set is one count.
		{cond: u.Or(u.NoneSet(), u.SeveralSet()), want: count + ` != 1`},
		{cond: u.And(u.Set("a"), u.Not(u.Update())), want: `(in.A != nil && old == nil)`},
	}
	var printed []boolExpr
	for _, tt := range tests {
		p := (&goPrinter{u: condsUnion(), sym: testSymbols}).at(&arm{Values: tt.known, unnamed: tt.known == nil}, tt.oldKnow)
		got := p.print(tt.cond, tt.negated)
		if got != tt.want {
			t.Errorf("print(%s, negated %v, old known %v, known %q):\n got %s\nwant %s", jsonOf(tt.cond), tt.negated, tt.oldKnow, tt.known, got, tt.want)
		}
		printed = append(printed, boolExpr{"condsStruct", got})
	}
	compileBools(t, printed)
}

// A pointer discriminator reads "" when nil; a bool one is tested bare.
func TestPrintDiscriminators(t *testing.T) {
	pointer := condsUnion()
	pointer.discPointer = true
	boolean := &goUnion{Union: &u.Union{Discriminator: "on", Boolean: true, Values: []string{"false", "true"}, Selecting: []string{"false", "true"}},
		discField: "On"}
	tests := []struct {
		u       *goUnion
		goType  string
		cond    *u.Cond
		negated bool
		want    string
	}{
		{pointer, "pointerStruct", u.DiscIn("A"), false, `unionsDeref(in.Type) == "A"`},
		{pointer, "pointerStruct", u.DiscUnchanged(), false, `(old != nil && unionsDeref(old.Type) == unionsDeref(in.Type))`},
		{boolean, "boolStruct", u.DiscIn("true"), false, `in.On`},
		{boolean, "boolStruct", u.DiscIn("true"), true, `!in.On`},
		{boolean, "boolStruct", u.DiscIn("false"), false, `!in.On`},
		{boolean, "boolStruct", u.DiscIn("false", "true"), false, `true`},
		{boolean, "boolStruct", u.DiscUnchanged(), true, `(old == nil || old.On != in.On)`},
	}
	var printed []boolExpr
	for _, tt := range tests {
		p := &goPrinter{u: tt.u, sym: testSymbols}
		got := p.at(otherArm, false).print(tt.cond, tt.negated)
		if got != tt.want {
			t.Errorf("print(%s, negated %v) = %s, want %s", jsonOf(tt.cond), tt.negated, got, tt.want)
		}
		printed = append(printed, boolExpr{tt.goType, got})
	}
	compileBools(t, printed)
}

func jsonOf(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return err.Error()
	}
	return string(data)
}

// condsPreamble declares what the printed conditions read: the objects in
// and old, the helpers of the generated file, and the packages they name.
const condsPreamble = `package p

import "reflect"

var _ = reflect.ValueOf

type condsStruct struct {
	Type string
	A    *int
	B    string
	C    struct{ X []int }
}

type pointerStruct struct {
	Type *string
}

type boolStruct struct {
	On bool
}

type semantic struct{}

func (semantic) DeepEqual(a, b any) bool { return false }

var equality = struct{ Semantic semantic }{}

func unionsCount(set ...bool) int { return len(set) }

func unionsDeref[T any](p *T) T {
	var zero T
	return zero
}
`

// boolExpr is a printed condition over in and old, pointers to goType.
type boolExpr struct{ goType, expr string }

// compileBools type-checks each of exprs as a bool, with the declarations of
// condsPreamble: the printed Go compiles, with its operators' precedence.
func compileBools(t *testing.T, exprs []boolExpr) {
	t.Helper()
	var src strings.Builder
	src.WriteString(condsPreamble)
	for i, e := range exprs {
		fmt.Fprintf(&src, "\nfunc f%d(in, old *%s) bool {\n\treturn %s\n}\n", i, e.goType, e.expr)
	}
	typeCheck(t, src.String())
}

// typeCheck type-checks the Go file src, importing the standard library.
func typeCheck(t *testing.T, src string) {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("p", fset, []*ast.File{file}, nil); err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
}
