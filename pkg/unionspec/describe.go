package unionspec

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Requirement is what a union requires of its members.
type Requirement string

const (
	// Discriminated unions have a discriminator that selects the member
	// (docs/semantics.md N1–N3, V1–V3).
	Discriminated Requirement = "discriminated"
	// ExactlyOne unions have no discriminator: exactly one member is set (V4).
	ExactlyOne Requirement = "exactlyOne"
	// ZeroOrOne unions have no discriminator: at most one member is set (V4).
	ZeroOrOne Requirement = "zeroOrOne"
	// AtLeastOne unions have no discriminator: one member or more is set (V4).
	AtLeastOne Requirement = "atLeastOne"
)

// Declaration is a union as the model reads it from its markers and Go
// types: what Describe decides its rules from.
type Declaration struct {
	Requires Requirement
	// Discriminator is the discriminator's property; "" if none.
	Discriminator string
	// DiscriminatorType names the discriminator's Go type in problems; ""
	// without a discriminator.
	DiscriminatorType string
	// Values are the discriminator's valid values, sorted.
	Values []string
	// Open and Boolean are those of Union.
	Open, Boolean bool
	// Optional is set where the discriminator may be absent (+optional,
	// or omitempty or omitzero, and not +required).
	Optional bool
	// WritesEmpty: Go writes an unset discriminator as "", where its JSON
	// tag does not leave it out.
	WritesEmpty bool
	// DiscriminatorGated is set for a discriminator under an openshift
	// feature gate, which the CRDs of some feature sets do not have.
	DiscriminatorGated bool
	// EnumGated is set for the values of openshift's FeatureGateAwareEnum:
	// the CRD of a feature set has those of its gates.
	EnumGated bool
	// Variant are the values beyond a +kubebuilder:validation:Enum, which a
	// CRD variant (a release channel's) may leave out with the members
	// they select (docs/crd.md, "CRD variants").
	Variant []string
	// Ratcheting says which updates are not validated.
	Ratcheting Ratcheting
	// Members are in field order, each with the Values that select it.
	Members []*DeclaredMember
}

// DeclaredMember is a member as the model declares it: its description,
// and what decides its rules and what a CRD variant may leave out.
type DeclaredMember struct {
	*Member
	// Values are the discriminator values that select the member, sorted;
	// Required are those of them in which it must be set.
	Values, Required []string
	// Gated is set for a member under an openshift feature gate, which the
	// CRDs of some feature sets do not have.
	Gated bool
}

// Describe writes a union's rules as data (docs/semantics.md N1–N3, V1–V4
// and ratcheting, §4): the one place that decides them for the backends
// that print or evaluate Union.
func (d *Declaration) Describe() *Union {
	s := &Union{Discriminator: d.Discriminator, Values: d.Values, Open: d.Open, Boolean: d.Boolean, declaration: d}
	for _, m := range d.Members {
		s.Members = append(s.Members, m.Member)
	}
	if d.Requires == Discriminated {
		s.Selecting = d.selecting()
	}
	// validated is a check's condition: it fails unless an update keeps a
	// ratcheting union as it was.
	validated := And
	if d.Ratcheting != RatchetingOff {
		s.Kept = d.kept()
		notKept := Not(Kept())
		validated = func(conds ...*Cond) *Cond {
			return And(append(conds, notKept)...)
		}
	}
	if d.Requires != Discriminated {
		// V4, on the union's object, as validation-gen reports it.
		if d.Requires == ExactlyOne || d.Requires == AtLeastOne {
			s.Checks = append(s.Checks, &Check{Error: ErrorInvalid, Message: d.noneMessage(), Origin: d.origin(),
				When: validated(NoneSet())})
		}
		if d.Requires != AtLeastOne {
			s.Checks = append(s.Checks, &Check{Error: ErrorInvalid, Message: d.severalMessage(), Origin: d.origin(),
				Value: ValueSetMembers, When: validated(SeveralSet())})
		}
		return s
	}
	d.describeSelection(s, validated)
	return s
}

// CRDVariant describes the union as a variant of its CRD has it, one of a
// feature set (Declaration.EnumGated, DeclaredMember.Gated) or of a release
// channel (Declaration.Variant), from its Declaration: without the members
// that its schema lacks (present says which it has), and with the
// discriminator values of the schema's enum, values; nil keeps the
// union's. It is u where the CRD has all of the union, and where u was
// decoded, without a Declaration.
func (u *Union) CRDVariant(present func(name string) bool, values []string) *Union {
	d := u.declaration
	if d == nil {
		return u
	}
	v := *d
	v.Members = slices.DeleteFunc(slices.Clone(d.Members), func(m *DeclaredMember) bool { return !present(m.Name) })
	if values != nil {
		// "" is a value of the schema's enum also where V1 reports it
		// Required (Accepted): it is one of the variant's only where it is
		// one of the union's.
		if !slices.Contains(d.Values, "") {
			values = slices.DeleteFunc(slices.Clone(values), func(s string) bool { return s == "" })
		}
		v.Values = values
	}
	if len(v.Members) == len(d.Members) && slices.Equal(v.Values, d.Values) {
		return u
	}
	return v.Describe()
}

// describeSelection writes the checks and clears of a discriminated union:
// N1–N3 and V1–V3, each check's condition made by validated. In an open
// union (validation-gen's modes, no enum) every value is valid, and one
// that no member names forbids them all.
func (d *Declaration) describeSelection(s *Union, validated func(...*Cond) *Cond) {
	disc := d.Discriminator
	changed := Not(DiscUnchanged())
	// V1: "" is Required where it neither is a value nor stands for an
	// optional discriminator's absence, any other value NotSupported.
	values := s.Selecting
	if !slices.Contains(values, "") && !d.Boolean {
		s.Checks = append(s.Checks, &Check{Error: ErrorRequired, Field: disc, Message: d.discriminatorRequiredMessage(),
			When: validated(DiscIn(""))})
	}
	if !d.Open && !d.Boolean {
		s.Checks = append(s.Checks, &Check{Error: ErrorNotSupported, Field: disc,
			When: validated(Not(DiscIn(s.Accepted()...)))})
	}
	for _, m := range d.Members {
		set := Set(m.Name)
		if len(m.Required) > 0 {
			// V2
			s.Checks = append(s.Checks, &Check{Error: ErrorRequired, Field: m.Name, Message: d.requiredMessage(m),
				When: validated(DiscIn(m.Required...), Not(set))})
		}
		others := slices.DeleteFunc(slices.Clone(values), func(v string) bool { return slices.Contains(m.Values, v) })
		if len(others) == 0 && !d.Open {
			continue // only m's values are valid: m is never forbidden nor cleared
		}
		selectsOther := DiscIn(others...)
		if d.Open {
			selectsOther = Not(DiscIn(m.Values...))
		}
		// V3, with its message by whether the discriminator changed.
		s.Checks = append(s.Checks,
			&Check{Error: ErrorForbidden, Field: m.Name, Message: d.forbiddenMessage(m),
				When: validated(set, selectsOther, changed)},
			&Check{Error: ErrorForbidden, Field: m.Name, Message: d.unchangedMessage(m),
				When: validated(set, selectsOther, DiscUnchanged())})
		// N1–N3: the discriminator changed to a valid value (or, optional,
		// to absent) that does not select m, set in both objects.
		s.Clears = append(s.Clears, &Clear{Member: m.Name,
			When: And(Update(), set, OldSet(m.Name), selectsOther, changed)})
	}
}

// selecting are the discriminator's values in a valid object, sorted: the
// values, and "" where an optional discriminator is absent
// (Union.Selecting).
func (d *Declaration) selecting() []string {
	return Selecting(d.Values, d.Optional, d.Boolean)
}

// Selecting are a discriminator's values in a valid object, sorted, from
// its enum's: those, and "" where an optional discriminator (not a bool) is
// absent. The model checks modes against them before it declares a union.
func Selecting(values []string, optional, boolean bool) []string {
	if !optional || slices.Contains(values, "") || boolean {
		return values
	}
	return slices.Insert(slices.Clone(values), 0, "")
}

// kept is when an update keeps a ratcheting union as it was, by its mode:
// the discriminator, if any, unchanged and every member set where old's is,
// and in mode unchanged also equal to old's.
func (d *Declaration) kept() *Cond {
	var conds []*Cond
	if d.Requires == Discriminated {
		conds = append(conds, DiscUnchanged())
	}
	for _, m := range d.Members {
		conds = append(conds, SameSet(m.Name))
		if d.Ratcheting == RatchetingUnchanged {
			conds = append(conds, Or(Not(Set(m.Name)), Equal(m.Name)))
		}
	}
	return And(conds...)
}

// The messages of V1 to V4 (docs/semantics.md), one wording for every
// backend: the Go methods and the CRD's CEL rules report the same text.

// discriminatorRequiredMessage is V1's message for an empty discriminator.
func (d *Declaration) discriminatorRequiredMessage() string {
	if d.Open {
		return "must be set"
	}
	return "must be one of " + Quote(d.Values)
}

// requiredMessage is V2's message for m, selected and unset.
func (d *Declaration) requiredMessage(m *DeclaredMember) string {
	return fmt.Sprintf("must be set when %s is %s", d.Discriminator, d.either(m.Required))
}

// forbiddenMessage is V3's message for m, set and not selected.
func (d *Declaration) forbiddenMessage(m *DeclaredMember) string {
	if len(m.Values) == 0 {
		return fmt.Sprintf("may not be set: no value of %s allows it", d.Discriminator)
	}
	return fmt.Sprintf("may only be set when %s is %s", d.Discriminator, d.either(m.Values))
}

// unchangedMessage is V3's message for m when the discriminator did not
// change on update.
func (d *Declaration) unchangedMessage(m *DeclaredMember) string {
	disc := d.Discriminator
	return fmt.Sprintf("%s; %s did not change: set %s to %s to switch to this member", d.forbiddenMessage(m), disc, disc, d.either(m.Values))
}

// either writes discriminator values as messages name them: "A", or "A"
// or "B", or "A", "B" or "C"; a bool's bare.
func (d *Declaration) either(values []string) string {
	written := make([]string, len(values))
	for i, v := range values {
		written[i] = strconv.Quote(v)
		if d.Boolean {
			written[i] = v
		}
	}
	if len(written) < 2 {
		return strings.Join(written, "")
	}
	return strings.Join(written[:len(written)-1], ", ") + " or " + written[len(written)-1]
}

// memberNames lists the names of the members of a union without a
// discriminator as validation-gen's errors do: "`a`, `b`".
func (d *Declaration) memberNames() string {
	names := make([]string, len(d.Members))
	for i, m := range d.Members {
		names[i] = "`" + m.Name + "`"
	}
	return strings.Join(names, ", ")
}

// noneMessage is V4's message for an exactly-one or at-least-one union with
// no member set.
func (d *Declaration) noneMessage() string {
	if d.Requires == AtLeastOne {
		return "must specify at least one of: " + d.memberNames()
	}
	return "must specify one of: " + d.memberNames()
}

// severalMessage is V4's message for a union with several members set.
func (d *Declaration) severalMessage() string {
	if d.Requires == ZeroOrOne {
		return "must specify at most one of: " + d.memberNames()
	}
	return "must specify exactly one of: " + d.memberNames()
}

// origin is the origin that validation-gen gives V4's errors; none for an
// at-least-one union, which validation-gen has not.
func (d *Declaration) origin() string {
	switch d.Requires {
	case ZeroOrOne:
		return "zeroOrOneOf"
	case AtLeastOne:
		return ""
	}
	return "union"
}

// Quote writes values as a comma-separated list of Go (and JSON) string
// literals, as messages and generated code show them.
func Quote(values []string) string {
	quoted := make([]string, len(values))
	for i, v := range values {
		quoted[i] = strconv.Quote(v)
	}
	return strings.Join(quoted, ", ")
}
