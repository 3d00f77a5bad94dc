package unionspec

import (
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
		u := &Union{Discriminator: "kind", Values: tt.values, Selecting: tt.values, Optional: tt.optional, WritesEmpty: tt.writesEmpty}
		if tt.optional && !slices.Contains(tt.values, "") {
			u.Selecting = append([]string{""}, tt.values...)
		}
		if got := u.SchemaEnum(tt.emptyToSchema); !slices.Equal(got, tt.want) {
			t.Errorf("%s: SchemaEnum = %q, want %q", tt.name, got, tt.want)
		}
	}
}
