// Package apiservercel estimates the cost of a CRD's own rules with the API
// server's code (k8s.io/apiextensions-apiserver's CRD validation), for the
// union-gen of this module: it counts them toward a version's total exactly
// as the API server does, where the main module's union-gen bounds the rules
// that it cannot estimate. It is a module of its own so that the API
// server's modules stay out of the main module's users' builds.
package apiservercel

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"go.yaml.in/yaml/v3"
	apiextensions "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	crdvalidation "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/environment"

	"github.com/union-gen/union-gen/pkg/crd"
)

// Rules estimates a CRD's own rules as the API server's CRD validation
// does: each rule compiled in its schema's CEL context, its cost times its
// cardinality, and its messageExpression's cost.
type Rules struct{}

var _ crd.OwnRules = Rules{}

// Estimate estimates the rules of a version's openAPIV3Schema. A rule that
// does not compile, which the API server would reject, is not Known; nor
// are the rules of a schema that it cannot read.
func (Rules) Estimate(node *yaml.Node) []crd.OwnRule {
	schema, err := internalSchema(node)
	if err != nil {
		// The API server rejects such a CRD; union-gen's own estimate
		// bounds it.
		return crd.SubsetRules{}.Estimate(node)
	}
	envSet := environment.MustBaseEnvSet(environment.DefaultCompatibilityVersion())
	var out []crd.OwnRule
	var walk func(s *apiextensions.JSONSchemaProps, path string, ctx *crdvalidation.CELSchemaContext)
	walk = func(s *apiextensions.JSONSchemaProps, path string, ctx *crdvalidation.CELSchemaContext) {
		out = append(out, estimate(s, path, ctx, envSet)...)
		for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
			p := s.Properties[name]
			walk(&p, path+"."+name, ctx.ChildPropertyContext(&p, name))
		}
		if s.Items != nil && s.Items.Schema != nil {
			walk(s.Items.Schema, path+"[*]", ctx.ChildItemsContext(s.Items.Schema))
		}
		if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
			walk(s.AdditionalProperties.Schema, path+"[*]", ctx.ChildAdditionalPropertiesContext(s.AdditionalProperties.Schema))
		}
	}
	walk(schema, "", crdvalidation.RootCELContext(schema))
	return out
}

// estimate estimates the rules of one schema, as the API server's
// validation of x-kubernetes-validations does.
func estimate(s *apiextensions.JSONSchemaProps, path string, ctx *crdvalidation.CELSchemaContext, envSet *environment.EnvSet) []crd.OwnRule {
	if len(s.XValidations) == 0 {
		return nil
	}
	out := make([]crd.OwnRule, len(s.XValidations))
	for i, r := range s.XValidations {
		out[i] = crd.OwnRule{Path: path, Rule: r.Rule, MessageExpression: r.MessageExpression}
	}
	info, err := ctx.TypeInfo()
	if err != nil || info == nil {
		return out
	}
	results, err := cel.Compile(info.Schema, info.DeclType, celconfig.PerCallLimit, envSet, cel.NewExpressionsEnvLoader())
	if err != nil {
		return out
	}
	for i, r := range results {
		if r.Error == nil {
			cardinality := r.MaxCardinality
			if ctx.MaxCardinality != nil {
				cardinality = *ctx.MaxCardinality
			}
			out[i].Cost, out[i].Known = multiply(r.MaxCost, cardinality), true
		}
		if r.MessageExpression != nil && r.MessageExpressionError == nil {
			out[i].MessageCost, out[i].MessageKnown = r.MessageExpressionMaxCost, true
		}
	}
	return out
}

// internalSchema reads a schema into the API server's internal type.
func internalSchema(node *yaml.Node) (*apiextensions.JSONSchemaProps, error) {
	var v any
	if err := node.Decode(&v); err != nil {
		return nil, err
	}
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var v1 apiextensionsv1.JSONSchemaProps
	if err := json.Unmarshal(data, &v1); err != nil {
		return nil, fmt.Errorf("not a schema: %v", err)
	}
	var out apiextensions.JSONSchemaProps
	if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(&v1, &out, nil); err != nil {
		return nil, err
	}
	return &out, nil
}

// multiply is x*y, saturated as the API server saturates costs.
func multiply(x, y uint64) uint64 {
	if y != 0 && x > ^uint64(0)/y {
		return ^uint64(0)
	}
	return x * y
}
