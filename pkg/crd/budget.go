package crd

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/union-gen/union-gen/pkg/celprint"
	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// RulesMode is which rules unions get where the API server's limits allow.
type RulesMode string

const (
	// RulesCompact are CompactRules, one per member, which cost less.
	RulesCompact RulesMode = "compact"
	// RulesPrecise are Rules, one per error of the Go methods, with its
	// reason and message.
	RulesPrecise RulesMode = "precise"
)

// Options are how Edit adds the unions' rules.
type Options struct {
	Rules     RulesMode // compact when empty
	Estimator Estimator // APIServerEstimator when nil
}

// RulesModes are the modes, the default first.
var RulesModes = []RulesMode{RulesCompact, RulesPrecise}

// placement is a union's rules, precise and compact, on the schema of its
// struct in the CRD version being edited.
type placement struct {
	schema *yaml.Node
	union  *unionspec.Union
	at     reach
	// count is how many times the API server counts each rule.
	count            uint64
	precise, compact ruleSet
}

// ruleSet is a union's rules and their costs.
type ruleSet struct {
	rules []ValidationRule
	// max is the highest cost of a rule, total the sum, each times count.
	max, total uint64
	// unwritable is why a rule cannot be written at all.
	unwritable error
}

func newRuleSet(rs []ValidationRule, schema *yaml.Node, count uint64) ruleSet {
	set := ruleSet{rules: rs}
	for _, r := range rs {
		if err := celprint.CheckSize("a rule of the union", r.Rule); err != nil {
			set.unwritable = err
		}
	}
	if set.unwritable != nil {
		return set
	}
	costs, err := RuleCosts(rs, schema)
	if err != nil {
		// CEL of union-gen's that the API server does not compile: a bug,
		// reported as rules that fit nowhere.
		set.unwritable = fmt.Errorf("the API server does not compile union-gen's rules: %v", err)
	}
	for _, cost := range costs {
		cost = multiply(cost, count)
		set.max, set.total = max(set.max, cost), add(set.total, cost)
	}
	return set
}

func (s *ruleSet) fits() bool { return s.unwritable == nil && s.max <= RuleCostLimit }

// addRules adds the rules of the current CRD version's unions as the mode
// says, within the API server's limits: a union whose precise rules do not
// fit a rule's limit or the version's total, beside the CRD's own rules,
// gets its compact rules, with a warning; where those do not fit either,
// that is an error. Own rules that the API server rejects get a warning.
func (e *editor) addRules(version *yaml.Node, subject string, own ownCost) {
	if own.known > CRDCostLimit {
		// No rules can make it acceptable: the unions' are held to the
		// limits as if it had no rules of its own.
		e.warnf(version, report.CRDRejected, subject, "the API server rejects this CRD version as given: %s, over its limit of %d for a version; union-gen adds the unions' rules within the limits as if the CRD had no rules of its own: make its own rules cost less (+kubebuilder:validation:MaxItems, MaxProperties, MaxLength on what they read)",
			own, CRDCostLimit)
		own = ownCost{ignored: true}
	}
	chosen, total := e.chooseRules(own)
	if e.problems.HasErrors() {
		return
	}
	if total > CRDCostLimit {
		total = e.fallBack(chosen, total, subject, own)
	}
	unionCost := total - own.known
	if total > CRDCostLimit {
		fix := "give the lists and maps that hold unions bounds (+kubebuilder:validation:MaxItems, MaxProperties), make the CRD's own rules cost less, or leave this kind out of --crd-paths"
		if hw := e.handWrittenCost(own, total); hw != "" {
			fix = hw
		}
		e.errorf(version, report.CELCost, subject, "the rules of the unions of this CRD version cost %d in all, compact as they may be, and %s: over the API server's limit of %d for a version; %s", unionCost, own, CRDCostLimit, fix)
		return
	}
	if len(own.unknown) > 0 {
		e.warnf(version, report.CRDRejected, subject, "the API server rejects this CRD version as given: %s; union-gen adds the unions' rules (cost %d) within the limits as if those cost nothing: fix them",
			own, unionCost)
	}
	for i, p := range e.placements {
		list := get(p.schema, "x-kubernetes-validations")
		if list == nil {
			list = &yaml.Node{Kind: yaml.SequenceNode}
			set(p.schema, "x-kubernetes-validations", list)
		}
		for _, r := range chosen[i].rules {
			list.Content = append(list.Content, node(r))
		}
	}
}

// handWrittenCost says, for a version over the limit, which of its own
// rules are hand-written rules of its unions (handwrittenunion), what they
// cost, and whether the unions' rules fit once they are deleted; "" where
// it has none.
func (e *editor) handWrittenCost(own ownCost, total uint64) string {
	if own.ignored {
		return ""
	}
	rules := slices.Clone(own.rules)
	var cost uint64
	var texts []string
	for _, text := range e.handWrittenRules {
		i := slices.IndexFunc(rules, func(r OwnRule) bool { return r.Rule == text && r.Known })
		if i < 0 {
			continue
		}
		cost = add(add(cost, rules[i].Cost), rules[i].MessageCost)
		texts = append(texts, fmt.Sprintf("%q at %s", text, cmp.Or(rules[i].Path, ".")))
		rules = slices.Delete(rules, i, i+1)
	}
	if len(texts) == 0 {
		return ""
	}
	if len(texts) > 3 {
		texts = append(texts[:3], fmt.Sprintf("%d more", len(texts)-3))
	}
	if total-cost > CRDCostLimit {
		return fmt.Sprintf("its own rules include hand-written rules of its unions that cost %d (%s), which union-gen's rules check, but even without them the version is over the limit: give the lists and maps that hold unions bounds (+kubebuilder:validation:MaxItems, MaxProperties)",
			cost, strings.Join(texts, ", "))
	}
	return fmt.Sprintf("its own rules include hand-written rules of its unions that cost %d (%s), which union-gen's rules check: delete them, as the handwrittenunion warnings say, and the unions' rules fit", cost, strings.Join(texts, ", "))
}

// chooseRules chooses each union's rules as the mode and the limit per rule
// say, and returns them with the version's total, own rules included.
func (e *editor) chooseRules(own ownCost) ([]*ruleSet, uint64) {
	chosen := make([]*ruleSet, len(e.placements))
	total := own.known
	for i, p := range e.placements {
		chosen[i] = &p.compact
		if e.opts.Rules == RulesPrecise && p.precise.fits() {
			chosen[i] = &p.precise
		}
		if !chosen[i].fits() {
			e.errorf(p.schema, report.CELCost, p.at.path, "%s: give the schema bounds (+kubebuilder:validation:MaxItems, MaxProperties, MaxLength), or leave this kind out of --crd-paths", p.overLimit(chosen[i], "even the compact rules of"))
			continue
		}
		if chosen[i] != &p.precise && e.opts.Rules == RulesPrecise {
			fix := "give the lists and maps named a maxItems or maxProperties"
			if p.precise.unwritable != nil {
				fix = fmt.Sprintf("its enum has %d values; give the discriminator fewer", len(p.union.Values))
			}
			e.warnf(p.schema, report.CompactRules, p.at.path, "%s: union-gen writes its compact rules, one per member (cost %d at most), whose errors have no precise reason and message; %s for precise rules", p.overLimit(&p.precise, "the precise rules of"), p.compact.max, fix)
		}
		total = add(total, chosen[i].total)
	}
	return chosen, total
}

// fallBack gives compact rules to the unions that save the most by them
// until the version's total fits, and returns the total; it warns only
// where that makes it fit: otherwise the caller's error says it all.
func (e *editor) fallBack(chosen []*ruleSet, total uint64, subject string, own ownCost) uint64 {
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
	var fallbacks report.Problems
	for _, i := range order {
		if total <= CRDCostLimit {
			break
		}
		p := e.placements[i]
		total = total - p.precise.total + p.compact.total
		chosen[i] = &p.compact
		fallback := e.problem(p.schema, report.CompactRules, p.at.path, "the rules of %s would cost more than the API server's limit of %d for a CRD version, where %s: union-gen writes the compact rules of %s, one per member (%d in all, where its precise rules cost %d, as %s), whose errors have no precise reason and message; give the lists and maps named a maxItems or maxProperties, or make the CRD's own rules cost less, for precise rules",
			subject, CRDCostLimit, own, unionName(p.union), p.compact.total, p.precise.total, p.held())
		fallback.Warning = true
		fallbacks = append(fallbacks, fallback)
	}
	if total <= CRDCostLimit {
		e.problems = append(e.problems, fallbacks...)
	}
	return total
}

// overLimit says why a union's rules s do not fit.
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

// unionName names a union in messages: by its discriminator, or else as
// validation-gen's errors list members, "`a`, `b`".
func unionName(u *unionspec.Union) string {
	if u.Discriminator != "" {
		return "the union of " + u.Discriminator
	}
	names := make([]string, len(u.Members))
	for i, m := range u.Members {
		names[i] = "`" + m.Name + "`"
	}
	return "the union of " + strings.Join(names, ", ")
}
