package unions

import (
	"fmt"
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/internal/typeinfo"
	"github.com/union-gen/union-gen/pkg/markers"
	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// member checks a member field and adds it to its union.
func (b *builder) member(t *types.Type, ms declaredMember, u *Union) {
	m := ms.f
	ok := true
	presence, why := b.presence(m.json)
	if why != "" {
		b.fieldError(t, m.GoName, report.MemberType, "%s", why)
		ok = false
	}
	if !isOptional(m) {
		if m.marks.Required {
			b.fieldError(t, m.GoName, report.MemberRequiredOptional, "members must be optional: replace \"// +required\" with \"// +optional\"")
		} else {
			b.fieldError(t, m.GoName, report.MemberRequiredOptional, "members must be optional: add \"// +optional\" or omitempty to the json tag")
		}
		ok = false
	}
	described := &Member{Field: m.Field, Presence: presence}
	described.OmitsZero = m.json.omitsZero
	if presence == unionspec.PresenceNonZero {
		described.Properties, described.Opaque = b.zeroProperties(m.json.typ)
	}
	switch {
	case u.Requires != unionspec.Discriminated:
	case ms.modes != nil:
		ok = b.modeValues(t, ms, u, described) && ok
	default:
		value, selectable := b.memberValue(t, ms, u)
		if !selectable {
			return
		}
		// An inferred member has a warning of its own (inferredmembers).
		if ok && u.Dialect == markers.DialectKEP && !ms.inferred && !strings.EqualFold(value, m.JSONName) {
			b.markerProblem(t, m, ms.marker, report.ValueName, true, "member value %q does not match its JSON name %q (KEP-1027: they should match, ignoring case)", value, m.JSONName)
		}
		described.Values = []string{value}
		if !ms.optional {
			described.Required = described.Values
		}
	}
	if ok {
		u.Members = append(u.Members, described)
	}
}

// modeValues gives a member of validation-gen's mode tags the modes that
// allow it, and those that require it, sorted; it reports false when a mode
// is no valid value. A mode that forbids the member is none of them.
func (b *builder) modeValues(t *types.Type, ms declaredMember, u *Union, m *Member) bool {
	ok := true
	for _, mode := range ms.modes {
		value := mode.value
		switch {
		case mode.payload == markers.PayloadForbidden:
			continue
		case u.Boolean() && value != "true" && value != "false":
			// validation-gen's util.ParseBool takes these two only.
			b.lineProblem(t, ms.f, mode.line, report.ValueNotInEnum, false, "mode %q of the bool discriminator %s is not a bool: write \"true\" or \"false\"", value, u.Discriminator.GoName)
			ok = false
			continue
		case !u.Open() && u.Enum.Source != EnumGuessed && !slices.Contains(unionspec.Selecting(u.Enum.Values, u.DiscriminatorOptional, u.Boolean()), value):
			// "" is the mode of an optional discriminator's absence.
			b.lineProblem(t, ms.f, mode.line, report.ValueNotInEnum, false, "mode %q is not a value of %s, the type of %s: valid values: %s",
				value, b.names.Name(u.Enum.Type), u.Discriminator.GoName, unionspec.Quote(u.Enum.Values))
			ok = false
			continue
		}
		m.Values = append(m.Values, value)
		if mode.payload == markers.PayloadRequired {
			m.Required = append(m.Required, value)
		}
	}
	slices.Sort(m.Values)
	slices.Sort(m.Required)
	m.Values, m.Required = slices.Compact(m.Values), slices.Compact(m.Required)
	return ok
}

// memberValue is the discriminator value that selects a member of a
// discriminated union: its written value, else its Go name, or, outside
// KEP-1027's dialect, the value that its names give (implicitValue). It
// reports false for a member that is left out of the union or is in error.
func (b *builder) memberValue(t *types.Type, ms declaredMember, u *Union) (string, bool) {
	m := ms.f
	value := ms.value
	if value == "" {
		value = m.GoName
		if u.Dialect != markers.DialectKEP && !u.Enum.Has(value) {
			// A value that another member took by its names stays that
			// member's: this one is then left out, as it was before.
			if implicit, prefix := implicitValue(u.Enum, m); implicit != "" && (implicit == m.JSONName || u.memberFor(implicit) == nil) {
				value = implicit
				if prefix {
					b.markerProblem(t, m, ms.marker, report.PrefixValue, true,
						"%s is taken for the member of %q, the one value of %s that its JSON name %q starts with, ignoring case; write +%s=%s to say so",
						m.GoName, value, u.Discriminator.GoName, m.JSONName, markers.MemberMarker, value)
				}
			}
		}
	}
	// Guessed values are completed with the members' values once all are
	// read (guess): a written value is taken, and so is every Go name when
	// the discriminator's type has no constants to guess from.
	guessedFromMembers := u.Enum.Source == EnumGuessed && len(u.Enum.Values) == 0
	ok := true
	switch {
	case u.Enum.Has(value) || (u.Enum.Source == EnumGuessed && ms.value != "") || guessedFromMembers:
	case ms.value == "" && u.Dialect != markers.DialectKEP:
		// The author wrote no value: the Go name is the dialect's
		// convention, not a claim to check.
		b.markerProblem(t, m, ms.marker, report.Unselectable, true,
			"%s is left out of the union: its value is its Go name, %q, which is not a valid value of %s (%s), nor is its JSON name, %q, even ignoring case, nor does one value start it; write +%s=<value> to give it one",
			m.GoName, value, u.Discriminator.GoName, unionspec.Quote(u.Enum.Values), m.JSONName, markers.MemberMarker)
		return "", false
	default:
		b.markerProblem(t, m, ms.marker, report.ValueNotInEnum, false, "%s", b.notAValue(u, value))
		ok = false
	}
	if other := u.memberFor(value); other != nil {
		b.markerProblem(t, m, ms.marker, report.DuplicateValue, false, "value %q of discriminator %s already selects member %s", value, u.Discriminator.GoName, other.GoName)
		ok = false
	}
	return value, ok
}

// implicitValue is the valid value that selects an implicit member whose Go
// name is none, outside KEP-1027's dialect: its JSON name
// (openshift/api's machines_v1beta1_machine_openshift_io), else its Go or
// JSON name ignoring case, as for inferred members (openshift/api's
// ImagePolicy: exactRepository for ExactRepository), else the one value
// that its JSON name starts with, ignoring case, which prefix reports
// (k8s.io/api's SeccompProfile: localhostProfile for Localhost); "" when
// none is.
func implicitValue(e Enum, f *unionField) (value string, prefix bool) {
	if e.Has(f.JSONName) {
		return f.JSONName, false
	}
	if v, ok := inferredValue(e, f, true); ok {
		return v, false
	}
	var starts []string
	for _, v := range e.Values {
		if v != "" && len(v) < len(f.JSONName) && strings.EqualFold(f.JSONName[:len(v)], v) {
			starts = append(starts, v)
		}
	}
	if len(starts) != 1 {
		return "", false
	}
	return starts[0], true
}

// isOptional reports whether a field may be unset: "+optional", or
// omitempty or omitzero in its JSON tag.
func isOptional(f *unionField) bool {
	return optional(f.marks, f.json)
}

// optional reports whether a field's markers or JSON tag say that it may be
// unset: "+optional", or omitempty or omitzero.
func optional(marks markers.FieldMarkers, f *jsonField) bool {
	return marks.Optional || f.omitsZero
}

// mayBeAbsent reports whether a discriminator, or a field taken for an
// inferred member, may be left out: optional, and not marked required,
// which wins over omitempty (openshift/api writes both on discriminators
// that its tests require).
func mayBeAbsent(f *unionField) bool {
	return isOptional(f) && !f.marks.Required
}

// notAValue explains why value is not a value of the union's enum, with the
// likeliest fix.
func (b *builder) notAValue(u *Union, value string) string {
	name := u.Enum.Type.Name.Name
	// A plain string discriminator has no enumInfo.
	if info := b.enums[u.Enum.Type.Name]; info != nil {
		for _, c := range info.untyped {
			if c.Value == value {
				return fmt.Sprintf("%q is not a value of enum %s: constant %s is untyped; declare it as `%s %s = %q`", value, name, c.Name, c.Name, name, value)
			}
		}
		for _, v := range b.src.EnumVars(b.dir(u.Enum.Type), name) {
			if v.Value == value {
				return fmt.Sprintf("%q is not a value of enum %s: %s is a variable; declare it a constant, `const %s %s = %q`", value, name, v.Name, v.Name, name, value)
			}
		}
	}
	for _, v := range u.Enum.Values {
		if strings.EqualFold(v, value) {
			return fmt.Sprintf("%q is not a value of enum %s; did you mean +%s=%s?", value, name, markers.MemberMarker, v)
		}
	}
	return fmt.Sprintf("%q is not a value of enum %s; valid values: %s (write +%s=<value> to use another value than the field name)",
		value, name, unionspec.Quote(u.Enum.Values), markers.MemberMarker)
}

// presence tells how "set" is told from "unset" for a member field:
// pointers by nil, slices and maps by length, scalars and the structs that
// its JSON tag omits with omitzero by their zero value. When it cannot be
// told, why says so.
func (b *builder) presence(f *jsonField) (p unionspec.Presence, why string) {
	t, u := f.typ.Type, f.typ.under
	switch {
	case u.Kind == types.Pointer:
		return unionspec.PresenceNonNil, ""
	case u.Kind == types.Slice || u.Kind == types.Map:
		return unionspec.PresenceLength, ""
	case typeinfo.IsScalar(u):
		return scalarPresence(u), ""
	case u.Kind == types.Struct && f.omitzero:
		return unionspec.PresenceNonZero, ""
	case u.Kind == types.Struct:
		return "", fmt.Sprintf("member type %s cannot be told unset from set: use a pointer, *%s, or omitzero in its JSON tag", b.names.Name(t), b.names.Name(t))
	case u.Kind == types.Array:
		return "", fmt.Sprintf("member type %s cannot be told unset from set: use a slice, []%s", b.names.Name(t), b.names.Name(u.Elem))
	}
	return "", fmt.Sprintf("member type %s cannot be told unset from set: use a pointer to a struct, a slice, a map, a string, a bool or a number", b.names.Name(t))
}

// scalarPresence is the presence test of a builtin string, bool or number.
func scalarPresence(t *types.Type) unionspec.Presence {
	switch t.Name.Name {
	case "string":
		return unionspec.PresenceString
	case "bool":
		return unionspec.PresenceBool
	case "float32", "float64":
		return unionspec.PresenceFloat
	}
	return unionspec.PresenceInteger
}

// zeroProperties describes how the JSON of a struct tells it non-zero once
// decoded, as reflect's IsZero tells the Go value (docs/semantics.md §4):
// by its serialized fields, those of inlined embedded structs among them.
// Unexported fields and fields JSON skips are zero in every decoded value.
// why says what JSON cannot tell: a type that decodes itself, an array, or
// an inlined pointer, which decoding allocates for any of its properties.
func (b *builder) zeroProperties(jt *jsonType) (props []*unionspec.Property, why string) {
	t := jt.Type
	if selfDecoding(t) {
		return nil, fmt.Sprintf("%s decodes itself from JSON", b.names.Name(t))
	}
	for _, f := range jt.fields {
		m, u := f.member, f.typ.under
		if f.embedded && (selfDecoding(m.Type) || u.Kind == types.Pointer && selfDecoding(u.Elem)) {
			return nil, fmt.Sprintf("%s decodes itself from JSON, by a method of %s", b.names.Name(t), b.names.Name(m.Type))
		}
		if !f.serialized {
			continue
		}
		if f.inline {
			if u.Kind != types.Struct {
				return nil, fmt.Sprintf("%s embeds %s inline, which decoding allocates for any of its properties", b.names.Name(t), b.names.Name(m.Type))
			}
			inner, why := b.zeroProperties(f.typ)
			if why != "" {
				return nil, why
			}
			props = append(props, inner...)
			continue
		}
		p, why := b.zeroProperty(t, f)
		if why != "" {
			return nil, why
		}
		props = append(props, p)
	}
	return props, ""
}

// zeroProperty describes how the JSON of field f of struct t tells it
// non-zero, or says why it cannot.
func (b *builder) zeroProperty(t *types.Type, f *jsonField) (p *unionspec.Property, why string) {
	p = &unionspec.Property{Name: f.name}
	switch u := f.typ.under; {
	case u.Kind == types.Pointer || u.Kind == types.Slice || u.Kind == types.Map || u.Kind == types.Interface:
		p.Presence = unionspec.PresenceNonNil
	case typeinfo.IsScalar(u):
		p.Presence = scalarPresence(u)
	case u.Kind == types.Struct:
		p.Presence = unionspec.PresenceNonZero
		if p.Properties, why = b.zeroProperties(f.typ); why != "" {
			return nil, why
		}
	default:
		return nil, fmt.Sprintf("field %s of %s is of kind %s", f.member.Name, b.names.Name(t), u.Kind)
	}
	return p, ""
}

// selfDecoding reports whether JSON decodes values of t, or pointers to
// them, by a method of their own rather than field by field.
func selfDecoding(t *types.Type) bool {
	for _, name := range []string{"UnmarshalJSON", "UnmarshalText"} {
		if _, found := t.Methods[name]; found {
			return true
		}
	}
	return false
}

// memberFor returns the member that value selects, or nil.
func (u *Union) memberFor(value string) *Member {
	for _, m := range u.Members {
		if m.Selects(value) {
			return m
		}
	}
	return nil
}

// choices is the selection table of a discriminated union, which
// x-kubernetes-unions prints (Model.Definitions): for every enum value, in
// order, the member it selects; nil where a value selects several members
// or a member has several values, which no x-kubernetes-unions shape can
// say, and for a union without a discriminator.
func (u *Union) choices() []*Choice {
	if u.Requires != unionspec.Discriminated {
		return nil
	}
	for _, m := range u.Members {
		if len(m.Values) != 1 {
			return nil
		}
	}
	choices := make([]*Choice, 0, len(u.Enum.Values))
	for _, v := range u.Enum.Values {
		c := &Choice{Value: v}
		for _, m := range u.Members {
			switch {
			case !m.Selects(v):
			case c.Member != "":
				return nil
			default:
				c.Member, c.Optional = m.JSONName, !slices.Contains(m.Required, v)
			}
		}
		choices = append(choices, c)
	}
	return choices
}
