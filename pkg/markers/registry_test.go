package markers

import (
	"slices"
	"strings"
	"testing"

	"github.com/union-gen/union-gen/internal/rules"
)

// TestDocs checks that every documented marker is complete and named once,
// and that the parser treats each as its kind says: union, dialect and
// foreign markers are never taken for misspellings, and only the union and
// dialect markers of fields are reported on a type.
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
		onType := slices.ContainsFunc(errs, func(e SyntaxError) bool { return e.Rule == rules.MarkerOnType })
		if fieldOnly := (d.Kind == KindUnion || d.Kind == KindDialect) && d.Scope == ScopeField; onType != fieldOnly {
			t.Errorf("marker +%s on a type: errors %v, want %s only for a union marker of fields", d.Name, errs, rules.MarkerOnType)
		}
	}
}

// TestDialectDocs checks that every marker of the dialect table is one the
// parser reads: a documented marker, or the struct tag.
func TestDialectDocs(t *testing.T) {
	known := map[string]bool{}
	for _, d := range Docs {
		known[d.Name] = true
		for _, alias := range d.Aliases {
			known[alias] = true
		}
	}
	for _, d := range DialectDocs {
		if d.Meaning == "" || d.Behaviour == "" || d.Scope() == "" {
			t.Errorf("dialect marker %+v needs a scope, a meaning and a behaviour", d)
		}
		if tag, ok := strings.CutPrefix(d.Marker, UnionTag+":"); ok {
			if _, found, _ := ParseStructTag(UnionTag + ":" + tag); !found {
				t.Errorf("struct tag %s is not read", d.Marker)
			}
			continue
		}
		ms := scan([]string{d.Marker})
		if len(ms) != 1 || !known[ms[0].name] {
			t.Errorf("dialect marker %s is not in Docs", d.Marker)
		}
	}
}
