package crd

import (
	"fmt"
	"math"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Estimator estimates the rules that a CRD has of its own, beside which
// union-gen adds the unions' rules: the API server's limit on the total cost
// of a version's rules counts them too.
type Estimator interface {
	// Estimate estimates every rule in the x-kubernetes-validations of a
	// version's schema (its openAPIV3Schema) as the API server's CRD
	// validation counts it toward the version's total, or says why the
	// API server cannot read the schema.
	Estimate(schema *yaml.Node) ([]OwnRule, error)
}

// OwnRule is a rule of a CRD's own, and what the API server counts of it
// toward its version's total: its rule's cost times the number of values it
// may run on, and its messageExpression's cost. Known and MessageKnown are
// false where the API server does not compile them, and rejects the CRD.
type OwnRule struct {
	// Path names the schema that holds the rule, as problems name it.
	Path, Rule, MessageExpression string
	Cost, MessageCost             uint64
	Known, MessageKnown           bool
}

// compiled reports whether the API server compiles the rule and its
// messageExpression, if any.
func (r OwnRule) compiled() bool {
	return r.Known && (r.MessageExpression == "" || r.MessageKnown)
}

// ownCost is what a version's own rules cost toward its total, known, and
// the rules that do not compile, which count for nothing in it.
type ownCost struct {
	known   uint64
	unknown []OwnRule
	// ignored is set where the own rules alone are over the limit on a
	// version's total, and are not counted.
	ignored bool
}

func newOwnCost(rules []OwnRule) ownCost {
	var c ownCost
	for _, r := range rules {
		if r.Known {
			c.known = add(c.known, r.Cost)
		}
		if r.MessageKnown {
			c.known = add(c.known, r.MessageCost)
		}
		if !r.compiled() {
			c.unknown = append(c.unknown, r)
		}
	}
	return c
}

// String says what the own rules cost, for messages.
func (c ownCost) String() string {
	switch {
	case c.ignored:
		return "its own rules, over the limit alone, are not counted"
	case c.known == math.MaxUint64:
		return "its own rules cost more than can be counted"
	case len(c.unknown) == 0:
		return fmt.Sprintf("its own rules cost %d", c.known)
	}
	names := make([]string, 0, min(len(c.unknown), 3))
	for _, r := range c.unknown[:cap(names)] {
		path := r.Path
		if path == "" {
			path = "."
		}
		if r.Known {
			names = append(names, fmt.Sprintf("the messageExpression %q at %s", r.MessageExpression, path))
		} else {
			names = append(names, fmt.Sprintf("%q at %s", r.Rule, path))
		}
	}
	if len(c.unknown) > len(names) {
		names = append(names, fmt.Sprintf("%d more", len(c.unknown)-len(names)))
	}
	return fmt.Sprintf("its own rules cost %d, and %d of them do not compile in the API server's CEL environment (%s)",
		c.known, len(c.unknown), strings.Join(names, ", "))
}
