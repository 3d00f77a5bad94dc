package unions

import (
	"path"
	"slices"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/unionspec"
)

// Describe writes a union's rules as data (docs/semantics.md N1–N3, V1–V4
// and ratcheting, §4): the one place that decides them for the backends
// that print or evaluate unionspec.
func (u *Union) Describe() *unionspec.Union {
	s := &unionspec.Union{Discriminator: u.Discriminator.JSONName, Values: u.Enum.Values, Open: u.Open(), Boolean: u.Boolean(),
		Optional: u.DiscriminatorOptional, WritesEmpty: u.WritesEmpty, DiscriminatorGated: u.Discriminator.Gated,
		EnumGated: u.Enum.Gated, Variant: u.Enum.Variant}
	if u.Kind == Discriminated {
		s.Selecting = u.selecting()
		s.DiscriminatorType = short(u.Enum.Type)
	}
	if u.Kind == Discriminated {
		s.Choices = u.choices()
	}
	for _, m := range u.Members {
		s.Members = append(s.Members, &unionspec.Member{
			Name:       m.JSONName,
			Presence:   m.Presence,
			Properties: m.Properties,
			KeepZero:   m.Presence.Scalar() && !m.OmitsZero,
			GoName:     m.GoName,
			Values:     m.Values,
			Required:   m.Required,
			Gated:      m.Gated,
			Opaque:     m.Opaque,
		})
	}
	// validated is a check's condition: it fails unless an update keeps a
	// ratcheting union as it was.
	validated := unionspec.And
	if u.Ratcheting != unionspec.RatchetingOff {
		s.Kept = u.kept()
		notKept := unionspec.Not(unionspec.Kept())
		validated = func(conds ...*unionspec.Cond) *unionspec.Cond {
			return unionspec.And(append(conds, notKept)...)
		}
	}
	if u.Kind != Discriminated {
		// V4, on the union's object, as validation-gen reports it.
		if u.Kind == ExactlyOne || u.Kind == AtLeastOne {
			s.Checks = append(s.Checks, &unionspec.Check{Error: unionspec.ErrorInvalid, Message: u.NoneMessage(), Origin: u.Origin(),
				When: validated(unionspec.NoneSet())})
		}
		if u.Kind != AtLeastOne {
			s.Checks = append(s.Checks, &unionspec.Check{Error: unionspec.ErrorInvalid, Message: u.SeveralMessage(), Origin: u.Origin(),
				Value: unionspec.ValueSetMembers, When: validated(unionspec.SeveralSet())})
		}
		return s
	}
	u.describeSelection(s, validated)
	return s
}

// Variant describes the union as a variant of its CRD has it, one of a
// feature set (Field.Gated, Enum.Gated) or of a release channel
// (Enum.Variant): without the members that its schema lacks (present says
// which it has), and with the discriminator values of the schema's enum,
// values; nil keeps the union's. It is u.Spec when the CRD has all of the
// union.
func (u *Union) Variant(present func(jsonName string) bool, values []string) *unionspec.Union {
	v := *u
	v.Members = slices.DeleteFunc(slices.Clone(u.Members), func(m *Member) bool { return !present(m.JSONName) })
	if values != nil {
		// "" is a value of the schema's enum also where V1 reports it
		// Required (unionspec.Union.Accepted).
		v.NoneValue = u.NoneValue && slices.Contains(values, "")
		if !v.NoneValue {
			values = slices.DeleteFunc(slices.Clone(values), func(s string) bool { return s == "" })
		}
		v.Enum.Values = values
	}
	if len(v.Members) == len(u.Members) && v.NoneValue == u.NoneValue && slices.Equal(v.Enum.Values, u.Enum.Values) {
		return u.Spec
	}
	return v.Describe()
}

// describeSelection writes the checks and clears of a discriminated union:
// N1–N3 and V1–V3, each check's condition made by validated. In an open
// union (validation-gen's modes, no enum) every value is valid, and one
// that no member names forbids them all.
func (u *Union) describeSelection(s *unionspec.Union, validated func(...*unionspec.Cond) *unionspec.Cond) {
	d := u.Discriminator.JSONName
	changed := unionspec.Not(unionspec.DiscUnchanged())
	// V1: "" is Required where it neither is a value nor stands for an
	// optional discriminator's absence, any other value NotSupported.
	values := s.Selecting
	if !slices.Contains(values, "") && !u.Boolean() {
		s.Checks = append(s.Checks, &unionspec.Check{Error: unionspec.ErrorRequired, Field: d, Message: u.DiscriminatorRequiredMessage(),
			When: validated(unionspec.DiscIn(""))})
	}
	if !u.Open() && !u.Boolean() {
		s.Checks = append(s.Checks, &unionspec.Check{Error: unionspec.ErrorNotSupported, Field: d,
			When: validated(unionspec.Not(unionspec.DiscIn(s.Accepted()...)))})
	}
	for _, m := range u.Members {
		set := unionspec.Set(m.JSONName)
		if len(m.Required) > 0 {
			// V2
			s.Checks = append(s.Checks, &unionspec.Check{Error: unionspec.ErrorRequired, Field: m.JSONName, Message: u.RequiredMessage(m),
				When: validated(unionspec.DiscIn(m.Required...), unionspec.Not(set))})
		}
		others := slices.DeleteFunc(slices.Clone(values), m.Selects)
		if len(others) == 0 && !u.Open() {
			continue // only m's values are valid: m is never forbidden nor cleared
		}
		selectsOther := unionspec.DiscIn(others...)
		if u.Open() {
			selectsOther = unionspec.Not(unionspec.DiscIn(m.Values...))
		}
		// V3, with its message by whether the discriminator changed.
		s.Checks = append(s.Checks,
			&unionspec.Check{Error: unionspec.ErrorForbidden, Field: m.JSONName, Message: u.ForbiddenMessage(m),
				When: validated(set, selectsOther, changed)},
			&unionspec.Check{Error: unionspec.ErrorForbidden, Field: m.JSONName, Message: u.UnchangedMessage(m),
				When: validated(set, selectsOther, unionspec.DiscUnchanged())})
		// N1–N3: the discriminator changed to a valid value (or, optional,
		// to absent) that does not select m, set in both objects.
		s.Clears = append(s.Clears, &unionspec.Clear{Member: m.JSONName,
			When: unionspec.And(unionspec.Update(), set, unionspec.OldSet(m.JSONName), selectsOther, changed)})
	}
}

// kept is when an update keeps a ratcheting union as it was, by its mode:
// the discriminator, if any, unchanged and every member set where old's is,
// and in mode unchanged also equal to old's.
func (u *Union) kept() *unionspec.Cond {
	var conds []*unionspec.Cond
	if u.Kind == Discriminated {
		conds = append(conds, unionspec.DiscUnchanged())
	}
	for _, m := range u.Members {
		conds = append(conds, unionspec.SameSet(m.JSONName))
		if u.Ratcheting == unionspec.RatchetingUnchanged {
			conds = append(conds, unionspec.Or(unionspec.Not(unionspec.Set(m.JSONName)), unionspec.Equal(m.JSONName)))
		}
	}
	return unionspec.And(conds...)
}

// short names a type as problems name it, as Go code does from another
// package: pkg.Type; "" for none.
func short(t *types.Type) string {
	if t == nil {
		return ""
	}
	return path.Base(t.Name.Package) + "." + t.Name.Name
}
