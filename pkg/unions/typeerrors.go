package unions

import (
	"fmt"
	gotypes "go/types"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/load"
	"github.com/union-gen/union-gen/pkg/report"
)

// fieldTypeErrors reports a union field whose type does not compile: with the
// type checker's errors in the field's declaration or in that of its named
// type, which name the cause, or with the field's type as written.
func (b *builder) fieldTypeErrors(t *types.Type, f *unionField) {
	spans := []load.Span{b.src.FieldSpan(b.dir(t), declName(t), f.GoName)}
	seen := map[*types.Type]bool{} // type L []L is its own element
	for u := f.Type; u != nil && u.Kind != types.Builtin && !seen[u]; u = u.Elem {
		seen[u] = true
		if u.Name.Package != "" && b.universe.Package(u.Name.Package).Dir != "" {
			spans = append(spans, b.src.TypeSpan(b.dir(u), declName(u)))
		}
	}
	const why = "a union's field types must compile for union-gen to read them"
	if !b.reportTypeErrors(spans, b.subject(t, f.GoName), why) {
		b.fieldError(t, f.GoName, report.TypeError, "the type %s does not compile (go build says why): %s", b.src.FieldTypeText(b.dir(t), declName(t), f.GoName), why)
	}
}

// constTypeErrors reports a constant of enum et whose declaration does not
// compile, so that its value is unknown.
func (b *builder) constTypeErrors(et *types.Type, c *gotypes.Const) {
	const why = "the constants of a discriminator's enum must compile for union-gen to read its values"
	subject := b.universe.Package(et.Name.Package).Name + "." + c.Name()
	s := b.src.ConstSpan(b.dir(et), c.Name())
	if !b.reportTypeErrors([]load.Span{s}, subject, why) {
		b.report(s.From, subject, report.TypeError, false, "constant %s of enum %s has no value, since its declaration does not compile (go build says why): %s", c.Name(), et.Name.Name, why)
	}
}

// reportTypeErrors reports the type checker's errors within spans, naming
// subject, and reports whether there was one.
func (b *builder) reportTypeErrors(spans []load.Span, subject, why string) bool {
	reported := false
	for i, te := range b.opts.Checked.TypeErrors {
		for _, s := range spans {
			if s.Holds(te.Pos) {
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
	var rest []load.TypeError
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
