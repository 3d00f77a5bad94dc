package unionspec

import (
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Union is what validation reports (V1–V4, ratcheting) and normalization
// clears (N1–N3) of docs/semantics.md, each under a condition over its object
// and old counterpart, as Describe decides them from a Declaration; the
// backends print or evaluate it, and derive from it here what a CRD's schema
// has of it (crd.go), and the compact form of its checks (compact.go).
type Union struct {
	// Discriminator is the discriminator's property; "" if none.
	Discriminator string `json:"discriminator"`
	// Values are the discriminator's valid values, sorted.
	Values []string `json:"values"`
	// Selecting are Values, and "" where an optional discriminator's absence
	// selects no member, sorted. Only printers of switches and enums read
	// it, so the policy's annotation leaves it out.
	Selecting []string `json:"-"`
	// Open is set where any value of the discriminator is valid
	// (validation-gen's modes without an enum): Values are those that the
	// conditions name, and any other selects no member.
	Open bool `json:"open,omitempty"`
	// Boolean is set for a bool discriminator, whose Values are "false" and
	// "true": absent, it is "false".
	Boolean bool      `json:"boolean,omitempty"`
	Members []*Member `json:"members"`
	// Kept is when an update keeps the union as it was, for ratcheting; nil
	// when the union does not ratchet. OpKept stands for it.
	Kept *Cond `json:"kept,omitempty"`
	// Checks are the errors validation reports, in order.
	Checks []*Check `json:"checks"`
	Clears []*Clear `json:"clears,omitempty"`

	// declaration is what Describe wrote the union from; nil in a decoded
	// union.
	declaration *Declaration
}

// Declaration is what Describe wrote the union from, where a CRD's
// backend reads what its schema has of the union beside its rules (crd.go)
// and what problems name. A decoded union has none (the policy's
// annotation leaves it out, as only evaluators read it): it gets an empty
// one, which says nothing beyond the rules.
func (u *Union) Declaration() *Declaration {
	if u.declaration == nil {
		return &Declaration{}
	}
	return u.declaration
}

// Member is a member property and how it is told set.
type Member struct {
	Name       string      `json:"name"`
	Presence   Presence    `json:"presence"`
	Properties []*Property `json:"properties,omitempty"`
	// KeepZero is set for a scalar that JSON writes when zero (no
	// omitempty): clearing it writes its zero value, as Go would.
	KeepZero bool `json:"keepZero,omitempty"`

	// GoName names the member's Go field in problems.
	GoName string `json:"-"`
	// Opaque says why the zero value of a PresenceNonZero member cannot be
	// told from its JSON, which only the Go methods then can.
	Opaque string `json:"-"`
}

// Cleared is the JSON value of a cleared member; nil when it is removed.
func (m *Member) Cleared() any {
	if !m.KeepZero {
		return nil
	}
	return m.Presence.Zero()
}

// FirstOpaque is the first of the members that present says an object's
// schema has whose "set" JSON does not show (Opaque): a CRD's rules and a
// policy, which read JSON, can neither check nor clear it, so none is
// written for its union; nil where there is none.
func (u *Union) FirstOpaque(present func(name string) bool) *Member {
	for _, m := range u.Members {
		if m.Opaque != "" && present(m.Name) {
			return m
		}
	}
	return nil
}

// FirstOpaque is the first union member of the schema's structs, by
// struct name, whose "set" JSON does not show (Union.FirstOpaque), with
// its struct; nil where there is none.
func (s *Schema) FirstOpaque() (structName string, m *Member) {
	for _, name := range slices.Sorted(maps.Keys(s.Structs)) {
		for _, u := range s.Structs[name].Unions {
			if m := u.FirstOpaque(func(string) bool { return true }); m != nil {
				return name, m
			}
		}
	}
	return "", nil
}

// ErrorType is the type of a check's error, as package field names it.
type ErrorType string

const (
	// ErrorRequired is field.Required on the check's property.
	ErrorRequired ErrorType = "Required"
	// ErrorForbidden is field.Forbidden on the check's property.
	ErrorForbidden ErrorType = "Forbidden"
	// ErrorNotSupported is field.NotSupported, with the union's Values.
	ErrorNotSupported ErrorType = "NotSupported"
	// ErrorInvalid is field.Invalid, with the check's Value and Origin.
	ErrorInvalid ErrorType = "Invalid"
)

// ErrorTypes are the known error types, for checks of decoded rules.
var ErrorTypes = []ErrorType{ErrorRequired, ErrorForbidden, ErrorNotSupported, ErrorInvalid}

// Check is an error that validation reports on Field ("" for the union's
// object) when its condition holds.
type Check struct {
	Error   ErrorType `json:"error"`
	Field   string    `json:"field"`
	Message string    `json:"message,omitempty"`
	// Origin is the error's origin, as validation-gen gives it.
	Origin string `json:"origin,omitempty"`
	Value  Value  `json:"value,omitempty"`
	When   *Cond  `json:"when"`
}

// Value is what an ErrorInvalid reports as its bad value; "" reports "".
type Value string

// ValueSetMembers reports the JSON names of the members that are set, in
// field order, as "{a, b}".
const ValueSetMembers Value = "setMembers"

// Clear is a member that normalization clears when its condition holds.
type Clear struct {
	Member string `json:"member"`
	When   *Cond  `json:"when"`
}

// Op is what a condition tests.
type Op string

const (
	// OpAnd holds when every one of Args holds.
	OpAnd Op = "and"
	// OpOr holds when one of Args holds.
	OpOr Op = "or"
	// OpNot holds when its one Arg does not.
	OpNot Op = "not"
	// OpUpdate holds when the object has an old counterpart.
	OpUpdate Op = "update"
	// OpDiscIn holds when the discriminator is one of Values; an absent
	// one is "" ("false" for a Boolean one), and one that is not a string
	// (a bool) is none of them.
	OpDiscIn Op = "discIn"
	// OpDiscUnchanged holds on an update whose discriminator equals old's.
	OpDiscUnchanged Op = "discUnchanged"
	// OpSet holds when Member is set (§4 "set").
	OpSet Op = "set"
	// OpOldSet holds on an update whose old object has Member set.
	OpOldSet Op = "oldSet"
	// OpSameSet holds on an update when Member is set exactly where old's is.
	OpSameSet Op = "sameSet"
	// OpEqual holds on an update when Member equals old's, as the API
	// server compares values.
	OpEqual Op = "equal"
	// OpKept holds on an update when the union's Kept does.
	OpKept Op = "kept"
	// OpNoneSet holds when no member is set.
	OpNoneSet Op = "noneSet"
	// OpSeveralSet holds when more than one member is set.
	OpSeveralSet Op = "severalSet"
)

// Ops are the known operations, for checks of decoded rules.
var Ops = []Op{OpAnd, OpOr, OpNot, OpUpdate, OpDiscIn, OpDiscUnchanged, OpSet, OpOldSet, OpSameSet, OpEqual, OpKept, OpNoneSet, OpSeveralSet}

// Cond is a condition over a union's object and its old counterpart.
type Cond struct {
	Op     Op       `json:"op"`
	Args   []*Cond  `json:"args,omitempty"`
	Values []string `json:"values,omitempty"`
	Member string   `json:"member,omitempty"`
}

// And is a condition that holds when all of args do.
func And(args ...*Cond) *Cond { return &Cond{Op: OpAnd, Args: args} }

// Or is a condition that holds when one of args does.
func Or(args ...*Cond) *Cond { return &Cond{Op: OpOr, Args: args} }

// Not is a condition that holds when c does not.
func Not(c *Cond) *Cond { return &Cond{Op: OpNot, Args: []*Cond{c}} }

// Update holds on update.
func Update() *Cond { return update }

// DiscIn holds when the discriminator is one of values.
func DiscIn(values ...string) *Cond { return &Cond{Op: OpDiscIn, Values: values} }

// DiscUnchanged holds on an update that keeps the discriminator.
func DiscUnchanged() *Cond { return discUnchanged }

// Set holds when the member is set.
func Set(member string) *Cond { return &Cond{Op: OpSet, Member: member} }

// OldSet holds when the old object's member is set.
func OldSet(member string) *Cond { return &Cond{Op: OpOldSet, Member: member} }

// SameSet holds when the member is set exactly where old's is.
func SameSet(member string) *Cond { return &Cond{Op: OpSameSet, Member: member} }

// Equal holds when the member equals old's.
func Equal(member string) *Cond { return &Cond{Op: OpEqual, Member: member} }

// Kept holds on an update that keeps the union as it was.
func Kept() *Cond { return kept }

// NoneSet holds when no member is set.
func NoneSet() *Cond { return noneSet }

// SeveralSet holds when more than one member is set.
func SeveralSet() *Cond { return severalSet }

// The conditions without arguments are made once: conditions are never
// changed, and every union's rules, and printing them, use them many times.
var (
	trueCond      = And()
	falseCond     = Or()
	update        = &Cond{Op: OpUpdate}
	discUnchanged = &Cond{Op: OpDiscUnchanged}
	kept          = &Cond{Op: OpKept}
	noneSet       = &Cond{Op: OpNoneSet}
	severalSet    = &Cond{Op: OpSeveralSet}
)

// Member returns the union's member of the given name, or nil.
func (u *Union) Member(name string) *Member {
	if i := slices.IndexFunc(u.Members, func(m *Member) bool { return m.Name == name }); i >= 0 {
		return u.Members[i]
	}
	return nil
}

// Literal is a discriminator value as Go and CEL write it: a string quoted,
// a Boolean discriminator's value bare.
func (u *Union) Literal(value string) string {
	if u.Boolean {
		return value
	}
	return strconv.Quote(value)
}

// Literals are values as Literal writes them, comma-separated.
func (u *Union) Literals(values []string) string {
	written := make([]string, len(values))
	for i, v := range values {
		written[i] = u.Literal(v)
	}
	return strings.Join(written, ", ")
}

// Absent is the value of an absent discriminator: "", or "false" for a
// Boolean one.
func (u *Union) Absent() string {
	if u.Boolean {
		return "false"
	}
	return ""
}

// Accepted are the discriminator values that the union's NotSupported check
// lets through, sorted: Selecting and "", which V1 reports Required instead;
// nil without a discriminator. The slice is the caller's.
func (u *Union) Accepted() []string {
	if u.Discriminator == "" {
		return nil
	}
	if u.Boolean {
		return slices.Clone(u.Selecting)
	}
	if slices.Contains(u.Selecting, "") {
		return slices.Clone(u.Selecting)
	}
	return slices.Insert(slices.Clone(u.Selecting), 0, "")
}
