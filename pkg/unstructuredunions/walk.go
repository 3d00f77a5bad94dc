package unstructuredunions

import (
	"cmp"
	"maps"
	"reflect"
	"slices"
	"strconv"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/union-gen/union-gen/pkg/unionspec"
)

// walker calls visit on every union of an object with its old counterpart,
// nil where it has none. Normalizing, it walks only values that old has too,
// and no empty old struct stands for an absent one: nothing is cleared there.
type walker struct {
	schema      *Schema
	normalizing bool
	visit       func(u *unionspec.Union, obj, old map[string]any, at path)
}

// path is where a value is, as validation reports it and as a JSON pointer.
type path struct {
	fld     *field.Path
	pointer string
}

func (p path) child(k string) path { return path{p.fld.Child(k), p.pointer + "/" + EscapePointer(k)} }
func (p path) index(i int) path    { return path{p.fld.Index(i), p.pointer + "/" + strconv.Itoa(i)} }
func (p path) key(k string) path   { return path{p.fld.Key(k), p.pointer + "/" + EscapePointer(k)} }

func (w *walker) structure(st *unionspec.Struct, obj, old map[string]any, at path) {
	for _, u := range st.Unions {
		w.visit(u, obj, old, at)
	}
	for _, f := range st.Fields {
		if f.Name == "" {
			w.walk(f.Walk, obj, old, at)
			continue
		}
		oldValue := old[f.Name]
		if old != nil && !w.normalizing {
			oldValue = f.Walk.Counterpart(oldValue)
		}
		w.walk(f.Walk, obj[f.Name], oldValue, at.child(f.Name))
	}
}

func (w *walker) walk(wk *unionspec.Walk, value, old any, at path) {
	if w.normalizing && !wk.HasOld {
		return
	}
	switch wk.Shape {
	case unionspec.ShapeStruct, unionspec.ShapePointer:
		obj, ok := value.(map[string]any)
		oldObj, oldOK := old.(map[string]any)
		if w.normalizing && !(ok && oldOK) || !ok && (wk.Shape == unionspec.ShapePointer || value != nil) {
			return // unset, or not an object: the schema's types reject it
		}
		w.structure(w.schema.Structs[wk.Struct], obj, oldObj, at)
	case unionspec.ShapeList, unionspec.ShapeListMap:
		items, _ := value.([]any)
		oldItems, _ := old.([]any)
		if wk.Shape == unionspec.ShapeList {
			oldItems = nil // a list's items have no old counterpart
		}
		for i, item := range items {
			var prior any
			if j := match(wk, items, oldItems, i); j >= 0 {
				prior = oldItems[j]
			}
			w.walk(wk.Elem, item, prior, at.index(i))
		}
	case unionspec.ShapeMap:
		obj, _ := value.(map[string]any)
		oldObj, _ := old.(map[string]any)
		// In order, so that errors and patches are the same on every run.
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			prior, priorFound := oldObj[k]
			if priorFound && !w.normalizing {
				prior = wk.Elem.Counterpart(prior)
			}
			w.walk(wk.Elem, obj[k], prior, at.key(k))
		}
	}
}

// match is the index of the old item of a list-map that items[i] is matched
// with, or -1: the item at the same index first, as lists mostly keep their
// order, then the first with the same keys.
func match(w *unionspec.Walk, items, oldItems []any, i int) int {
	same := func(old any) bool {
		x, ok := items[i].(map[string]any)
		y, yOK := old.(map[string]any)
		return ok && yOK && !slices.ContainsFunc(w.Keys, func(k *unionspec.Key) bool { return !keyEqual(k, x, y) })
	}
	if i < len(oldItems) && same(oldItems[i]) {
		return i
	}
	return slices.IndexFunc(oldItems, same)
}

// keyEqual compares the key of two items as Go compares their fields: an
// absent key is the zero value, or nil for a pointer.
func keyEqual(k *unionspec.Key, x, y map[string]any) bool {
	a, b := x[k.Name], y[k.Name]
	if k.Pointer {
		if a == nil || b == nil {
			return a == nil && b == nil
		}
	} else {
		a, b = cmp.Or(a, k.Type.Zero()), cmp.Or(b, k.Type.Zero())
	}
	if fa, ok := number(a); ok {
		fb, ok := number(b)
		return ok && fa == fb
	}
	return reflect.DeepEqual(a, b)
}
