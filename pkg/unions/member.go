package unions

import (
	"fmt"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/internal/rules"
	"github.com/union-gen/union-gen/internal/typeinfo"
	"github.com/union-gen/union-gen/pkg/markers"
)

// member checks a member field and adds it to its union.
func (b *builder) member(t *types.Type, m *unionField, u *Union, d *unionField) {
	if u == nil {
		// The discriminator was reported already; its members cannot be checked.
		return
	}
	ok := true
	if why := b.memberTypeProblem(m.Type); why != "" {
		b.fieldError(t, m.GoName, rules.MemberType, "%s", why)
		ok = false
	}
	if !m.marks.Optional && !typeinfo.HasJSONOption(*m.member, "omitempty") && !typeinfo.HasJSONOption(*m.member, "omitzero") {
		if m.marks.Required {
			b.fieldError(t, m.GoName, rules.MemberRequiredOptional, "members must be optional: replace \"// +required\" with \"// +optional\"")
		} else {
			b.fieldError(t, m.GoName, rules.MemberRequiredOptional, "members must be optional: add \"// +optional\" or omitempty to the json tag")
		}
		ok = false
	}
	value := m.marks.Member.Value
	if value == "" {
		value = m.GoName
	}
	if !u.Enum.Has(value) {
		b.markerProblem(t, m, markers.MemberMarker, rules.ValueNotInEnum, false, "%s", b.notAValue(u, value))
		ok = false
	}
	if other := u.Selected(value); other != nil {
		b.markerProblem(t, m, markers.MemberMarker, rules.DuplicateValue, false, "value %q of discriminator %s already selects member %s", value, d.GoName, other.GoName)
		ok = false
	}
	if !ok {
		return
	}
	if !strings.EqualFold(value, m.JSONName) {
		b.markerProblem(t, m, markers.MemberMarker, rules.ValueName, true, "member value %q does not match its JSON name %q (KEP-1027: they should match, ignoring case)", value, m.JSONName)
	}
	u.Members = append(u.Members, &Member{Field: m.Field, Value: value, Optional: m.marks.Member.Optional})
}

// notAValue explains why value is not a value of the union's enum, with the
// likeliest fix.
func (b *builder) notAValue(u *Union, value string) string {
	name := u.Enum.Type.Name.Name
	for _, c := range b.enums[u.Enum.Type.Name].untyped {
		if c.value == value {
			return fmt.Sprintf("%q is not a value of enum %s: constant %s is untyped; declare it as `%s %s = %q`", value, name, c.name, c.name, name, value)
		}
	}
	for _, v := range u.Enum.Values {
		if strings.EqualFold(v, value) {
			return fmt.Sprintf("%q is not a value of enum %s; did you mean +%s=%s?", value, name, markers.MemberMarker, v)
		}
	}
	return fmt.Sprintf("%q is not a value of enum %s; valid values: %s (write +%s=<value> to use another value than the field name)",
		value, name, quoteAll(u.Enum.Values), markers.MemberMarker)
}

func quoteAll(values []string) string {
	quoted := make([]string, len(values))
	for i, v := range values {
		quoted[i] = fmt.Sprintf("%q", v)
	}
	return strings.Join(quoted, ", ")
}

// memberTypeProblem says why "set" cannot be told from "unset" for a member
// of type t, or "" when it can: pointers, slices and maps by nil or length,
// scalars by their zero value.
func (b *builder) memberTypeProblem(t *types.Type) string {
	u := typeinfo.Underlying(t)
	switch {
	case u.Kind == types.Pointer || u.Kind == types.Slice || u.Kind == types.Map || typeinfo.IsScalar(u):
		return ""
	case u.Kind == types.Struct:
		return fmt.Sprintf("member type %s cannot be told unset from set: use a pointer, *%s", b.names.Name(t), b.names.Name(t))
	case u.Kind == types.Array:
		return fmt.Sprintf("member type %s cannot be told unset from set: use a slice, []%s", b.names.Name(t), b.names.Name(u.Elem))
	}
	return fmt.Sprintf("member type %s cannot be told unset from set: use a pointer to a struct, a slice, a map, a string, a bool or a number", b.names.Name(t))
}
