package crd

import (
	"fmt"
	"math"
	"sync"

	"go.yaml.in/yaml/v3"
	apiextensions "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	crdvalidation "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	"k8s.io/apimachinery/pkg/util/version"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/environment"
)

// The API server's limits on the estimated cost of a CRD's rules.
const (
	// RuleCostLimit bounds each rule's cost times the number of values it
	// may run on.
	RuleCostLimit = crdvalidation.StaticEstimatedCostLimit
	// CRDCostLimit bounds the sum of those over a version's schema.
	CRDCostLimit = crdvalidation.StaticEstimatedCRDCostLimit
)

// OldestKubernetes is the oldest Kubernetes release whose API server
// compiles the rules union-gen writes into CRDs: each compiles in its CEL
// environment for new expressions, which is that of the release before
// (the API server's MinCompatibilityVersion).
const OldestKubernetes = "1.30"

// NewExpressionsEnv is the CEL environment in which an API server of
// release compiles new expressions: that of the release before. release
// is a "1.N" with N > 0, a constant of union-gen's or of its tests: like
// environment.MustBaseEnvSet, it panics on another.
func NewExpressionsEnv(release string) *environment.EnvSet {
	v := version.MustParseGeneric(release)
	return environment.MustBaseEnvSet(version.MajorMinor(v.Major(), v.Minor()-1))
}

// rulesEnv is the environment union-gen's rules must compile in, that of
// OldestKubernetes; baseEnv is the current API server's, in which a CRD's
// own rules are estimated. Each costs more to make than a union's rules to
// compile.
var (
	rulesEnv = sync.OnceValue(func() *environment.EnvSet { return NewExpressionsEnv(OldestKubernetes) })
	baseEnv  = sync.OnceValue(func() *environment.EnvSet {
		return environment.MustBaseEnvSet(environment.DefaultCompatibilityVersion())
	})
)

// RuleCosts are the API server's estimates of the costs of rules on the
// schema that holds them. A rule that does not compile in the environment
// of OldestKubernetes is an error. On a
// schema the API server cannot read, every cost is 0: the schema's fault is
// reported where it is read.
func RuleCosts(rules []ValidationRule, schema *yaml.Node) ([]uint64, error) {
	s, err := structural(schema, rules)
	if err != nil {
		return make([]uint64, len(rules)), nil
	}
	results, err := cel.Compile(s, model.SchemaDeclType(s, false), celconfig.PerCallLimit, rulesEnv(), cel.NewExpressionsEnvLoader())
	if err != nil {
		return nil, err
	}
	costs := make([]uint64, len(results))
	for i, r := range results {
		if r.Error != nil {
			return nil, fmt.Errorf("rule %q: %v", rules[i].Rule, r.Error.Detail)
		}
		costs[i] = r.MaxCost
	}
	return costs, nil
}

// Cardinality is how many times the API server counts a rule of a schema
// reached through an unbounded list or map: as many values as the largest
// request could hold; 1 for a schema it cannot read.
func Cardinality(schema *yaml.Node) uint64 {
	s, err := structural(schema, nil)
	if err != nil {
		return 1
	}
	return uint64(celconfig.MaxRequestSizeBytes / (model.SchemaDeclType(s, false).MinSerializedSize + 1))
}

// structural is the API server's structural schema, with rules.
func structural(schema *yaml.Node, rules []ValidationRule) (*structuralschema.Structural, error) {
	s, err := internalSchema(schema)
	if err != nil {
		return nil, err
	}
	s.XValidations = make(apiextensions.ValidationRules, len(rules))
	for i, r := range rules {
		s.XValidations[i] = apiextensions.ValidationRule{Rule: r.Rule, OptionalOldSelf: &r.OptionalOldSelf}
	}
	return structuralschema.NewStructural(s)
}

func add(x, y uint64) uint64 {
	if x > math.MaxUint64-y {
		return math.MaxUint64
	}
	return x + y
}

// multiply is x*y, saturated as the API server saturates costs.
func multiply(x, y uint64) uint64 {
	if y != 0 && x > math.MaxUint64/y {
		return math.MaxUint64
	}
	return x * y
}
