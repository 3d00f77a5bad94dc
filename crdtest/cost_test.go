package crdtest

import (
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
	apiextensions "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	crdvalidation "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	"k8s.io/apiserver/pkg/cel/environment"

	"github.com/union-gen/union-gen/pkg/crd"
)

// checkCostEstimates holds union-gen's estimate of the cost of its rules
// (crd.RuleCosts, crd.Cardinality) to the API server's: on every rule of the
// CRD that ends with crd.Marker, the expression's cost and, where the rule
// is reached through a list or map without a bound, the number of times it
// is counted. It returns how many rules it compared.
func checkCostEstimates(t testing.TB, c *apiextensions.CustomResourceDefinition) int {
	t.Helper()
	envSet := environment.MustBaseEnvSet(environment.DefaultCompatibilityVersion())
	compared := 0
	for _, v := range c.Spec.Versions {
		validation := c.Spec.Validation
		if v.Schema != nil {
			validation = v.Schema
		}
		schema := validation.OpenAPIV3Schema
		forEachSchema(schema, "", crdvalidation.RootCELContext(schema), func(s *apiextensions.JSONSchemaProps, path string, ctx *crdvalidation.CELSchemaContext) {
			results := compileRules(t, s, ctx, envSet)
			if results == nil {
				return
			}
			node := yamlSchema(t, s)
			for i, r := range results {
				rule := s.XValidations[i].Rule
				if !strings.HasSuffix(rule, crd.Marker) {
					continue
				}
				if r.Error != nil {
					t.Fatalf("%s %s: rule %q: %v", v.Name, path, rule, r.Error)
				}
				compared++
				if got, err := crd.RuleCosts([]crd.ValidationRule{{Rule: rule, OptionalOldSelf: s.XValidations[i].OptionalOldSelf != nil && *s.XValidations[i].OptionalOldSelf}}, node); err != nil || got[0] != r.MaxCost {
					t.Errorf("%s %s: rule %q: union-gen estimates its cost %d (%v), the API server %d", v.Name, path, rule, got, err, r.MaxCost)
				}
				if ctx.MaxCardinality == nil {
					if got := crd.Cardinality(node); got != r.MaxCardinality {
						t.Errorf("%s %s: union-gen counts a rule %d times, the API server %d", v.Name, path, got, r.MaxCardinality)
					}
				}
			}
		})
	}
	return compared
}

// yamlSchema is a schema as union-gen reads it from a CRD's YAML.
func yamlSchema(t testing.TB, s *apiextensions.JSONSchemaProps) *yaml.Node {
	t.Helper()
	var v1 apiextensionsv1.JSONSchemaProps
	if err := apiextensionsv1.Convert_apiextensions_JSONSchemaProps_To_v1_JSONSchemaProps(s, &v1, nil); err != nil {
		t.Fatal(err)
	}
	return yamlNode(t, &v1)
}

// TestCostEstimates: union-gen's estimates of the example CRD's rules,
// compact and precise, are the API server's.
func TestCostEstimates(t *testing.T) {
	for _, file := range []string{exampleCRD, preciseCRD, fallbackCRD} {
		if n := checkCostEstimates(t, loadCRD(t, file)); n == 0 {
			t.Errorf("no rule of union-gen in %s", file)
		} else {
			t.Logf("%s: %d rules", file, n)
		}
	}
}
