package unstructuredtest

import (
	"bytes"
	"testing"

	"github.com/union-gen/union-gen/examples/peers/difftables"
)

// FuzzUnstructured extends TestDifferential to whole Widgets: every place
// filled at once from the tables, list-map items reordered and their names
// repeated, map keys added and removed, and discriminators from the fuzzer;
// Normalize, JSONPatch and Validate must give the object and the errors of
// the generated methods.
func FuzzUnstructured(f *testing.F) {
	f.Add([]byte{1, 3, 0, 2, 1, 7, 1, 1, 9, 1, 0, 1, 4, 1, 1, 5, 0, 1, 1, 2}, "FieldC", true, []byte{1, 5, 1, 1, 2, 0, 8, 1, 1, 8, 1, 1, 1, 3, 1, 1, 1, 8, 1, 1}, "")
	f.Add([]byte{1, 4, 1, 0, 0, 0, 1, 30, 1, 1, 31, 0, 1, 1, 32, 1, 1, 33}, "Recreate", true, []byte{1, 4, 0, 0, 0, 40, 1, 1, 41, 1, 1, 42, 0, 1, 1, 43, 1, 1, 44}, "RollingUpdate")
	f.Add([]byte{}, "", false, []byte{}, "")
	// Every place filled, the ratcheting ones too.
	f.Add(bytes.Repeat([]byte{1}, 48), "FieldC", true, bytes.Repeat([]byte{3}, 48), "FieldA")
	f.Add([]byte{1, 2, 1, 1, 1, 3, 3, 0, 0}, "Bogus", true, []byte{1, 2, 1, 1, 1, 3, 3}, "fielda")
	s := loadSchema(f)
	tables := difftables.ByName()
	f.Fuzz(func(t *testing.T, newData []byte, disc string, update bool, oldData []byte, oldDisc string) {
		newU := unstructured(t, difftables.NewWidget(difftables.DecodeSpec(tables, newData, disc)))
		var oldU map[string]any
		if update {
			oldU = unstructured(t, difftables.NewWidget(difftables.DecodeSpec(tables, oldData, oldDisc)))
		}
		if _, diff := compare(t, s, newU, oldU, typed(t, newU), typed(t, oldU)); diff != "" {
			t.Fatalf("new %v\nold %v\n%s", newU, oldU, diff)
		}
	})
}
