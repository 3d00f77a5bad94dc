package unions

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/internal/typeinfo"
	"github.com/union-gen/union-gen/pkg/markers"
	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// The dialects group the fields of a struct into unions differently
// (docs/semantics.md §2); once grouped, every union is checked and built the
// same way, by union, discriminator and member.

// declaredUnion is a union as its dialect groups it, before it is checked.
type declaredUnion struct {
	dialect  markers.Dialect
	requires unionspec.Requirement
	// disc is the discriminator of a unionspec.Discriminated union, and discMarker
	// the marker that made it one, which problems point at.
	disc       *unionField
	discMarker string
	members    []declaredMember
	// infer is set for a discriminator of KEP-1027's markers in a struct
	// without +unionMember: its members are inferred from candidates, the
	// struct's optional fields without union markers, once its valid
	// values are known (inferMembers).
	infer      bool
	candidates []*unionField
	// broken is set for a modality whose discriminator was reported.
	broken bool
}

// declaredMember is a member as its dialect names it.
type declaredMember struct {
	f *unionField
	// value is the discriminator value that selects the member; "" for its
	// Go name.
	value    string
	optional bool
	// marker is the marker that made the field a member, which problems
	// point at; "" for an implicit member, whose problems point at it.
	marker string
	// inferred is set for a member inferred by its name (declaredUnion.infer).
	inferred bool
	// modes are, for a member of validation-gen's mode tags, the modes
	// that its +k8s:ifMode lines name, for which value and optional stand.
	modes []modeRule
}

// modeRule is what a member's +k8s:ifMode lines require of it in one mode.
type modeRule struct {
	value   string
	payload markers.Payload
	// line is the index of the mode's first comment line.
	line int
}

// first is the index of the union's first field, which orders the unions of
// a struct.
func (s *declaredUnion) first() int {
	first := math.MaxInt
	if s.disc != nil {
		first = s.disc.index
	}
	for _, m := range s.members {
		first = min(first, m.f.index)
	}
	return first
}

// structTagClaim is a field whose union:"..." struct tag makes the struct of
// its type a union.
type structTagClaim struct {
	tag   markers.StructTagUnion
	owner *types.Type
	field string
}

// structTags reads the union:"..." struct tags of the fields of the input
// packages' structs, so that the structs they name are read as unions.
func (b *builder) structTags(structs []*types.Type) {
	for _, t := range structs {
		for _, m := range t.Members {
			tag, ok, err := markers.ParseStructTag(m.Tags)
			switch {
			case !ok:
			case err != nil:
				b.fieldError(t, m.Name, err.Rule, "%s", err.Message)
			default:
				b.claim(t, m, tag)
			}
		}
	}
}

// claim records a struct tag on the struct it names, which must be a struct
// of an input package, named by one tag only.
func (b *builder) claim(t *types.Type, m types.Member, tag markers.StructTagUnion) {
	target := typeinfo.Underlying(m.Type)
	if target.Kind == types.Pointer {
		target = target.Elem
	}
	if target.Kind != types.Struct || target.Name.Package == "" || b.universe.Package(target.Name.Package).Dir == "" {
		b.fieldError(t, m.Name, report.Malformed, "struct tag %s goes on a field whose type is a named struct or a pointer to one, not %s", tag, b.names.Name(m.Type))
		return
	}
	for _, c := range b.claims[target.Name] {
		if c.tag != tag {
			b.fieldError(t, m.Name, report.DialectConflict, "struct tag %s contradicts %s on %s.%s: both name %s", tag, c.tag, declName(c.owner), c.field, b.names.Name(target))
			return
		}
	}
	b.claims[target.Name] = append(b.claims[target.Name], structTagClaim{tag: tag, owner: t, field: m.Name})
}

// marked reports whether a field carries a union marker of any dialect.
func (f *unionField) marked() bool {
	fm := f.marks
	return fm.Discriminator || fm.Member != nil || fm.Deprecated || fm.K8sDiscriminator != nil || len(fm.K8sMembers) > 0 ||
		len(fm.ModeDiscriminators) > 0 || len(fm.IfModes) > 0 || len(fm.Groups) > 0
}

// checkDialects reports a field whose union markers contradict each other:
// a discriminator that is also a member, or markers of two dialects.
func (b *builder) checkDialects(t *types.Type, f *unionField) {
	fm := f.marks
	conflict := func(marker string, dialect markers.Dialect, other string, otherDialect markers.Dialect) {
		b.markerProblem(t, f, marker, report.DialectConflict, false, "+%s (%s) and +%s (%s) on one field: write the union in one dialect", other, otherDialect, marker, dialect)
		f.valid = false
	}
	k8s := fm.K8sDiscriminator != nil || len(fm.K8sMembers) > 0
	switch {
	case fm.Discriminator && fm.Member != nil:
		b.markerProblem(t, f, markers.MemberMarker, report.DiscriminatorIsMember, false, "a field cannot be both +%s and +%s: the discriminator is not a member", markers.DiscriminatorMarker, markers.MemberMarker)
		f.valid = false
	case fm.DiscriminatedBy != "" && fm.Member == nil:
		b.markerProblem(t, f, markers.DiscriminatedByMarker, report.TwoDiscriminators, false, "+%s needs +%s on the same field", markers.DiscriminatedByMarker, markers.MemberMarker)
	case fm.Member != nil && fm.Deprecated:
		conflict(markers.LegacyMemberMarker, markers.Dialect2019, markers.MemberMarker, markers.DialectKEP)
	case k8s && (fm.Discriminator || fm.Member != nil || fm.Deprecated):
		marker := markers.K8sDiscriminatorMarker
		if fm.K8sDiscriminator == nil {
			marker = k8sMemberMarker(fm.K8sMembers[0])
		}
		other, otherDialect := markers.DiscriminatorMarker, markers.DialectKEP
		switch {
		case fm.Member != nil:
			other = markers.MemberMarker
		case fm.Deprecated:
			other, otherDialect = markers.LegacyMemberMarker, markers.Dialect2019
		}
		conflict(marker, markers.DialectValidationGen, other, otherDialect)
	case fm.K8sDiscriminator != nil && len(fm.K8sMembers) > 0:
		b.markerProblem(t, f, markers.K8sDiscriminatorMarker, report.DiscriminatorIsMember, false, "a field cannot be both +%s and +%s: the discriminator is not a member", markers.K8sDiscriminatorMarker, k8sMemberMarker(fm.K8sMembers[0]))
		f.valid = false
	case (len(fm.IfModes) > 0 || len(fm.Groups) > 0) && (fm.Member != nil || fm.Deprecated):
		marker, dialect := markers.K8sIfModeMarker, markers.DialectModes
		if len(fm.IfModes) == 0 {
			marker, dialect = groupMarker(fm.Groups[0]), markers.DialectGroups
		}
		other, otherDialect := markers.MemberMarker, markers.DialectKEP
		if fm.Deprecated {
			other, otherDialect = markers.LegacyMemberMarker, markers.Dialect2019
		}
		conflict(marker, dialect, other, otherDialect)
	}
}

func groupMarker(g markers.Group) string {
	if g.ZeroOrOne {
		return markers.ZeroOrOneOfMarker
	}
	return markers.OneOfMarker
}

// checkRatcheting reports +unionRatcheting on a field that is no union's
// discriminator. It runs once the unions are grouped, since a struct tag
// names its discriminator without a marker; a field marked as a
// discriminator that no union took was reported already.
func (b *builder) checkRatcheting(t *types.Type, fields []*unionField, declared []*declaredUnion) {
	for _, f := range fields {
		fm := f.marks
		if fm.Ratcheting == unionspec.RatchetingOff || fm.Discriminator || fm.K8sDiscriminator != nil ||
			slices.ContainsFunc(declared, func(s *declaredUnion) bool { return s.disc == f }) {
			continue
		}
		b.markerProblem(t, f, markers.RatchetingMarker, report.MisplacedRatcheting, false,
			"+%s belongs on a +%s field: it opts that discriminator's union into ratcheting", markers.RatchetingMarker, markers.DiscriminatorMarker)
	}
}

func k8sMemberMarker(m markers.K8sMember) string {
	if m.ZeroOrOne {
		return markers.K8sZeroOrOneOfMarker
	}
	return markers.K8sMemberMarker
}

// declaredUnions groups a struct's fields into unions, each as its dialect says, in
// the order of their first fields. Mode tags and groups say what the API
// server enforces where a struct also has KEP-1027 2019's markers, which
// then add nothing (supersededBy2019).
func (b *builder) declaredUnions(t *types.Type, tm markers.TypeMarkers, fields []*unionField, byName map[string]*unionField, claims []structTagClaim) []*declaredUnion {
	declared := b.validationGenUnions(t, fields)
	hasK8s := len(declared) > 0 || slices.ContainsFunc(fields, func(f *unionField) bool { return len(f.marks.K8sMembers) > 0 })
	modes, groups := b.modeUnions(t, fields), b.groupUnions(t, fields, byName)
	declared = append(append(declared, modes...), groups...)
	newer := slices.ContainsFunc(fields, func(f *unionField) bool {
		return len(f.marks.ModeDiscriminators) > 0 || len(f.marks.IfModes) > 0 || len(f.marks.Groups) > 0
	})
	switch {
	case len(claims) > 0:
		if hasK8s || tm.LegacyUnion || slices.ContainsFunc(fields, (*unionField).marked) {
			c := claims[0]
			b.fieldError(c.owner, c.field, report.DialectConflict, "struct tag %s (%s) names %s, which has union markers of its own: write the union in one dialect",
				c.tag, markers.DialectStructTag, b.names.Name(t))
			return declared
		}
		declared = append(declared, b.structTagUnion(t, fields, byName, claims[0]))
	case newer:
		declared = append(declared, b.besideNewer(t, fields, byName)...)
	case tm.LegacyUnion && !hasK8s:
		// k8s.io/api marks with +union the structs whose members are
		// validation-gen's: there +union only tells openapi-gen.
		declared = append(declared, b.legacyUnion(t, fields, true))
	case slices.ContainsFunc(fields, func(f *unionField) bool { return f.marks.Deprecated && f.valid }):
		declared = append(declared, b.legacyUnion(t, fields, false))
	default:
		declared = append(declared, b.kepUnions(t, fields, byName)...)
	}
	declared = slices.DeleteFunc(declared, func(s *declaredUnion) bool { return s == nil })
	slices.SortStableFunc(declared, func(x, y *declaredUnion) int { return cmp.Compare(x.first(), y.first()) })
	return declared
}

// besideNewer reads the markers of KEP-1027 in a struct with mode tags or
// groups, which k8s.io/api writes beside them for openapi-gen: a type's
// +union adds nothing, nor does +unionDiscriminator on a mode
// discriminator, as the mode tags say what the API server enforces
// (docs/semantics.md §2); +unionDeprecated, a member of the struct's
// 2019 union, contradicts them. Other markers of KEP-1027 make unions of
// their own.
func (b *builder) besideNewer(t *types.Type, fields []*unionField, byName map[string]*unionField) []*declaredUnion {
	newer, newerDialect := markers.K8sIfModeMarker, markers.DialectModes
	if !slices.ContainsFunc(fields, func(f *unionField) bool { return len(f.marks.ModeDiscriminators) > 0 || len(f.marks.IfModes) > 0 }) {
		newer, newerDialect = markers.OneOfMarker, markers.DialectGroups
	}
	kep := false
	for _, f := range fields {
		switch {
		case !f.valid:
		case f.marks.Deprecated:
			b.markerProblem(t, f, markers.LegacyMemberMarker, report.DialectConflict, false, "+%s (%s) in %s, whose unions are written with +%s (%s): write each union in one dialect",
				markers.LegacyMemberMarker, markers.Dialect2019, t.Name.Name, newer, newerDialect)
			return nil
		case f.marks.Member != nil || f.marks.Discriminator && len(f.marks.ModeDiscriminators) == 0:
			kep = true
		}
	}
	if !kep {
		return nil
	}
	return b.kepUnions(t, slices.DeleteFunc(slices.Clone(fields), func(f *unionField) bool {
		return f.marks.Discriminator && len(f.marks.ModeDiscriminators) > 0
	}), byName)
}

// modeUnions groups the fields with validation-gen's mode tags by modality:
// the +k8s:modeDiscriminator of each makes a discriminated union of the
// fields whose +k8s:ifMode lines name that modality, each selected by the
// modes it names (docs/semantics.md §2).
func (b *builder) modeUnions(t *types.Type, fields []*unionField) []*declaredUnion {
	var order []string
	groups := map[string]*declaredUnion{}
	group := func(modality string) *declaredUnion {
		if groups[modality] == nil {
			groups[modality] = &declaredUnion{dialect: markers.DialectModes, requires: unionspec.Discriminated, discMarker: markers.K8sModeDiscriminatorMarker}
			order = append(order, modality)
		}
		return groups[modality]
	}
	for _, f := range fields {
		if !f.valid {
			continue
		}
		for _, d := range f.marks.ModeDiscriminators {
			g := group(d.Modality)
			switch {
			case g.disc != nil:
				b.lineProblem(t, f, d.Line, report.TwoDiscriminators, false, "the modality %q already has the discriminator %s: a modality has one +%s", d.Modality, g.disc.GoName, markers.K8sModeDiscriminatorMarker)
			case b.modeDiscriminatorType(t, f, d.Line):
				g.disc = f
			default:
				g.broken = true
			}
		}
		for _, modality := range modalities(f.marks.IfModes) {
			group(modality).members = append(group(modality).members, declaredMember{f: f, marker: markers.K8sIfModeMarker, modes: modeRules(f.marks.IfModes, modality)})
		}
	}
	var declared []*declaredUnion
	for _, modality := range order {
		g := groups[modality]
		switch {
		case g.broken:
		case g.disc == nil:
			for _, m := range g.members {
				b.lineProblem(t, m.f, m.modes[0].line, report.NoDiscriminator, false,
					"+%s of the modality %q, which no field of %s selects: add +%s to the field whose value is the mode (a modality's discriminator and members are in one struct)",
					markers.K8sIfModeMarker, modality, t.Name.Name, modeDiscriminatorUsage(modality))
			}
		case len(g.members) == 0:
			b.markerProblem(t, g.disc, markers.K8sModeDiscriminatorMarker, report.NoMembers, true,
				"no field of %s has a +%s of the modality %q, so the mode %s selects none: union-gen checks nothing of it",
				t.Name.Name, markers.K8sIfModeMarker, modality, g.disc.GoName)
		default:
			declared = append(declared, b.checkModeMembers(t, g))
		}
	}
	return declared
}

// checkModeMembers drops from a mode union the member that is its own
// discriminator, which validation-gen refuses too.
func (b *builder) checkModeMembers(t *types.Type, g *declaredUnion) *declaredUnion {
	g.members = slices.DeleteFunc(g.members, func(m declaredMember) bool {
		if m.f != g.disc {
			return false
		}
		b.lineProblem(t, m.f, m.modes[0].line, report.DiscriminatorIsMember, false, "a field cannot be both +%s and +%s of one modality: the discriminator is not a member",
			markers.K8sModeDiscriminatorMarker, markers.K8sIfModeMarker)
		return true
	})
	return g
}

func modeDiscriminatorUsage(modality string) string {
	if modality == "" {
		return markers.K8sModeDiscriminatorMarker
	}
	return fmt.Sprintf("%s(modality: %q)", markers.K8sModeDiscriminatorMarker, modality)
}

// modeDiscriminatorType checks the type of a mode discriminator as
// validation-gen does: a string or a bool, not a pointer.
func (b *builder) modeDiscriminatorType(t *types.Type, f *unionField, line int) bool {
	u := typeinfo.Underlying(f.Type)
	switch {
	case u.Kind == types.Pointer:
		b.lineProblem(t, f, line, report.PointerDiscriminator, false,
			"+%s on %s of type %s: a mode discriminator is not a pointer, as validation-gen requires; give the field the type %s",
			markers.K8sModeDiscriminatorMarker, f.GoName, b.names.Name(f.Type), b.names.Name(f.Type.Elem))
		return false
	case u.Kind != types.Builtin || u.Name.Name != "string" && u.Name.Name != "bool":
		b.lineProblem(t, f, line, report.NotString, false,
			"+%s on %s of type %s: a mode discriminator is a string or a bool, as validation-gen requires", markers.K8sModeDiscriminatorMarker, f.GoName, b.names.Name(f.Type))
		return false
	}
	return true
}

// modalities are the modalities that ifModes name, in order.
func modalities(ifModes []markers.IfMode) []string {
	var out []string
	for _, m := range ifModes {
		if !slices.Contains(out, m.Modality) {
			out = append(out, m.Modality)
		}
	}
	return out
}

// modeRules are what the +k8s:ifMode lines of one modality require, per
// mode in order: forbidden where one forbids it, else required where one
// requires it, as validation-gen runs all of a mode's payloads.
func modeRules(ifModes []markers.IfMode, modality string) []modeRule {
	var rules []modeRule
	for _, m := range ifModes {
		if m.Modality != modality {
			continue
		}
		i := slices.IndexFunc(rules, func(r modeRule) bool { return r.value == m.Mode })
		if i < 0 {
			rules = append(rules, modeRule{value: m.Mode, payload: m.Payload, line: m.Line})
			continue
		}
		if r := &rules[i]; r.payload != markers.PayloadForbidden && (m.Payload == markers.PayloadForbidden || m.Payload == markers.PayloadRequired) {
			r.payload = m.Payload
		}
	}
	return rules
}

// groupUnions makes a union of each +oneOf=<group> (exactly one) and
// +zeroOrOneOf=<group> (at most one) of the struct's fields. A group named
// after another field of the struct is selected by that field, which the
// markers do not say how: it is left out with a warning (fieldgroup).
func (b *builder) groupUnions(t *types.Type, fields []*unionField, byName map[string]*unionField) []*declaredUnion {
	var order []string
	groups := map[string]*declaredUnion{}
	first := map[string]*unionField{}
	for _, f := range fields {
		if !f.valid {
			continue
		}
		for _, g := range f.marks.Groups {
			requires := unionspec.ExactlyOne
			if g.ZeroOrOne {
				requires = unionspec.ZeroOrOne
			}
			group := groups[g.Name]
			switch {
			case group == nil:
				group = &declaredUnion{dialect: markers.DialectGroups, requires: requires}
				groups[g.Name], first[g.Name] = group, f
				order = append(order, g.Name)
			case group.requires != requires:
				b.lineProblem(t, f, g.Line, report.DialectConflict, false, "+%s=%s, but %s has +%s=%s: a group is one or the other", groupMarker(g), g.Name,
					first[g.Name].GoName, groupMarker(markers.Group{ZeroOrOne: !g.ZeroOrOne}), g.Name)
				continue
			}
			group.members = append(group.members, declaredMember{f: f, marker: groupMarker(g)})
		}
	}
	var declared []*declaredUnion
	for _, name := range order {
		group := groups[name]
		if by := byName[name]; by != nil && !slices.ContainsFunc(group.members, func(m declaredMember) bool { return m.f == by }) {
			f := first[name]
			b.markerProblem(t, f, group.members[0].marker, report.FieldGroup, true,
				"+%s=%s names the field %s of %s, which selects the group's fields by its value, and no marker says which value selects which: union-gen checks nothing of the group; write +%s on %s and +%s=<value> on the fields",
				group.members[0].marker, name, by.GoName, t.Name.Name, markers.DiscriminatorMarker, by.GoName, markers.MemberMarker)
			continue
		}
		if b.readAPIGroup(t, name, group) {
			declared = append(declared, group)
		}
	}
	return declared
}

// validationGenUnions groups the fields with validation-gen's markers by the
// union they name: a +k8s:unionDiscriminator makes its union discriminated,
// +k8s:unionMember members without one form an exactly-one union, and
// +k8s:zeroOrOneOfMember members a zero-or-one union.
func (b *builder) validationGenUnions(t *types.Type, fields []*unionField) []*declaredUnion {
	type key struct {
		name      string
		zeroOrOne bool
	}
	var order []key
	groups := map[key]*declaredUnion{}
	group := func(k key) *declaredUnion {
		if groups[k] == nil {
			requires := unionspec.ExactlyOne
			if k.zeroOrOne {
				requires = unionspec.ZeroOrOne
			}
			groups[k] = &declaredUnion{dialect: markers.DialectValidationGen, requires: requires}
			order = append(order, k)
		}
		return groups[k]
	}
	for _, f := range fields {
		if !f.valid {
			continue
		}
		if d := f.marks.K8sDiscriminator; d != nil {
			g := group(key{name: d.Union})
			if g.disc != nil {
				b.markerProblem(t, f, markers.K8sDiscriminatorMarker, report.TwoDiscriminators, false,
					"union %q already has the discriminator %s: a union has one +%s", d.Union, g.disc.GoName, markers.K8sDiscriminatorMarker)
				continue
			}
			g.disc, g.discMarker, g.requires = f, markers.K8sDiscriminatorMarker, unionspec.Discriminated
		}
		for _, m := range f.marks.K8sMembers {
			if m.Item != nil {
				b.lineProblem(t, f, m.Line, report.ItemUnion, true, "a union of list items (+%s) is left to validation-gen: union-gen generates nothing for it", markers.K8sItemMarker)
				continue
			}
			g := group(key{name: m.Union, zeroOrOne: m.ZeroOrOne})
			g.members = append(g.members, declaredMember{f: f, value: m.MemberName, marker: k8sMemberMarker(m)})
		}
	}
	declared := make([]*declaredUnion, len(order))
	for i, k := range order {
		declared[i] = groups[k]
	}
	return declared
}

// legacyUnion reads a union of KEP-1027 2019. In a +union struct (whole) the
// members are the fields marked +unionMember or +unionDeprecated, as
// openshift/api writes them, or else every field but the discriminator;
// elsewhere they are the +unionDeprecated fields. Members are selected by
// their Go names; without a discriminator, at most one is set.
func (b *builder) legacyUnion(t *types.Type, fields []*unionField, whole bool) *declaredUnion {
	s := &declaredUnion{dialect: markers.Dialect2019, requires: unionspec.ZeroOrOne, discMarker: markers.DiscriminatorMarker}
	for _, f := range fields {
		if !f.marks.Discriminator {
			continue
		}
		if s.disc != nil {
			b.markerProblem(t, f, markers.DiscriminatorMarker, report.TwoDiscriminators, false,
				"%s already has the discriminator %s: a union of KEP-1027 2019 has one +%s", t.Name.Name, s.disc.GoName, markers.DiscriminatorMarker)
			continue
		}
		if f.valid {
			s.disc, s.requires = f, unionspec.Discriminated
		}
	}
	explicit := slices.ContainsFunc(fields, func(f *unionField) bool { return f.marks.Member != nil || f.marks.Deprecated })
	for _, f := range fields {
		switch {
		case f.marks.Discriminator:
		case f.marks.Member != nil || f.marks.Deprecated:
			if f.valid {
				ms := declaredMember{f: f, marker: markers.LegacyMemberMarker}
				if f.marks.Member != nil {
					ms = declaredMember{f: f, value: f.marks.Member.Value, optional: f.marks.Member.Optional, marker: markers.MemberMarker}
				}
				s.members = append(s.members, ms)
			}
		case whole && !explicit && f.json.serialized:
			if f.json.inline {
				b.fieldError(t, f.GoName, report.JSONName, "a +%s struct cannot embed a struct inline: its fields would be members of another struct's union", markers.LegacyUnionMarker)
				continue
			}
			if !isOptional(f) {
				// Real +union structs hold required fields beside the
				// union (a targetRef): they are not members.
				b.report(b.src.FieldPos(b.dir(t), declName(t), f.GoName), b.subject(t, f.GoName), report.RequiredField, true,
					"%s is required, so it is no member of the +%s struct's union: mark the members +%s, or mark %s +optional if it is one", f.GoName, markers.LegacyUnionMarker, markers.MemberMarker, f.GoName)
				continue
			}
			// Implicit members are required when selected, as the rules
			// of the projects that write them require them
			// (docs/semantics.md, Other dialects).
			s.members = append(s.members, declaredMember{f: f})
		}
	}
	return s
}

// kepUnions groups the fields of KEP-1027's markers: each member belongs to
// the discriminator of its struct, or to the one its +unionDiscriminatedBy
// names.
func (b *builder) kepUnions(t *types.Type, fields []*unionField, byName map[string]*unionField) []*declaredUnion {
	var discriminators []*unionField
	for _, f := range fields {
		// An invalid discriminator still claims its members, so that they
		// are not also reported as having none.
		if f.marks.Discriminator {
			discriminators = append(discriminators, f)
		}
	}
	// Without member markers, the members are inferred as KEP-1027 2019
	// infers them (docs/semantics.md §2, Other dialects).
	infer := !slices.ContainsFunc(fields, func(f *unionField) bool { return f.marks.Member != nil })
	var candidates []*unionField
	if infer {
		for _, f := range fields {
			if !f.marked() && f.json.serialized && !f.json.inline && mayBeAbsent(f) {
				candidates = append(candidates, f)
			}
		}
	}
	declared := map[*unionField]*declaredUnion{}
	for _, d := range discriminators {
		if d.valid {
			declared[d] = &declaredUnion{dialect: markers.DialectKEP, requires: unionspec.Discriminated, disc: d, discMarker: markers.DiscriminatorMarker, infer: infer, candidates: candidates}
		}
	}
	for _, m := range fields {
		if m.marks.Member == nil || !m.valid {
			continue
		}
		if d := b.discriminatorOf(t, m, discriminators, byName); d != nil && declared[d] != nil {
			declared[d].members = append(declared[d].members, declaredMember{f: m, value: m.marks.Member.Value, optional: m.marks.Member.Optional, marker: markers.MemberMarker})
		}
	}
	var out []*declaredUnion
	for _, d := range discriminators {
		if s := declared[d]; s != nil {
			out = append(out, s)
		}
	}
	return out
}

// inferMembers takes for members of a union of KEP-1027's markers without
// member markers, as KEP-1027 2019 takes them, the optional fields named by
// a valid value (inferredValue; the first field of a value, and a field named
// exactly before one named ignoring case), each required when selected, as
// the projects that write such unions require it, and says which it took, or
// that it found none.
func (b *builder) inferMembers(t *types.Type, s *declaredUnion, u *Union) {
	var taken []string
	for _, ignoreCase := range []bool{false, true} {
		for _, f := range s.candidates {
			value, ok := inferredValue(u.Enum, f, ignoreCase)
			if f.inferred || !ok || slices.ContainsFunc(s.members, func(m declaredMember) bool { return m.value == value }) {
				continue
			}
			f.inferred = true
			s.members = append(s.members, declaredMember{f: f, value: value, inferred: true})
			taken = append(taken, fmt.Sprintf("%s (%q)", f.GoName, value))
		}
	}
	d := s.disc
	if len(taken) == 0 {
		b.markerProblem(t, d, s.discMarker, report.NoMembers, true,
			"no field is marked +%s, and no optional field's Go or JSON name is a value of %s (%s), ignoring case: the union only checks that %s is one of them; mark its members +%s",
			markers.MemberMarker, d.GoName, unionspec.Quote(u.Enum.Values), d.JSONName, markers.MemberMarker)
		return
	}
	b.markerProblem(t, d, s.discMarker, report.InferredMembers, true,
		"no field is marked +%s, so the members of %s are inferred as KEP-1027 2019 infers them, the optional fields whose Go or JSON name is a value, ignoring case: %s, each required when selected; mark them +%s (,optional where one may be unset)",
		markers.MemberMarker, d.GoName, strings.Join(taken, ", "), markers.MemberMarker)
}

// inferredValue is the valid value that names a field taken for an
// inferred member: its Go name, else its JSON name, or, ignoring case,
// either, as valuename compares a value with a JSON name (GRPC selects grpc).
func inferredValue(e Enum, f *unionField, ignoreCase bool) (string, bool) {
	if !ignoreCase {
		for _, name := range []string{f.GoName, f.JSONName} {
			if e.Has(name) {
				return name, true
			}
		}
		return "", false
	}
	for _, v := range e.Values {
		if v != "" && (strings.EqualFold(v, f.GoName) || strings.EqualFold(v, f.JSONName)) {
			return v, true
		}
	}
	return "", false
}

// structTagUnion reads the union of a struct named by a union:"..." struct
// tag (the 2018 proposal): every field is a member, but the discriminator
// that union:"discriminator/<name>" names, and members are selected by their
// Go names; union:"oneof" allows at most one set.
func (b *builder) structTagUnion(t *types.Type, fields []*unionField, byName map[string]*unionField, c structTagClaim) *declaredUnion {
	s := &declaredUnion{dialect: markers.DialectStructTag, requires: unionspec.ZeroOrOne}
	if name := c.tag.Discriminator; name != "" {
		d := byName[name]
		if d == nil || d.JSONName != name || !d.json.serialized {
			b.fieldError(c.owner, c.field, report.NoDiscriminator, "struct tag %s names no field of %s with JSON name %q", c.tag, b.names.Name(t), name)
			return nil
		}
		s.disc, s.requires = d, unionspec.Discriminated
	}
	for _, f := range fields {
		switch {
		case f == s.disc || !f.json.serialized:
		case f.json.inline:
			b.fieldError(t, f.GoName, report.JSONName, "the union of struct tag %s cannot embed a struct inline: give the field a name and a JSON tag", c.tag)
		default:
			s.members = append(s.members, declaredMember{f: f})
		}
	}
	return s
}
