package markers

import (
	"strings"
	"testing"
)

// TestDocs checks that every documented marker is complete and named once,
// and that the parser treats each as its kind says: union and foreign
// markers are never taken for misspellings, and only union markers are
// reported on a type.
func TestDocs(t *testing.T) {
	seen := map[string]bool{}
	for _, d := range Docs {
		for _, name := range append([]string{d.Name}, d.Aliases...) {
			if seen[name] {
				t.Errorf("marker +%s is documented twice", name)
			}
			seen[name] = true
			if guess := misspelledUnionMarker(name); guess != "" {
				t.Errorf("documented marker +%s is taken for a misspelling of +%s", name, guess)
			}
		}
		if !strings.HasPrefix(d.Usage, "+"+d.Name) || d.Scope == "" || d.Meaning == "" {
			t.Errorf("marker %+v needs a usage that starts with +%s, a scope and a meaning", d, d.Name)
		}
		if takesArgs := len(d.Usage) > len("+"+d.Name); takesArgs != (d.Args != "") {
			t.Errorf("marker +%s: usage %q and arguments %q disagree", d.Name, d.Usage, d.Args)
		}
		_, errs := ParseType([]string{"+" + d.Name})
		if onType := len(errs) > 0; onType != (d.Kind == KindUnion) {
			t.Errorf("marker +%s on a type: errors %v, want some only for a union marker", d.Name, errs)
		}
	}
}
