// Package crd adds the rules of the unions (docs/semantics.md V1–V3) to the
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
)

// Rule is one x-kubernetes-validations rule.
type Rule struct {
	Rule      string
	Message   string
	Reason    string
	FieldPath string
	// OptionalOldSelf makes the rule run on create too, with oldSelf unset.
	OptionalOldSelf bool
}

// Rules returns the rules of a union for the schema of the struct that holds
// it. correlated tells whether the API server matches that schema's values
// with old ones (it does, as union-gen does, through fields, maps and
// list-maps, but not through other lists): only then can a rule compare
// with oldSelf.
//
// V1's NotSupported is left to the schema's enum (see Enum); the rules give
// V1's Required, V2 and V3, each rule failing exactly where the Go methods
// report the error, with the same type, path and message.
func Rules(u *unions.Union, correlated bool) ([]Rule, error) {
	d, err := Select(u.Discriminator.JSONName)
	if err != nil {
		return nil, err
	}
	// selects are the members' names as CEL selects them.
	selects := make([]string, len(u.Members))
	for i, m := range u.Members {
		if selects[i], err = Select(m.JSONName); err != nil {
			return nil, err
		}
		if err := selectable(m.Properties); err != nil {
			return nil, err
		}
	}
	var rules []Rule
	kept := keptWhen(u, d, selects)
	// add appends a rule that holds on create and on update. A ratcheting
	// union's rule also holds when the update keeps the union as it was.
	add := func(r Rule) {
		if kept != nil && correlated {
			r.Rule += " || oldSelf.hasValue() && " + kept("oldSelf.value()")
			r.OptionalOldSelf = true
		}
		rules = append(rules, r)
	}
	if !u.NoneValue {
		add(Rule{
			Rule:      fmt.Sprintf(`has(self.%s) && self.%s != ""`, d, d),
			Message:   u.DiscriminatorRequiredMessage(),
			Reason:    ReasonRequired,
			FieldPath: FieldPath(u.Discriminator.JSONName),
		})
	}
	for i, m := range u.Members {
		x := selects[i]
		set := memberSet(m, "self", x)
		path := FieldPath(m.JSONName)
		if !m.Optional {
			add(Rule{
				Rule:      fmt.Sprintf(`!has(self.%s) || self.%s != %s || %s`, d, d, strconv.Quote(m.Value), set),
				Message:   u.RequiredMessage(m),
				Reason:    ReasonRequired,
				FieldPath: path,
			})
		}
		others := slices.DeleteFunc(slices.Clone(u.Enum.Values), func(v string) bool { return v == m.Value })
		if len(others) == 0 {
			continue // only m's value is valid: m is never forbidden
		}
		// selectsOther: the discriminator holds a valid value other than
		// m's; absent, it is "".
		var selectsOther string
		if u.NoneValue {
			selectsOther = fmt.Sprintf(`(!has(self.%s) || %s)`, d, in("self."+d, others))
		} else {
			selectsOther = fmt.Sprintf(`(has(self.%s) && %s)`, d, in("self."+d, others))
		}
		forbidden := fmt.Sprintf(`!(%s && %s)`, set, selectsOther)
		if !correlated {
			add(Rule{Rule: forbidden, Message: u.ForbiddenMessage(m), Reason: ReasonForbidden, FieldPath: path})
			continue
		}
		// V3 is two rules, by whether the discriminator changed; only the
		// second runs on update alone, with oldSelf always set.
		add(Rule{
			Rule:            fmt.Sprintf(`%s || oldSelf.hasValue() && %s == %s`, forbidden, discValue("oldSelf.value()", d), discValue("self", d)),
			Message:         u.ForbiddenMessage(m),
			Reason:          ReasonForbidden,
			FieldPath:       path,
			OptionalOldSelf: true,
		})
		unchanged := Rule{
			Rule:      fmt.Sprintf(`%s || %s != %s`, forbidden, discValue("oldSelf", d), discValue("self", d)),
			Message:   u.UnchangedMessage(m),
			Reason:    ReasonForbidden,
			FieldPath: path,
		}
		if kept != nil {
			unchanged.Rule += " || " + kept("oldSelf")
		}
		rules = append(rules, unchanged)
	}
	for i := range rules {
		rules[i].Rule += Marker
	}
	return rules, nil
}

// keptWhen returns, for a ratcheting union, the CEL condition under which an
// update keeps the union as it was (docs/semantics.md §4) given the old
// object's expression; nil when the union does not ratchet. d and selects
// are the discriminator and the members as CEL selects them.
func keptWhen(u *unions.Union, d string, selects []string) func(old string) string {
	if u.Ratcheting == unionspec.RatchetingOff {
		return nil
	}
	return func(old string) string {
		conds := []string{discValue(old, d) + " == " + discValue("self", d)}
		for i, m := range u.Members {
			x := selects[i]
			set, oldSet := memberSet(m, "self", x), memberSet(m, old, x)
			if u.Ratcheting == unionspec.RatchetingMembership {
				conds = append(conds, fmt.Sprintf("%s == %s", set, oldSet))
			} else {
				conds = append(conds, fmt.Sprintf("%s == %s && (!%s || self.%s == %s.%s)", set, oldSet, set, x, old, x))
			}
		}
		return "(" + strings.Join(conds, " && ") + ")"
	}
}

// Enum is the enum of a discriminator's schema: its valid values and "",
// so that an empty discriminator gets V1's Required from the rules rather
// than NotSupported from the schema, as in Go. Any other value gets the
// schema's NotSupported, which lists these values.
func Enum(u *unions.Union) []string {
	values := slices.Clone(u.Enum.Values)
	if !u.NoneValue {
		values = append(values, "")
	}
	slices.Sort(values)
	return values
}

// discValue is the value of the discriminator d of x, "" when absent, as Go
// compares it. (The optional form, x.?d.orValue(""), is estimated as a
// string of unbounded length, which the API server's cost limit rejects.)
func discValue(x, d string) string {
	return fmt.Sprintf(`(has(%s.%s) ? %s.%s : "")`, x, d, x, d)
}

// in tests that x is one of values, as CEL.
func in(x string, values []string) string {
	if len(values) == 1 {
		return x + " == " + strconv.Quote(values[0])
	}
	return x + " in [" + unions.Quote(values) + "]"
}

// memberSet is the CEL test of "set" of member m of the object obj, sel
// being m's name as CEL selects it.
func memberSet(m *unions.Member, obj, sel string) string {
	return setTest(m.Presence, m.Properties, "has("+obj+"."+sel+")", obj+"."+sel, selectProperty)
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

// selectable checks that CEL can select every property of a struct of
// PresenceNonZero.
func selectable(props []*unionspec.Property) error {
	for _, p := range props {
		if _, err := Select(p.Name); err != nil {
			return err
		}
		if err := selectable(p.Properties); err != nil {
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
