package unions

import (
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// dominant is the field encoding/json serializes among those of one name:
// the shallowest, or among several of that depth the one tagged; nil when
// that leaves more than one, and it serializes none of them.
func dominant(fields []jsonProperty) *jsonProperty {
	depth := slices.MinFunc(fields, func(a, b jsonProperty) int { return len(a.path) - len(b.path) })
	var top, tagged []jsonProperty
	for _, f := range fields {
		if len(f.path) == len(depth.path) {
			top = append(top, f)
			if f.tagged {
				tagged = append(tagged, f)
			}
		}
	}
	switch {
	case len(top) == 1:
		return &top[0]
	case len(tagged) == 1:
		return &tagged[0]
	}
	return nil
}

// checkJSONNames reports every union field that encoding/json would not
// serialize under its JSON name in the object of s, a struct of the input
// packages: one of another field of s or of a struct s inlines, through
// which the union, set in Go, would be missing or another field in JSON.
func (b *builder) checkJSONNames(s *types.Type) {
	var visit func(t *jsonType, path []string, seen map[*types.Type]bool)
	visit = func(t *jsonType, path []string, seen map[*types.Type]bool) {
		if seen[t.under] {
			return
		}
		seen[t.under] = true
		for _, u := range b.unions[t.under.Name] {
			for _, f := range u.fields() {
				b.checkJSONName(s, path, f, b.json.of(s).properties()[f.JSONName])
			}
		}
		for _, f := range t.fields {
			if f.inlined != nil {
				visit(f.inlined, append(slices.Clone(path), f.member.Name), seen)
			}
		}
	}
	visit(b.json.of(s), nil, map[*types.Type]bool{})
}

// checkJSONName reports the union field f, of the struct at path in s,
// unless encoding/json serializes it among the fields of its name.
func (b *builder) checkJSONName(s *types.Type, path []string, f Field, named []jsonProperty) {
	want := strings.Join(append(slices.Clone(path), f.GoName), ".")
	won := dominant(named)
	if won != nil && strings.Join(won.path, ".") == want {
		return
	}
	var others []string
	for _, n := range named {
		if p := strings.Join(n.path, "."); p != want {
			others = append(others, p)
		}
	}
	at := want
	if len(path) > 0 {
		at = path[0] // the problem is s's: report it where s inlines the union
	}
	what := "so encoding/json serializes none of them"
	if won != nil {
		what = "and encoding/json serializes " + strings.Join(won.path, ".") + ", which is shallower or tagged where the union's is not"
	}
	b.fieldError(s, at, report.DuplicateJSON, "the union's field %s shares its JSON name %q with %s in the JSON of %s, %s: give one of them another JSON name", want, f.JSONName, strings.Join(others, " and "), declName(s), what)
}

// fields are the union's discriminator, if any, and members.
func (u *Union) fields() []Field {
	var out []Field
	if u.Requires == unionspec.Discriminated {
		out = append(out, u.Discriminator)
	}
	for _, m := range u.Members {
		out = append(out, m.Field)
	}
	return out
}
