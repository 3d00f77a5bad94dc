package containers

import (
	"encoding/json"
	"os"
	"slices"
	"testing"
)

// TestListMapMatching: the generated methods match the items of a list-map
// with their old items by the rule of pkg/unionspec (listmap.go), on its
// table: each new item switches its union from an old item that switched
// (type A to B), whose member a is then cleared, or not (type B), whose a
// stays.
func TestListMapMatching(t *testing.T) {
	data, err := os.ReadFile("../../../pkg/unionspec/testdata/listmaps.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Name     string           `json:"name"`
		Old      []map[string]any `json:"old"`
		New      []map[string]any `json:"new"`
		Switched []int            `json:"switched"`
		Want     []int            `json:"want"`
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		var obj, old Holder
		decode(t, c.New, func(int) map[string]any { return map[string]any{"type": "B", "a": "x", "b": "y"} }, &obj)
		decode(t, c.Old, func(j int) map[string]any {
			if slices.Contains(c.Switched, j) {
				return map[string]any{"type": "A", "a": "x"}
			}
			return map[string]any{"type": "B", "a": "x"}
		}, &old)
		obj.NormalizeUnions(&old)
		for i, p := range obj.Ports {
			cleared := c.Want[i] >= 0 && slices.Contains(c.Switched, c.Want[i])
			if (p.Leaf.A == nil) != cleared {
				t.Errorf("%s: item %d's a cleared: %t, want %t (its old item is %d)", c.Name, i, p.Leaf.A == nil, cleared, c.Want[i])
			}
		}
	}
}

// decode decodes into h a Holder whose ports are items, each with the
// leaf that leaf gives it.
func decode(t *testing.T, items []map[string]any, leaf func(int) map[string]any, h *Holder) {
	t.Helper()
	ports := make([]any, len(items))
	for i, item := range items {
		port := map[string]any{"leaf": leaf(i)}
		for k, v := range item {
			port[k] = v
		}
		ports[i] = port
	}
	data, err := json.Marshal(map[string]any{"ports": ports})
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, h); err != nil {
		t.Fatal(err)
	}
}
