package crd_test

import (
	"reflect"
	"testing"

	"github.com/union-gen/union-gen/pkg/crd"
	"github.com/union-gen/union-gen/pkg/unions"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// TestSelect: property names are escaped as the API server's CEL escapes
// them, and names it cannot give CEL are errors.
func TestSelect(t *testing.T) {
	for name, want := range map[string]string{
		"type":      "type",
		"namespace": "__namespace__",
		"in":        "__in__",
		"x-y":       "x__dash__y",
		"a.b/c":     "a__dot__b__slash__c",
		"a__b":      "a__underscores__b",
	} {
		if got, err := crd.Select(name); err != nil || got != want {
			t.Errorf("Select(%q) = %q, %v; want %q", name, got, err, want)
		}
	}
	for _, name := range []string{"", "1x", "a b", "é"} {
		if got, err := crd.Select(name); err == nil {
			t.Errorf("Select(%q) = %q, want an error", name, got)
		}
	}
}

// TestFieldPath: fieldPath names a property with a dot when it can, else
// with a quoted subscript.
func TestFieldPath(t *testing.T) {
	for name, want := range map[string]string{
		"rollingUpdate": ".rollingUpdate",
		"x-y":           "['x-y']",
		"it's":          `['it\'s']`,
	} {
		if got := crd.FieldPath(name); got != want {
			t.Errorf("FieldPath(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestRulesWithoutDiscriminator: V4's checks become rules on the struct
// itself, counting the members set, with the Go errors' messages.
func TestRulesWithoutDiscriminator(t *testing.T) {
	member := func(name string, p unionspec.Presence) *unions.Member {
		return &unions.Member{Field: unions.Field{GoName: name, JSONName: name}, Presence: p}
	}
	members := []*unions.Member{member("a", unionspec.PresenceNonNil), member("b", unionspec.PresenceString)}
	for _, tc := range []struct {
		kind unions.Kind
		want []crd.ValidationRule
	}{{
		kind: unions.ExactlyOne,
		want: []crd.ValidationRule{{
			Rule:    `((has(self.a) ? 1 : 0) + ((has(self.b) && self.b != "") ? 1 : 0) != 0)` + crd.Marker,
			Message: "must specify one of: `a`, `b`", Reason: crd.ReasonInvalid,
		}, {
			Rule:    `((has(self.a) ? 1 : 0) + ((has(self.b) && self.b != "") ? 1 : 0) <= 1)` + crd.Marker,
			Message: "must specify exactly one of: `a`, `b`", Reason: crd.ReasonInvalid,
		}},
	}, {
		kind: unions.ZeroOrOne,
		want: []crd.ValidationRule{{
			Rule:    `((has(self.a) ? 1 : 0) + ((has(self.b) && self.b != "") ? 1 : 0) <= 1)` + crd.Marker,
			Message: "must specify at most one of: `a`, `b`", Reason: crd.ReasonInvalid,
		}},
	}} {
		u := &unions.Union{Kind: tc.kind, Members: members}
		got, err := crd.Rules(u.Describe(), true)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("kind %d: Rules =\n%#v\nwant\n%#v", tc.kind, got, tc.want)
		}
	}
}
