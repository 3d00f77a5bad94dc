package unionspec

import (
	"encoding/json"
	"testing"
)

func TestResolve(t *testing.T) {
	set, other := Set("m"), DiscIn("A")
	changed := Not(DiscUnchanged())
	tests := []struct {
		name  string
		terms []*Cond
		want  *Cond
	}{
		{"one term", []*Cond{And(set, other)}, And(set, other)},
		{"complementary conjunct", []*Cond{And(set, other, changed), And(set, other, DiscUnchanged())}, And(set, other)},
		{"down to one condition", []*Cond{And(set, changed), And(set, DiscUnchanged())}, set},
		{"kept apart", []*Cond{And(set, other), And(Not(set), DiscIn("B"))}, Or(And(set, other), And(Not(set), DiscIn("B")))},
		{"differ in two conjuncts", []*Cond{And(set, other), And(Not(set), Not(other))}, Or(And(set, other), And(Not(set), Not(other)))},
		{"equal terms", []*Cond{And(set, other), And(set, other)}, And(set, other)},
		{"resolved twice", []*Cond{And(set, other, changed), And(set, other, DiscUnchanged()), And(set, Not(other))}, set},
	}
	for _, tt := range tests {
		if got := Resolve(tt.terms); !got.Equal(tt.want) {
			t.Errorf("%s: got %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

func TestComplemented(t *testing.T) {
	set := Set("m")
	values := []string{"A", "B"}
	tests := []struct {
		name string
		c    *Cond
		want *Cond
	}{
		{"complementary", Or(And(DiscIn("A"), Not(set)), And(set, DiscIn("B"))), Or(And(DiscIn("A"), Not(set)), And(set, Not(DiscIn("A"))))},
		{"negation second", Or(And(set, DiscIn("B")), And(DiscIn("A"), Not(set))), Or(And(set, Not(DiscIn("A"))), And(DiscIn("A"), Not(set)))},
		{"not complementary", Or(And(DiscIn("A"), Not(set)), And(set, DiscIn("A"))), Or(And(DiscIn("A"), Not(set)), And(set, DiscIn("A")))},
		{"a value outside", Or(And(DiscIn("A"), Not(set)), And(set, DiscIn("B", "C"))), Or(And(DiscIn("A"), Not(set)), And(set, DiscIn("B", "C")))},
		{"no negation", Or(And(DiscIn("A"), set), And(set, DiscIn("B"))), Or(And(DiscIn("A"), set), And(set, DiscIn("B")))},
		{"one term", And(DiscIn("A"), Not(set)), And(DiscIn("A"), Not(set))},
	}
	for _, tt := range tests {
		if got := tt.c.Complemented(values); !got.Equal(tt.want) {
			t.Errorf("%s: got %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

// TestTestsDecoded: a union decoded from JSON, as the policy's annotation
// carries it, tests its members where NoneSet or SeveralSet count them, as
// the union it was encoded from does.
func TestTestsDecoded(t *testing.T) {
	u := &Union{
		Discriminator: "type",
		Members:       []*Member{{Name: "a"}, {Name: "b"}},
		Checks:        []*Check{{Error: ErrorInvalid, When: And(DiscIn(""), SeveralSet())}},
	}
	data, err := json.Marshal(u)
	if err != nil {
		t.Fatal(err)
	}
	var decoded Union
	if err := json.Unmarshal(data, &decoded); err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"a", "b"} {
		if !u.Tests(m) || !decoded.Tests(m) {
			t.Errorf("Tests(%q): %v, decoded %v; want true for both", m, u.Tests(m), decoded.Tests(m))
		}
	}
}

// TestSimplifyUnnamed: where the discriminator is known to be a value that
// no condition names, or one of some values, a test of the discriminator is
// decided only where every such value decides it.
func TestSimplifyUnnamed(t *testing.T) {
	in := DiscIn("A", "B")
	for _, tt := range []struct {
		known Known
		want  *Cond
	}{
		{Known{}, in},
		{Known{Discriminator: []string{"A"}}, True()},
		{Known{Discriminator: []string{"C"}}, False()},
		{Known{Discriminator: []string{"A", "C"}}, in},
		{Known{Unnamed: true}, False()},
		{Known{Discriminator: []string{"A"}, Unnamed: true}, in},
		{Known{Discriminator: []string{"C"}, Unnamed: true}, False()},
	} {
		if got := in.Simplify(tt.known); !got.Equal(tt.want) {
			t.Errorf("Simplify(%+v) = %+v, want %+v", tt.known, got, tt.want)
		}
	}
}
