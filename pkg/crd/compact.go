package crd

import (
	"slices"
	"strings"

	"github.com/union-gen/union-gen/pkg/unionspec"
)

// The compact rules (--crd-rules=compact) and the conditions rewritten for
// CEL: how the API server's schema and its enum ratcheting make some checks
// unneeded, and how merged checks print shorter.

// admitted are the discriminator values that pass the checks on the
// discriminator itself: the Accepted values less those that one of those
// checks reports whatever else holds ("" where V1 requires a value, and
// the union does not ratchet). Any other value fails those checks, so the
// checks of the members may take the discriminator for one of these.
func admitted(u *unionspec.Union) []string {
	return slices.DeleteFunc(u.Accepted(), func(v string) bool {
		return slices.ContainsFunc(u.Checks, func(c *unionspec.Check) bool {
			return c.Field == u.Discriminator && c.When.Simplify(unionspec.Known{Discriminator: []string{v}}).Is(true)
		})
	})
}

// compactChecks are the union's checks merged by field: one check per
// property that checks report errors on (each member, the discriminator,
// the union's object), which holds where one of them does. Its message
// joins theirs, and its error is theirs where they share one, else
// unionspec.ErrorInvalid. NotSupported checks are kept as they are. An object fails
// the merged checks exactly where it fails the union's: where the
// discriminator is not Admitted, a check on it fails, so the checks of the
// members are written for the Admitted values only, with fewer of them
// named (within). With schemaRejectsEmpty, the schema itself rejects a
// discriminator that is absent or "" (it is required there, and "" is not
// in its enum): the checks on the discriminator that hold only then are left
// to it, as hand-written rules leave them.
func compactChecks(u *unionspec.Union, schemaRejectsEmpty bool) []*unionspec.Check {
	var merged []*unionspec.Check
	whens := map[*unionspec.Check][]*unionspec.Cond{}
	byField := map[string]*unionspec.Check{}
	admitted := admitted(u)
	// The members' checks are written for the admitted values only, but
	// in a ratcheting union: there the API server drops the enum's error
	// on an unchanged invalid discriminator, which they then see.
	narrow := u.Discriminator != "" && u.Kept == nil
	nonEmpty := unionspec.Known{Discriminator: slices.DeleteFunc(u.Accepted(), func(v string) bool { return v == "" }), Unnamed: true}
	for _, c := range u.Checks {
		if schemaRejectsEmpty && c.Field == u.Discriminator && c.When.Simplify(nonEmpty).Is(false) {
			continue
		}
		if c.Error == unionspec.ErrorNotSupported {
			merged = append(merged, c)
			continue
		}
		m := byField[c.Field]
		switch {
		case m == nil:
			m = &unionspec.Check{Error: c.Error, Field: c.Field, Message: c.Message, Origin: c.Origin, Value: c.Value}
			byField[c.Field] = m
			merged = append(merged, m)
		case m.Error != c.Error || m.Origin != c.Origin || m.Value != c.Value:
			m.Error, m.Origin, m.Value = unionspec.ErrorInvalid, "", ""
		}
		m.Message = joinMessages(m.Message, c.Message)
		when := c.When
		if narrow && c.Field != u.Discriminator {
			when = within(when, admitted)
		}
		whens[m] = append(whens[m], when)
	}
	for _, m := range merged {
		if w := whens[m]; w != nil {
			m.When = resolve(w)
			if narrow && m.Field != u.Discriminator {
				m.When = complemented(m.When, admitted)
			}
		}
	}
	return merged
}

// joinMessages joins a check's message to those joined before, unless it
// only adds to one of them ("may only be set when d is "V"; d did not
// change: …" is a case of "may only be set when d is "V"").
func joinMessages(joined, message string) string {
	for _, m := range strings.Split(joined, ", and ") {
		if strings.HasPrefix(message, m) {
			return joined
		}
	}
	return joined + ", and " + message
}

// within is c where the discriminator is known to be one of values: Simplify with that known, and each remaining test of the
// discriminator written with the fewer values, of those it names or of
// those it does not.
func within(c *unionspec.Cond, values []string) *unionspec.Cond {
	return narrow(c.Simplify(unionspec.Known{Discriminator: values}), values)
}

func narrow(c *unionspec.Cond, values []string) *unionspec.Cond {
	if c.Op == unionspec.OpDiscIn {
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
			return unionspec.Not(unionspec.DiscIn(out...))
		case len(in) < len(c.Values):
			return unionspec.DiscIn(in...)
		}
		return c
	}
	if len(c.Args) == 0 {
		return c
	}
	args := make([]*unionspec.Cond, len(c.Args))
	for i, arg := range c.Args {
		args[i] = narrow(arg, values)
	}
	return &unionspec.Cond{Op: c.Op, Args: args, Values: c.Values, Member: c.Member}
}

// resolve is the disjunction of terms with every two conjunctions that
// differ only in one condition, which one negates in the other, replaced by
// the conditions they share: (a && x) || (a && !x) is a. The compact rules
// need it, where one check merges a member's checks that differ only in
// whether the discriminator changed (only their messages tell them apart).
func resolve(terms []*unionspec.Cond) *unionspec.Cond {
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
	return unionspec.Or(terms...)
}

// complemented is c, where it is a disjunction of two conjunctions that test
// the discriminator for complementary sets of values (within values, what
// it is known to be one of), one of them negating a condition and the other
// none, with the test of the other written as the negation of the first's:
// (d == "A" && !m) || (m && d == "B") within "A" and "B" is
// (d == "A" && !m) || (m && !(d == "A")), which PrintBool writes as
// d == "A" != m.
func complemented(c *unionspec.Cond, values []string) *unionspec.Cond {
	if c.Op != unionspec.OpOr || len(c.Args) != 2 {
		return c
	}
	test := func(t *unionspec.Cond) (disc int, negates bool) {
		disc = -1
		for i, arg := range t.Conjuncts() {
			switch arg.Op {
			case unionspec.OpDiscIn:
				disc = i
			case unionspec.OpNot:
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
	conjuncts[j] = unionspec.Not(unionspec.DiscIn(named...))
	args := slices.Clone(c.Args)
	args[second] = unionspec.And(conjuncts...)
	return unionspec.Or(args...)
}

// resolvent is the conjunction of what c and d share, when they differ only
// in one conjunct, which one negates in the other.
func resolvent(c, d *unionspec.Cond) (*unionspec.Cond, bool) {
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
	return unionspec.And(shared...), true
}
