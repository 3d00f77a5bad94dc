package generators

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"k8s.io/gengo/v2/generator"
	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/internal/typeinfo"
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
	return t.Name.Package == g.pkg && g.model.Reaching[t.Name]
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
		gen:          g,
		t:            t,
		self:         raw.Name(t),
		path:         symbol(fieldPackage, "Path"),
		errorList:    symbol(fieldPackage, "ErrorList"),
		required:     symbol(fieldPackage, "Required"),
		forbidden:    symbol(fieldPackage, "Forbidden"),
		notSupported: symbol(fieldPackage, "NotSupported"),
		sortedKeys: func(m string) string {
			return symbol("slices", "Sorted") + "(" + symbol("maps", "Keys") + "(" + m + "))"
		},
	}
	e.normalizeUnions()
	e.validateUnions()
	e.unionsValid()
	_, err := io.WriteString(w, e.String())
	return err
}

// Finalize writes the helper that lets methods declare variables of types
// from other packages without importing them: the generated file imports no
// package but field outside the standard library.
func (g *unionsGenerator) Finalize(_ *generator.Context, w io.Writer) error {
	if !g.usesNilOf {
		return nil
	}
	_, err := io.WriteString(w, `// unionsNilOf returns the nil value of the type of its argument, a pointer,
// slice or map.
func unionsNilOf[T any](T) T {
	var zero T
	return zero
}
`)
	return err
}

// emitter writes the methods of one struct.
type emitter struct {
	gen  *unionsGenerator
	t    *types.Type
	self string
	// Names of the field package's symbols, as imported.
	path, errorList, required, forbidden, notSupported string
	// sortedKeys is the expression of a map's sorted keys; it imports maps
	// and slices only when called.
	sortedKeys func(m string) string
	code
}

// declareNil declares name as the nil value of the type of like.
func (e *emitter) declareNil(name, like string) {
	e.gen.usesNilOf = true
	e.line("%s := unionsNilOf(%s)", name, like)
}

// code is Go source being written a line at a time, unindented: the Go file
// type formats it.
type code struct {
	strings.Builder
}

func (c *code) line(format string, args ...any) {
	fmt.Fprintf(c, format, args...)
	c.WriteByte('\n')
}

// walkedFields are the fields through which the struct reaches unions.
func (e *emitter) walkedFields() []types.Member {
	var out []types.Member
	for _, m := range e.t.Members {
		if typeinfo.IsSerialized(m) && e.gen.model.Reaches(m.Type) {
			out = append(out, m)
		}
	}
	return out
}

func (e *emitter) listKeys(m types.Member) []unions.KeyField {
	return e.gen.model.ListMapKeys[unions.FieldRef{Struct: e.t.Name, Field: m.Name}]
}

// childPath is the field path of a field, below fldPath.
func childPath(m types.Member) string {
	if typeinfo.IsInline(m) {
		return "fldPath"
	}
	return "fldPath.Child(" + strconv.Quote(typeinfo.JSONName(m)) + ")"
}

func (e *emitter) normalizeUnions() {
	e.line("// NormalizeUnions clears the union members of in that its discriminators no")
	e.line("// longer select: when a discriminator changed to a valid value, every member")
	e.line("// it does not select that is set in both old and in. old is the object before")
	e.line("// the update; nil means create, when there is nothing to clear.")
	e.line("func (in *%s) NormalizeUnions(old *%s) {", e.self, e.self)
	e.line("if in == nil || old == nil {")
	e.line("return")
	e.line("}")
	for _, u := range e.gen.model.Unions[e.t.Name] {
		if len(u.Members) == 0 {
			continue
		}
		d := "in." + u.Discriminator.GoName
		e.line("if %s != old.%s {", d, u.Discriminator.GoName)
		e.line("switch %s {", d)
		e.line("case %s:", quoteList(u.Enum.Values))
		for _, m := range u.Members {
			e.line("if %s != %s && %s && %s {", d, strconv.Quote(m.Value), isSet("in."+m.GoName, m.Type), isSet("old."+m.GoName, m.Type))
			e.line("in.%s = %s", m.GoName, zero(m.Type))
			e.line("}")
		}
		e.line("}")
		e.line("}")
	}
	for _, m := range e.walkedFields() {
		e.normalizeValue("in."+m.Name, "old."+m.Name, m.Type, e.listKeys(m), 1)
	}
	e.line("}")
	e.line("")
}

// normalizes reports whether normalizeValue writes anything for a value of
// type t: only values that have an old counterpart can need normalizing.
func normalizes(t *types.Type, keys []unions.KeyField) bool {
	switch t = typeinfo.Underlying(t); t.Kind {
	case types.Struct, types.Pointer:
		return true
	case types.Map:
		return normalizes(t.Elem, nil)
	case types.Slice:
		return keys != nil
	}
	return false
}

// normalizeValue normalizes in against old, two expressions of type t, both
// addressable when t is a struct. Map values are matched by key and list-map
// items by their keys; other list items have no old counterpart, so nothing
// to normalize.
func (e *emitter) normalizeValue(in, old string, t *types.Type, keys []unions.KeyField, depth int) {
	if !normalizes(t, keys) {
		return
	}
	switch u := typeinfo.Underlying(t); u.Kind {
	case types.Struct:
		e.line("%s.NormalizeUnions(&%s)", in, old)
	case types.Pointer:
		e.line("%s.NormalizeUnions(%s)", in, old)
	case types.Map:
		k, v, o := numbered("k", depth), numbered("v", depth), numbered("o", depth)
		switch typeinfo.Underlying(u.Elem).Kind {
		case types.Struct:
			// Map values are not addressable: normalize a copy and store it.
			e.line("for %s, %s := range %s {", k, v, in)
			e.line("if %s, found := %s[%s]; found {", o, old, k)
			e.line("%s.NormalizeUnions(&%s)", v, o)
			e.line("%s[%s] = %s", in, k, v)
			e.line("}")
			e.line("}")
		default:
			e.line("for %s, %s := range %s {", k, v, in)
			e.normalizeValue(v, old+"["+k+"]", u.Elem, nil, depth+1)
			e.line("}")
		}
	case types.Slice:
		i, j := numbered("i", depth), numbered("j", depth)
		e.line("for %s := range %s {", i, in)
		e.line("for %s := range %s {", j, old)
		e.line("if %s {", keysEqual(in+"["+i+"]", old+"["+j+"]", u.Elem, keys))
		e.normalizeValue(in+"["+i+"]", old+"["+j+"]", u.Elem, nil, depth+1)
		e.line("break")
		e.line("}")
		e.line("}")
		e.line("}")
	}
}

func (e *emitter) validateUnions() {
	e.line("// ValidateUnions returns an error for every union of in whose discriminator is")
	e.line("// not a valid value, or does not select exactly the members that are set. old")
	e.line("// is the object before the update, nil on create; fldPath is the path of in.")
	e.line("// Call it after NormalizeUnions.")
	e.line("func (in *%s) ValidateUnions(old *%s, fldPath *%s) %s {", e.self, e.self, e.path, e.errorList)
	e.line("if in.unionsValid() {")
	e.line("return nil")
	e.line("}")
	e.line("var errs %s", e.errorList)
	for _, u := range e.gen.model.Unions[e.t.Name] {
		e.validateUnion(u)
	}
	for _, m := range e.walkedFields() {
		e.validateField(m)
	}
	e.line("return errs")
	e.line("}")
	e.line("")
}

func (e *emitter) validateUnion(u *unions.Union) {
	d := "in." + u.Discriminator.GoName
	discPath := "fldPath.Child(" + strconv.Quote(u.Discriminator.JSONName) + ")"
	discName := u.Discriminator.JSONName
	e.line("switch %s {", d)
	e.line("case %s:", quoteList(u.Enum.Values))
	for _, m := range u.Members {
		value := strconv.Quote(m.Value)
		memberPath := "fldPath.Child(" + strconv.Quote(m.JSONName) + ")"
		if !m.Optional {
			e.line("if %s == %s && %s {", d, value, isUnset("in."+m.GoName, m.Type))
			e.line("errs = append(errs, %s(%s, %s))", e.required, memberPath,
				strconv.Quote(fmt.Sprintf("must be set when %s is %q", discName, m.Value)))
			e.line("}")
		}
		forbidden := fmt.Sprintf("may only be set when %s is %q", discName, m.Value)
		e.line("if %s != %s && %s {", d, value, isSet("in."+m.GoName, m.Type))
		e.line("if old != nil && old.%s == %s {", u.Discriminator.GoName, d)
		e.line("errs = append(errs, %s(%s, %s))", e.forbidden, memberPath,
			strconv.Quote(fmt.Sprintf("%s; %s did not change: set %s to %q to switch to this member", forbidden, discName, discName, m.Value)))
		e.line("} else {")
		e.line("errs = append(errs, %s(%s, %s))", e.forbidden, memberPath, strconv.Quote(forbidden))
		e.line("}")
		e.line("}")
	}
	if !u.Enum.Has("") {
		e.line("case \"\":")
		e.line("errs = append(errs, %s(%s, %s))", e.required, discPath, strconv.Quote("must be one of "+quoteList(u.Enum.Values)))
	}
	e.line("default:")
	e.line("errs = append(errs, %s(%s, %s, []string{%s}))", e.notSupported, discPath, d, quoteList(u.Enum.Values))
	e.line("}")
}

// validateField validates the unions reached through a field. The field's old
// counterpart is taken only where it is used: map values and list-map items
// are matched with old ones, other list items are validated as created.
func (e *emitter) validateField(m types.Member) {
	keys := e.listKeys(m)
	in := "in." + m.Name
	old := ""
	if usesOld(m.Type, keys) {
		old = "old" + m.Name
		if typeinfo.Underlying(m.Type).Kind == types.Struct {
			e.declareNil(old, "&"+in)
			e.line("if old != nil {")
			e.line("%s = &old.%s", old, m.Name)
		} else {
			e.declareNil(old, in)
			e.line("if old != nil {")
			e.line("%s = old.%s", old, m.Name)
		}
		e.line("}")
	}
	e.validateValue(in, old, m.Type, keys, childPath(m), 1)
}

// usesOld reports whether validating a value of type t looks at its old counterpart.
func usesOld(t *types.Type, keys []unions.KeyField) bool {
	switch t = typeinfo.Underlying(t); t.Kind {
	case types.Struct, types.Pointer:
		return true
	case types.Map:
		return usesOld(t.Elem, nil)
	case types.Slice:
		return keys != nil
	}
	return false
}

// validateValue validates in, an addressable expression of type t. old is its
// old counterpart: a pointer for a struct, a value of type t otherwise, or ""
// when it has none.
func (e *emitter) validateValue(in, old string, t *types.Type, keys []unions.KeyField, path string, depth int) {
	u := typeinfo.Underlying(t)
	switch u.Kind {
	case types.Struct, types.Pointer:
		if old == "" {
			old = "nil"
		}
		e.line("errs = append(errs, %s.ValidateUnions(%s, %s)...)", in, old, path)
	case types.Map:
		k, v, o := numbered("k", depth), numbered("v", depth), numbered("o", depth)
		key := k
		if u.Key.Kind != types.Builtin {
			key = "string(" + k + ")"
		}
		// Sorted keys give errors in a stable order; sorting allocates, but
		// only invalid objects get here.
		e.line("for _, %s := range %s {", k, e.sortedKeys(in))
		e.line("%s := %s[%s]", v, in, k)
		elemOld := ""
		switch {
		case old == "":
		case typeinfo.Underlying(u.Elem).Kind == types.Struct:
			elemOld = numbered("prior", depth)
			e.declareNil(elemOld, "&"+v)
			e.line("if %s, found := %s[%s]; found {", o, old, k)
			e.line("%s = &%s", elemOld, o)
			e.line("}")
		default:
			elemOld = old + "[" + k + "]"
		}
		e.validateValue(v, elemOld, u.Elem, nil, path+".Key("+key+")", depth+1)
		e.line("}")
	case types.Slice, types.Array:
		i, j := numbered("i", depth), numbered("j", depth)
		e.line("for %s := range %s {", i, in)
		elemOld := ""
		if keys != nil && old != "" {
			elemOld = numbered("prior", depth)
			elem := u.Elem
			if typeinfo.Underlying(elem).Kind == types.Struct {
				e.declareNil(elemOld, "&"+in+"["+i+"]")
			} else {
				e.declareNil(elemOld, in+"["+i+"]")
			}
			e.line("for %s := range %s {", j, old)
			e.line("if %s {", keysEqual(in+"["+i+"]", old+"["+j+"]", elem, keys))
			if typeinfo.Underlying(elem).Kind == types.Struct {
				e.line("%s = &%s[%s]", elemOld, old, j)
			} else {
				e.line("%s = %s[%s]", elemOld, old, j)
			}
			e.line("break")
			e.line("}")
			e.line("}")
		}
		e.validateValue(in+"["+i+"]", elemOld, u.Elem, nil, path+".Index("+i+")", depth+1)
		e.line("}")
	}
}

func (e *emitter) unionsValid() {
	e.line("// unionsValid reports whether ValidateUnions finds nothing wrong. It builds no")
	e.line("// field path, so that a valid object costs no allocation.")
	e.line("func (in *%s) unionsValid() bool {", e.self)
	e.line("if in == nil {")
	e.line("return true")
	e.line("}")
	for _, u := range e.gen.model.Unions[e.t.Name] {
		e.checkUnion(u)
	}
	for _, m := range e.walkedFields() {
		e.checkValue("in."+m.Name, m.Type, 1)
	}
	e.line("return true")
	e.line("}")
	e.line("")
}

// checkUnion returns false from unionsValid when a union is invalid. The
// discriminator is compared once, to number the selected member (0 for none),
// so that each member costs an integer comparison.
func (e *emitter) checkUnion(u *unions.Union) {
	sel := "selected" + u.Discriminator.GoName
	var empty []string
	for _, v := range u.Enum.Values {
		if u.Selected(v) == nil {
			empty = append(empty, v)
		}
	}
	if len(u.Members) > 0 {
		e.line("%s := 0", sel)
	}
	e.line("switch in.%s {", u.Discriminator.GoName)
	if len(empty) > 0 {
		e.line("case %s:", quoteList(empty))
	}
	for i, m := range u.Members {
		e.line("case %s:", strconv.Quote(m.Value))
		e.line("%s = %d", sel, i+1)
	}
	e.line("default:")
	e.line("return false")
	e.line("}")
	for i, m := range u.Members {
		set := isSet("in."+m.GoName, m.Type)
		if m.Optional {
			e.line("if %s && %s != %d {", set, sel, i+1)
		} else {
			e.line("if (%s) != (%s == %d) {", set, sel, i+1)
		}
		e.line("return false")
		e.line("}")
	}
}

// checkValue returns false from unionsValid when in, an addressable
// expression of type t, has an invalid union.
func (e *emitter) checkValue(in string, t *types.Type, depth int) {
	switch u := typeinfo.Underlying(t); u.Kind {
	case types.Struct, types.Pointer:
		structType := u
		if u.Kind == types.Pointer {
			structType = u.Elem
		}
		if structType.Name.Package == e.gen.pkg {
			e.line("if !%s.unionsValid() {", in)
		} else {
			// Another package's unexported check is out of reach; its
			// ValidateUnions runs the same check first and returns nil.
			e.line("if %s.ValidateUnions(nil, nil) != nil {", in)
		}
		e.line("return false")
		e.line("}")
	case types.Map:
		v := numbered("v", depth)
		e.line("for _, %s := range %s {", v, in)
		e.checkValue(v, u.Elem, depth+1)
		e.line("}")
	case types.Slice, types.Array:
		i := numbered("i", depth)
		e.line("for %s := range %s {", i, in)
		e.checkValue(in+"["+i+"]", u.Elem, depth+1)
		e.line("}")
	}
}

// numbered names a loop variable of the given nesting depth.
func numbered(name string, depth int) string {
	if depth == 1 {
		return name
	}
	return name + strconv.Itoa(depth)
}

// isSet is the expression that tells whether a member is set.
func isSet(expr string, t *types.Type) string {
	switch u := typeinfo.Underlying(t); {
	case u.Kind == types.Pointer:
		return expr + " != nil"
	case u.Kind == types.Slice || u.Kind == types.Map:
		return "len(" + expr + ") > 0"
	case u.Name.Name == "string":
		return expr + ` != ""`
	case u.Name.Name == "bool":
		return expr
	}
	return expr + " != 0"
}

// isUnset is the negation of isSet.
func isUnset(expr string, t *types.Type) string {
	switch u := typeinfo.Underlying(t); {
	case u.Kind == types.Pointer:
		return expr + " == nil"
	case u.Kind == types.Slice || u.Kind == types.Map:
		return "len(" + expr + ") == 0"
	case u.Name.Name == "string":
		return expr + ` == ""`
	case u.Name.Name == "bool":
		return "!" + expr
	}
	return expr + " == 0"
}

// zero is the literal that clears a member.
func zero(t *types.Type) string {
	switch u := typeinfo.Underlying(t); {
	case u.Kind == types.Pointer || u.Kind == types.Slice || u.Kind == types.Map:
		return "nil"
	case u.Name.Name == "string":
		return `""`
	case u.Name.Name == "bool":
		return "false"
	}
	return "0"
}

// keysEqual is the expression that matches two items of a list-map by their
// keys; item is the item type, a struct or a pointer to one.
func keysEqual(a, b string, item *types.Type, keys []unions.KeyField) string {
	var conds []string
	if typeinfo.Underlying(item).Kind == types.Pointer {
		conds = append(conds, a+" != nil", b+" != nil")
	}
	for _, k := range keys {
		x, y := a+"."+k.GoName, b+"."+k.GoName
		if k.Pointer {
			conds = append(conds, fmt.Sprintf("(%s == nil) == (%s == nil) && (%s == nil || *%s == *%s)", x, y, x, x, y))
		} else {
			conds = append(conds, x+" == "+y)
		}
	}
	return strings.Join(conds, " && ")
}

// quoteList is the values as a comma-separated list of Go string literals.
func quoteList(values []string) string {
	quoted := make([]string, len(values))
	for i, v := range values {
		quoted[i] = strconv.Quote(v)
	}
	return strings.Join(quoted, ", ")
}
