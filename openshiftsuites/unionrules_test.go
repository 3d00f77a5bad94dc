package openshiftsuites

import (
	"slices"
	"sort"
	"strings"

	apiextensions "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	crdvalidation "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/environment"
)

// ruleStats are the rules of a manifest that the comparison counts: the
// hand-written rules of its unions and union-gen's, with their estimated
// cost as the API server's CRD validation estimates it (a rule's CEL cost
// times the number of times it can run).
type ruleStats struct {
	handWritten, unionGen         int
	handWrittenCost, unionGenCost uint64
	// pairedCost is the cost of union-gen's rules in the schemas that have
	// hand-written union rules too, the unions openshift checks by hand.
	pairedCost uint64
}

func (s *ruleStats) add(o ruleStats) {
	s.handWritten += o.handWritten
	s.unionGen += o.unionGen
	s.handWrittenCost += o.handWrittenCost
	s.unionGenCost += o.unionGenCost
	s.pairedCost += o.pairedCost
}

// unionGenMarker ends every rule union-gen writes (pkg/crd's Marker: this
// module cannot import union-gen's, whose Kubernetes libraries are newer
// than those of openshift's runner).
const unionGenMarker = " // union-gen"

// isUnionGen says whether a rule is one that union-gen wrote.
func isUnionGen(r apiextensions.ValidationRule) bool {
	return strings.HasSuffix(r.Rule, unionGenMarker)
}

// isHandWrittenUnionRule says whether a rule that union-gen did not write,
// beside union-gen's rules of a schema, checks the same union: it reads two
// or more of the fields union-gen's rules read there and nothing else (no
// oldSelf, so no rule of immutability or ratcheting).
func isHandWrittenUnionRule(r apiextensions.ValidationRule, unionFields []string) bool {
	if isUnionGen(r) {
		return false
	}
	fields, whole, ok := selfFields(r.Rule)
	return ok && !whole && len(fields) >= 2 && !slices.ContainsFunc(fields, func(f string) bool { return !slices.Contains(unionFields, f) })
}

// replaceUnionRules counts and estimates the union rules of a manifest that
// union-gen edited; with replace, it also makes the hand-written ones
// "true", so that only union-gen's check the unions (they keep their place,
// which the suites' initialCRDPatches address by index).
func replaceUnionRules(c *apiextensionsv1.CustomResourceDefinition, replace bool) (ruleStats, error) {
	var stats ruleStats
	envSet := environment.MustBaseEnvSet(environment.DefaultCompatibilityVersion(), true)
	for i := range c.Spec.Versions {
		v := &c.Spec.Versions[i]
		if v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
			continue
		}
		schema := &apiextensions.JSONSchemaProps{}
		if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(v.Schema.OpenAPIV3Schema, schema, nil); err != nil {
			return stats, err
		}
		var err error
		forEachSchema(schema, crdvalidation.RootCELContext(schema), func(s *apiextensions.JSONSchemaProps, ctx *crdvalidation.CELSchemaContext) {
			var unionFields []string
			for _, r := range s.XValidations {
				if isUnionGen(r) {
					fields, _, _ := selfFields(r.Rule)
					unionFields = append(unionFields, fields...)
				}
			}
			if len(unionFields) == 0 || err != nil {
				return
			}
			costs, cerr := ruleCosts(s, ctx, envSet)
			if cerr != nil {
				err = cerr
				return
			}
			var node ruleStats
			for i, r := range s.XValidations {
				switch {
				case isUnionGen(r):
					node.unionGen++
					node.unionGenCost += costs[i]
				case isHandWrittenUnionRule(r, unionFields):
					node.handWritten++
					node.handWrittenCost += costs[i]
					if replace {
						s.XValidations[i] = apiextensions.ValidationRule{Rule: "true"}
					}
				}
			}
			if node.handWritten > 0 {
				node.pairedCost = node.unionGenCost
			}
			stats.add(node)
		})
		if err != nil {
			return stats, err
		}
		if replace {
			if err := apiextensionsv1.Convert_apiextensions_JSONSchemaProps_To_v1_JSONSchemaProps(schema, v.Schema.OpenAPIV3Schema, nil); err != nil {
				return stats, err
			}
		}
	}
	return stats, nil
}

// forEachSchema calls f on every schema of s with its CEL context.
func forEachSchema(s *apiextensions.JSONSchemaProps, ctx *crdvalidation.CELSchemaContext, f func(*apiextensions.JSONSchemaProps, *crdvalidation.CELSchemaContext)) {
	f(s, ctx)
	names := make([]string, 0, len(s.Properties))
	for name := range s.Properties {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		p := s.Properties[name]
		forEachSchema(&p, ctx.ChildPropertyContext(&p, name), f)
		s.Properties[name] = p
	}
	if s.Items != nil && s.Items.Schema != nil {
		forEachSchema(s.Items.Schema, ctx.ChildItemsContext(s.Items.Schema), f)
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		forEachSchema(s.AdditionalProperties.Schema, ctx.ChildAdditionalPropertiesContext(s.AdditionalProperties.Schema), f)
	}
}

// ruleCosts are the estimated costs of a schema's rules, compiled as the API
// server compiles them in their CEL context.
func ruleCosts(s *apiextensions.JSONSchemaProps, ctx *crdvalidation.CELSchemaContext, envSet *environment.EnvSet) ([]uint64, error) {
	info, err := ctx.TypeInfo()
	if err != nil {
		return nil, err
	}
	results, err := cel.Compile(info.Schema, info.DeclType, celconfig.PerCallLimit, envSet, cel.NewExpressionsEnvLoader())
	if err != nil {
		return nil, err
	}
	costs := make([]uint64, len(results))
	for i, r := range results {
		if r.Error != nil {
			return nil, r.Error
		}
		card := r.MaxCardinality
		if ctx.MaxCardinality != nil {
			card = *ctx.MaxCardinality
		}
		costs[i] = r.MaxCost * card
	}
	return costs, nil
}
