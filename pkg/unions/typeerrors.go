package unions

import (
	"fmt"
	"go/ast"
	"go/token"
	gotypes "go/types"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/report"
)

// TypeError is an error of the Go type checker in an input package.
type TypeError struct {
	Pos     token.Position
	Message string
}

// span is the source of a declaration, from its first to its last line and
// column.
type span struct{ from, to token.Position }

func (s span) holds(p token.Position) bool {
	after := func(a, b token.Position) bool { return a.Line > b.Line || a.Line == b.Line && a.Column >= b.Column }
	return s.from.IsValid() && p.Filename == s.from.Filename && after(p, s.from) && after(s.to, p)
}

// holds reports whether a value of type t holds a type of which is holds: t itself, or
// through pointers, slices, arrays, maps and what named types are declared
// as (not a struct's fields).
func holds(t *types.Type, is func(*types.Type) bool, seen map[*types.Type]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	if is(t) {
		return true
	}
	switch t.Kind {
	case types.Pointer, types.Slice, types.Array:
		return holds(t.Elem, is, seen)
	case types.Map:
		return holds(t.Key, is, seen) || holds(t.Elem, is, seen)
	}
	return holds(t.Underlying, is, seen)
}

// invalid reports whether a value of type t holds a type that go/types could
// not type, such as an undefined name: gengo gives it the kind Unsupported
// and names it "unnameable_Unsupported".
func invalid(t *types.Type) bool {
	return holds(t, func(t *types.Type) bool {
		basic, ok := t.GoType.(*gotypes.Basic)
		return ok && basic.Kind() == gotypes.Invalid
	}, map[*types.Type]bool{})
}

// fieldTypeErrors reports a union field whose type does not compile: with the
// type checker's errors in the field's declaration or in that of its named
// type, which name the cause, or with the field's type as written.
func (b *builder) fieldTypeErrors(t *types.Type, f *unionField) {
	spans := []span{b.src.fieldSpan(b.dir(t), declName(t), f.GoName)}
	for u := f.Type; u != nil && u.Kind != types.Builtin; u = u.Elem {
		if u.Name.Package != "" && b.universe.Package(u.Name.Package).Dir != "" {
			spans = append(spans, b.src.typeSpan(b.dir(u), declName(u)))
		}
	}
	const why = "a union's field types must compile for union-gen to read them"
	if !b.reportTypeErrors(spans, b.subject(t, f.GoName), why) {
		b.fieldError(t, f.GoName, report.TypeError, "the type %s does not compile (go build says why): %s", b.src.fieldTypeText(b.dir(t), declName(t), f.GoName), why)
	}
}

// constTypeErrors reports a constant of enum et whose declaration does not
// compile, so that its value is unknown.
func (b *builder) constTypeErrors(et *types.Type, c *gotypes.Const) {
	const why = "the constants of a discriminator's enum must compile for union-gen to read its values"
	subject := b.universe.Package(et.Name.Package).Name + "." + c.Name()
	s := b.src.constSpan(b.dir(et), c.Name())
	if !b.reportTypeErrors([]span{s}, subject, why) {
		b.report(s.from, subject, report.TypeError, false, "constant %s of enum %s has no value, since its declaration does not compile (go build says why): %s", c.Name(), et.Name.Name, why)
	}
}

// reportTypeErrors reports the type checker's errors within spans, naming
// subject, and reports whether there was one.
func (b *builder) reportTypeErrors(spans []span, subject, why string) bool {
	reported := false
	for i, te := range b.opts.Checked.TypeErrors {
		for _, s := range spans {
			if s.holds(te.Pos) {
				b.typeErrorsReported[i] = true
				reported = true
				b.report(te.Pos, subject, report.TypeError, false, "%s: %s", te.Message, why)
				break
			}
		}
	}
	return reported
}

// otherTypeErrors reports the type errors that touch no union as one
// warning: packages often compile only once generated code is in place
// (deepcopy-gen's methods of a runtime.Object), so they do not stop the run,
// as they stop no gengo generator.
func (b *builder) otherTypeErrors() {
	var rest []TypeError
	for i, te := range b.opts.Checked.TypeErrors {
		if !b.typeErrorsReported[i] {
			rest = append(rest, te)
		}
	}
	if len(rest) == 0 {
		return
	}
	which := "a type error that touches no union:"
	if len(rest) > 1 {
		which = fmt.Sprintf("%d type errors that touch no union, the first:", len(rest))
	}
	b.report(rest[0].Pos, "", report.TypeErrors, true, "the input packages have %s %s; union-gen generates anyway, since packages often compile only once generated code is in place (go build lists them)", which, rest[0].Message)
}

// nodeSpan is the span of a node of the source's files.
func (s *source) nodeSpan(n ast.Node) span {
	return span{s.position(n.Pos()), s.position(n.End())}
}

// constSpan is the span of a constant's declaration: its spec, which may
// declare others too.
func (s *source) constSpan(dir, name string) span {
	if vs, ok := s.pkg(dir).consts[name]; ok {
		return s.nodeSpan(vs)
	}
	return span{}
}

// fieldSpan is the span of a struct field's declaration.
func (s *source) fieldSpan(dir, typeName, fieldName string) span {
	if f := s.field(dir, typeName, fieldName); f != nil {
		return s.nodeSpan(f)
	}
	return span{}
}

// typeSpan is the span of a type's declaration.
func (s *source) typeSpan(dir, typeName string) span {
	if d, ok := s.pkg(dir).types[typeName]; ok {
		return s.nodeSpan(d.spec)
	}
	return span{}
}

// fieldTypeText is a field's type as written.
func (s *source) fieldTypeText(dir, typeName, fieldName string) string {
	if f := s.field(dir, typeName, fieldName); f != nil {
		return gotypes.ExprString(f.Type)
	}
	return "of " + fieldName
}
