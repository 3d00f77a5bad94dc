package crd

import (
	"cmp"
	"fmt"
	"math"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Estimator estimates a CRD's own rules, which the API server's limit on a
// version's total cost counts beside the unions'.
type Estimator interface {
	// Estimate estimates the rules of a version's openAPIV3Schema as the
	// API server counts them, or says why it cannot read the schema.
	Estimate(schema *yaml.Node) ([]OwnRule, error)
}

// OwnRule is a rule of a CRD's own and what the API server counts of it: its
// cost times its cardinality, and its messageExpression's cost. Known and
// MessageKnown are false where it does not compile them.
type OwnRule struct {
	// Path names the schema that holds the rule, as problems name it.
	Path, Rule, MessageExpression string
	Cost, MessageCost             uint64
	Known, MessageKnown           bool
}

// ownCost is what a version's own rules cost, and those that do not compile.
type ownCost struct {
	known   uint64
	unknown []OwnRule
	// rules are all of them.
	rules []OwnRule
	// ignored is set where they alone are over the limit, and not counted.
	ignored bool
}

func newOwnCost(rules []OwnRule) ownCost {
	c := ownCost{rules: rules}
	for _, r := range rules {
		if r.Known {
			c.known = add(c.known, r.Cost)
		}
		if r.MessageKnown {
			c.known = add(c.known, r.MessageCost)
		}
		if !r.Known || r.MessageExpression != "" && !r.MessageKnown {
			c.unknown = append(c.unknown, r)
		}
	}
	return c
}

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
		path := cmp.Or(r.Path, ".")
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
