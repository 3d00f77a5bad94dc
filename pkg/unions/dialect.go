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

// unionSpec is a union as its dialect groups it, before it is checked.
type unionSpec struct {
	dialect markers.Dialect
	kind    Kind
	// disc is the discriminator of a Discriminated union, and discMarker
	// the marker that made it one, which problems point at.
	disc       *unionField
	discMarker string
	members    []memberSpec
	// infer is set for a discriminator of KEP-1027's markers in a struct
	// without +unionMember: its members are inferred from candidates, the
	// struct's optional fields without union markers, once its valid
	// values are known (inferMembers).
	infer      bool
	candidates []*unionField
}

// memberSpec is a member as its dialect names it.
type memberSpec struct {
	f *unionField
	// value is the discriminator value that selects the member; "" for its
	// Go name.
	value    string
	optional bool
	// marker is the marker that made the field a member, which problems
	// point at; "" for an implicit member, whose problems point at it.
	marker string
	// inferred is set for a member inferred by its name (unionSpec.infer).
	inferred bool
}

// first is the index of the union's first field, which orders the unions of
// a struct.
func (s *unionSpec) first() int {
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
	return fm.Discriminator || fm.Member != nil || fm.Deprecated || fm.K8sDiscriminator != nil || len(fm.K8sMembers) > 0
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
	}
}

// checkRatcheting reports +unionRatcheting on a field that is no union's
// discriminator. It runs once the unions are grouped, since a struct tag
// names its discriminator without a marker; a field marked as a
// discriminator that no union took was reported already.
func (b *builder) checkRatcheting(t *types.Type, fields []*unionField, specs []*unionSpec) {
	for _, f := range fields {
		fm := f.marks
		if fm.Ratcheting == unionspec.RatchetingOff || fm.Discriminator || fm.K8sDiscriminator != nil ||
			slices.ContainsFunc(specs, func(s *unionSpec) bool { return s.disc == f }) {
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

// specs groups a struct's fields into unions, each as its dialect says, in
// the order of their first fields.
func (b *builder) specs(t *types.Type, tm markers.TypeMarkers, fields []*unionField, byName map[string]*unionField, claims []structTagClaim) []*unionSpec {
	specs := b.validationGenSpecs(t, fields)
	hasK8s := len(specs) > 0 || slices.ContainsFunc(fields, func(f *unionField) bool { return len(f.marks.K8sMembers) > 0 })
	switch {
	case len(claims) > 0:
		if hasK8s || tm.LegacyUnion || slices.ContainsFunc(fields, (*unionField).marked) {
			c := claims[0]
			b.fieldError(c.owner, c.field, report.DialectConflict, "struct tag %s (%s) names %s, which has union markers of its own: write the union in one dialect",
				c.tag, markers.DialectStructTag, b.names.Name(t))
			return specs
		}
		specs = append(specs, b.structTagSpec(t, fields, byName, claims[0]))
	case tm.LegacyUnion && !hasK8s:
		// k8s.io/api marks with +union the structs whose members are
		// validation-gen's: there +union only tells openapi-gen.
		specs = append(specs, b.legacySpec(t, fields, true))
	case slices.ContainsFunc(fields, func(f *unionField) bool { return f.marks.Deprecated && f.valid }):
		specs = append(specs, b.legacySpec(t, fields, false))
	default:
		specs = append(specs, b.kepSpecs(t, fields, byName)...)
	}
	specs = slices.DeleteFunc(specs, func(s *unionSpec) bool { return s == nil })
	slices.SortStableFunc(specs, func(x, y *unionSpec) int { return cmp.Compare(x.first(), y.first()) })
	return specs
}

// validationGenSpecs groups the fields with validation-gen's markers by the
// union they name: a +k8s:unionDiscriminator makes its union discriminated,
// +k8s:unionMember members without one form an exactly-one union, and
// +k8s:zeroOrOneOfMember members a zero-or-one union.
func (b *builder) validationGenSpecs(t *types.Type, fields []*unionField) []*unionSpec {
	type key struct {
		name      string
		zeroOrOne bool
	}
	var order []key
	groups := map[key]*unionSpec{}
	group := func(k key) *unionSpec {
		if groups[k] == nil {
			kind := ExactlyOne
			if k.zeroOrOne {
				kind = ZeroOrOne
			}
			groups[k] = &unionSpec{dialect: markers.DialectValidationGen, kind: kind}
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
			g.disc, g.discMarker, g.kind = f, markers.K8sDiscriminatorMarker, Discriminated
		}
		for _, m := range f.marks.K8sMembers {
			if m.Item != nil {
				pos := b.src.fieldMarkerPos(b.dir(t), declName(t), f.GoName, f.member.CommentLines, m.Line)
				b.report(pos, b.subject(t, f.GoName), report.ItemUnion, true, "a union of list items (+%s) is left to validation-gen: union-gen generates nothing for it", markers.K8sItemMarker)
				continue
			}
			g := group(key{name: m.Union, zeroOrOne: m.ZeroOrOne})
			g.members = append(g.members, memberSpec{f: f, value: m.MemberName, marker: k8sMemberMarker(m)})
		}
	}
	specs := make([]*unionSpec, len(order))
	for i, k := range order {
		specs[i] = groups[k]
	}
	return specs
}

// legacySpec reads a union of KEP-1027 2019. In a +union struct (whole) the
// members are the fields marked +unionMember or +unionDeprecated, as
// openshift/api writes them, or else every field but the discriminator;
// elsewhere they are the +unionDeprecated fields. Members are selected by
// their Go names; without a discriminator, at most one is set.
func (b *builder) legacySpec(t *types.Type, fields []*unionField, whole bool) *unionSpec {
	s := &unionSpec{dialect: markers.Dialect2019, kind: ZeroOrOne, discMarker: markers.DiscriminatorMarker}
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
			s.disc, s.kind = f, Discriminated
		}
	}
	explicit := slices.ContainsFunc(fields, func(f *unionField) bool { return f.marks.Member != nil || f.marks.Deprecated })
	for _, f := range fields {
		switch {
		case f.marks.Discriminator:
		case f.marks.Member != nil || f.marks.Deprecated:
			if f.valid {
				ms := memberSpec{f: f, marker: markers.LegacyMemberMarker}
				if f.marks.Member != nil {
					ms = memberSpec{f: f, value: f.marks.Member.Value, optional: f.marks.Member.Optional, marker: markers.MemberMarker}
				}
				s.members = append(s.members, ms)
			}
		case whole && !explicit && typeinfo.IsSerialized(*f.member):
			if typeinfo.IsInline(*f.member) {
				b.fieldError(t, f.GoName, report.JSONName, "a +%s struct cannot embed a struct inline: its fields would be members of another struct's union", markers.LegacyUnionMarker)
				continue
			}
			if !isOptional(f) {
				// Real +union structs hold required fields beside the
				// union (a targetRef): they are not members.
				b.report(b.src.fieldPos(b.dir(t), declName(t), f.GoName), b.subject(t, f.GoName), report.RequiredField, true,
					"%s is required, so it is no member of the +%s struct's union: mark the members +%s, or mark %s +optional if it is one", f.GoName, markers.LegacyUnionMarker, markers.MemberMarker, f.GoName)
				continue
			}
			// Implicit members are required when selected, as the rules
			// of the projects that write them require them
			// (docs/semantics.md, Other dialects).
			s.members = append(s.members, memberSpec{f: f})
		}
	}
	return s
}

// kepSpecs groups the fields of KEP-1027's markers: each member belongs to
// the discriminator of its struct, or to the one its +unionDiscriminatedBy
// names.
func (b *builder) kepSpecs(t *types.Type, fields []*unionField, byName map[string]*unionField) []*unionSpec {
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
			if !f.marked() && typeinfo.IsSerialized(*f.member) && !typeinfo.IsInline(*f.member) && mayBeAbsent(f) {
				candidates = append(candidates, f)
			}
		}
	}
	specs := map[*unionField]*unionSpec{}
	for _, d := range discriminators {
		if d.valid {
			specs[d] = &unionSpec{dialect: markers.DialectKEP, kind: Discriminated, disc: d, discMarker: markers.DiscriminatorMarker, infer: infer, candidates: candidates}
		}
	}
	for _, m := range fields {
		if m.marks.Member == nil || !m.valid {
			continue
		}
		if d := b.discriminatorOf(t, m, discriminators, byName); d != nil && specs[d] != nil {
			specs[d].members = append(specs[d].members, memberSpec{f: m, value: m.marks.Member.Value, optional: m.marks.Member.Optional, marker: markers.MemberMarker})
		}
	}
	var out []*unionSpec
	for _, d := range discriminators {
		if s := specs[d]; s != nil {
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
func (b *builder) inferMembers(t *types.Type, s *unionSpec, u *Union) {
	var taken []string
	for _, ignoreCase := range []bool{false, true} {
		for _, f := range s.candidates {
			value, ok := inferredValue(u.Enum, f, ignoreCase)
			if f.inferred || !ok || slices.ContainsFunc(s.members, func(m memberSpec) bool { return m.value == value }) {
				continue
			}
			f.inferred = true
			s.members = append(s.members, memberSpec{f: f, value: value, inferred: true})
			taken = append(taken, fmt.Sprintf("%s (%q)", f.GoName, value))
		}
	}
	d := s.disc
	if len(taken) == 0 {
		b.markerProblem(t, d, s.discMarker, report.NoMembers, true,
			"no field is marked +%s, and no optional field's Go or JSON name is a value of %s (%s), ignoring case: the union only checks that %s is one of them; mark its members +%s",
			markers.MemberMarker, d.GoName, Quote(u.Enum.Values), d.JSONName, markers.MemberMarker)
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

// structTagSpec reads the union of a struct named by a union:"..." struct
// tag (the 2018 proposal): every field is a member, but the discriminator
// that union:"discriminator/<name>" names, and members are selected by their
// Go names; union:"oneof" allows at most one set.
func (b *builder) structTagSpec(t *types.Type, fields []*unionField, byName map[string]*unionField, c structTagClaim) *unionSpec {
	s := &unionSpec{dialect: markers.DialectStructTag, kind: ZeroOrOne}
	if name := c.tag.Discriminator; name != "" {
		d := byName[name]
		if d == nil || d.JSONName != name || !typeinfo.IsSerialized(*d.member) {
			b.fieldError(c.owner, c.field, report.NoDiscriminator, "struct tag %s names no field of %s with JSON name %q", c.tag, b.names.Name(t), name)
			return nil
		}
		s.disc, s.kind = d, Discriminated
	}
	for _, f := range fields {
		switch {
		case f == s.disc || !typeinfo.IsSerialized(*f.member):
		case typeinfo.IsInline(*f.member):
			b.fieldError(t, f.GoName, report.JSONName, "the union of struct tag %s cannot embed a struct inline: give the field a name and a JSON tag", c.tag)
		default:
			s.members = append(s.members, memberSpec{f: f})
		}
	}
	return s
}
