package unstructuredunions

import (
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"k8s.io/apimachinery/pkg/api/equality"

	"github.com/union-gen/union-gen/pkg/unionspec"
)

// Normalize clears, in obj, the union members that its discriminators no
// longer select, as the generated NormalizeUnions does (N1–N3): when a
// discriminator changed to a valid value, every member it does not select
// that is set in both old and obj. old is the object before the update; nil
// means create, when there is nothing to clear. It reports whether it
// changed obj.
func (s *Schema) Normalize(obj, old map[string]any) bool {
	n := &normalizer{schema: s}
	if obj != nil && old != nil {
		n.structure(s.Structs[s.Root], obj, old)
	}
	return n.changed
}

// Operation is a JSON patch (RFC 6902) operation.
type Operation struct {
	Op    string `json:"op"`
	Path  string `json:"path"`
	Value any    `json:"value,omitempty"`
}

// JSONPatch returns the JSON patch that Normalize would apply to obj,
// without changing obj: a "remove", or a "replace" by the zero value of a
// member that JSON writes when zero, per cleared member. It is empty when
// there is nothing to normalize.
func (s *Schema) JSONPatch(obj, old map[string]any) []Operation {
	n := &normalizer{schema: s, patch: []Operation{}}
	if obj != nil && old != nil {
		n.structure(s.Structs[s.Root], obj, old)
	}
	return n.patch
}

// normalizer clears members, or, when patch is not nil, records the
// operations that clear them.
type normalizer struct {
	schema  *Schema
	changed bool
	patch   []Operation
	// path is the JSON pointer of the value being normalized, kept only
	// when recording.
	path []string
}

func (n *normalizer) structure(st *unionspec.Struct, obj, old map[string]any) {
	for _, u := range st.Unions {
		for _, c := range u.Clears {
			if holds(u, c.When, obj, old) {
				n.clear(u.Member(c.Member), obj)
			}
		}
	}
	for _, f := range st.Fields {
		if f.Name == "" {
			n.walk(f.Walk, obj, old)
			continue
		}
		value, found := obj[f.Name]
		oldValue, oldFound := old[f.Name]
		if found && oldFound {
			n.push(f.Name)
			n.walk(f.Walk, value, oldValue)
			n.pop()
		}
	}
}

func (n *normalizer) walk(w *unionspec.Walk, value, old any) {
	if !w.HasOld {
		return
	}
	switch w.Shape {
	case unionspec.ShapeStruct, unionspec.ShapePointer:
		obj, ok := value.(map[string]any)
		oldObj, oldOK := old.(map[string]any)
		if ok && oldOK {
			n.structure(n.schema.Structs[w.Struct], obj, oldObj)
		}
	case unionspec.ShapeMap:
		obj, _ := value.(map[string]any)
		oldObj, _ := old.(map[string]any)
		// In order, so that a patch is the same on every run.
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			if o, found := oldObj[k]; found {
				n.push(k)
				n.walk(w.Elem, obj[k], o)
				n.pop()
			}
		}
	case unionspec.ShapeListMap:
		items, _ := value.([]any)
		oldItems, _ := old.([]any)
		for i, item := range items {
			if j := match(w, items, oldItems, i); j >= 0 {
				n.push(strconv.Itoa(i))
				n.walk(w.Elem, item, oldItems[j])
				n.pop()
			}
		}
	}
}

func (n *normalizer) push(segment string) {
	if n.patch != nil {
		n.path = append(n.path, segment)
	}
}

func (n *normalizer) pop() {
	if n.patch != nil {
		n.path = n.path[:len(n.path)-1]
	}
}

// clear sets a member to its zero value as JSON writes it: absent, or the
// zero scalar of a member written without omitempty; or records the
// operation that does.
func (n *normalizer) clear(m *unionspec.Member, obj map[string]any) {
	n.changed = true
	zero := m.Cleared()
	if n.patch == nil {
		if zero == nil {
			delete(obj, m.Name)
		} else {
			obj[m.Name] = zero
		}
		return
	}
	var b strings.Builder
	for _, segment := range append(n.path, m.Name) {
		b.WriteString("/")
		b.WriteString(EscapePointer(segment))
	}
	op := Operation{Op: "remove", Path: b.String()}
	if zero != nil {
		op.Op, op.Value = "replace", zero
	}
	n.patch = append(n.patch, op)
}

// EscapePointer escapes a property name as a segment of a JSON pointer
// (RFC 6901).
func EscapePointer(name string) string {
	return pointerEscaper.Replace(name)
}

var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// match is the index of the old item of a list-map that items[i] is matched
// with, or -1: the item at the same index first, as lists mostly keep their
// order, then the first with the same keys.
func match(w *unionspec.Walk, items, oldItems []any, i int) int {
	if i < len(oldItems) && keysEqual(w, items[i], oldItems[i]) {
		return i
	}
	for j, o := range oldItems {
		if keysEqual(w, items[i], o) {
			return j
		}
	}
	return -1
}

func keysEqual(w *unionspec.Walk, a, b any) bool {
	x, ok := a.(map[string]any)
	y, yOK := b.(map[string]any)
	if !ok || !yOK {
		return false
	}
	for _, k := range w.Keys {
		if !keyEqual(k, x, y) {
			return false
		}
	}
	return true
}

// equal compares the key of two items as Go compares their fields: an
// absent key is the zero value, or nil for a pointer.
func keyEqual(k *unionspec.Key, x, y map[string]any) bool {
	a, b := x[k.Name], y[k.Name]
	if k.Pointer {
		if a == nil || b == nil {
			return a == nil && b == nil
		}
	} else {
		a, b = orZero(a, k.Type), orZero(b, k.Type)
	}
	if fa, ok := number(a); ok {
		fb, ok := number(b)
		return ok && fa == fb
	}
	return reflect.DeepEqual(a, b)
}

func orZero(v any, t unionspec.KeyType) any {
	if v != nil {
		return v
	}
	return t.Zero()
}

// holds evaluates a condition of the union u on obj and its old
// counterpart, nil on create.
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

// discriminator is the value of the discriminator d in obj, "" when absent;
// ok is false when the value is not a string.
func discriminator(obj map[string]any, d string) (value string, ok bool) {
	v, found := obj[d]
	if !found || v == nil {
		return "", true
	}
	value, ok = v.(string)
	return value, ok
}

// set is the Go test of "set" (docs/semantics.md §4) on the member's JSON
// value; an absent member is unset.
func set(m *unionspec.Member, obj map[string]any) bool {
	return isSet(m.Presence, m.Properties, obj[m.Name])
}

// isSet tells whether a JSON value is set by the presence test p, as Go
// tells the value decoded from it; absent (nil) and null values are unset.
// props are the properties of a struct of PresenceNonZero: it is set when
// one of them is.
func isSet(p unionspec.Presence, props []*unionspec.Property, v any) bool {
	if v == nil {
		return false
	}
	switch p {
	case unionspec.PresenceLength:
		switch v := v.(type) {
		case []any:
			return len(v) > 0
		case map[string]any:
			return len(v) > 0
		}
		return false
	case unionspec.PresenceString:
		return v != ""
	case unionspec.PresenceBool:
		return v != false
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
	switch v := v.(type) {
	case int64:
		return float64(v), true
	case int:
		return float64(v), true
	case int32:
		return float64(v), true
	case float64:
		return v, true
	case float32:
		return float64(v), true
	}
	return 0, false
}
