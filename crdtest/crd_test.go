// Package crdtest holds union-gen's CEL rules to the API server's own code:
// the example CRD passes apiextensions-apiserver's CRD validation (rule
// compilation and cost estimation), and its rules, run by the CRD CEL
// validator, give the verdicts of the generated ValidateUnions; the policy
// written beside it, run by k8s.io/apiserver's mutating admission policy
// code, gives the objects of the generated NormalizeUnions. It is a module
// of its own so that union-gen does not depend on the API server's modules.
package crdtest

import (
	"context"
	"os"
	"strings"
	"testing"

	apiextensions "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	crdvalidation "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	schemavalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/common"
	"sigs.k8s.io/yaml"
)

// exampleCRD is the CRD that hack/update-codegen.sh makes with
// controller-gen and union-gen, whose rules are compact by default.
const (
	exampleCRD = "../examples/crd/config/examples.union-gen.io_widgets.yaml"
	// preciseCRD is the example CRD with --crd-rules=precise.
	preciseCRD = "../examples/crd/precise/examples.union-gen.io_widgets.yaml"
	// fallbackCRD has a union in a list without maxItems, whose precise
	// rules cost too much: union-gen gives it compact ones.
	fallbackCRD = "../testdata/bad/compactrules/crd/compactrules.example.com_things.yaml"
	// standardCRD and experimentalCRD are the CRDs of a project's two
	// release channels, with union-gen's rules (pkg/crd's TestEditChannels).
	standardCRD     = "../pkg/crd/testdata/channels/out/standard/channels.example.com_routes.yaml"
	experimentalCRD = "../pkg/crd/testdata/channels/out/experimental/channels.example.com_routes.yaml"
)

// loadCRD reads a CRD file into the API server's internal type, defaulted
// as the API server defaults it.
func loadCRD(t testing.TB, file string) *apiextensions.CustomResourceDefinition {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return decodeCRD(t, data)
}

func decodeCRD(t testing.TB, data []byte) *apiextensions.CustomResourceDefinition {
	t.Helper()
	var v1 apiextensionsv1.CustomResourceDefinition
	if err := yaml.UnmarshalStrict(data, &v1); err != nil {
		t.Fatal(err)
	}
	apiextensionsv1.SetObjectDefaults_CustomResourceDefinition(&v1)
	var crd apiextensions.CustomResourceDefinition
	if err := apiextensionsv1.Convert_v1_CustomResourceDefinition_To_apiextensions_CustomResourceDefinition(&v1, &crd, nil); err != nil {
		t.Fatal(err)
	}
	return &crd
}

// validators are what the API server checks a custom resource with: the
// schema (types, enums) and the CEL rules.
type validators struct {
	structural *structuralschema.Structural
	schema     schemavalidation.SchemaValidator
	cel        *cel.Validator
}

func newValidators(t testing.TB, crd *apiextensions.CustomResourceDefinition) *validators {
	t.Helper()
	// The internal type keeps a schema common to all versions in
	// spec.validation.
	if crd.Spec.Validation == nil {
		t.Fatalf("%s: want one schema for all versions", crd.Name)
	}
	props := crd.Spec.Validation.OpenAPIV3Schema
	s, err := structuralschema.NewStructural(props)
	if err != nil {
		t.Fatal(err)
	}
	sv, _, err := schemavalidation.NewSchemaValidator(props)
	if err != nil {
		t.Fatal(err)
	}
	return &validators{structural: s, schema: sv, cel: cel.NewValidator(s, true, celconfig.PerCallLimit)}
}

// validate returns the errors of the schema and of the rules on obj, an
// update of old, or a create when old is nil. Errors of unchanged values are
// not ratcheted: the generated Go methods do not ratchet either.
func (v *validators) validate(obj, old map[string]any) field.ErrorList {
	var errs field.ErrorList
	if old == nil {
		errs = schemavalidation.ValidateCustomResource(nil, obj, v.schema)
	} else {
		errs = schemavalidation.ValidateCustomResourceUpdate(nil, obj, old, v.schema)
	}
	var oldObj any
	if old != nil {
		oldObj = old
	}
	celErrs, _ := v.cel.Validate(context.Background(), nil, v.structural, obj, oldObj, celconfig.RuntimeCELCostBudget)
	return append(errs, celErrs...)
}

// validateRatcheting is validate as the API server runs it on update, with
// CRDValidationRatcheting (on by default): errors of unchanged values are
// dropped, except those of rules that read oldSelf, as all the rules of
// ratcheting unions do.
func (v *validators) validateRatcheting(obj, old map[string]any) field.ErrorList {
	if old == nil {
		return v.validate(obj, nil)
	}
	correlated := common.NewCorrelatedObject(obj, old, &model.Structural{Structural: v.structural})
	errs := schemavalidation.ValidateCustomResourceUpdate(nil, obj, old, v.schema, schemavalidation.WithRatcheting(correlated))
	celErrs, _ := v.cel.Validate(context.Background(), nil, v.structural, obj, old, celconfig.RuntimeCELCostBudget, cel.WithRatcheting(correlated))
	return append(errs, celErrs...)
}

// TestExampleCRDValid runs the API server's validation of a CRD on create:
// every rule compiles in the CRD CEL environment and passes the estimated
// cost limits, per rule and for the whole CRD.
func TestExampleCRDValid(t *testing.T) {
	for _, file := range []string{exampleCRD, preciseCRD, fallbackCRD, standardCRD, experimentalCRD} {
		crd := loadCRD(t, file)
		if errs := crdvalidation.ValidateCustomResourceDefinition(context.Background(), crd); len(errs) > 0 {
			t.Errorf("the API server rejects %s:\n%v", file, errs.ToAggregate())
		}
	}
}

// TestChannelCRDs: each release channel's CRD has the union as its schema
// has it: the experimental channel's member is required when selected
// there, and its value is refused by the standard channel's enum; the
// members of both are forbidden when not selected.
func TestChannelCRDs(t *testing.T) {
	route := func(filter string) map[string]any {
		var spec map[string]any
		if err := yaml.Unmarshal([]byte(`{"filters": [`+filter+`]}`), &spec); err != nil {
			t.Fatal(err)
		}
		return map[string]any{"apiVersion": "channels.example.com/v1", "kind": "Route", "spec": spec}
	}
	for _, c := range []struct {
		file, filter, want string
	}{
		{experimentalCRD, `{"type": "ExternalAuth", "externalAuth": {"service": "auth"}}`, ""},
		{experimentalCRD, `{"type": "ExternalAuth"}`, `must be set when type is "ExternalAuth"`},
		{experimentalCRD, `{"type": "RequestRedirect", "requestRedirect": {}, "externalAuth": {"service": "auth"}}`, `may only be set when type is "ExternalAuth"`},
		{standardCRD, `{"type": "ExternalAuth"}`, `Unsupported value: "ExternalAuth"`},
		{standardCRD, `{"type": "RequestRedirect", "requestRedirect": {}}`, ""},
		{standardCRD, `{"type": "RequestRedirect", "requestHeaderModifier": {"name": "x"}}`, `may only be set when type is "RequestHeaderModifier"`},
	} {
		errs := newValidators(t, loadCRD(t, c.file)).validate(route(c.filter), nil)
		got := errs.ToAggregate()
		switch {
		case c.want == "" && got != nil:
			t.Errorf("%s: %s: got %v, want no error", c.file, c.filter, got)
		case c.want != "" && (got == nil || !strings.Contains(got.Error(), c.want)):
			t.Errorf("%s: %s: got %v, want %q", c.file, c.filter, got, c.want)
		}
	}
}
