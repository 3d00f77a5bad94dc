package celprint_test

import (
	"testing"

	"github.com/union-gen/union-gen/pkg/celprint"
)

// TestSelect: property names are escaped as the API server's CEL escapes
// them, and names it cannot give CEL are errors.
func TestSelect(t *testing.T) {
	for name, want := range map[string]string{
		"type":      "type",
		"namespace": "__namespace__",
		"in":        "__in__",
		"x-y":       "x__dash__y",
		"a.b/c":     "a__dot__b__slash__c",
		"a__b":      "a__underscores__b",
	} {
		if got, err := celprint.Select(name); err != nil || got != want {
			t.Errorf("Select(%q) = %q, %v; want %q", name, got, err, want)
		}
	}
	for _, name := range []string{"", "1x", "a b", "é"} {
		if got, err := celprint.Select(name); err == nil {
			t.Errorf("Select(%q) = %q, want an error", name, got)
		}
	}
}

// TestFieldPath: fieldPath names a property with a dot when it can, else
// with a quoted subscript.
func TestFieldPath(t *testing.T) {
	for name, want := range map[string]string{
		"rollingUpdate": ".rollingUpdate",
		"x-y":           "['x-y']",
		"it's":          `['it\'s']`,
	} {
		if got := celprint.FieldPath(name); got != want {
			t.Errorf("FieldPath(%q) = %q, want %q", name, got, want)
		}
	}
}
