package crd

import (
	"slices"
	"testing"

	"github.com/union-gen/union-gen/pkg/unions"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

func TestResolve(t *testing.T) {
	set, other := unionspec.Set("m"), unionspec.DiscIn("A")
	changed := unionspec.Not(unionspec.DiscUnchanged())
	tests := []struct {
		name  string
		terms []*unionspec.Cond
		want  *unionspec.Cond
	}{
		{"one term", []*unionspec.Cond{unionspec.And(set, other)}, unionspec.And(set, other)},
		{"complementary conjunct", []*unionspec.Cond{unionspec.And(set, other, changed), unionspec.And(set, other, unionspec.DiscUnchanged())}, unionspec.And(set, other)},
		{"down to one condition", []*unionspec.Cond{unionspec.And(set, changed), unionspec.And(set, unionspec.DiscUnchanged())}, set},
		{"kept apart", []*unionspec.Cond{unionspec.And(set, other), unionspec.And(unionspec.Not(set), unionspec.DiscIn("B"))}, unionspec.Or(unionspec.And(set, other), unionspec.And(unionspec.Not(set), unionspec.DiscIn("B")))},
		{"differ in two conjuncts", []*unionspec.Cond{unionspec.And(set, other), unionspec.And(unionspec.Not(set), unionspec.Not(other))}, unionspec.Or(unionspec.And(set, other), unionspec.And(unionspec.Not(set), unionspec.Not(other)))},
		{"equal terms", []*unionspec.Cond{unionspec.And(set, other), unionspec.And(set, other)}, unionspec.And(set, other)},
		{"resolved twice", []*unionspec.Cond{unionspec.And(set, other, changed), unionspec.And(set, other, unionspec.DiscUnchanged()), unionspec.And(set, unionspec.Not(other))}, set},
	}
	for _, tt := range tests {
		if got := resolve(tt.terms); !got.Equal(tt.want) {
			t.Errorf("%s: got %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

func TestComplemented(t *testing.T) {
	set := unionspec.Set("m")
	values := []string{"A", "B"}
	tests := []struct {
		name string
		c    *unionspec.Cond
		want *unionspec.Cond
	}{
		{"complementary", unionspec.Or(unionspec.And(unionspec.DiscIn("A"), unionspec.Not(set)), unionspec.And(set, unionspec.DiscIn("B"))), unionspec.Or(unionspec.And(unionspec.DiscIn("A"), unionspec.Not(set)), unionspec.And(set, unionspec.Not(unionspec.DiscIn("A"))))},
		{"negation second", unionspec.Or(unionspec.And(set, unionspec.DiscIn("B")), unionspec.And(unionspec.DiscIn("A"), unionspec.Not(set))), unionspec.Or(unionspec.And(set, unionspec.Not(unionspec.DiscIn("A"))), unionspec.And(unionspec.DiscIn("A"), unionspec.Not(set)))},
		{"not complementary", unionspec.Or(unionspec.And(unionspec.DiscIn("A"), unionspec.Not(set)), unionspec.And(set, unionspec.DiscIn("A"))), unionspec.Or(unionspec.And(unionspec.DiscIn("A"), unionspec.Not(set)), unionspec.And(set, unionspec.DiscIn("A")))},
		{"a value outside", unionspec.Or(unionspec.And(unionspec.DiscIn("A"), unionspec.Not(set)), unionspec.And(set, unionspec.DiscIn("B", "C"))), unionspec.Or(unionspec.And(unionspec.DiscIn("A"), unionspec.Not(set)), unionspec.And(set, unionspec.DiscIn("B", "C")))},
		{"no negation", unionspec.Or(unionspec.And(unionspec.DiscIn("A"), set), unionspec.And(set, unionspec.DiscIn("B"))), unionspec.Or(unionspec.And(unionspec.DiscIn("A"), set), unionspec.And(set, unionspec.DiscIn("B")))},
		{"one term", unionspec.And(unionspec.DiscIn("A"), unionspec.Not(set)), unionspec.And(unionspec.DiscIn("A"), unionspec.Not(set))},
	}
	for _, tt := range tests {
		if got := complemented(tt.c, values); !got.Equal(tt.want) {
			t.Errorf("%s: got %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

// TestSchemaEnum: the enum of a discriminator's schema lists the values
// that V1 lets through, "" among them where V1 reports it Required or where
// Go writes "" for an unset discriminator, but not where an optional
// discriminator is left out of the object, so that the schema rejects an
// explicit "" (docs/semantics.md §7); with the check of "" left to the
// schema (compact rules), the enum's values alone.
func TestSchemaEnum(t *testing.T) {
	ab, withNone := []string{"A", "B"}, []string{"", "A"}
	tests := []struct {
		name                                 string
		values                               []string
		optional, writesEmpty, emptyToSchema bool
		want                                 []string
	}{
		{"optional, left out when unset", ab, true, false, false, ab},
		{"optional, written as \"\"", ab, true, true, false, []string{"", "A", "B"}},
		{"required", ab, false, false, false, []string{"", "A", "B"}},
		{"required, written as \"\"", ab, false, true, false, []string{"", "A", "B"}},
		{"\"\" a value, optional", withNone, true, false, false, withNone},
		{"\"\" a value, required", withNone, false, true, false, withNone},
		{"required, \"\" left to the schema", ab, false, false, true, ab},
	}
	for _, tt := range tests {
		u := &unions.Union{Kind: unions.Discriminated, Enum: unions.Enum{Values: tt.values}, DiscriminatorOptional: tt.optional, WritesEmpty: tt.writesEmpty}
		u.Spec = &unionspec.Union{Discriminator: "kind", Values: tt.values, Selecting: tt.values}
		if tt.optional && !slices.Contains(tt.values, "") {
			u.Spec.Selecting = append([]string{""}, tt.values...)
		}
		if got := schemaEnum(u, tt.emptyToSchema); !slices.Equal(got, tt.want) {
			t.Errorf("%s: schemaEnum = %q, want %q", tt.name, got, tt.want)
		}
	}
}
