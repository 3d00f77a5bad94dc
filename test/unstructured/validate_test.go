package unstructuredtest

import (
	"testing"

	"github.com/union-gen/union-gen/pkg/unions"
	"github.com/union-gen/union-gen/pkg/unionspec"
	"github.com/union-gen/union-gen/pkg/unstructuredunions"
)

// schemaOf is a schema whose root has one discriminated union, with
// discriminator "type" and values "A" and "B", the rules of which the model
// describes.
func schemaOf(mode unionspec.Ratcheting, members ...*unions.Member) *unstructuredunions.Schema {
	u := &unions.Union{
		Requires:      unionspec.Discriminated,
		Discriminator: unions.Field{GoName: "Type", JSONName: "type"},
		Enum:          unions.Enum{Values: []string{"A", "B"}},
		Members:       members,
		Ratcheting:    mode,
	}
	return &unstructuredunions.Schema{Schema: unionspec.Schema{Root: "R", Structs: map[string]*unionspec.Struct{"R": {Unions: []*unionspec.Union{u.Describe()}}}}}
}

// member is a member of schemaOf's union, selected by value.
func member(name, value string, p unionspec.Presence, props ...*unionspec.Property) *unions.Member {
	return &unions.Member{Field: unions.Field{GoName: name, JSONName: name}, Values: []string{value}, Required: []string{value}, Presence: p, Properties: props}
}

// TestValidateRatcheting: an update that keeps a ratcheting union as it was
// is not validated, an absent discriminator being "" as in the generated
// methods and the CRD's rules.
func TestValidateRatcheting(t *testing.T) {
	s := schemaOf(unionspec.RatchetingMembership, member("a", "A", unionspec.PresenceNonNil), member("b", "B", unionspec.PresenceNonNil))
	const required = `Required value type: "must be one of \"A\", \"B\"" (value ); `
	for _, tc := range []struct {
		name     string
		obj, old map[string]any
		want     string
	}{
		{"create", map[string]any{"type": "", "a": map[string]any{}, "b": map[string]any{}}, nil, required},
		{"absent discriminator made empty", map[string]any{"type": "", "a": map[string]any{}, "b": map[string]any{}}, map[string]any{"a": map[string]any{}, "b": map[string]any{}},
			""},
		{"empty discriminator made absent", map[string]any{"a": map[string]any{}, "b": map[string]any{}}, map[string]any{"type": "", "a": map[string]any{}, "b": map[string]any{}},
			""},
		{"discriminator changed", map[string]any{"type": "", "a": map[string]any{}, "b": map[string]any{}}, map[string]any{"type": "A", "a": map[string]any{}, "b": map[string]any{}},
			required},
		{"member unset", map[string]any{"type": "", "a": map[string]any{}}, map[string]any{"a": map[string]any{}, "b": map[string]any{}},
			required},
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
	s := schemaOf(unionspec.RatchetingOff, member("a", "A", unionspec.PresenceNonNil), member("b", "B", unionspec.PresenceNonZero,
		&unionspec.Property{Name: "n", Presence: unionspec.PresenceInteger},
		&unionspec.Property{Name: "m", Presence: unionspec.PresenceNonNil},
		&unionspec.Property{Name: "w", Presence: unionspec.PresenceNonZero, Properties: []*unionspec.Property{{Name: "s", Presence: unionspec.PresenceString}}},
	))
	const (
		aRequired  = `Required value a: "must be set when type is \"A\"" (value ); `
		bRequired  = `Required value b: "must be set when type is \"B\"" (value ); `
		bForbidden = `Forbidden b: "may only be set when type is \"B\"" (value ); `
	)
	for _, tc := range []struct {
		obj  map[string]any
		want string
	}{
		{map[string]any{"type": "A", "b": map[string]any{}}, aRequired},
		{map[string]any{"type": "A", "a": map[string]any{}, "b": map[string]any{}}, ""},
		{map[string]any{"type": "A", "a": map[string]any{}, "b": map[string]any{"n": int64(0), "w": map[string]any{"s": ""}}}, ""},
		{map[string]any{"type": "A", "a": map[string]any{}, "b": map[string]any{"m": map[string]any{}}}, bForbidden},
		{map[string]any{"type": "A", "a": map[string]any{}, "b": map[string]any{"w": map[string]any{"s": "x"}}}, bForbidden},
		{map[string]any{"type": "B", "b": map[string]any{"w": map[string]any{}}}, bRequired},
		{map[string]any{"type": "B", "b": map[string]any{"n": 1.0}}, ""},
	} {
		if got := errorsText(s.Validate(tc.obj, nil, nil)); got != tc.want {
			t.Errorf("%v: got %q, want %q", tc.obj, got, tc.want)
		}
	}
}
