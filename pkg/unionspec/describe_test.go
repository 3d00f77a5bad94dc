package unionspec

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestCRDVariant: a CRD variant's union is described from the union's
// declaration, without the members its schema lacks and with its enum's
// values, "" among them only where it is a value of the union's; a variant
// with all of the union is the union itself, as is a decoded union.
func TestCRDVariant(t *testing.T) {
	d := &Declaration{Requires: Discriminated, Discriminator: "type", Values: []string{"A", "B"}, Variant: []string{"B"},
		Members: []*DeclaredMember{{Member: &Member{Name: "a", Presence: PresenceNonNil}, Values: []string{"A"}, Required: []string{"A"}},
			{Member: &Member{Name: "b", Presence: PresenceNonNil}, Values: []string{"B"}, Required: []string{"B"}}}}
	u := d.Describe()
	all := func(string) bool { return true }
	if got := u.CRDVariant(all, []string{"A", "B"}); got != u {
		t.Errorf("the variant with every member and value is not the union")
	}
	v := u.CRDVariant(func(name string) bool { return name == "a" }, []string{"", "A"})
	if !slices.Equal(v.Values, []string{"A"}) || len(v.Members) != 1 {
		t.Errorf("variant: values %q, %d members; want [A], 1", v.Values, len(v.Members))
	}
	for _, c := range v.Checks {
		if c.Field == "b" || c.Message == "must be one of \"A\", \"B\"" {
			t.Errorf("the variant has a check of the union's: %+v", c)
		}
	}
	data, err := json.Marshal(u)
	if err != nil {
		t.Fatal(err)
	}
	var decoded Union
	if err := json.Unmarshal(data, &decoded); err != nil {
		t.Fatal(err)
	}
	if got := decoded.CRDVariant(func(string) bool { return false }, nil); got != &decoded {
		t.Errorf("a decoded union's variant is not the union")
	}
}
