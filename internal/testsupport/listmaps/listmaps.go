// Package listmaps reads the table of the matching rule of list-maps
// (pkg/unionspec/listmap.go, testdata/listmaps.json) into the objects that
// the tests of the Go methods, the policy and the unstructured normalizer
// update: items keyed by "port" and "protocol", each with a union in its
// "leaf" of members a (type A) and b (type B).
package listmaps

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	utiljson "k8s.io/apimachinery/pkg/util/json"
)

// Case is a case of the table: for each new item, the index of its old
// item or -1, and the old items whose union switches.
type Case struct {
	Name     string           `json:"name"`
	Old      []map[string]any `json:"old"`
	New      []map[string]any `json:"new"`
	Switched []int            `json:"switched"`
	Want     []int            `json:"want"`
}

// Cases reads the table, its integers as the API server decodes them.
func Cases(t testing.TB) []Case {
	t.Helper()
	_, here, _, _ := runtime.Caller(0)
	data, err := os.ReadFile(filepath.Join(filepath.Dir(here), "../../../pkg/unionspec/testdata/listmaps.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []Case
	if err := utiljson.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

// Objects are the case's update and old object: each new item switches its
// union to type B, with a and b set, from its old item's, of type A where
// it switched, else B, with a set.
func (c Case) Objects() (obj, old map[string]any) {
	obj = object(c.New, func(int) map[string]any { return map[string]any{"type": "B", "a": "x", "b": "y"} })
	old = object(c.Old, func(j int) map[string]any {
		if slices.Contains(c.Switched, j) {
			return map[string]any{"type": "A", "a": "x"}
		}
		return map[string]any{"type": "B", "a": "x"}
	})
	return obj, old
}

// Cleared reports whether normalization clears member a of new item i: its
// old item switched.
func (c Case) Cleared(i int) bool {
	return c.Want[i] >= 0 && slices.Contains(c.Switched, c.Want[i])
}

// Normalized is the case's update as normalization leaves it: every new
// item, in its order, with its keys and its union's member b, and member a
// too but where its old item's union switched (Cleared).
func (c Case) Normalized() map[string]any {
	obj, _ := c.Objects()
	for i, port := range obj["ports"].([]any) {
		if c.Cleared(i) {
			delete(port.(map[string]any)["leaf"].(map[string]any), "a")
		}
	}
	return obj
}

// object is an object whose ports are items, each with the leaf that leaf
// gives it.
func object(items []map[string]any, leaf func(int) map[string]any) map[string]any {
	ports := make([]any, len(items))
	for i, item := range items {
		port := map[string]any{"leaf": leaf(i)}
		for k, v := range item {
			port[k] = v
		}
		ports[i] = port
	}
	return map[string]any{"apiVersion": "listmaps.example.com/v1", "kind": "Holder", "ports": ports}
}
