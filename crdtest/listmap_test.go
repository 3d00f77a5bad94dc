package crdtest

import (
	"reflect"
	"testing"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/yaml"

	"github.com/union-gen/union-gen/internal/testsupport/listmaps"
	"github.com/union-gen/union-gen/pkg/backend"
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
// (testdata/golden/containers): an item's member a is cleared where its
// old item's union switched, and every item survives, in its order, with
// its keys and other members.
func TestListMapMatching(t *testing.T) {
	gvk := schema.GroupVersionKind{Group: "listmaps.example.com", Version: "v1", Kind: "Holder"}
	gvr := schema.GroupVersionResource{Group: gvk.Group, Version: gvk.Version, Resource: "holders"}
	written, err := policy.Write(backend.Resource{Group: gvr.Group, Version: gvr.Version, Plural: gvr.Resource}, listMapSchema(), "v1")
	if err != nil {
		t.Fatal(err)
	}
	doc := unionspec.Documents(written)[0]
	var p admissionregistrationv1.MutatingAdmissionPolicy
	if err := yaml.UnmarshalStrict(doc, &p); err != nil {
		t.Fatal(err)
	}
	patch := policyPatcher(t, &p, gvk, gvr)
	normalizer, err := unstructuredunions.Load(doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range listmaps.Cases(t) {
		obj, old := c.Objects()
		patched, err := patch(obj, old)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		normalized, _ := c.Objects()
		normalizer.Normalize(normalized, old)
		for backend, got := range map[string]map[string]any{"the policy": patched, "the unstructured normalizer": normalized} {
			for i, port := range got["ports"].([]any) {
				_, kept := port.(map[string]any)["leaf"].(map[string]any)["a"]
				if cleared := c.Cleared(i); kept == cleared {
					t.Errorf("%s: %s: item %d's a cleared: %t, want %t (its old item is %d)", c.Name, backend, i, !kept, cleared, c.Want[i])
				}
			}
			if want := c.Normalized(); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: %s: normalized to\n%v\nwant\n%v", c.Name, backend, got, want)
			}
		}
	}
}
