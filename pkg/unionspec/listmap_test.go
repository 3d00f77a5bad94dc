package unionspec

import (
	"encoding/json"
	"os"
	"testing"
)

// listMapCase is a case of testdata/listmaps.json (MatchOld).
type listMapCase struct {
	Name     string `json:"name"`
	Old      []any  `json:"old"`
	New      []any  `json:"new"`
	Switched []int  `json:"switched"`
	Want     []int  `json:"want"`
}

// listMapKeys are the keys of the table's items.
var listMapKeys = []*Key{{Name: "port", Type: KeyInteger}, {Name: "protocol", Pointer: true, Type: KeyString}}

// TestMatchOld: the matching rule of list-maps, on the table that the Go
// methods and the policy pass too.
func TestMatchOld(t *testing.T) {
	data, err := os.ReadFile("testdata/listmaps.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []listMapCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		for i := range c.New {
			if got := MatchOld(listMapKeys, c.New, c.Old, i); got != c.Want[i] {
				t.Errorf("%s: item %d matches old item %d, want %d", c.Name, i, got, c.Want[i])
			}
		}
	}
}
