package crd

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/union-gen/union-gen/pkg/unionspec"
)

// celPrinter prints a union's conditions as CEL, for the rules and the
// policy alike. self is the union's object and old its old counterpart;
// guard, if any, tests that old is there, for the operations of updates.
type celPrinter struct {
	u           *unionspec.Union
	self, old   string
	guard       string
	selectField func(x, name string) (value, present string)
	// discPresent: the schema requires the discriminator.
	discPresent bool
}

// print is the CEL of c, or of its negation.
func (p *celPrinter) print(c *unionspec.Cond, negated bool) string {
	return unionspec.PrintBool(c, negated, p.leaf)
}

// leaf is the CEL of an operation, or of its negation.
func (p *celPrinter) leaf(c *unionspec.Cond, negated bool) string {
	switch c.Op {
	case unionspec.OpDiscIn:
		return p.discIn(c.Values, negated)
	case unionspec.OpNoneSet, unionspec.OpSeveralSet:
		return p.counted(c.Op, negated)
	}
	s := p.operation(c)
	if p.guard != "" && c.Op.OnUpdateOnly() {
		s = "(" + p.guard + " && " + s + ")"
	}
	if negated {
		return "!" + s
	}
	return s
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
// discriminator is "" (false).
func (p *celPrinter) discIn(values []string, negated bool) string {
	value, present := p.selectField(p.self, p.u.Discriminator)
	absentIn := slices.Contains(values, p.u.Absent())
	if p.discPresent && !absentIn {
		return "(" + in(p.u, value, values, negated) + ")"
	}
	if absentIn == negated {
		return fmt.Sprintf("(%s && %s)", present, in(p.u, value, values, negated))
	}
	return fmt.Sprintf("(!%s || %s)", present, in(p.u, value, values, negated))
}

// discValue is the discriminator of x, "" (false) when absent.
// (x.?d.orValue("") is estimated as a string of unbounded length, over the
// cost limit.)
func (p *celPrinter) discValue(x string) string {
	value, present := p.selectField(x, p.u.Discriminator)
	return fmt.Sprintf(`(%s ? %s : %s)`, present, value, p.u.Literal(p.u.Absent()))
}

// counted is the CEL of OpNoneSet or OpSeveralSet, or of its negation.
func (p *celPrinter) counted(op unionspec.Op, negated bool) string {
	var comparison string
	switch {
	case op == unionspec.OpNoneSet && !negated:
		comparison = " == 0"
	case op == unionspec.OpNoneSet:
		comparison = " != 0"
	case !negated:
		comparison = " > 1"
	default:
		comparison = " <= 1"
	}
	return "(" + p.count() + comparison + ")"
}

func (p *celPrinter) count() string {
	terms := make([]string, len(p.u.Members))
	for i, m := range p.u.Members {
		terms[i] = "(" + p.set(m.Name, p.self) + " ? 1 : 0)"
	}
	return cmp.Or(strings.Join(terms, " + "), "0")
}

func (p *celPrinter) set(member, x string) string {
	m := p.u.Member(member)
	value, present := p.selectField(x, member)
	return setTest(m.Presence, m.Properties, present, value, p.selectField)
}
