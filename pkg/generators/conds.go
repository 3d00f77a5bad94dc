package generators

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/union-gen/union-gen/pkg/unionspec"
)

// goPrinter prints the conditions of a union's rules as Go over the objects
// in and old of a generated method: it translates, and decides nothing.
type goPrinter struct {
	u        *goUnion
	sym      symbols
	oldKnown bool // old is not nil
	// known and unnamed are what is known of the discriminator, as in
	// unionspec.Known.
	known   []string
	unnamed bool
}

// print is the Go of c, or of its negation. None or several members set
// is one count.
func (p *goPrinter) print(c *unionspec.Cond, negated bool) string {
	if c.Equal(unionspec.Or(unionspec.NoneSet(), unionspec.SeveralSet())) {
		return p.count() + pick(negated, " != 1", " == 1")
	}
	return unionspec.PrintBool(c, negated, p.leaf)
}

// pick is the Go of a test, or of its negation.
func pick(negated bool, test, negation string) string {
	if negated {
		return negation
	}
	return test
}

func (p *goPrinter) count() string {
	return "unionsCount(" + p.u.memberSets(p.sym) + ")"
}

// leaf is the Go of an operation, or of its negation, guarded where old may
// be nil.
func (p *goPrinter) leaf(c *unionspec.Cond, negated bool) string {
	var s string
	switch c.Op {
	case unionspec.OpDiscIn:
		return p.discIn(c.Values, negated)
	case unionspec.OpSet:
		return p.set(c.Member, "in", negated)
	case unionspec.OpUpdate:
		return pick(negated, "old != nil", "old == nil")
	case unionspec.OpNoneSet:
		return p.count() + pick(negated, " == 0", " != 0")
	case unionspec.OpSeveralSet:
		return p.count() + pick(negated, " > 1", " <= 1")
	case unionspec.OpDiscUnchanged:
		s = p.u.discValue("old") + pick(negated, " == ", " != ") + p.u.discValue("in")
	case unionspec.OpOldSet:
		s = p.set(c.Member, "old", negated) // a "!" before it would negate the member alone
	default:
		s = p.onUpdate(c)
		if negated {
			s = "!" + s
		}
	}
	if p.oldKnown {
		return s
	}
	return pick(negated, "(old != nil && "+s+")", "(old == nil || "+s+")")
}

// onUpdate is the Go of an operation that reads old, old not nil.
func (p *goPrinter) onUpdate(c *unionspec.Cond) string {
	switch c.Op {
	case unionspec.OpSameSet:
		return "((" + p.set(c.Member, "in", false) + ") == (" + p.set(c.Member, "old", false) + "))"
	case unionspec.OpEqual:
		m := p.u.goName(c.Member)
		if p.u.Member(c.Member).Presence.Scalar() {
			return "(in." + m + " == old." + m + ")"
		}
		return fmt.Sprintf("%s(in.%s, old.%s)", p.sym.deepEqual(), m, m)
	case unionspec.OpKept:
		inner := *p
		inner.oldKnown = true
		return "(" + inner.print(p.u.Kept, false) + ")"
	}
	panic(fmt.Sprintf("generators: unknown operation %q", c.Op))
}

// discIn is the Go of OpDiscIn or of its negation. Where the discriminator
// is known to be one of some values, it tests the fewer of the values in
// and not in the list.
func (p *goPrinter) discIn(values []string, negated bool) string {
	if p.known != nil && !p.unnamed {
		in := slices.DeleteFunc(slices.Clone(p.known), func(v string) bool { return !slices.Contains(values, v) })
		out := slices.DeleteFunc(slices.Clone(p.known), func(v string) bool { return slices.Contains(values, v) })
		if len(out) < len(in) {
			values, negated = out, !negated
		} else {
			values = in
		}
	}
	if len(values) == 0 {
		return strconv.FormatBool(negated)
	}
	d := p.u.discValue("in")
	if p.u.Boolean {
		// Of the values false and true, the one or both named.
		switch {
		case len(values) > 1:
			return strconv.FormatBool(!negated)
		case (values[0] == "true") == negated:
			return "!" + d
		}
		return d
	}
	op, join := pick(negated, " == ", " != "), pick(negated, " || ", " && ")
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = d + op + p.u.Literal(v)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return "(" + strings.Join(parts, join) + ")"
}

func (p *goPrinter) set(member, obj string, negated bool) string {
	return p.sym.isSet(p.u.Member(member).Presence, obj+"."+p.u.goName(member), negated)
}

// arm is a case of a switch on the discriminator: the values it takes, which
// are what is known there (nil for the default case, where unnamed is).
type arm struct {
	Values  []string
	unnamed bool
}

// arms partitions the discriminator's values as a switch tests them: the
// valid values ("" for an optional discriminator's absence among them), alone
// when each is set, else together; every other value that the conditions
// name; the rest.
func arms(u *unionspec.Union, each bool, conds []*unionspec.Cond) []*arm {
	var out []*arm
	values := u.Selecting
	switch {
	case each:
		for _, v := range values {
			out = append(out, &arm{Values: []string{v}})
		}
	case len(values) > 0:
		out = append(out, &arm{Values: values})
	}
	var named []string
	for _, c := range conds {
		named = c.AppendNamedValues(named)
	}
	slices.Sort(named)
	for _, v := range slices.Compact(named) {
		if !slices.Contains(values, v) {
			out = append(out, &arm{Values: []string{v}})
		}
	}
	return append(out, otherArm)
}

// within is whether every value the arm takes is one of values.
func (a *arm) within(values []string) bool {
	return !a.unnamed && !slices.ContainsFunc(a.Values, func(v string) bool { return !slices.Contains(values, v) })
}

// otherArm is the default case: a value that no condition names.
var otherArm = &arm{unnamed: true}

// at is p in the arm, where old is known not nil or not.
func (p *goPrinter) at(a *arm, oldKnown bool) *goPrinter {
	q := *p
	q.known, q.unnamed, q.oldKnown = a.Values, a.unnamed, oldKnown
	return &q
}

// simplify is c where the arm's values and update are known.
func (a *arm) simplify(c *unionspec.Cond, update *bool) *unionspec.Cond {
	return c.Simplify(unionspec.Known{Update: update, Discriminator: a.Values, Unnamed: a.unnamed})
}
