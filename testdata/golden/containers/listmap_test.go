package containers

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/union-gen/union-gen/internal/testsupport/listmaps"
)

// TestListMapMatching: the generated methods match the items of a list-map
// with their old items by the rule of pkg/unionspec (listmap.go), on its
// table: an item's member a is cleared where its old item's union switched,
// and every item survives, in its order, with its keys and other members
// (matched, new and reordered items alike); the old object is left as it
// was.
func TestListMapMatching(t *testing.T) {
	for _, c := range listmaps.Cases(t) {
		obj, old := c.Objects()
		var h, oldH, want, wantOld Holder
		decode(t, obj, &h)
		decode(t, old, &oldH)
		decode(t, c.Normalized(), &want)
		decode(t, old, &wantOld)
		h.NormalizeUnions(&oldH)
		for i, p := range h.Ports {
			if cleared := c.Cleared(i); (p.Leaf.A == nil) != cleared {
				t.Errorf("%s: item %d's a cleared: %t, want %t (its old item is %d)", c.Name, i, p.Leaf.A == nil, cleared, c.Want[i])
			}
		}
		if !reflect.DeepEqual(h, want) {
			t.Errorf("%s: normalized to\n%s\nwant\n%s", c.Name, encode(t, h), encode(t, want))
		}
		if !reflect.DeepEqual(oldH, wantOld) {
			t.Errorf("%s: the old object changed to\n%s\nwant\n%s", c.Name, encode(t, oldH), encode(t, wantOld))
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

func encode(t *testing.T, h Holder) string {
	t.Helper()
	data, err := json.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
