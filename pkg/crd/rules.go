// Package crd adds the rules of the unions (docs/semantics.md V1–V4) to the
// CRDs that controller-gen writes, as CEL x-kubernetes-validations rules and
// discriminator enums, and writes their normalization policies.
package crd

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
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

// ValidationRule is one x-kubernetes-validations rule.
type ValidationRule struct {
	Rule      string `yaml:"rule"`
	Message   string `yaml:"message"`
	Reason    string `yaml:"reason"`
	FieldPath string `yaml:"fieldPath,omitempty"`
	// OptionalOldSelf makes the rule run on create too, with oldSelf unset.
	OptionalOldSelf bool `yaml:"optionalOldSelf,omitempty"`
}

// Rules returns the precise rules of a union for the schema of its struct:
// one per check that can fail there, with its error's reason, field and
// message. correlated tells whether the API server matches the schema's
// values with old ones (through fields, maps and list-maps, not other
// lists): only then can a rule read oldSelf. NotSupported is left to the
// schema's enum.
func Rules(u *unionspec.Union, correlated bool) ([]ValidationRule, error) {
	return printRules(u, u.Checks, correlated, false)
}

// CompactRules returns the compact rules of a union, its checks merged by
// field (compactChecks): the same verdicts as Rules at less cost, one error
// per field with the checks' messages joined.
func CompactRules(u *unionspec.Union, correlated, schemaRejectsEmpty bool) ([]ValidationRule, error) {
	return printRules(u, compactChecks(u, schemaRejectsEmpty), correlated, schemaRejectsEmpty)
}

// printRules prints checks as rules. With discPresent, the schema requires
// the discriminator, which the rules then read without testing it is there.
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
// and reports whether it can fail at all.
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

var reasons = map[unionspec.ErrorType]string{
	unionspec.ErrorRequired:  ReasonRequired,
	unionspec.ErrorForbidden: ReasonForbidden,
	unionspec.ErrorInvalid:   ReasonInvalid,
}

// schemaEnum is the enum of the discriminator's schema (docs/semantics.md
// §7): the Accepted values, so that the rules report "" as Go does; but the
// enum's own values where the discriminator is optional, "" is no value and
// Go does not write it, so that the schema rejects an explicit "", or with
// emptyToSchema.
func schemaEnum(u *unions.Union, emptyToSchema bool) []string {
	if emptyToSchema || u.DiscriminatorOptional && !u.Enum.Has("") && !u.WritesEmpty {
		return u.Enum.Values
	}
	return u.Spec.Accepted()
}

// emptyToSchema says whether compact rules leave an absent or ""
// discriminator to a schema that requires it, as hand-written rules do, at
// no cost: where "" is no value, the discriminator is required, and the
// union does not ratchet (the API server's schema ratcheting would differ).
// An open discriminator has no enum that rejects an explicit "".
func emptyToSchema(u *unions.Union, compact, schemaRequired bool) bool {
	return compact && schemaRequired && u.Spec.Discriminator != "" && !u.Enum.Has("") &&
		!u.DiscriminatorOptional && u.Ratcheting == unionspec.RatchetingOff && !u.Open() && !u.Boolean()
}

// in tests that x, the discriminator of u, is one of values, or none of
// them, as CEL.
func in(u *unionspec.Union, x string, values []string, none bool) string {
	switch {
	case len(values) == 1 && none:
		return x + " != " + u.Literal(values[0])
	case len(values) == 1:
		return x + " == " + u.Literal(values[0])
	case none:
		return "!(" + x + " in [" + u.Literals(values) + "])"
	}
	return x + " in [" + u.Literals(values) + "]"
}

// selectProperty is a property of x as CRD rules select it, and its
// presence test; Rules has checked that CEL can name it.
func selectProperty(x, name string) (value, present string) {
	sel, _ := Select(name)
	return x + "." + sel, "has(" + x + "." + sel + ")"
}

// setTest is the CEL of the Go test of "set" (docs/semantics.md §4) of a
// value, present where present holds; a struct of PresenceNonZero is set
// when one of its properties props is.
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
		var tests []string
		for _, p := range props {
			v, has := prop(value, p.Name)
			tests = append(tests, setTest(p.Presence, p.Properties, has, v, prop))
		}
		// A struct without properties is always zero.
		return fmt.Sprintf("(%s && (%s))", present, cmp.Or(strings.Join(tests, " || "), "false"))
	default:
		return present
	}
}

// selectable checks that CEL can select every property that a union's rules
// read.
func selectable(u *unionspec.Union) error {
	var names []string
	if u.Discriminator != "" {
		names = append(names, u.Discriminator)
	}
	var add func(props []*unionspec.Property)
	add = func(props []*unionspec.Property) {
		for _, p := range props {
			names = append(names, p.Name)
			add(p.Properties)
		}
	}
	for _, m := range u.Members {
		names = append(names, m.Name)
		add(m.Properties)
	}
	for _, name := range names {
		if _, err := Select(name); err != nil {
			return err
		}
	}
	return nil
}

// celReserved are the words that the API server's CEL escapes as __word__.
var celReserved = []string{
	"as", "break", "const", "continue", "else", "false", "for", "function", "if",
	"import", "in", "let", "loop", "namespace", "null", "package", "return", "true", "var", "void", "while",
}

var (
	escapable  = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_./-]*$`)
	identifier = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_]*$`)
)

// Select is a property's name escaped as the API server's CEL has it.
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
