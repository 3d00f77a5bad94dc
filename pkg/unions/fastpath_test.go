package unions

import (
	"testing"

	"github.com/union-gen/union-gen/pkg/unionspec"
)

// state is an object and its old counterpart as a union's conditions see
// them: the discriminators' values, which members are set, and which equal
// old's.
type state struct {
	update             bool
	disc, oldDisc      string
	set, oldSet, equal map[string]bool
}

// holds evaluates c on s, with kept the union's Kept.
func (s *state) holds(c, kept *unionspec.Cond, members []string) bool {
	count := func() int {
		n := 0
		for _, m := range members {
			if s.set[m] {
				n++
			}
		}
		return n
	}
	onUpdate := func(b bool) bool { return s.update && b }
	switch c.Op {
	case unionspec.OpAnd, unionspec.OpOr:
		for _, a := range c.Args {
			if s.holds(a, kept, members) != (c.Op == unionspec.OpAnd) {
				return c.Op != unionspec.OpAnd
			}
		}
		return c.Op == unionspec.OpAnd
	case unionspec.OpNot:
		return !s.holds(c.Args[0], kept, members)
	case unionspec.OpUpdate:
		return s.update
	case unionspec.OpDiscIn:
		for _, v := range c.Values {
			if v == s.disc {
				return true
			}
		}
		return false
	case unionspec.OpDiscUnchanged:
		return onUpdate(s.disc == s.oldDisc)
	case unionspec.OpSet:
		return s.set[c.Member]
	case unionspec.OpOldSet:
		return onUpdate(s.oldSet[c.Member])
	case unionspec.OpSameSet:
		return onUpdate(s.set[c.Member] == s.oldSet[c.Member])
	case unionspec.OpEqual:
		return onUpdate(s.equal[c.Member])
	case unionspec.OpKept:
		return onUpdate(kept != nil && s.holds(kept, kept, members))
	case unionspec.OpNoneSet:
		return count() == 0
	case unionspec.OpSeveralSet:
		return count() > 1
	}
	panic("unknown operation " + c.Op)
}

// states enumerates the objects and old objects of a union: every value of
// the discriminator (its valid ones, "" and one that is neither), every set
// of members set, and on update the same of old, with each member equal to
// old's where it is set in both, or not, or unset in both (equal).
func states(u *unionspec.Union, yield func(*state)) {
	values := append([]string{"", "\x00invalid"}, u.Values...)
	if u.Discriminator == "" {
		values = []string{""}
	}
	var members []string
	for _, m := range u.Members {
		members = append(members, m.Name)
	}
	subsets := func(each func(map[string]bool)) {
		for bits := 0; bits < 1<<len(members); bits++ {
			set := map[string]bool{}
			for i, m := range members {
				set[m] = bits&(1<<i) != 0
			}
			each(set)
		}
	}
	for _, disc := range values {
		subsets(func(set map[string]bool) {
			yield(&state{disc: disc, set: set})
			for _, oldDisc := range values {
				subsets(func(oldSet map[string]bool) {
					subsets(func(differs map[string]bool) {
						equal := map[string]bool{}
						for _, m := range members {
							if set[m] != oldSet[m] && differs[m] {
								return // counted where differs is false
							}
							equal[m] = set[m] == oldSet[m] && !(set[m] && differs[m])
						}
						yield(&state{update: true, disc: disc, oldDisc: oldDisc, set: set, oldSet: oldSet, equal: equal})
					})
				})
			}
		})
	}
}

// stricterOnUpdate returns an update that fails one of the union's checks
// where the object, as created, fails none; nil if there is none.
func stricterOnUpdate(u *unionspec.Union) *state {
	var members []string
	for _, m := range u.Members {
		members = append(members, m.Name)
	}
	fails := func(s *state) bool {
		for _, c := range u.Checks {
			if s.holds(c.When, u.Kept, members) {
				return true
			}
		}
		return false
	}
	var found *state
	states(u, func(s *state) {
		created := *s
		created.update = false
		if found == nil && s.update && fails(s) && !fails(&created) {
			found = s
		}
	})
	return found
}

// TestFastPath: ValidateUnions tests an object's checks as created, with no
// regard to old, and calls unionsErrors, which reads old, only where one of
// them holds. That is right only if every object that fails a check on
// update fails one as created too: Describe must never make an update
// stricter than a create. Checked on every union of the examples and the
// dialects' and modes' golden packages, on every state of objects with up
// to four members.
func TestFastPath(t *testing.T) {
	stricter := &unionspec.Union{Members: []*unionspec.Member{{Name: "a"}}, Checks: []*unionspec.Check{{When: unionspec.And(unionspec.OldSet("a"), unionspec.Not(unionspec.Set("a")))}}}
	if stricterOnUpdate(stricter) == nil {
		t.Fatal("a check that holds only on update is not found")
	}
	for _, run := range []unionspec.Ratcheting{unionspec.RatchetingOff, unionspec.RatchetingMembership} {
		model, err := loadModel(run, append(append([]string{}, examplePackages...), "../../examples/apis/ratcheting", "../../testdata/golden/dialects", "../../testdata/golden/modes")...)
		if err != nil {
			t.Fatal(err)
		}
		checked := 0
		for name, plan := range model.Plans {
			for _, u := range plan.Unions {
				if len(u.Rules.Members) > 4 {
					continue
				}
				checked++
				if s := stricterOnUpdate(u.Rules); s != nil {
					t.Errorf("%s (ratcheting %q): an update fails a check that the object passes as created: %+v", name, run, *s)
				}
			}
		}
		if checked == 0 {
			t.Fatal("no union checked")
		}
	}
}

// TestAtLeastOne: the union that the API server makes of some of
// k8s.io/api's groups (apigroup) fails only where no member is set.
func TestAtLeastOne(t *testing.T) {
	u := &Union{Requires: unionspec.AtLeastOne, Members: []*Member{{Field: Field{GoName: "A", JSONName: "a"}}, {Field: Field{GoName: "B", JSONName: "b"}}}}
	spec := u.Describe()
	members := []string{"a", "b"}
	for set := range 1 << 2 {
		s := &state{set: map[string]bool{"a": set&1 != 0, "b": set&2 != 0}}
		var failed []string
		for _, c := range spec.Checks {
			if s.holds(c.When, spec.Kept, members) {
				failed = append(failed, c.Message)
			}
		}
		if want := set == 0; (len(failed) > 0) != want || want && failed[0] != "must specify at least one of: `a`, `b`" {
			t.Errorf("members %v: checks %q, want a failure %t", s.set, failed, want)
		}
	}
}
