package containers

import (
	"encoding/json"
	"testing"

	"github.com/union-gen/union-gen/internal/testsupport/listmaps"
)

// TestListMapMatching: the generated methods match the items of a list-map
// with their old items by the rule of pkg/unionspec (listmap.go), on its
// table: an item's member a is cleared where its old item's union switched.
func TestListMapMatching(t *testing.T) {
	for _, c := range listmaps.Cases(t) {
		obj, old := c.Objects()
		var h, oldH Holder
		decode(t, obj, &h)
		decode(t, old, &oldH)
		h.NormalizeUnions(&oldH)
		for i, p := range h.Ports {
			if cleared := c.Cleared(i); (p.Leaf.A == nil) != cleared {
				t.Errorf("%s: item %d's a cleared: %t, want %t (its old item is %d)", c.Name, i, p.Leaf.A == nil, cleared, c.Want[i])
			}
		}
	}
}

func decode(t *testing.T, obj map[string]any, h *Holder) {
	t.Helper()
	data, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, h); err != nil {
		t.Fatal(err)
	}
}
