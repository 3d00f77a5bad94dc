package unionspec

import (
	"encoding/json"
	"slices"
	"testing"
)

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
		u := (&Declaration{Requires: Discriminated, Discriminator: "kind", Values: tt.values, Optional: tt.optional, WritesEmpty: tt.writesEmpty}).Describe()
		if got := u.SchemaEnum(tt.emptyToSchema); !slices.Equal(got, tt.want) {
			t.Errorf("%s: SchemaEnum = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestEnumerated: only a discriminator that is neither open nor a bool has
// a schema enum.
func TestEnumerated(t *testing.T) {
	for _, tc := range []struct {
		u    Union
		want bool
	}{
		{Union{Discriminator: "type"}, true},
		{Union{Discriminator: "type", Open: true}, false},
		{Union{Discriminator: "on", Boolean: true}, false},
		{Union{}, false},
	} {
		if got := tc.u.Enumerated(); got != tc.want {
			t.Errorf("%+v: Enumerated = %v, want %v", tc.u, got, tc.want)
		}
	}
}

// TestFirstOpaque: the first opaque member that the schema has, by struct
// name; none where the schema lacks it.
func TestFirstOpaque(t *testing.T) {
	opaque := &Member{Name: "at", Opaque: "it decodes itself"}
	s := &Schema{Root: "B", Structs: map[string]*Struct{
		"B": {Unions: []*Union{{Members: []*Member{{Name: "x"}, opaque}}}},
		"A": {Unions: []*Union{{Members: []*Member{{Name: "y"}}}}},
	}}
	if name, m := s.FirstOpaque(); name != "B" || m != opaque {
		t.Errorf("FirstOpaque = %q, %v; want B, at", name, m)
	}
	if m := s.Structs["B"].Unions[0].FirstOpaque(func(name string) bool { return name != "at" }); m != nil {
		t.Errorf("FirstOpaque of a schema without it = %v", m)
	}
}

// TestDecodedUnionCRD: a union decoded from the policy's annotation has no
// declaration, and what a CRD reads of it says nothing beyond its rules,
// as for a union whose declaration is empty, rather than failing.
func TestDecodedUnionCRD(t *testing.T) {
	var u Union
	if err := json.Unmarshal([]byte(`{"discriminator":"type","values":["A","B"],"checks":[]}`), &u); err != nil {
		t.Fatal(err)
	}
	if got := u.SchemaEnum(false); slices.Contains(got, "A") {
		t.Errorf("SchemaEnum = %q: the values a schema takes (Selecting) are not in the JSON", got)
	}
	if values, ok := u.VariantEnum([]string{"A"}, []string{"A", "B"}); values != nil || ok {
		t.Errorf("VariantEnum = %v, %v; want no variant enum, as no value is a Variant one", values, ok)
	}
	m := &DeclaredMember{Values: []string{"A"}}
	if u.LeftOut(m, []string{"B"}) || u.VariantValue(m) != "" {
		t.Errorf("LeftOut = %v, VariantValue = %q; want false and \"\"", u.LeftOut(m, []string{"B"}), u.VariantValue(m))
	}
	_ = u.EmptyToSchema(true, false)
	_ = u.Enumerated()
	if u.CRDVariant(func(string) bool { return true }, nil) != &u {
		t.Error("CRDVariant of a decoded union is not the union")
	}
}
