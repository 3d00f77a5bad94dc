package openshiftsuites

import (
	"slices"

	"github.com/google/cel-go/common"
	"github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/common/operators"
	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/parser"
)

// celParser parses rules as the API server does: with CEL's macros (has)
// and optional syntax (self.?x).
var celParser = func() *parser.Parser {
	p, err := parser.NewParser(parser.Macros(parser.AllMacros...), parser.EnableOptionalSyntax(true))
	if err != nil {
		panic(err)
	}
	return p
}()

// selfFields are the fields of self that a rule reads, sorted, by
// self.f, has(self.f), self.?f or self["f"]; whole is set when the rule
// reads self in any other way, or oldSelf, and so may depend on more than
// those fields or on the object's past.
func selfFields(rule string) (fields []string, whole bool, ok bool) {
	tree, errs := celParser.Parse(common.NewTextSource(rule))
	if len(errs.GetErrors()) > 0 {
		return nil, false, false
	}
	for _, e := range ast.MatchDescendants(ast.NavigateAST(tree), ast.KindMatcher(ast.IdentKind)) {
		switch e.AsIdent() {
		case "oldSelf":
			whole = true
		case "self":
			if f, ok := fieldOf(e); ok {
				fields = append(fields, f)
			} else {
				whole = true
			}
		}
	}
	slices.Sort(fields)
	return slices.Compact(fields), whole, true
}

// fieldOf is the field that the expression around self selects.
func fieldOf(self ast.NavigableExpr) (string, bool) {
	parent, ok := self.Parent()
	if !ok {
		return "", false
	}
	switch parent.Kind() {
	case ast.SelectKind:
		return parent.AsSelect().FieldName(), true
	case ast.CallKind:
		call := parent.AsCall()
		if fn := call.FunctionName(); (fn == operators.OptSelect || fn == operators.Index) && len(call.Args()) == 2 && call.Args()[0].ID() == self.ID() {
			if key := call.Args()[1]; key.Kind() == ast.LiteralKind {
				if s, ok := key.AsLiteral().(types.String); ok {
					return string(s), true
				}
			}
		}
	}
	return "", false
}
