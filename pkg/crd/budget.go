package crd

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/union-gen/union-gen/internal/rules"
	"github.com/union-gen/union-gen/pkg/unions"
)

// RulesMode is which rules the unions of a CRD get where the API server's
// cost limits allow them.
type RulesMode string

const (
	// RulesPrecise are Rules: one per error of the Go methods, with its
	// reason, field and message.
	RulesPrecise RulesMode = "precise"
	// RulesCompact are CompactRules: one per member, which cost less.
	RulesCompact RulesMode = "compact"
)

// RulesModes are the modes, the default first; the empty mode is the
// default too.
var RulesModes = []RulesMode{RulesPrecise, RulesCompact}

// placement is a union's rules on the schema of its struct in the CRD
// version being edited, precise and compact, with their estimated costs.
type placement struct {
	schema *yaml.Node
	union  *unions.Union
	at     reach
	// count is how many times the API server counts each rule.
	count            uint64
	precise, compact ruleSet
}

// ruleSet is a union's rules and what the API server's limits make of them.
type ruleSet struct {
	rules []Rule
	// max is the highest cost of a rule, total the sum, each counted as
	// many times as the rule may run.
	max, total uint64
	// unwritable is why a rule cannot be written at all: longer than CEL's
	// parser takes.
	unwritable error
}

func newRuleSet(rs []Rule, schema *yaml.Node, count uint64) ruleSet {
	set := ruleSet{rules: rs}
	for _, r := range rs {
		if err := checkSize("a rule of the union", r.Rule); err != nil {
			set.unwritable = err
		}
		cost, err := RuleCost(r.Rule, schema)
		if err != nil {
			// union-gen's own CEL that its parser does not read: a bug,
			// reported as a cost that fits nowhere.
			set.unwritable = fmt.Errorf("union-gen cannot estimate the cost of its rule %q: %v", r.Rule, err)
		}
		cost = multiply(cost, count)
		set.max, set.total = max(set.max, cost), add(set.total, cost)
	}
	return set
}

func (s *ruleSet) fits() bool { return s.unwritable == nil && s.max <= RuleCostLimit }

// addRules adds the rules of the current CRD version's unions, precise or
// compact as the mode says, within the API server's limits: a union whose
// precise rules cost more than a rule may, or that the CRD's total cannot
// hold, gets its compact rules with a warning; where those do not fit
// either, that is an error. version names the version in problems.
func (e *editor) addRules(version *yaml.Node, subject string) {
	chosen := make([]*ruleSet, len(e.placements))
	var total uint64
	for i, p := range e.placements {
		chosen[i] = &p.precise
		if e.mode == RulesCompact || !p.precise.fits() {
			chosen[i] = &p.compact
		}
		if !chosen[i].fits() {
			e.errorf(p.schema, rules.CELCost, p.at.path, "%s: give the schema bounds (+kubebuilder:validation:MaxItems, MaxProperties, MaxLength), or leave this kind out of --crd-paths", p.overLimit(chosen[i], "even the compact rules of"))
			continue
		}
		if chosen[i] != &p.precise && e.mode != RulesCompact {
			fix := "give the lists and maps named a maxItems or maxProperties"
			if p.precise.unwritable != nil {
				fix = fmt.Sprintf("its enum has %d values; give the discriminator fewer", len(p.union.Enum.Values))
			}
			e.warnf(p.schema, rules.CompactRules, p.at.path, "%s: union-gen writes its compact rules, one per member (cost %d at most), whose errors have no precise reason and message; %s for precise rules", p.overLimit(&p.precise, "the precise rules of"), p.compact.max, fix)
		}
		total = add(total, chosen[i].total)
	}
	if e.problems.HasErrors() {
		return
	}
	if total > CRDCostLimit {
		// The unions that save the most by compact rules get them first.
		order := make([]int, 0, len(e.placements))
		for i, p := range e.placements {
			if chosen[i] == &p.precise && p.compact.fits() {
				order = append(order, i)
			}
		}
		saving := func(i int) uint64 {
			return e.placements[i].precise.total - min(e.placements[i].compact.total, e.placements[i].precise.total)
		}
		slices.SortStableFunc(order, func(i, j int) int { return cmp.Compare(saving(j), saving(i)) })
		for _, i := range order {
			if total <= CRDCostLimit {
				break
			}
			p := e.placements[i]
			total = total - p.precise.total + p.compact.total
			chosen[i] = &p.compact
			e.warnf(p.schema, rules.CompactRules, p.at.path, "the rules of the unions of %s would cost more than the API server's limit of %d for a CRD version: union-gen writes the compact rules of %s, one per member (%d in all, where its precise rules cost %d, as %s), whose errors have no precise reason and message; give the lists and maps named a maxItems or maxProperties for precise rules",
				subject, CRDCostLimit, unionName(p.union), p.compact.total, p.precise.total, p.held())
		}
	}
	if total > CRDCostLimit {
		e.errorf(version, rules.CELCost, subject, "the rules of the unions of this CRD version cost %d in all, over the API server's limit of %d, compact as they may be: give the lists and maps that hold unions bounds (+kubebuilder:validation:MaxItems, MaxProperties), or leave this kind out of --crd-paths", total, CRDCostLimit)
		return
	}
	for i, p := range e.placements {
		list := get(p.schema, "x-kubernetes-validations")
		if list == nil {
			list = &yaml.Node{Kind: yaml.SequenceNode}
			set(p.schema, "x-kubernetes-validations", list)
		}
		for _, r := range chosen[i].rules {
			list.Content = append(list.Content, ruleNode(r))
		}
	}
}

// overLimit says why a union's rules do not fit: what of, "the precise
// rules of" say.
func (p *placement) overLimit(s *ruleSet, what string) string {
	if s.unwritable != nil {
		return s.unwritable.Error()
	}
	return fmt.Sprintf("%s %s cost up to %d each, over the API server's limit of %d per rule, as %s", what, unionName(p.union), s.max, RuleCostLimit, p.held())
}

// held says how many of the union's objects the CRD may hold, and why.
func (p *placement) held() string {
	if len(p.at.unbounded) > 0 {
		return fmt.Sprintf("%s let a request hold %d of these objects", strings.Join(p.at.unbounded, " and "), p.count)
	}
	return fmt.Sprintf("the lists and maps on the way let it hold %d of these objects", p.count)
}

// unionName names a union in messages.
func unionName(u *unions.Union) string {
	if u.Spec.Discriminator == "" {
		return "the union of " + u.MemberNames()
	}
	return "the union of " + u.Spec.Discriminator
}
