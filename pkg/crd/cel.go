package crd

import (
	"fmt"
	"slices"

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
	return unionspec.PrintBool(c, negated, p.leaf)
}

// leaf is the CEL of an operation, or of its negation, guarded where old
// may be absent.
func (p *celPrinter) leaf(c *unionspec.Cond, negated bool) string {
	if c.Op == unionspec.OpDiscIn {
		return p.discIn(c.Values, negated)
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
