package crdtest

import (
	"os"
	"slices"
	"testing"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	"sigs.k8s.io/yaml"

	"github.com/union-gen/union-gen/pkg/policy"
	"github.com/union-gen/union-gen/pkg/unionspec"
	"github.com/union-gen/union-gen/pkg/unstructuredunions"
)

// listMapSchema is the schema of objects whose "ports" are a list-map of
// items keyed as the items of the table of pkg/unionspec's matching rule
// (listmap.go) are, each with a union of members a (type A) and b (type B)
// in its "leaf".
func listMapSchema() *unionspec.Schema {
	clear := func(member, other string) *unionspec.Clear {
		return &unionspec.Clear{Member: member, When: unionspec.And(unionspec.Update(), unionspec.Set(member), unionspec.OldSet(member),
			unionspec.DiscIn(other), unionspec.Not(unionspec.DiscUnchanged()))}
	}
	leaf := &unionspec.Union{Discriminator: "type", Values: []string{"A", "B"},
		Members: []*unionspec.Member{{Name: "a", Presence: unionspec.PresenceNonNil}, {Name: "b", Presence: unionspec.PresenceNonNil}},
		Checks:  []*unionspec.Check{}, Clears: []*unionspec.Clear{clear("a", "B"), clear("b", "A")}}
	return &unionspec.Schema{Root: "Holder", Structs: map[string]*unionspec.Struct{
		"Holder": {Fields: []*unionspec.Field{{Name: "ports", Walk: &unionspec.Walk{Shape: unionspec.ShapeListMap, HasOld: true,
			Keys: []*unionspec.Key{{Name: "port", Type: unionspec.KeyInteger}, {Name: "protocol", Pointer: true, Type: unionspec.KeyString}},
			Elem: &unionspec.Walk{Shape: unionspec.ShapePointer, Struct: "Port", HasOld: true}}}}},
		"Port": {Fields: []*unionspec.Field{{Name: "leaf", Walk: &unionspec.Walk{Shape: unionspec.ShapePointer, Struct: "Leaf", HasOld: true}}}},
		"Leaf": {Unions: []*unionspec.Union{leaf}},
	}}
}

// TestListMapMatching: the policy's CEL and the unstructured normalizer
// match the items of a list-map with their old items by the rule of
// pkg/unionspec, on its table, as the Go methods do
// (testdata/golden/containers): an item switches its union from an old
// item that switched (type A to B), whose member a is then cleared, or not.
func TestListMapMatching(t *testing.T) {
	data, err := os.ReadFile("../pkg/unionspec/testdata/listmaps.json")
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
	// Integers as the API server decodes them, int64.
	if err := utiljson.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	gvk := schema.GroupVersionKind{Group: "listmaps.example.com", Version: "v1", Kind: "Holder"}
	gvr := schema.GroupVersionResource{Group: gvk.Group, Version: gvk.Version, Resource: "holders"}
	written, err := policy.Write(policy.Resource{Group: gvr.Group, Version: gvr.Version, Plural: gvr.Resource}, listMapSchema(), "v1")
	if err != nil {
		t.Fatal(err)
	}
	doc := unstructuredunions.Documents(written)[0]
	var p admissionregistrationv1.MutatingAdmissionPolicy
	if err := yaml.UnmarshalStrict(doc, &p); err != nil {
		t.Fatal(err)
	}
	patch := policyPatcher(t, &p, gvk, gvr)
	normalizer, err := unstructuredunions.Load(doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		obj := holder(c.New, func(int) map[string]any { return map[string]any{"type": "B", "a": "x", "b": "y"} })
		old := holder(c.Old, func(j int) map[string]any {
			if slices.Contains(c.Switched, j) {
				return map[string]any{"type": "A", "a": "x"}
			}
			return map[string]any{"type": "B", "a": "x"}
		})
		patched, err := patch(obj, old)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		normalized := holder(c.New, func(int) map[string]any { return map[string]any{"type": "B", "a": "x", "b": "y"} })
		normalizer.Normalize(normalized, old)
		for backend, got := range map[string]map[string]any{"the policy": patched, "the unstructured normalizer": normalized} {
			for i, port := range got["ports"].([]any) {
				_, kept := port.(map[string]any)["leaf"].(map[string]any)["a"]
				cleared := c.Want[i] >= 0 && slices.Contains(c.Switched, c.Want[i])
				if kept == cleared {
					t.Errorf("%s: %s: item %d's a cleared: %t, want %t (its old item is %d)", c.Name, backend, i, !kept, cleared, c.Want[i])
				}
			}
		}
	}
}

// holder is an object whose ports are items, each with the leaf that leaf
// gives it.
func holder(items []map[string]any, leaf func(int) map[string]any) map[string]any {
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
