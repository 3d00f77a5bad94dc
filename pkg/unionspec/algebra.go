package unionspec

import (
	"slices"
	"strconv"
	"strings"
)

// OnUpdateOnly reports whether op holds only when there is an old object.
func (op Op) OnUpdateOnly() bool {
	return slices.Contains([]Op{OpUpdate, OpDiscUnchanged, OpOldSet, OpSameSet, OpEqual, OpKept}, op)
}

// Tests reports whether a condition of the union tests whether the member
// is set; if none does, its Go test need not be written.
func (u *Union) Tests(member string) bool {
	tests := func(c *Cond) bool { return c != nil && c.tests(member) }
	return tests(u.Kept) || slices.ContainsFunc(u.Checks, func(c *Check) bool { return tests(c.When) }) ||
		slices.ContainsFunc(u.Clears, func(c *Clear) bool { return tests(c.When) })
}

// tests reports whether c tests member, by name or as NoneSet and SeveralSet do.
func (c *Cond) tests(member string) bool {
	return c.Member == member || c.Op == OpNoneSet || c.Op == OpSeveralSet || slices.ContainsFunc(c.Args, func(a *Cond) bool { return a.tests(member) })
}

// ReadsOld reports whether c reads the old object somewhere.
func (c *Cond) ReadsOld() bool {
	return c.Op.OnUpdateOnly() || slices.ContainsFunc(c.Args, (*Cond).ReadsOld)
}

// RequiresUpdate reports whether c or one of its conjuncts holds only on update.
func (c *Cond) RequiresUpdate() bool {
	if c.Op == OpAnd {
		return slices.ContainsFunc(c.Args, (*Cond).RequiresUpdate)
	}
	return c.Op.OnUpdateOnly()
}

// True and False are the constant conditions: a conjunction and a
// disjunction of nothing.
func True() *Cond  { return trueCond }
func False() *Cond { return falseCond }

// Is reports whether c is the constant value.
func (c *Cond) Is(value bool) bool {
	return len(c.Args) == 0 && (value && c.Op == OpAnd || !value && c.Op == OpOr)
}

// Known is what is known of the object where a condition is printed; nil
// fields are unknown.
type Known struct {
	// Update is whether there is an old object.
	Update *bool
	// Discriminator holds the values the discriminator is known to be one of.
	Discriminator []string
	// Unnamed is set where the discriminator is known to be one of
	// Discriminator or a value that no condition names: a switch's default
	// case, or every value but "".
	Unnamed bool
}

// Simplify evaluates what c reads of known and folds the constants, returning
// c itself where nothing changes so that printing allocates little.
func (c *Cond) Simplify(known Known) *Cond {
	switch c.Op {
	case OpAnd, OpOr:
		return c.simplifyJunction(known)
	case OpNot:
		arg := c.Args[0].Simplify(known)
		switch {
		case arg.Is(true):
			return False()
		case arg.Is(false):
			return True()
		case arg == c.Args[0]:
			return c
		}
		return Not(arg)
	case OpUpdate:
		if known.Update != nil && *known.Update {
			return True()
		}
	case OpDiscIn:
		in := func(v string) bool { return slices.Contains(c.Values, v) }
		switch {
		case known.Discriminator == nil && !known.Unnamed:
			return c
		case !known.Unnamed && !slices.ContainsFunc(known.Discriminator, func(v string) bool { return !in(v) }):
			return True()
		case !slices.ContainsFunc(known.Discriminator, in):
			return False()
		}
	}
	if known.Update != nil && !*known.Update && c.Op.OnUpdateOnly() {
		return False()
	}
	return c
}

// simplifyJunction is Simplify of a conjunction or a disjunction.
func (c *Cond) simplifyJunction(known Known) *Cond {
	and := c.Op == OpAnd
	var buf [8]*Cond
	args, changed := buf[:0], false
	for _, arg := range c.Args {
		simple := arg.Simplify(known)
		switch {
		case simple.Is(!and):
			return simple
		case simple.Is(and):
			changed = true // true in a conjunction, false in a disjunction
		case simple.Op == c.Op:
			args, changed = append(args, simple.Args...), true // (a && b) && c is a && b && c
		default:
			args, changed = append(args, simple), changed || simple != arg
		}
	}
	switch {
	case len(args) == 1:
		return args[0]
	case !changed:
		return c
	}
	return &Cond{Op: c.Op, Args: slices.Clone(args)}
}

// Equal reports whether c and d are the same condition.
func (c *Cond) Equal(d *Cond) bool {
	return c == d || c.Op == d.Op && c.Member == d.Member && slices.Equal(c.Values, d.Values) &&
		slices.EqualFunc(c.Args, d.Args, (*Cond).Equal)
}

// Negates reports whether c is the negation of d, or d of c.
func (c *Cond) Negates(d *Cond) bool {
	return c.Op == OpNot && c.Args[0].Equal(d) || d.Op == OpNot && d.Args[0].Equal(c)
}

// Conjuncts are the conditions c is the conjunction of, to read, not change.
func (c *Cond) Conjuncts() []*Cond {
	if c.Op == OpAnd {
		return slices.Clip(c.Args)
	}
	return []*Cond{c}
}

// AppendNamedValues appends the discriminator values that c names.
func (c *Cond) AppendNamedValues(values []string) []string {
	values = append(values, c.Values...)
	for _, arg := range c.Args {
		values = arg.AppendNamedValues(values)
	}
	return values
}

// PrintBool prints c, or its negation, in the boolean syntax that Go and CEL
// share, with operation printing each operation or its negation. The
// negation of a && b && !c is printed !(a && b) || c: one negation, which is
// also what the API server's cost estimate of a CEL rule counts.
func PrintBool(c *Cond, negated bool, operation func(c *Cond, negated bool) string) string {
	print := func(c *Cond, negated bool) string { return PrintBool(c, negated, operation) }
	switch c.Op {
	case OpNot:
		return print(c.Args[0], !negated)
	case OpAnd, OpOr:
	default:
		return operation(c, negated)
	}
	and := c.Op == OpAnd
	if p, q := c.exclusive(); p != nil {
		// (p && !q) || (q && !p): one of the two, and not both.
		op := " != "
		if negated {
			op = " == "
		}
		return "(" + print(p, false) + op + print(q, false) + ")"
	}
	switch {
	case len(c.Args) == 0:
		return strconv.FormatBool(and != negated)
	case len(c.Args) == 1:
		return print(c.Args[0], negated)
	case negated && and:
		var holding []*Cond
		var parts []string
		for _, arg := range c.Args {
			if arg.Op == OpNot {
				parts = append(parts, print(arg.Args[0], false))
			} else {
				holding = append(holding, arg)
			}
		}
		switch {
		case len(holding) == 1:
			parts = append([]string{print(holding[0], true)}, parts...)
		case len(holding) > 1:
			parts = append([]string{"!" + print(And(holding...), false)}, parts...)
		}
		return junction(parts, " || ")
	case negated:
		return "!" + print(c, false)
	}
	parts := make([]string, len(c.Args))
	for i, arg := range c.Args {
		parts[i] = print(arg, false)
	}
	if and {
		return junction(parts, " && ")
	}
	return junction(parts, " || ")
}

// exclusive returns p and q where c is (p && !q) || (q && !p), else nil.
func (c *Cond) exclusive() (p, q *Cond) {
	if c.Op != OpOr || len(c.Args) != 2 {
		return nil, nil
	}
	pair := func(c *Cond) (holds, fails *Cond) {
		for i, arg := range c.Args {
			if c.Op == OpAnd && len(c.Args) == 2 && arg.Op == OpNot && c.Args[1-i].Op != OpNot {
				return c.Args[1-i], arg.Args[0]
			}
		}
		return nil, nil
	}
	p, q = pair(c.Args[0])
	if q2, p2 := pair(c.Args[1]); p == nil || q2 == nil || !p.Equal(p2) || !q.Equal(q2) {
		return nil, nil
	}
	return p, q
}

func junction(parts []string, op string) string {
	if len(parts) == 1 {
		return parts[0]
	}
	return "(" + strings.Join(parts, op) + ")"
}

// Shared are the conditions that all the lists hold, in the first's order.
func Shared(lists [][]*Cond) []*Cond {
	if len(lists) == 0 {
		return nil
	}
	return slices.DeleteFunc(slices.Clone(lists[0]), func(c *Cond) bool {
		return slices.ContainsFunc(lists[1:], func(list []*Cond) bool { return !Contains(list, c) })
	})
}

// Without is the list of conditions less those of drop.
func Without(list, drop []*Cond) []*Cond {
	return slices.DeleteFunc(slices.Clone(list), func(c *Cond) bool { return Contains(drop, c) })
}

// Contains reports whether the list holds a condition equal to c.
func Contains(list []*Cond, c *Cond) bool {
	return slices.ContainsFunc(list, c.Equal)
}
