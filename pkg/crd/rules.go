// Package crd adds the rules of the unions (docs/semantics.md V1–V4) to the
// CRDs that controller-gen writes, as CEL x-kubernetes-validations rules and
// discriminator enums, and finds the CRD versions that their normalization
// policies (package policy) are of.
package crd

import (
	"github.com/union-gen/union-gen/pkg/celprint"
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
// field (unionspec.Union.CompactChecks): the same verdicts as Rules at less cost, one error
// per field with the checks' messages joined.
func CompactRules(u *unionspec.Union, correlated, schemaRejectsEmpty bool) ([]ValidationRule, error) {
	return printRules(u, u.CompactChecks(schemaRejectsEmpty), correlated, schemaRejectsEmpty)
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
		r.FieldPath = celprint.FieldPath(field)
	}
	p := &celprint.Printer{Union: u, Self: "self", Select: celprint.SelectProperty, DiscPresent: discPresent}
	switch {
	case !correlated:
		when = when.Simplify(unionspec.Known{Update: new(false)})
	case when.RequiresUpdate():
		// A transition rule: the API server runs it on update only,
		// with oldSelf bound.
		when, p.Old = when.Simplify(unionspec.Known{Update: new(true)}), "oldSelf"
	default:
		when = when.Simplify(unionspec.Known{})
		if when.ReadsOld() {
			p.Old, p.Guard, r.OptionalOldSelf = "oldSelf.value()", "oldSelf.hasValue()", true
		}
	}
	if when.Is(false) {
		return false // the check cannot hold here
	}
	r.Rule = p.Print(when, true) + Marker
	return true
}

var reasons = map[unionspec.ErrorType]string{
	unionspec.ErrorRequired:  ReasonRequired,
	unionspec.ErrorForbidden: ReasonForbidden,
	unionspec.ErrorInvalid:   ReasonInvalid,
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
		if _, err := celprint.Select(name); err != nil {
			return err
		}
	}
	return nil
}
