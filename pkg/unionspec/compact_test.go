package unionspec

import (
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
		if got := resolve(tt.terms); !got.Equal(tt.want) {
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
		if got := complemented(tt.c, values); !got.Equal(tt.want) {
			t.Errorf("%s: got %+v, want %+v", tt.name, got, tt.want)
		}
	}
}
