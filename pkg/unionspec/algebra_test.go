package unionspec

import (
	"encoding/json"
	"testing"
)

// TestTestsDecoded: a union decoded from JSON, as the policy's annotation
// carries it, tests its members where NoneSet or SeveralSet count them, as
// the union it was encoded from does.
func TestTestsDecoded(t *testing.T) {
	u := &Union{
		Discriminator: "type",
		Members:       []*Member{{Name: "a"}, {Name: "b"}},
		Checks:        []*Check{{Error: ErrorInvalid, When: And(DiscIn(""), SeveralSet())}},
	}
	data, err := json.Marshal(u)
	if err != nil {
		t.Fatal(err)
	}
	var decoded Union
	if err := json.Unmarshal(data, &decoded); err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"a", "b"} {
		if !u.Tests(m) || !decoded.Tests(m) {
			t.Errorf("Tests(%q): %v, decoded %v; want true for both", m, u.Tests(m), decoded.Tests(m))
		}
	}
}

// TestSimplifyUnnamed: where the discriminator is known to be a value that
// no condition names, or one of some values, a test of the discriminator is
// decided only where every such value decides it.
func TestSimplifyUnnamed(t *testing.T) {
	in := DiscIn("A", "B")
	for _, tt := range []struct {
		known Known
		want  *Cond
	}{
		{Known{}, in},
		{Known{Discriminator: []string{"A"}}, True()},
		{Known{Discriminator: []string{"C"}}, False()},
		{Known{Discriminator: []string{"A", "C"}}, in},
		{Known{Unnamed: true}, False()},
		{Known{Discriminator: []string{"A"}, Unnamed: true}, in},
		{Known{Discriminator: []string{"C"}, Unnamed: true}, False()},
	} {
		if got := in.Simplify(tt.known); !got.Equal(tt.want) {
			t.Errorf("Simplify(%+v) = %+v, want %+v", tt.known, got, tt.want)
		}
	}
}
