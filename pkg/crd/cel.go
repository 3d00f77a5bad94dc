package crd

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/union-gen/union-gen/pkg/unionspec"
)

// celPrinter prints the conditions of a union's rules (unionspec.Cond) as
// CEL, for the CRD's rules and the policy alike: it translates, and decides
// nothing. self is the union's object and old its old counterpart; guard,
// when not "", is the CEL test that old is there (oldSelf.hasValue()), which
// the operations that hold only on update are guarded by.
type celPrinter struct {
	u           *unionspec.Union
	self, old   string
	guard       string
	selectField func(x, name string) (value, present string)
}

// print is the CEL of c, or of its negation.
func (p *celPrinter) print(c *unionspec.Cond, negated bool) string {
	switch c.Op {
	case unionspec.OpAnd, unionspec.OpOr:
		and := c.Op == unionspec.OpAnd
		switch {
		case len(c.Args) == 0:
			return strconv.FormatBool(and != negated)
		case len(c.Args) == 1:
			return p.print(c.Args[0], negated)
		case negated && and:
			return p.failsUnless(c.Args)
		case negated:
			return "!" + p.print(c, false)
		}
		parts := make([]string, len(c.Args))
		for i, arg := range c.Args {
			parts[i] = p.print(arg, false)
		}
		if and {
			return "(" + strings.Join(parts, " && ") + ")"
		}
		return "(" + strings.Join(parts, " || ") + ")"
	case unionspec.OpNot:
		return p.print(c.Args[0], !negated)
	}
	if c.Op == unionspec.OpDiscIn {
		return p.discIn(c.Values, negated)
	}
	s := p.operation(c)
	if p.guard != "" && onUpdateOnly(c.Op) {
		s = "(" + p.guard + " && " + s + ")"
	}
	if negated {
		return "!" + s
	}
	return s
}

// failsUnless is the CEL of the negation of a conjunction, as a rule fails
// when its check holds: !(a && b) || c for the conjunction of a, b and !c,
// one negation for the conditions that hold and none for those that do not,
// which is what the API server's cost estimate counts.
func (p *celPrinter) failsUnless(args []*unionspec.Cond) string {
	var holding []*unionspec.Cond
	var parts []string
	for _, arg := range args {
		if arg.Op == unionspec.OpNot {
			parts = append(parts, p.print(arg.Args[0], false))
		} else {
			holding = append(holding, arg)
		}
	}
	switch {
	case len(holding) == 1:
		parts = append([]string{p.print(holding[0], true)}, parts...)
	case len(holding) > 1:
		parts = append([]string{"!" + p.print(unionspec.And(holding...), false)}, parts...)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return "(" + strings.Join(parts, " || ") + ")"
}

// operation is the CEL of an operation, with old there.
func (p *celPrinter) operation(c *unionspec.Cond) string {
	switch c.Op {
	case unionspec.OpUpdate:
		return "true"
	case unionspec.OpDiscUnchanged:
		return fmt.Sprintf("(%s == %s)", p.discValue(p.old), p.discValue(p.self))
	case unionspec.OpSet:
		return p.set(c.Member, p.self)
	case unionspec.OpOldSet:
		return p.set(c.Member, p.old)
	case unionspec.OpSameSet:
		return fmt.Sprintf("(%s == %s)", p.set(c.Member, p.self), p.set(c.Member, p.old))
	case unionspec.OpEqual:
		value, _ := p.selectField(p.self, c.Member)
		oldValue, _ := p.selectField(p.old, c.Member)
		return fmt.Sprintf("(%s == %s)", value, oldValue)
	case unionspec.OpKept:
		// Guarded once as a whole, not operation by operation.
		inner := *p
		inner.guard = ""
		return inner.print(p.u.Kept, false)
	}
	panic(fmt.Sprintf("crd: unknown operation %q", c.Op))
}

// discIn is the CEL of OpDiscIn, or of its negation: an absent
// discriminator is "".
func (p *celPrinter) discIn(values []string, negated bool) string {
	value, present := p.selectField(p.self, p.u.Discriminator)
	absentIn := slices.Contains(values, "")
	if absentIn == negated {
		return fmt.Sprintf("(%s && %s)", present, in(value, values, negated))
	}
	return fmt.Sprintf("(!%s || %s)", present, in(value, values, negated))
}

// discValue is the value of the discriminator of x, "" when absent, as Go
// compares it. (The optional form, x.?d.orValue(""), is estimated as a
// string of unbounded length, which the API server's cost limit rejects.)
func (p *celPrinter) discValue(x string) string {
	value, present := p.selectField(x, p.u.Discriminator)
	return fmt.Sprintf(`(%s ? %s : "")`, present, value)
}

// set is the CEL of the Go test of "set" of a member of x.
func (p *celPrinter) set(member, x string) string {
	m := p.u.Member(member)
	value, present := p.selectField(x, member)
	return setTest(m.Presence, m.Properties, present, value, p.selectField)
}

// onUpdateOnly reports whether an operation holds only on update, when old
// is there.
func onUpdateOnly(op unionspec.Op) bool {
	switch op {
	case unionspec.OpUpdate, unionspec.OpDiscUnchanged, unionspec.OpOldSet, unionspec.OpSameSet, unionspec.OpEqual, unionspec.OpKept:
		return true
	}
	return false
}

// readsOld reports whether c holds only on update somewhere.
func readsOld(c *unionspec.Cond) bool {
	if onUpdateOnly(c.Op) {
		return true
	}
	for _, arg := range c.Args {
		if readsOld(arg) {
			return true
		}
	}
	return false
}

// requiresUpdate reports whether c holds only on update: an operation that
// does, or a conjunction with one.
func requiresUpdate(c *unionspec.Cond) bool {
	if c.Op == unionspec.OpAnd {
		for _, arg := range c.Args {
			if requiresUpdate(arg) {
				return true
			}
		}
		return false
	}
	return onUpdateOnly(c.Op)
}

// simplify evaluates what c reads of update, when update is not nil, and
// folds the constants: a conjunction of nothing is true, a disjunction of
// nothing false.
func simplify(c *unionspec.Cond, update *bool) *unionspec.Cond {
	switch c.Op {
	case unionspec.OpAnd, unionspec.OpOr:
		and := c.Op == unionspec.OpAnd
		var args []*unionspec.Cond
		for _, arg := range c.Args {
			arg = simplify(arg, update)
			switch {
			case isConst(arg, and):
				continue // true in a conjunction, false in a disjunction
			case isConst(arg, !and):
				return arg
			}
			args = append(args, arg)
		}
		if len(args) == 1 {
			return args[0]
		}
		return &unionspec.Cond{Op: c.Op, Args: args}
	case unionspec.OpNot:
		arg := simplify(c.Args[0], update)
		switch {
		case isConst(arg, true):
			return unionspec.Or()
		case isConst(arg, false):
			return unionspec.And()
		}
		return unionspec.Not(arg)
	case unionspec.OpUpdate:
		switch {
		case update == nil:
			return c
		case *update:
			return unionspec.And()
		}
		return unionspec.Or()
	}
	if update != nil && !*update && onUpdateOnly(c.Op) {
		return unionspec.Or()
	}
	return c
}

// isConst reports whether c is the constant value: true is a conjunction of
// nothing, false a disjunction of nothing.
func isConst(c *unionspec.Cond, value bool) bool {
	if value {
		return c.Op == unionspec.OpAnd && len(c.Args) == 0
	}
	return c.Op == unionspec.OpOr && len(c.Args) == 0
}
