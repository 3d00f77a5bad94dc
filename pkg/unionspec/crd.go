package unionspec

import "slices"

// What a CRD's schema has of a union beside its rules: the discriminator's
// enum, and, in a CRD variant (a release channel's or a feature set's, of
// one Go source), the values and members it may leave out
// (docs/crd.md, "CRD variants"). What the union's Declaration says is read
// there: these are of unions that Describe wrote, as the CRD backend's are.

// Enumerated says whether the discriminator's schema has an enum: an open
// or bool discriminator has none, as every value is a mode.
func (u *Union) Enumerated() bool {
	return u.Discriminator != "" && !u.Open && !u.Boolean
}

// SchemaEnum is the enum of the discriminator's schema (docs/semantics.md
// §7): the Accepted values, so that the rules report "" as Go does; but the
// values alone where the discriminator is optional, "" is no value and Go
// does not write it, so that the schema rejects an explicit "", or with
// emptyToSchema (EmptyToSchema).
func (u *Union) SchemaEnum(emptyToSchema bool) []string {
	if d := u.Declaration(); emptyToSchema || d.Optional && !slices.Contains(u.Values, "") && !d.WritesEmpty {
		return u.Values
	}
	return u.Accepted()
}

// EmptyToSchema says whether compact rules leave an absent or ""
// discriminator to a schema that requires it (schemaRequired), as
// hand-written rules do, at no cost: where "" is no value, the discriminator
// is required, and the union does not ratchet (the API server's schema
// ratcheting would differ). An open discriminator has no enum that rejects
// an explicit "".
func (u *Union) EmptyToSchema(compact, schemaRequired bool) bool {
	return compact && schemaRequired && u.Discriminator != "" && !slices.Contains(u.Values, "") &&
		!u.Declaration().Optional && u.Kept == nil && !u.Open && !u.Boolean
}

// VariantEnum returns the values of a variant's enum, have, if it may list
// them: the union's values, want, less some of Variant, or any of a gated
// enum's; with "" where want has it.
func (u *Union) VariantEnum(have, want []string) (values []string, ok bool) {
	if len(have) == 0 || slices.ContainsFunc(have, func(v string) bool { return !slices.Contains(want, v) }) {
		return nil, false
	}
	if u.Declaration().EnumGated {
		return have, true
	}
	for _, v := range want {
		if v != "" && !slices.Contains(have, v) && !slices.Contains(u.Declaration().Variant, v) {
			return nil, false
		}
	}
	if slices.Contains(want, "") && !slices.Contains(have, "") {
		have = slices.Insert(slices.Clone(have), 0, "")
	}
	return have, true
}

// LeftOut reports whether a variant enum's values (non-nil) leave out m's,
// each of them a Variant value.
func (u *Union) LeftOut(m *DeclaredMember, values []string) bool {
	return values != nil && u.VariantValue(m) != "" && !slices.ContainsFunc(m.Values, func(v string) bool { return slices.Contains(values, v) })
}

// VariantValue is the value of m that a variant's enum may leave out, a
// Variant value; "" where m has one that every variant lists.
func (u *Union) VariantValue(m *DeclaredMember) string {
	if len(m.Values) == 0 || slices.ContainsFunc(m.Values, func(v string) bool { return !slices.Contains(u.Declaration().Variant, v) }) {
		return ""
	}
	return m.Values[0]
}

// DiscriminatorMayLack reports whether a CRD's schema may lack the
// discriminator, and with it the union: a feature set's CRD without the
// discriminator's gate.
func (u *Union) DiscriminatorMayLack() bool { return u.Declaration().DiscriminatorGated }

// MayLack reports whether a CRD's schema may lack member m: a feature set's
// without m's gate, or a variant whose enum's values (non-nil) leave m's
// out.
func (u *Union) MayLack(m *DeclaredMember, values []string) bool {
	return m.Gated || u.LeftOut(m, values)
}
