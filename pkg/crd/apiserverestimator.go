package crd

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
)

// APIServerEstimator estimates a CRD's own rules with the API server's CRD
// validation code. The binary has a module graph of its own, so the API
// server's modules never reach union-gen's users'.
type APIServerEstimator struct {
	// Release is the Kubernetes release whose API server compiles the
	// rules, in its environment for new expressions; empty for that of
	// union-gen's k8s.io/apiserver. A rule that does not compile there is
	// not Known.
	Release string
}

// Estimate estimates the rules of a version's openAPIV3Schema.
func (e APIServerEstimator) Estimate(node *yaml.Node) ([]OwnRule, error) {
	schema, err := internalSchema(node)
	if err != nil {
		return nil, err
	}
	envSet := baseEnv()
	if e.Release != "" {
		envSet = NewExpressionsEnv(e.Release)
	}
	var out []OwnRule
	var walk func(s *apiextensions.JSONSchemaProps, path string, ctx *crdvalidation.CELSchemaContext)
	walk = func(s *apiextensions.JSONSchemaProps, path string, ctx *crdvalidation.CELSchemaContext) {
		out = append(out, estimateSchema(s, path, ctx, envSet)...)
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
	return out, nil
}

// estimateSchema estimates the rules of one schema.
func estimateSchema(s *apiextensions.JSONSchemaProps, path string, ctx *crdvalidation.CELSchemaContext, envSet *environment.EnvSet) []OwnRule {
	if len(s.XValidations) == 0 {
		return nil
	}
	out := make([]OwnRule, len(s.XValidations))
	for i, r := range s.XValidations {
		out[i] = OwnRule{Path: path, Rule: r.Rule, MessageExpression: r.MessageExpression}
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
