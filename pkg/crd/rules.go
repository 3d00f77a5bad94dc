// Package crd adds the rules of the unions (docs/semantics.md V1–V4) to the
// CustomResourceDefinitions that controller-gen writes: as CEL
// x-kubernetes-validations rules, checked by the API server itself, and as
// the enum of each discriminator.
package crd

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/union-gen/union-gen/pkg/unions"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// Marker ends every rule that union-gen writes, as a CEL comment: a re-run
// replaces the rules that carry it and leaves every other rule alone.
const Marker = " // union-gen"

// The reasons of the rules, as apiextensions.k8s.io/v1 spells them.
const (
	ReasonRequired  = "FieldValueRequired"
	ReasonForbidden = "FieldValueForbidden"
	ReasonInvalid   = "FieldValueInvalid"
)

// ValidationRule is one x-kubernetes-validations rule, as apiextensions
// names it: a CEL rule of a CRD.
type ValidationRule struct {
	Rule      string
	Message   string
	Reason    string
	FieldPath string
	// OptionalOldSelf makes the rule run on create too, with oldSelf unset.
	OptionalOldSelf bool
}

// Rules returns the precise rules of a union for the schema of the struct
// that holds it: one per check of its description that can fail on that
// schema, which fails exactly where the check holds, with its error's
// reason, field and message. correlated tells whether the API server
// matches that schema's values with old ones (it does, as union-gen does,
// through fields, maps and list-maps, but not through other lists): only
// then can a rule read oldSelf; elsewhere every value is created.
//
// V1's NotSupported is left to the schema's enum (see Enum).
func Rules(u *unionspec.Union, correlated bool) ([]ValidationRule, error) {
	return printRules(u, u.Checks, correlated, false)
}

// CompactRules returns the compact rules of a union, which cost less than
// its precise ones: those of its checks merged by field
// (compactChecks), one per member where the precise rules
// may have three. An object gets the same verdict from both; a merged
// rule reports one error, with the messages of the checks joined.
func CompactRules(u *unionspec.Union, correlated, schemaRejectsEmpty bool) ([]ValidationRule, error) {
	return printRules(u, compactChecks(u, schemaRejectsEmpty), correlated, schemaRejectsEmpty)
}

// printRules prints the checks of a union as rules.
// With discPresent, the schema requires the discriminator: the rules read it
// without testing that it is there (an object without it is rejected all
// the same).
func printRules(u *unionspec.Union, checks []*unionspec.Check, correlated, discPresent bool) ([]ValidationRule, error) {
	if err := selectable(u); err != nil {
		return nil, err
	}
	var rules []ValidationRule
	for _, c := range checks {
		if c.Error == unionspec.ErrorNotSupported {
			continue
		}
		r := ValidationRule{Message: c.Message, Reason: reasons[c.Error]}
		if r.print(u, c.Field, c.When, correlated, discPresent) {
			rules = append(rules, r)
		}
	}
	return rules, nil
}

// print sets the rule's field path and CEL, which fails where when holds,
// and reports whether it can fail on the schema at all.
func (r *ValidationRule) print(u *unionspec.Union, field string, when *unionspec.Cond, correlated, discPresent bool) bool {
	if field != "" {
		r.FieldPath = FieldPath(field)
	}
	p := &celPrinter{u: u, self: "self", selectField: selectProperty, discPresent: discPresent}
	switch {
	case !correlated:
		when = when.Simplify(unionspec.Known{Update: new(false)})
	case when.RequiresUpdate():
		// A transition rule: the API server runs it on update only,
		// with oldSelf bound.
		when, p.old = when.Simplify(unionspec.Known{Update: new(true)}), "oldSelf"
	default:
		when = when.Simplify(unionspec.Known{})
		if when.ReadsOld() {
			p.old, p.guard, r.OptionalOldSelf = "oldSelf.value()", "oldSelf.hasValue()", true
		}
	}
	if when.Is(false) {
		return false // the check cannot hold here
	}
	r.Rule = p.print(when, true) + Marker
	return true
}

// reasons are the rules' reasons of the checks' errors.
var reasons = map[unionspec.ErrorType]string{
	unionspec.ErrorRequired:  ReasonRequired,
	unionspec.ErrorForbidden: ReasonForbidden,
	unionspec.ErrorInvalid:   ReasonInvalid,
}

// schemaEnum is the enum of the discriminator's schema in a CRD
// (docs/semantics.md §7), whose NotSupported lists its values: the values
// that V1 does not report NotSupported (unionspec.Union.Accepted), "" among
// them where V1 reports it Required, so that the rules report it as Go
// does; but only the enum's values where "" is no value and the
// discriminator is optional, so that the schema rejects an explicit "",
// while an absent discriminator selects no member, unless Go writes "" for
// it. With emptyToSchema, it is the enum's values too.
func schemaEnum(u *unions.Union, emptyToSchema bool) []string {
	if emptyToSchema || u.DiscriminatorOptional && !u.Enum.Has("") && !u.WritesEmpty {
		return u.Enum.Values
	}
	return u.Spec.Accepted()
}

// emptyToSchema says whether compact rules leave the check of an absent or
// "" discriminator to a schema that requires it (schemaRequired): where ""
// is no value, the discriminator is not optional and the union does not
// ratchet (whose check of "" the API server's ratcheting of the schema would
// not match), the schema's required list and an enum without "" reject
// what V1 does, at no cost, as hand-written rules have it.
func emptyToSchema(u *unions.Union, compact, schemaRequired bool) bool {
	return compact && schemaRequired && u.Spec.Discriminator != "" && !u.Enum.Has("") &&
		!u.DiscriminatorOptional && u.Ratcheting == unionspec.RatchetingOff
}

// in tests that x is one of values, or none of them, as CEL.
func in(x string, values []string, none bool) string {
	switch {
	case len(values) == 1 && none:
		return x + " != " + strconv.Quote(values[0])
	case len(values) == 1:
		return x + " == " + strconv.Quote(values[0])
	case none:
		return "!(" + x + " in [" + unions.Quote(values) + "])"
	}
	return x + " in [" + unions.Quote(values) + "]"
}

// selectProperty is a property of the object x as CRD rules select it, and
// the test that it is present; Rules has checked that CEL can name it.
func selectProperty(x, name string) (value, present string) {
	sel, _ := Select(name)
	return x + "." + sel, "has(" + x + "." + sel + ")"
}

// setTest is the CEL of the Go test of "set" (docs/semantics.md §4) by the
// presence test p: present tests that the value is present (an absent value
// is unset) and value is the value. A struct of PresenceNonZero is set when
// one of its properties props is, each selected from value by prop.
func setTest(p unionspec.Presence, props []*unionspec.Property, present, value string, prop func(x, name string) (value, present string)) string {
	switch p {
	case unionspec.PresenceLength:
		return fmt.Sprintf("(%s && size(%s) > 0)", present, value)
	case unionspec.PresenceString:
		return fmt.Sprintf(`(%s && %s != "")`, present, value)
	case unionspec.PresenceBool:
		return fmt.Sprintf("(%s && %s == true)", present, value)
	case unionspec.PresenceInteger:
		return fmt.Sprintf("(%s && %s != 0)", present, value)
	case unionspec.PresenceFloat:
		return fmt.Sprintf("(%s && %s != 0.0)", present, value)
	case unionspec.PresenceNonZero:
		tests := []string{"false"} // a struct without properties is always zero
		for _, p := range props {
			v, has := prop(value, p.Name)
			tests = append(tests, setTest(p.Presence, p.Properties, has, v, prop))
		}
		if len(tests) > 1 {
			tests = tests[1:]
		}
		return fmt.Sprintf("(%s && (%s))", present, strings.Join(tests, " || "))
	default:
		return present
	}
}

// selectable checks that CEL can select every property that the rules of
// a union read: its discriminator, its members and their properties.
func selectable(u *unionspec.Union) error {
	if u.Discriminator != "" {
		if _, err := Select(u.Discriminator); err != nil {
			return err
		}
	}
	for _, m := range u.Members {
		if _, err := Select(m.Name); err != nil {
			return err
		}
		if err := selectableProperties(m.Properties); err != nil {
			return err
		}
	}
	return nil
}

func selectableProperties(props []*unionspec.Property) error {
	for _, p := range props {
		if _, err := Select(p.Name); err != nil {
			return err
		}
		if err := selectableProperties(p.Properties); err != nil {
			return err
		}
	}
	return nil
}

// celReserved are the words that the API server's CEL environment escapes
// as __word__ when they name a property.
var celReserved = []string{
	"as", "break", "const", "continue", "else", "false", "for", "function", "if",
	"import", "in", "let", "loop", "namespace", "null", "package", "return", "true", "var", "void", "while",
}

var (
	escapable  = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_./-]*$`)
	identifier = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_]*$`)
)

// Select is a property's name as CEL selects it from self, escaped as the
// API server escapes it.
func Select(name string) (string, error) {
	if !escapable.MatchString(name) {
		return "", fmt.Errorf("property %q cannot be named in CEL: the API server gives CEL only properties named [a-zA-Z_][a-zA-Z0-9_./-]*", name)
	}
	if slices.Contains(celReserved, name) {
		return "__" + name + "__", nil
	}
	return strings.NewReplacer("__", "__underscores__", ".", "__dot__", "-", "__dash__", "/", "__slash__").Replace(name), nil
}

// FieldPath is a rule's fieldPath to a property of self.
func FieldPath(name string) string {
	if identifier.MatchString(name) {
		return "." + name
	}
	return "['" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(name) + "']"
}
