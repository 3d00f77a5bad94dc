package unionspec

import (
	"cmp"
	"reflect"
	"slices"
)

// The matching rule of list-maps. An item of a "+listType=map" list
// (ShapeListMap) has for old counterpart the old item with its Keys: the
// one at the same index if it has them, as lists mostly keep their order,
// else the first that has them; none if no old item has them. Keys are
// equal as Go compares the fields: an absent key is the zero value of its
// Type, or nil for a Pointer key, which is equal only to nil; numbers
// compare by value. MatchOld evaluates it for the unstructured normalizer;
// the Go methods (pkg/generators' matchTemplate) and the policy's CEL
// (pkg/policy, keysEqual) print it. testdata/listmaps.json is the table
// that the three pass (MatchOld's test here, the Go methods' in
// testdata/golden/containers, the policy's and the normalizer's in
// crdtest): items keyed by "port", an integer, and "protocol", a pointer
// to a string, as testdata/golden/containers' Port is; each case lists,
// for each new item, the index of its old item or -1, and the old items
// whose union switches, so that a wrong match shows in what is cleared.

// MatchOld is the index in oldItems of the old counterpart of items[i], a
// JSON object, or -1.
func MatchOld(keys []*Key, items, oldItems []any, i int) int {
	same := func(old any) bool {
		x, ok := items[i].(map[string]any)
		y, yOK := old.(map[string]any)
		return ok && yOK && KeysEqual(keys, x, y)
	}
	if i < len(oldItems) && same(oldItems[i]) {
		return i
	}
	return slices.IndexFunc(oldItems, same)
}

// KeysEqual reports whether two items of a list-map have the same keys.
func KeysEqual(keys []*Key, x, y map[string]any) bool {
	return !slices.ContainsFunc(keys, func(k *Key) bool { return !keyEqual(k, x, y) })
}

func keyEqual(k *Key, x, y map[string]any) bool {
	a, b := x[k.Name], y[k.Name]
	if k.Pointer {
		if a == nil || b == nil {
			return a == nil && b == nil
		}
	} else {
		a, b = cmp.Or(a, k.Type.Zero()), cmp.Or(b, k.Type.Zero())
	}
	if fa, ok := Number(a); ok {
		fb, ok := Number(b)
		return ok && fa == fb
	}
	return reflect.DeepEqual(a, b)
}

// Number is a JSON number as the decoders of unstructured objects give it
// (int64, int, int32, float64 or float32), as a float64; false for any
// other value.
func Number(v any) (float64, bool) {
	switch v.(type) {
	case int64, int, int32:
		return float64(reflect.ValueOf(v).Int()), true
	case float64, float32:
		return reflect.ValueOf(v).Float(), true
	}
	return 0, false
}
