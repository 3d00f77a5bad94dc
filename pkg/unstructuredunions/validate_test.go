package unstructuredunions_test

import (
	"testing"

	"github.com/union-gen/union-gen/pkg/unionspec"
	"github.com/union-gen/union-gen/pkg/unstructuredunions"
)

// TestValidateRatcheting: an update that keeps a ratcheting union as it was
// is not validated, an absent discriminator being "" as in the generated
// methods and the CRD's rules.
func TestValidateRatcheting(t *testing.T) {
	member := func(name, value string) *unstructuredunions.Member {
		return &unstructuredunions.Member{Name: name, Value: value, Presence: unionspec.PresenceNonNil,
			RequiredMessage: name + " required", ForbiddenMessage: name + " forbidden", UnchangedMessage: name + " forbidden, unchanged"}
	}
	s := &unstructuredunions.Schema{Root: "R", Structs: map[string]*unstructuredunions.Struct{"R": {Unions: []*unstructuredunions.Union{{
		Discriminator:   "type",
		Values:          []string{"A", "B"},
		RequiredMessage: "type required",
		Members:         []*unstructuredunions.Member{member("a", "A"), member("b", "B")},
		Ratcheting:      "membership",
	}}}}}
	for _, tc := range []struct {
		name     string
		obj, old map[string]any
		want     string
	}{
		{"create", map[string]any{"type": "", "a": map[string]any{}, "b": map[string]any{}}, nil,
			`Required value type: "type required" (value ); `},
		{"absent discriminator made empty", map[string]any{"type": "", "a": map[string]any{}, "b": map[string]any{}}, map[string]any{"a": map[string]any{}, "b": map[string]any{}},
			""},
		{"empty discriminator made absent", map[string]any{"a": map[string]any{}, "b": map[string]any{}}, map[string]any{"type": "", "a": map[string]any{}, "b": map[string]any{}},
			""},
		{"discriminator changed", map[string]any{"type": "", "a": map[string]any{}, "b": map[string]any{}}, map[string]any{"type": "A", "a": map[string]any{}, "b": map[string]any{}},
			`Required value type: "type required" (value ); `},
		{"member unset", map[string]any{"type": "", "a": map[string]any{}}, map[string]any{"a": map[string]any{}, "b": map[string]any{}},
			`Required value type: "type required" (value ); `},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := errorsText(s.Validate(tc.obj, tc.old, nil)); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// TestValidateNonZeroMember: a struct member that JSON omits when zero is
// set when one of its properties is, as decoding makes the Go value non-zero:
// an explicit {} or zero properties leave it unset, a present map even
// empty sets it. (It was once told set whenever present: one error more
// than the generated methods on {type: A, b: {}}.)
func TestValidateNonZeroMember(t *testing.T) {
	s := &unstructuredunions.Schema{Root: "R", Structs: map[string]*unstructuredunions.Struct{"R": {Unions: []*unstructuredunions.Union{{
		Discriminator:   "type",
		Values:          []string{"A", "B"},
		RequiredMessage: "type required",
		Members: []*unstructuredunions.Member{
			{Name: "a", Value: "A", Presence: unionspec.PresenceNonNil, RequiredMessage: "a required", ForbiddenMessage: "a forbidden"},
			{Name: "b", Value: "B", Presence: unionspec.PresenceNonZero, RequiredMessage: "b required", ForbiddenMessage: "b forbidden",
				Properties: []*unionspec.Property{
					{Name: "n", Presence: unionspec.PresenceInteger},
					{Name: "m", Presence: unionspec.PresenceNonNil},
					{Name: "w", Presence: unionspec.PresenceNonZero, Properties: []*unionspec.Property{{Name: "s", Presence: unionspec.PresenceString}}},
				}},
		},
	}}}}}
	for _, tc := range []struct {
		obj  map[string]any
		want string
	}{
		{map[string]any{"type": "A", "b": map[string]any{}}, `Required value a: "a required" (value ); `},
		{map[string]any{"type": "A", "a": map[string]any{}, "b": map[string]any{}}, ""},
		{map[string]any{"type": "A", "a": map[string]any{}, "b": map[string]any{"n": int64(0), "w": map[string]any{"s": ""}}}, ""},
		{map[string]any{"type": "A", "a": map[string]any{}, "b": map[string]any{"m": map[string]any{}}}, `Forbidden b: "b forbidden" (value ); `},
		{map[string]any{"type": "A", "a": map[string]any{}, "b": map[string]any{"w": map[string]any{"s": "x"}}}, `Forbidden b: "b forbidden" (value ); `},
		{map[string]any{"type": "B", "b": map[string]any{"w": map[string]any{}}}, `Required value b: "b required" (value ); `},
		{map[string]any{"type": "B", "b": map[string]any{"n": 1.0}}, ""},
	} {
		if got := errorsText(s.Validate(tc.obj, nil, nil)); got != tc.want {
			t.Errorf("%v: got %q, want %q", tc.obj, got, tc.want)
		}
	}
}
