package crd

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/google/cel-go/common"
	celast "github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/parser"

	"go.yaml.in/yaml/v3"

	"github.com/union-gen/union-gen/pkg/backend"
	"github.com/union-gen/union-gen/pkg/celprint"
	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// selfFields are the properties of self that a rule reads (self.a.b reads
// a); ok where it parses and reads nothing else: no oldSelf, bare self,
// other variable or comprehension.
func selfFields(rule string) (fields []string, ok bool) {
	parsed, issues := celParser().Parse(common.NewTextSource(rule))
	if len(issues.GetErrors()) > 0 || !collectSelfFields(parsed.Expr(), &fields) {
		return nil, false
	}
	slices.Sort(fields)
	return slices.Compact(fields), true
}

// celParser is CEL's parser with the macros the API server's CEL has.
var celParser = sync.OnceValue(func() *parser.Parser {
	p, err := parser.NewParser(parser.Macros(parser.AllMacros...))
	if err != nil {
		panic(fmt.Sprintf("crd: CEL's parser: %v", err))
	}
	return p
})

// collectSelfFields appends the properties of self that x reads to fields,
// and reports whether it reads nothing else.
func collectSelfFields(x celast.Expr, fields *[]string) bool {
	all := func(xs []celast.Expr) bool {
		return !slices.ContainsFunc(xs, func(x celast.Expr) bool { return !collectSelfFields(x, fields) })
	}
	switch x.Kind() {
	case celast.LiteralKind:
		return true
	case celast.SelectKind:
		s := x.AsSelect()
		if s.Operand().Kind() == celast.IdentKind && s.Operand().AsIdent() == "self" {
			*fields = append(*fields, s.FieldName())
			return true
		}
		return collectSelfFields(s.Operand(), fields)
	case celast.CallKind:
		c := x.AsCall()
		return (!c.IsMemberFunction() || collectSelfFields(c.Target(), fields)) && all(c.Args())
	case celast.ListKind:
		return all(x.AsList().Elements())
	}
	return false // self itself, oldSelf, another variable, a map or a comprehension
}

// unionFieldsRead are the union's properties that a hand-written rule of it
// reads; nil where it is none: it reads fewer than two, or anything else.
func unionFieldsRead(rule string, u *unionspec.Union) []string {
	fields, ok := selfFields(rule)
	if !ok || len(fields) < 2 {
		return nil
	}
	var props, read []string
	if u.Discriminator != "" {
		props = append(props, u.Discriminator)
	}
	for _, m := range u.Members {
		props = append(props, m.Name)
	}
	for _, p := range props {
		if sel, err := celprint.Select(p); err == nil && slices.Contains(fields, sel) {
			read = append(read, p)
		}
	}
	if len(read) < len(fields) {
		return nil
	}
	return read
}

// handWritten warns of the hand-written rules of the current CRD version's
// unions, which a CRD would pay for beside union-gen's: each at its marker,
// once per run, or at the rule where no marker has its text.
func (e *editor) handWritten() {
	for _, p := range e.placements {
		var marked []markedRule // read only for a schema that has such a rule
		for _, n := range items(get(p.schema, "x-kubernetes-validations")) {
			fields := unionFieldsRead(scalar(get(n, "rule")), p.union)
			if fields == nil {
				continue
			}
			if marked == nil {
				marked = e.markers(p.at)
			}
			e.reportHandWritten(n, p, fields, &marked)
		}
	}
}

// reportHandWritten reports a hand-written rule at the first marker left of
// its text, which it takes: two markers may write the same text.
func (e *editor) reportHandWritten(n *yaml.Node, p *placement, fields []string, marked *[]markedRule) {
	what := fmt.Sprintf("this rule checks only %s (it reads %s and %s), which union-gen's rules now check",
		unionName(p.union), strings.Join(fields[:len(fields)-1], ", "), fields[len(fields)-1])
	rule := scalar(get(n, "rule"))
	e.handWrittenRules = append(e.handWrittenRules, rule)
	i := slices.IndexFunc(*marked, func(m markedRule) bool { return m.Rule == rule })
	if i < 0 {
		at := n
		for _, kv := range pairs(n) {
			if kv[0].Value == "rule" {
				at = kv[0]
			}
		}
		e.warnf(at, report.HandWrittenUnion, p.at.path, "%s: delete this rule from the CRD (no +kubebuilder:validation:XValidation marker of %s, or of the field that holds it, writes it)",
			what, short(p.at.structs[len(p.at.structs)-1]))
		return
	}
	m := (*marked)[i]
	*marked = slices.Delete(*marked, i, i+1)
	if e.reported[m.Pos] {
		return
	}
	e.reported[m.Pos] = true
	e.problems = append(e.problems, report.Problem{Pos: m.Pos, Subject: m.subject, Rule: report.HandWrittenUnion, Warning: true,
		Message: what + ": delete this +kubebuilder:validation:XValidation marker and run controller-gen again"})
}

// markedRule is a marker's rule and what it is on, as problems name it.
type markedRule struct {
	backend.MarkedRule
	subject string
}

// markers returns the markers of a schema's structs and of its field.
func (e *editor) markers(r reach) []markedRule {
	var out []markedRule
	add := func(f GoField, subject string) {
		for _, m := range e.in.XValidations[f] {
			out = append(out, markedRule{m, subject})
		}
	}
	for _, t := range r.structs {
		add(GoField{Struct: t}, short(t))
	}
	if r.holder != nil {
		add(*r.holder, short(r.holder.Struct)+"."+r.holder.Field)
	}
	return out
}
