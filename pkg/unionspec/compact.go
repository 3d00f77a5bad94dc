package unionspec

import (
	"slices"
	"strings"
)

// admitted are the Accepted values that no check on the discriminator
// rejects whatever else holds: the checks of the members may take the
// discriminator for one of these, as any other fails.
func (u *Union) admitted() []string {
	return slices.DeleteFunc(u.Accepted(), func(v string) bool {
		return slices.ContainsFunc(u.Checks, func(c *Check) bool {
			return c.Field == u.Discriminator && c.When.Simplify(Known{Discriminator: []string{v}}).Is(true)
		})
	})
}

// CompactChecks are the union's checks merged by field, each holding where
// one of its checks does, with their messages joined and their error, or
// Invalid where they differ; NotSupported checks are kept. The members'
// checks are written for the admitted values only, with fewer values named
// (within): any other fails a check on the discriminator. With
// schemaRejectsEmpty, the checks that hold only where the discriminator is
// absent or "" are left to the schema, as hand-written rules leave them.
func (u *Union) CompactChecks(schemaRejectsEmpty bool) []*Check {
	var merged []*Check
	whens := map[*Check][]*Cond{}
	byField := map[string]*Check{}
	admitted := u.admitted()
	// The members' checks are narrowed to the admitted values, except in
	// a ratcheting union, where the API server drops the enum's error on
	// an unchanged invalid discriminator, so that the members' checks see
	// that value; and in an open union, where every value is admitted.
	narrowed := u.Discriminator != "" && u.Kept == nil && !u.Open
	nonEmpty := Known{Discriminator: slices.DeleteFunc(u.Accepted(), func(v string) bool { return v == "" }), Unnamed: true}
	for _, c := range u.Checks {
		if schemaRejectsEmpty && c.Field == u.Discriminator && c.When.Simplify(nonEmpty).Is(false) {
			continue
		}
		if c.Error == ErrorNotSupported {
			merged = append(merged, c)
			continue
		}
		m := byField[c.Field]
		switch {
		case m == nil:
			m = &Check{Error: c.Error, Field: c.Field, Message: c.Message, Origin: c.Origin, Value: c.Value}
			byField[c.Field] = m
			merged = append(merged, m)
		case m.Error != c.Error || m.Origin != c.Origin || m.Value != c.Value:
			m.Error, m.Origin, m.Value = ErrorInvalid, "", ""
		}
		m.Message = joinMessages(m.Message, c.Message)
		when := c.When
		if narrowed && c.Field != u.Discriminator {
			when = within(when, admitted)
		}
		whens[m] = append(whens[m], when)
	}
	for _, m := range merged {
		if w := whens[m]; w != nil {
			m.When = resolve(w)
			if narrowed && m.Field != u.Discriminator {
				m.When = complemented(m.When, admitted)
			}
		}
	}
	return merged
}

// joinMessages joins a message to those joined before, unless it extends
// one of them.
func joinMessages(joined, message string) string {
	for _, m := range strings.Split(joined, ", and ") {
		if strings.HasPrefix(message, m) {
			return joined
		}
	}
	return joined + ", and " + message
}

// within is c where the discriminator is one of values, each test of it
// written with the fewer values: those it names or those it does not.
func within(c *Cond, values []string) *Cond {
	return narrow(c.Simplify(Known{Discriminator: values}), values)
}

func narrow(c *Cond, values []string) *Cond {
	if c.Op == OpDiscIn {
		var in, out []string
		for _, v := range values {
			if slices.Contains(c.Values, v) {
				in = append(in, v)
			} else {
				out = append(out, v)
			}
		}
		switch {
		case len(out) < len(in):
			return Not(DiscIn(out...))
		case len(in) < len(c.Values):
			return DiscIn(in...)
		}
		return c
	}
	if len(c.Args) == 0 {
		return c
	}
	args := make([]*Cond, len(c.Args))
	for i, arg := range c.Args {
		args[i] = narrow(arg, values)
	}
	return &Cond{Op: c.Op, Args: args, Values: c.Values, Member: c.Member}
}

// resolve is the disjunction of terms, with (a && x) || (a && !x) written
// a: a member's merged checks often differ only in whether the
// discriminator changed.
func resolve(terms []*Cond) *Cond {
	terms = slices.Clone(terms)
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(terms) && !merged; i++ {
			for j := i + 1; j < len(terms) && !merged; j++ {
				if shared, ok := resolvent(terms[i], terms[j]); ok {
					terms[i] = shared
					terms = slices.Delete(terms, j, j+1)
					merged = true
				}
			}
		}
	}
	if len(terms) == 1 {
		return terms[0]
	}
	return Or(terms...)
}

// complemented rewrites (d == "A" && !m) || (m && d == "B"), within "A" and
// "B", as (d == "A" && !m) || (m && !(d == "A")), which PrintBool writes as
// the cheaper d == "A" != m.
func complemented(c *Cond, values []string) *Cond {
	if c.Op != OpOr || len(c.Args) != 2 {
		return c
	}
	test := func(t *Cond) (disc int, negates bool) {
		disc = -1
		for i, arg := range t.Conjuncts() {
			switch arg.Op {
			case OpDiscIn:
				disc = i
			case OpNot:
				negates = true
			}
		}
		return disc, negates
	}
	first, second := 0, 1
	i, negates := test(c.Args[first])
	j, negatesToo := test(c.Args[second])
	if negatesToo {
		first, second, i, j, negates, negatesToo = second, first, j, i, negatesToo, negates
	}
	if i < 0 || j < 0 || !negates || negatesToo {
		return c
	}
	named := c.Args[first].Conjuncts()[i].Values
	other := c.Args[second].Conjuncts()[j].Values
	for _, v := range values {
		if slices.Contains(named, v) == slices.Contains(other, v) {
			return c
		}
	}
	if slices.ContainsFunc(append(slices.Clone(named), other...), func(v string) bool { return !slices.Contains(values, v) }) {
		return c
	}
	conjuncts := slices.Clone(c.Args[second].Conjuncts())
	conjuncts[j] = Not(DiscIn(named...))
	args := slices.Clone(c.Args)
	args[second] = And(conjuncts...)
	return Or(args...)
}

// resolvent is what c and d share, where they differ only in one conjunct,
// which one negates in the other.
func resolvent(c, d *Cond) (*Cond, bool) {
	cs, ds := c.Conjuncts(), d.Conjuncts()
	if len(cs) != len(ds) {
		return nil, false
	}
	differ := -1
	for i := range cs {
		if cs[i].Equal(ds[i]) {
			continue
		}
		if differ >= 0 || !cs[i].Negates(ds[i]) {
			return nil, false
		}
		differ = i
	}
	if differ < 0 {
		return c, true
	}
	shared := slices.Delete(slices.Clone(cs), differ, differ+1)
	if len(shared) == 1 {
		return shared[0], true
	}
	return And(shared...), true
}
