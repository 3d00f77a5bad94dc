package markers

import (
	"slices"
	"strings"
	"testing"

	"github.com/union-gen/union-gen/pkg/report"
)

// TestDefinitions checks that every marker is complete and named once, and
// that the parser treats each as its kind says: union, dialect and foreign
// markers are never taken for misspellings, and only the union and dialect
// markers of fields are reported on a type.
func TestDefinitions(t *testing.T) {
	seen := map[string]bool{}
	for _, d := range Definitions {
		for _, name := range append([]string{d.Name}, d.Aliases...) {
			if seen[name] {
				t.Errorf("marker +%s is defined twice", name)
			}
			seen[name] = true
			if guess := misspelledUnionMarker(name); guess != "" {
				t.Errorf("marker +%s is taken for a misspelling of +%s", name, guess)
			}
		}
		if !strings.HasPrefix(d.Usage, "+"+d.Name) || d.Scope == "" || d.Meaning == "" {
			t.Errorf("marker %+v needs a usage that starts with +%s, a scope and a meaning", d, d.Name)
		}
		if takesArgs := len(d.Usage) > len("+"+d.Name); takesArgs != (d.Args != "") {
			t.Errorf("marker +%s: usage %q and arguments %q disagree", d.Name, d.Usage, d.Args)
		}
		if d.once && d.onField == nil {
			t.Errorf("marker +%s is once per field but has no field parser", d.Name)
		}
		_, errs := ParseType([]string{"+" + d.Name})
		onType := slices.ContainsFunc(errs, func(e SyntaxError) bool { return e.Rule == report.MarkerOnType })
		if fieldOnly := (d.Owner == OwnerUnionGen || d.Owner == OwnerDialect) && d.Scope == ScopeField; onType != fieldOnly {
			t.Errorf("marker +%s on a type: errors %v, want %s only for a union marker of fields", d.Name, errs, report.MarkerOnType)
		}
	}
}

// TestDefinitionRules checks that the rules of the definitions are rules of
// the registry, and that every rule of marker syntax belongs to a marker.
func TestDefinitionRules(t *testing.T) {
	known := map[report.ID]report.Doc{}
	for _, r := range report.Docs {
		known[r.ID] = r
	}
	named := map[report.ID]bool{}
	for _, d := range Definitions {
		for _, id := range d.Rules {
			if _, ok := known[id]; !ok {
				t.Errorf("marker +%s names rule %q, which report.Docs does not have", d.Name, id)
			}
			named[id] = true
		}
	}
	for _, r := range report.Docs {
		if r.Family == "marker syntax" && !named[r.ID] {
			t.Errorf("rule %s of marker syntax is no marker's", r.ID)
		}
	}
}

// checkDefinitionRules checks that each error of a parser on lines has a
// rule that the Definition of its marker names.
func checkDefinitionRules(t *testing.T, lines []string, errs []SyntaxError) {
	t.Helper()
	for _, e := range errs {
		for _, m := range scan(lines[e.Line : e.Line+1]) {
			if d := definitions[m.name]; d != nil && !slices.Contains(d.Rules, e.Rule) {
				t.Errorf("+%s reports rule %s, which its Definition does not name", m.name, e.Rule)
			}
		}
	}
}

// TestDialectDocs checks that every row of the dialect table is complete and
// names a marker the parser reads: one of its Definition, or the struct tag.
func TestDialectDocs(t *testing.T) {
	for _, d := range DialectDocs() {
		if d.Meaning == "" || d.Behaviour == "" || d.Scope == "" {
			t.Errorf("dialect marker %+v needs a scope, a meaning and a behaviour", d)
		}
		if tag, ok := strings.CutPrefix(d.Marker, UnionTag+":"); ok {
			if _, found, _ := ParseStructTag(UnionTag + ":" + tag); !found {
				t.Errorf("struct tag %s is not read", d.Marker)
			}
			continue
		}
		ms := scan([]string{d.Marker})
		if len(ms) != 1 || definitions[ms[0].name] == nil {
			t.Errorf("dialect marker %s has no Definition", d.Marker)
		}
	}
	for _, d := range Definitions {
		for _, row := range d.Dialects {
			if ms := scan([]string{row.Marker}); len(ms) != 1 || definitions[ms[0].name] == nil || definitions[ms[0].name].Name != d.Name {
				t.Errorf("dialect row %s is in the Definition of +%s", row.Marker, d.Name)
			}
		}
	}
}
