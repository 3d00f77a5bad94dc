package unstructuredunions

import (
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/union-gen/union-gen/pkg/unionspec"
)

// Normalize clears, in obj, the members that a discriminator changed to a
// valid value no longer selects and that are set in both old and obj, as the
// generated NormalizeUnions does (N1–N3). old is the object before the
// update, nil on create. It reports whether it changed obj.
func (s *Schema) Normalize(obj, old map[string]any) bool {
	changed := false
	s.eachClear(obj, old, false, func(m *unionspec.Member, obj map[string]any, _ string) {
		changed = true
		delete(obj, m.Name)
		if zero := m.Cleared(); zero != nil {
			obj[m.Name] = zero
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
	patch := make([]Operation, 0, 4)
	s.eachClear(obj, old, true, func(m *unionspec.Member, _ map[string]any, pointer string) {
		op := Operation{Op: "remove", Path: pointer}
		if zero := m.Cleared(); zero != nil {
			op.Op, op.Value = "replace", zero
		}
		patch = append(patch, op)
	})
	return patch
}

// eachClear calls clear on every member Normalize clears, with its object
// and, patching, its JSON pointer.
func (s *Schema) eachClear(obj, old map[string]any, patching bool, clear func(m *unionspec.Member, obj map[string]any, pointer string)) {
	if obj == nil || old == nil {
		return
	}
	w := &walker{schema: s, normalizing: true}
	if patching {
		w.pointer = w.segments[:0]
	}
	w.visit = func(u *unionspec.Union, obj, old map[string]any, _ *field.Path) {
		for _, c := range u.Clears {
			if !holds(u, c.When, obj, old) {
				continue
			}
			var pointer strings.Builder
			if patching {
				for _, segment := range append(w.pointer, c.Member) {
					pointer.WriteByte('/')
					pointer.WriteString(unionspec.EscapePointer(segment))
				}
			}
			clear(u.Member(c.Member), obj, pointer.String())
		}
	}
	w.run(obj, old, nil)
}

// walker calls visit on every union of an object with its old counterpart,
// nil where it has none, as a unionspec.Visitor of the object's values.
// Normalizing, it walks only values that old has too, and no empty old
// struct stands for an absent one: nothing is cleared there. Validating, a
// value's at is its field path; normalizing, it is nil, and where patching
// (non-nil), pointer holds the segments of the value's JSON pointer, joined
// only for a member cleared: a webhook's walk allocates nothing per step.
type walker struct {
	schema      *Schema
	normalizing bool
	pointer     []string
	segments    [8]string // pointer's first
	visit       func(u *unionspec.Union, obj, old map[string]any, at *field.Path)
}

// value is a walked value, its old counterpart and its field path.
type value struct {
	obj, old any
	at       *field.Path
}

// run walks obj, of the schema's root, and old.
func (w *walker) run(obj, old map[string]any, at *field.Path) {
	unionspec.Visit(&w.schema.Schema, unionspec.Visitor[value](w), value{obj, old, at})
}

// step walks on along walk at item, the child segment of the value walked,
// whose field path is next(at).
func (w *walker) step(wk *unionspec.Walker[value], walk *unionspec.Walk, item, old any, at *field.Path, segment string, next func(*field.Path) *field.Path) {
	if w.pointer != nil {
		w.pointer = append(w.pointer, segment)
		defer func() { w.pointer = w.pointer[:len(w.pointer)-1] }()
	}
	if !w.normalizing {
		at = next(at)
	}
	wk.Walk(walk, value{item, old, at})
}

// objects are a struct's value and its old counterpart as objects; nil
// where they are not.
func (v value) objects() (obj, old map[string]any) {
	obj, _ = v.obj.(map[string]any)
	old, _ = v.old.(map[string]any)
	return obj, old
}

func (w *walker) Struct(name string, walk *unionspec.Walk, v value, wk *unionspec.Walker[value]) {
	obj, ok := v.obj.(map[string]any)
	old, oldOK := v.old.(map[string]any)
	switch {
	case walk == nil: // the root
	case w.normalizing && (!walk.HasOld || !(ok && oldOK)):
		return // nothing to clear without an old value
	case !ok && (walk.Shape == unionspec.ShapePointer || v.obj != nil):
		return // unset, or not an object, which the schema rejects
	}
	wk.Struct(name, value{obj, old, v.at})
}

func (w *walker) Union(u *unionspec.Union, v value) {
	obj, old := v.objects()
	w.visit(u, obj, old, v.at)
}

func (w *walker) Field(f *unionspec.Field, v value, wk *unionspec.Walker[value]) {
	obj, old := v.objects()
	oldValue := old[f.Name]
	if old != nil && !w.normalizing {
		oldValue = f.Walk.Counterpart(oldValue)
	}
	w.step(wk, f.Walk, obj[f.Name], oldValue, v.at, f.Name, func(at *field.Path) *field.Path { return at.Child(f.Name) })
}

func (w *walker) Elems(walk *unionspec.Walk, v value, wk *unionspec.Walker[value]) {
	if w.normalizing && !walk.HasOld {
		return
	}
	switch walk.Shape {
	case unionspec.ShapeList, unionspec.ShapeListMap:
		items, _ := v.obj.([]any)
		oldItems, _ := v.old.([]any)
		if walk.Shape == unionspec.ShapeList {
			oldItems = nil // a list's items have no old counterpart
		}
		for i, item := range items {
			var prior any
			if j := unionspec.MatchOld(walk.Keys, items, oldItems, i); j >= 0 {
				prior = oldItems[j]
			}
			w.step(wk, walk.Elem, item, prior, v.at, strconv.Itoa(i), func(at *field.Path) *field.Path { return at.Index(i) })
		}
	case unionspec.ShapeMap:
		obj, _ := v.obj.(map[string]any)
		oldObj, _ := v.old.(map[string]any)
		// In order, so that errors and patches are the same on every run.
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			prior, priorFound := oldObj[k]
			switch {
			case w.normalizing && !priorFound:
				continue // nothing to clear without an old value
			case priorFound && !w.normalizing:
				prior = walk.Elem.Counterpart(prior)
			}
			w.step(wk, walk.Elem, obj[k], prior, v.at, k, func(at *field.Path) *field.Path { return at.Key(k) })
		}
	}
}

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
		disc, ok := discriminator(u, obj)
		return ok && slices.Contains(c.Values, disc)
	case unionspec.OpDiscUnchanged:
		disc, ok := discriminator(u, obj)
		oldDisc, oldOK := discriminator(u, old)
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

// discriminator is obj's value of u's discriminator, u.Absent() when
// absent; false if not a string (a bool for a Boolean one).
func discriminator(u *unionspec.Union, obj map[string]any) (string, bool) {
	value := obj[u.Discriminator]
	if value == nil {
		return u.Absent(), true
	}
	if b, ok := value.(bool); ok && u.Boolean {
		return strconv.FormatBool(b), true
	}
	s, ok := value.(string)
	return s, ok && !u.Boolean
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
		f, ok := unionspec.Number(v)
		return !ok || f != 0
	case unionspec.PresenceNonZero:
		obj, ok := v.(map[string]any) // if not an object, the schema's types reject it
		return !ok || slices.ContainsFunc(props, func(prop *unionspec.Property) bool {
			return isSet(prop.Presence, prop.Properties, obj[prop.Name])
		})
	}
	return true
}
