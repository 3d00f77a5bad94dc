package unstructuredunions

import (
	"reflect"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/api/equality"

	"github.com/union-gen/union-gen/pkg/unionspec"
)

// Normalize clears, in obj, the members that a discriminator changed to a
// valid value no longer selects and that are set in both old and obj, as the
// generated NormalizeUnions does (N1–N3). old is the object before the
// update, nil on create. It reports whether it changed obj.
func (s *Schema) Normalize(obj, old map[string]any) bool {
	changed := false
	s.eachClear(obj, old, func(m *unionspec.Member, obj map[string]any, _ string) {
		changed = true
		if zero := m.Cleared(); zero != nil {
			obj[m.Name] = zero
		} else {
			delete(obj, m.Name)
		}
	})
	return changed
}

// Operation is a JSON patch (RFC 6902) operation.
type Operation struct {
	Op    string `json:"op"`
	Path  string `json:"path"`
	Value any    `json:"value,omitempty"`
}

// JSONPatch returns the JSON patch that Normalize would apply to obj, without
// changing it: per cleared member a "remove", or a "replace" by the zero
// value that JSON writes; empty when there is nothing to normalize.
func (s *Schema) JSONPatch(obj, old map[string]any) []Operation {
	patch := []Operation{}
	s.eachClear(obj, old, func(m *unionspec.Member, _ map[string]any, pointer string) {
		op := Operation{Op: "remove", Path: pointer + "/" + EscapePointer(m.Name)}
		if zero := m.Cleared(); zero != nil {
			op.Op, op.Value = "replace", zero
		}
		patch = append(patch, op)
	})
	return patch
}

// eachClear calls clear on every member that normalizing obj clears, with its
// object and that object's JSON pointer.
func (s *Schema) eachClear(obj, old map[string]any, clear func(m *unionspec.Member, obj map[string]any, pointer string)) {
	if obj == nil || old == nil {
		return
	}
	w := &walker{schema: s, normalizing: true, visit: func(u *unionspec.Union, obj, old map[string]any, at path) {
		for _, c := range u.Clears {
			if holds(u, c.When, obj, old) {
				clear(u.Member(c.Member), obj, at.pointer)
			}
		}
	}}
	w.structure(s.Structs[s.Root], obj, old, path{})
}

// EscapePointer escapes a property name as a JSON pointer segment (RFC 6901).
func EscapePointer(name string) string {
	return pointerEscaper.Replace(name)
}

var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// holds evaluates a condition of u on obj and old, nil on create.
func holds(u *unionspec.Union, c *unionspec.Cond, obj, old map[string]any) bool {
	switch c.Op {
	case unionspec.OpAnd:
		return !slices.ContainsFunc(c.Args, func(arg *unionspec.Cond) bool { return !holds(u, arg, obj, old) })
	case unionspec.OpOr:
		return slices.ContainsFunc(c.Args, func(arg *unionspec.Cond) bool { return holds(u, arg, obj, old) })
	case unionspec.OpNot:
		return !holds(u, c.Args[0], obj, old)
	case unionspec.OpUpdate:
		return old != nil
	case unionspec.OpDiscIn:
		disc, ok := discriminator(obj, u.Discriminator)
		return ok && slices.Contains(c.Values, disc)
	case unionspec.OpDiscUnchanged:
		disc, ok := discriminator(obj, u.Discriminator)
		oldDisc, oldOK := discriminator(old, u.Discriminator)
		return old != nil && ok && oldOK && disc == oldDisc
	case unionspec.OpSet:
		return set(u.Member(c.Member), obj)
	case unionspec.OpOldSet:
		return old != nil && set(u.Member(c.Member), old)
	case unionspec.OpSameSet:
		m := u.Member(c.Member)
		return old != nil && set(m, obj) == set(m, old)
	case unionspec.OpEqual:
		return old != nil && equality.Semantic.DeepEqual(obj[c.Member], old[c.Member])
	case unionspec.OpKept:
		return old != nil && holds(u, u.Kept, obj, old)
	case unionspec.OpNoneSet:
		return len(setMembers(u, obj)) == 0
	case unionspec.OpSeveralSet:
		return len(setMembers(u, obj)) > 1
	}
	return false
}

// setMembers are the names of the members of u set in obj, in order.
func setMembers(u *unionspec.Union, obj map[string]any) []string {
	var names []string
	for _, m := range u.Members {
		if set(m, obj) {
			names = append(names, m.Name)
		}
	}
	return names
}

// discriminator is obj's value of d, "" when absent; false if not a string.
func discriminator(obj map[string]any, d string) (string, bool) {
	value, ok := obj[d].(string)
	return value, ok || obj[d] == nil
}

// set is the Go test of "set" (docs/semantics.md §4) on a member's JSON value.
func set(m *unionspec.Member, obj map[string]any) bool {
	return isSet(m.Presence, m.Properties, obj[m.Name])
}

// isSet tells whether a JSON value is set by the presence test p, as Go
// tells the value decoded from it; props are those of PresenceNonZero.
func isSet(p unionspec.Presence, props []*unionspec.Property, v any) bool {
	if v == nil {
		return false
	}
	switch p {
	case unionspec.PresenceLength:
		switch v.(type) {
		case []any, map[string]any:
			return reflect.ValueOf(v).Len() > 0
		}
		return false
	case unionspec.PresenceString, unionspec.PresenceBool:
		return v != p.Zero()
	case unionspec.PresenceInteger, unionspec.PresenceFloat:
		f, ok := number(v)
		return !ok || f != 0
	case unionspec.PresenceNonZero:
		obj, ok := v.(map[string]any)
		if !ok {
			return true // not an object: the schema's types reject it
		}
		return slices.ContainsFunc(props, func(prop *unionspec.Property) bool {
			return isSet(prop.Presence, prop.Properties, obj[prop.Name])
		})
	}
	return true
}

// number is a JSON number as a float64, whichever Go type holds it.
func number(v any) (float64, bool) {
	switch v.(type) {
	case int64, int, int32:
		return float64(reflect.ValueOf(v).Int()), true
	case float64, float32:
		return reflect.ValueOf(v).Float(), true
	}
	return 0, false
}
