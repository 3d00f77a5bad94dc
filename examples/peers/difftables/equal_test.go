package difftables

import (
	"reflect"
	"testing"
)

// TestEqual: Equal is reflect.DeepEqual on unstructured objects.
func TestEqual(t *testing.T) {
	objects := []map[string]any{
		nil,
		{},
		{"a": int64(1)},
		{"a": float64(1)},
		{"a": int64(2)},
		{"b": int64(1)},
		{"a": int64(1), "b": nil},
		{"a": nil},
		{"a": map[string]any{}},
		{"a": map[string]any(nil)},
		{"a": map[string]any{"x": "y"}},
		{"a": []any{}},
		{"a": []any(nil)},
		{"a": []any{"y"}},
		{"a": []any{"y", true}},
		{"a": []any{"y", false}},
		{"a": []any{map[string]any{"x": int64(0)}}},
		{"a": []any{map[string]any{"x": float64(0)}}},
		{"a": "1"},
	}
	for _, a := range objects {
		for _, b := range objects {
			if got, want := Equal(a, b), reflect.DeepEqual(a, b); got != want {
				t.Errorf("Equal(%#v, %#v) = %v, want %v", a, b, got, want)
			}
		}
	}
}
