package unions

import (
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/internal/typeinfo"
	"github.com/union-gen/union-gen/pkg/markers"
	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// discriminator checks the discriminator of a union and starts the union, or
// returns nil; beyondEnum are the typed constants of its type that its
// +kubebuilder:validation:Enum leaves out, of which those that select a
// member become the enum's Variant values (withVariant). Its valid values come from +enum, or else from
// +kubebuilder:validation:Enum; KEP-1027's dialect requires one of them, the
// others have them guessed when neither is there.
func (b *builder) discriminator(t *types.Type, s *declaredUnion) (u *Union, beyondEnum []string) {
	d := s.disc
	et := d.Type
	if s.dialect == markers.DialectModes {
		return b.modeDiscriminator(t, s), nil
	}
	plainString := s.dialect != markers.DialectKEP
	if et.Kind == types.Pointer && (isNamedString(et.Elem) || plainString && isBuiltinString(et.Elem)) {
		// A pointer to a string type: nil is absent, as "" (docs/semantics.md §2).
		et = et.Elem
	}
	info := b.enum(et, plainString)
	u = &Union{Requires: unionspec.Discriminated, Discriminator: d.Field, DiscriminatorOptional: mayBeAbsent(d),
		WritesEmpty: d.Type.Kind != types.Pointer && !d.json.omitsZero}
	// An +enum type with no constants (openshift/api declares some values
	// as typed variables) says no values: outside KEP-1027's dialect they
	// are guessed.
	noConsts := info.rule == report.NoConsts && s.dialect != markers.DialectKEP
	switch {
	case info.broken:
		return nil, nil
	case info.problem != "" && !noConsts:
		b.markerProblem(t, d, s.discMarker, info.rule, false, "%s", info.problem)
		return nil, nil
	case info.marked && !noConsts:
		u.Enum = info.enum
	case d.marks.Enum != nil:
		u.Enum = kubebuilderEnum(et, d.marks.Enum, d.marks.EnumGated)
		beyondEnum = beyond(info.constants, u.Enum.Values)
	case info.kubebuilder != nil:
		u.Enum = kubebuilderEnum(et, info.kubebuilder, info.kubebuilderGated)
		beyondEnum = beyond(info.constants, u.Enum.Values)
	case s.dialect == markers.DialectKEP:
		b.markerProblem(t, d, s.discMarker, report.NotEnum, false, "%s", info.notEnum)
		return nil, nil
	default:
		u.Enum = Enum{Type: et, Values: info.constants, Source: EnumGuessed}
	}
	if raw := d.marks.Default; raw != nil {
		value, err := markers.ParseDefault(*raw)
		switch {
		case err != nil:
			b.markerProblem(t, d, markers.DefaultMarker, report.DefaultNotInEnum, false, "%v", err)
		case !u.Enum.Has(value) && u.Enum.Source != EnumGuessed:
			b.markerProblem(t, d, markers.DefaultMarker, report.DefaultNotInEnum, false, "+default=%s is not a value of enum %s; valid values: %s", *raw, b.names.Name(u.Enum.Type), unionspec.Quote(u.Enum.Values))
		default:
			u.Default = &value
		}
	}
	return u, beyondEnum
}

// modeDiscriminator starts a union of validation-gen's mode tags, whose
// discriminator is a string or a bool (modeDiscriminatorType): a bool's
// values are its modes; a string's come from +enum or
// +kubebuilder:validation:Enum, or are guessed where KEP-1027 2019's
// +unionDiscriminator marks the field too, which k8s.io/api's hand-written
// validation checks; else any value is a mode (EnumModes), named once the
// members are read (modes).
func (b *builder) modeDiscriminator(t *types.Type, s *declaredUnion) *Union {
	d := s.disc
	u := &Union{Requires: unionspec.Discriminated, Discriminator: d.Field, DiscriminatorOptional: mayBeAbsent(d),
		WritesEmpty: !d.json.omitsZero}
	if typeinfo.Underlying(d.Type).Name.Name == "bool" {
		u.Enum, u.DiscriminatorOptional = Enum{Type: d.Type, Values: []string{"false", "true"}, Source: EnumBool}, false
		return u
	}
	info := b.enum(d.Type, true)
	switch {
	case info.broken:
		return nil
	case info.marked && info.problem != "":
		b.markerProblem(t, d, s.discMarker, info.rule, false, "%s", info.problem)
		return nil
	case info.marked:
		u.Enum = info.enum
	case d.marks.Enum != nil:
		u.Enum = kubebuilderEnum(d.Type, d.marks.Enum, d.marks.EnumGated)
	case info.kubebuilder != nil:
		u.Enum = kubebuilderEnum(d.Type, info.kubebuilder, info.kubebuilderGated)
	case d.marks.Discriminator:
		u.Enum = Enum{Type: d.Type, Values: info.constants, Source: EnumGuessed}
	default:
		u.Enum = Enum{Type: d.Type, Source: EnumModes}
	}
	return u
}

// modes names the values of a union of EnumModes, now that its members are
// known: the modes that they name.
func (u *Union) modes() {
	var values []string
	for _, m := range u.Members {
		values = append(values, m.Values...)
	}
	slices.Sort(values)
	u.Enum.Values = slices.Compact(values)
}

// kubebuilderEnum is the enum of a +kubebuilder:validation:Enum marker.
func kubebuilderEnum(t *types.Type, values []string, gated bool) Enum {
	values = slices.Clone(values)
	slices.Sort(values)
	return Enum{Type: t, Values: slices.Compact(values), Source: EnumKubebuilder, Gated: gated}
}

// beyond are the constants that are not values.
func beyond(constants, values []string) []string {
	return slices.DeleteFunc(slices.Clone(constants), func(c string) bool { return slices.Contains(values, c) })
}

// withVariant makes the values beyond a +kubebuilder:validation:Enum that
// select a member, now that the members are known, values of the enum too,
// its Variant values (Enum.Variant); during the members' reading, every
// constant was one.
func (u *Union) withVariant(base []string) {
	values := slices.Clone(base)
	for _, m := range u.Members {
		for _, v := range m.Values {
			if !slices.Contains(values, v) {
				u.Enum.Variant = append(u.Enum.Variant, v)
				values = append(values, v)
			}
		}
	}
	slices.Sort(u.Enum.Variant)
	slices.Sort(values)
	u.Enum.Values = values
}

// checkDefaultSelects warns where the discriminator's default selects a
// member that is required when selected and has no default of its own:
// an object that leaves out both gets the default and is refused.
func (b *builder) checkDefaultSelects(t *types.Type, s *declaredUnion, u *Union) {
	value, marker := "", markers.DefaultMarker
	switch raw := s.disc.marks.KubebuilderDefault; {
	case u.Default != nil:
		value = *u.Default
	case raw != nil:
		v, ok := markers.ParseKubebuilderDefault(*raw)
		if !ok {
			return
		}
		value, marker = v, markers.KubebuilderDefaultMarker
	default:
		return
	}
	for _, m := range s.members {
		if m.f.marks.Default != nil || m.f.marks.KubebuilderDefault != nil {
			continue
		}
		i := slices.IndexFunc(u.Members, func(um *Member) bool { return um.GoName == m.f.GoName })
		if i < 0 || !slices.Contains(u.Members[i].Required, value) {
			continue
		}
		b.markerProblem(t, s.disc, marker, report.DefaultSelectsRequired, true,
			"the default %q of %s selects %s, which is required when selected and has no default: an object that leaves out both is refused; mark %s +%s,optional, or default the field that holds the union with both instead",
			value, s.disc.JSONName, m.f.JSONName, m.f.JSONName, markers.MemberMarker)
	}
}

// guess completes the guessed values of a union with its members' values,
// now that they are known, and warns that they were guessed.
func (b *builder) guess(t *types.Type, s *declaredUnion, u *Union) {
	var values []string
	for _, m := range u.Members {
		values = append(values, m.Values...)
	}
	if u.Default != nil {
		values = append(values, *u.Default)
	}
	// An optional discriminator may be left unset (KEP-1027 2019 adds
	// discriminators to existing unions as optional strings).
	if u.DiscriminatorOptional {
		values = append(values, "")
	}
	values = append(values, u.Enum.Values...)
	slices.Sort(values)
	u.Enum.Values = slices.Compact(values)
	b.markerProblem(t, s.disc, s.discMarker, report.GuessedValues, true,
		"the valid values of %s are guessed: %s has no +enum constants and no +kubebuilder:validation:Enum, so they are its typed constants, the members' values and \"\" if it is optional: %s",
		s.disc.GoName, b.names.Name(u.Enum.Type), unionspec.Quote(u.Enum.Values))
}

// discriminatorOf finds the discriminator a member belongs to.
func (b *builder) discriminatorOf(t *types.Type, m *unionField, discriminators []*unionField, fields map[string]*unionField) *unionField {
	by := m.marks.DiscriminatedBy
	if by == "" {
		switch len(discriminators) {
		case 1:
			return discriminators[0]
		case 0:
			b.markerProblem(t, m, markers.MemberMarker, report.NoDiscriminator, false,
				"member has no discriminator in %s: add +%s to the field that selects it (a union's discriminator and members must be in one struct)",
				t.Name.Name, markers.DiscriminatorMarker)
		default:
			names := make([]string, len(discriminators))
			for i, d := range discriminators {
				names[i] = d.GoName
			}
			b.markerProblem(t, m, markers.MemberMarker, report.TwoDiscriminators, false,
				"%s has %d discriminators (%s): add +%s=<field> to say which one selects this member",
				t.Name.Name, len(discriminators), strings.Join(names, ", "), markers.DiscriminatedByMarker)
		}
		return nil
	}
	f, ok := fields[by]
	switch {
	case !ok:
		b.markerProblem(t, m, markers.DiscriminatedByMarker, report.TwoDiscriminators, false,
			"+%s=%s: %s has no field %s (a union's discriminator and members must be in one struct)", markers.DiscriminatedByMarker, by, t.Name.Name, by)
	case !f.marks.Discriminator:
		b.markerProblem(t, m, markers.DiscriminatedByMarker, report.TwoDiscriminators, false,
			"+%s=%s: field %s is not marked +%s", markers.DiscriminatedByMarker, by, f.GoName, markers.DiscriminatorMarker)
	default:
		return f
	}
	return nil
}
