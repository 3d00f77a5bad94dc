package crd_test

import (
	"reflect"
	"testing"

	"github.com/union-gen/union-gen/pkg/crd"
	"github.com/union-gen/union-gen/pkg/unions"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// TestRulesWithoutDiscriminator: V4's checks become rules on the struct
// itself, counting the members set, with the Go errors' messages.
func TestRulesWithoutDiscriminator(t *testing.T) {
	member := func(name string, p unionspec.Presence) *unions.Member {
		return &unions.Member{Field: unions.Field{GoName: name, JSONName: name}, Presence: p}
	}
	members := []*unions.Member{member("a", unionspec.PresenceNonNil), member("b", unionspec.PresenceString)}
	for _, tc := range []struct {
		kind unionspec.Requirement
		want []crd.ValidationRule
	}{{
		kind: unionspec.ExactlyOne,
		want: []crd.ValidationRule{{
			Rule:    `((has(self.a) ? 1 : 0) + ((has(self.b) && self.b != "") ? 1 : 0) != 0)` + crd.Marker,
			Message: "must specify one of: `a`, `b`", Reason: crd.ReasonInvalid,
		}, {
			Rule:    `((has(self.a) ? 1 : 0) + ((has(self.b) && self.b != "") ? 1 : 0) <= 1)` + crd.Marker,
			Message: "must specify exactly one of: `a`, `b`", Reason: crd.ReasonInvalid,
		}},
	}, {
		kind: unionspec.ZeroOrOne,
		want: []crd.ValidationRule{{
			Rule:    `((has(self.a) ? 1 : 0) + ((has(self.b) && self.b != "") ? 1 : 0) <= 1)` + crd.Marker,
			Message: "must specify at most one of: `a`, `b`", Reason: crd.ReasonInvalid,
		}},
	}} {
		u := &unions.Union{Requires: tc.kind, Members: members}
		got, err := crd.Rules(u.Describe(), true)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("kind %s: Rules =\n%#v\nwant\n%#v", tc.kind, got, tc.want)
		}
	}
}
