package unstructuredunions_test

import (
	"testing"

	"github.com/union-gen/union-gen/pkg/unstructuredunions"
)

// TestValidateRatcheting: an update that keeps a ratcheting union as it was
// is not validated, an absent discriminator being "" as in the generated
// methods and the CRD's rules.
func TestValidateRatcheting(t *testing.T) {
	member := func(name, value string) *unstructuredunions.Member {
		return &unstructuredunions.Member{Name: name, Value: value, Presence: unstructuredunions.PresenceNonNil,
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
