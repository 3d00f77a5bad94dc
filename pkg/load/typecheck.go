package load

import (
	"go/token"
	gotypes "go/types"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
	"k8s.io/gengo/v2/types"
)

// Checked is what the Go type checker tells of the input packages that gengo
// does not.
type Checked struct {
	// TypeErrors are the packages' type errors: gengo keeps them to itself,
	// and its generators go on regardless.
	TypeErrors []TypeError
	// TypeArgs are, by struct and field name, the named types that a
	// field's type holds as type arguments of generic types: gengo gives
	// every instance of a generic type the fields of the generic type.
	TypeArgs map[types.Name]map[string][]types.Name
}

// NeedsTypeCheck reports whether the input packages need TypeCheck: a
// declaration of theirs does not compile (a type, constant, variable or
// function signature holds a type that go/types could not type, or a
// constant has no value), or a type holds an instance of a generic type. Errors only in function bodies
// are not seen, and need not be: they change no declaration that union-gen
// reads, and go build reports them.
func NeedsTypeCheck(universe types.Universe, inputs []string) bool {
	for _, path := range inputs {
		pkg := universe.Package(path)
		for _, t := range pkg.Types {
			if Invalid(t) {
				return true
			}
			for _, m := range t.Methods {
				if invalidSignature(m) {
					return true
				}
			}
			for _, m := range t.Members {
				if Invalid(m.Type) || Holds(m.Type, isInstance, map[*types.Type]bool{}) {
					return true
				}
			}
		}
		for _, c := range pkg.Constants {
			// gengo writes an unknown value, as of a constant whose
			// declaration does not compile, as "unknown".
			if Invalid(c.Underlying) || c.ConstValue != nil && *c.ConstValue == "unknown" {
				return true
			}
		}
		for _, v := range pkg.Variables {
			if Invalid(v.Underlying) {
				return true
			}
		}
		for _, f := range pkg.Functions {
			if invalidSignature(f.Underlying) {
				return true
			}
		}
	}
	return false
}

// invalidSignature reports whether a parameter or result of function type f
// holds a type that go/types could not type.
func invalidSignature(f *types.Type) bool {
	if f == nil || f.Signature == nil {
		return false
	}
	for _, p := range append(slices.Clone(f.Signature.Parameters), f.Signature.Results...) {
		if Invalid(p.Type) {
			return true
		}
	}
	return false
}

// isInstance reports whether t is an instance of a generic type, which gengo
// names with its type arguments (and not "[]T" or "map[K]V", which it names
// with brackets too).
func isInstance(t *types.Type) bool {
	return t.Name.Package != "" && strings.Contains(t.Name.Name, "[")
}

// TypeCheck type-checks the packages of patterns as go build does. Type errors
// in files named outputFile, which the run replaces, are left out. Packages
// that cannot be loaded at all are left to gengo, which fails on them.
func TypeCheck(patterns []string, outputFile string) (Checked, error) {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return Checked{}, err
	}
	out := Checked{TypeArgs: map[types.Name]map[string][]types.Name{}}
	for _, pkg := range pkgs {
		for _, e := range pkg.Errors {
			if e.Kind != packages.TypeError {
				continue
			}
			pos := errorPos(e.Pos)
			if filepath.Base(pos.Filename) == outputFile {
				continue
			}
			out.TypeErrors = append(out.TypeErrors, TypeError{Pos: pos, Message: e.Msg})
		}
		if pkg.Types != nil {
			typeArgs(pkg.Types, out.TypeArgs)
		}
	}
	return out, nil
}

// typeArgs records the type arguments of the fields of pkg's structs.
func typeArgs(pkg *gotypes.Package, out map[types.Name]map[string][]types.Name) {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*gotypes.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		st, ok := tn.Type().Underlying().(*gotypes.Struct)
		if !ok {
			continue
		}
		for f := range st.Fields() {
			var args []types.Name
			collectTypeArgs(f.Type(), false, &args, map[gotypes.Type]bool{})
			if len(args) == 0 {
				continue
			}
			key := types.Name{Package: pkg.Path(), Name: name}
			if out[key] == nil {
				out[key] = map[string][]types.Name{}
			}
			out[key][f.Name()] = args
		}
	}
}

// collectTypeArgs appends the named types that t holds inside type
// arguments (inArgs), through pointers, slices, arrays and maps.
func collectTypeArgs(t gotypes.Type, inArgs bool, out *[]types.Name, seen map[gotypes.Type]bool) {
	if seen[t] {
		return
	}
	seen[t] = true
	switch t := gotypes.Unalias(t).(type) {
	case *gotypes.Named:
		if args := t.TypeArgs(); args.Len() > 0 {
			for a := range args.Types() {
				collectTypeArgs(a, true, out, seen)
			}
			return
		}
		if inArgs && t.Obj().Pkg() != nil {
			*out = append(*out, types.Name{Package: t.Obj().Pkg().Path(), Name: t.Obj().Name()})
		}
	case *gotypes.Pointer:
		collectTypeArgs(t.Elem(), inArgs, out, seen)
	case *gotypes.Slice:
		collectTypeArgs(t.Elem(), inArgs, out, seen)
	case *gotypes.Array:
		collectTypeArgs(t.Elem(), inArgs, out, seen)
	case *gotypes.Map:
		collectTypeArgs(t.Key(), inArgs, out, seen)
		collectTypeArgs(t.Elem(), inArgs, out, seen)
	}
}

// errorPos reads the position of a packages.Error: "file:line:col",
// "file:line", or "-" where the type checker gave none.
func errorPos(s string) token.Position {
	rest, last, ok := cutNumber(s)
	if !ok {
		return token.Position{}
	}
	if file, line, ok := cutNumber(rest); ok {
		return token.Position{Filename: file, Line: line, Column: last}
	}
	return token.Position{Filename: rest, Line: last}
}

// cutNumber splits "a:n" at its last colon into a and the number n.
func cutNumber(s string) (string, int, bool) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return s, 0, false
	}
	n, err := strconv.Atoi(s[i+1:])
	return s[:i], n, err == nil
}

// TypeError is an error of the Go type checker in an input package.
type TypeError struct {
	Pos     token.Position
	Message string
}

// holds reports whether a value of type t holds a type of which is holds: t itself, or
// through pointers, slices, arrays, maps and what named types are declared
// as (not a struct's fields).
func Holds(t *types.Type, is func(*types.Type) bool, seen map[*types.Type]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	if is(t) {
		return true
	}
	switch t.Kind {
	case types.Pointer, types.Slice, types.Array:
		return Holds(t.Elem, is, seen)
	case types.Map:
		return Holds(t.Key, is, seen) || Holds(t.Elem, is, seen)
	}
	return Holds(t.Underlying, is, seen)
}

// invalid reports whether a value of type t holds a type that go/types could
// not type, such as an undefined name: gengo gives it the kind Unsupported
// and names it "unnameable_Unsupported".
func Invalid(t *types.Type) bool {
	return Holds(t, func(t *types.Type) bool {
		basic, ok := t.GoType.(*gotypes.Basic)
		return ok && basic.Kind() == gotypes.Invalid
	}, map[*types.Type]bool{})
}
