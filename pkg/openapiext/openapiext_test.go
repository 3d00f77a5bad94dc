package openapiext

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

const strategyDef = "example.com/apps/v1.DeploymentStrategy"

var strategyUnions = Definitions{
	strategyDef: {{
		Discriminator: "type",
		FieldMembers: map[string]*MemberField{
			"Recreate":      nil,
			"RollingUpdate": {Name: "rollingUpdate"},
		},
	}},
}

// definitions is a GetOpenAPIDefinitions with the given definitions, each a
// struct with the given properties.
func definitions(props map[string][]string) common.GetOpenAPIDefinitions {
	return func(common.ReferenceCallback) map[string]common.OpenAPIDefinition {
		defs := map[string]common.OpenAPIDefinition{}
		for name, names := range props {
			s := spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"object"}, Properties: map[string]spec.Schema{}}}
			for _, p := range names {
				s.Properties[p] = spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"string"}}}
			}
			defs[name] = common.OpenAPIDefinition{Schema: s}
		}
		return defs
	}
}

func TestWithUnionsAddsBothShapes(t *testing.T) {
	get := WithUnions(definitions(map[string][]string{strategyDef: {"type", "rollingUpdate"}}), strategyUnions)
	def := get(nil)[strategyDef]

	kep, err := ReadKEPUnion(def.Schema.Properties["type"])
	if err != nil {
		t.Fatal(err)
	}
	wantKEP := &XKubernetesUnions{FieldMembers: strategyUnions[strategyDef][0].FieldMembers}
	if !reflect.DeepEqual(kep, wantKEP) {
		t.Errorf("KEP shape on the discriminator = %+v, want %+v", kep, wantKEP)
	}
	if _, ok := def.Schema.Properties["rollingUpdate"].Extensions[Extension]; ok {
		t.Error("a member property has the extension; only the discriminator's should")
	}

	legacy, err := ReadLegacyUnions(def.Schema)
	if err != nil {
		t.Fatal(err)
	}
	wantLegacy := []LegacyUnion{{Discriminator: "type", FieldsToDiscriminateBy: map[string]string{"rollingUpdate": "RollingUpdate"}}}
	if !reflect.DeepEqual(legacy, wantLegacy) {
		t.Errorf("legacy shape on the struct = %+v, want %+v", legacy, wantLegacy)
	}

	// The values are what a JSON document holds, so that readers that
	// expect decoded JSON (as kube-openapi's do) see them in process too.
	if _, ok := def.Schema.Extensions[Extension].([]any); !ok {
		t.Errorf("legacy extension is a %T, want []any", def.Schema.Extensions[Extension])
	}
	b, err := json.Marshal(def.Schema.Properties["type"])
	if err != nil {
		t.Fatal(err)
	}
	const want = `"x-kubernetes-unions":{"fieldMembers":{"Recreate":null,"RollingUpdate":{"name":"rollingUpdate","optional":false}}}`
	if !strings.Contains(string(b), want) {
		t.Errorf("discriminator property JSON = %s, want it to contain %s", b, want)
	}
}

func TestAddUnionsKeepsExistingLegacyUnions(t *testing.T) {
	defs := definitions(map[string][]string{strategyDef: {"type", "kind"}})(nil)
	def := defs[strategyDef]
	def.Schema.AddExtension(Extension, []any{map[string]any{"discriminator": "kind", "fields-to-discriminateBy": map[string]any{}}})
	defs[strategyDef] = def
	if err := AddUnions(defs, strategyUnions); err != nil {
		t.Fatal(err)
	}
	legacy, err := ReadLegacyUnions(defs[strategyDef].Schema)
	if err != nil {
		t.Fatal(err)
	}
	if len(legacy) != 2 || legacy[0].Discriminator != "kind" || legacy[1].Discriminator != "type" {
		t.Errorf("legacy unions = %+v, want kind's then type's", legacy)
	}
}

func TestAddUnionsReportsMismatches(t *testing.T) {
	unions := Definitions{
		strategyDef:                      strategyUnions[strategyDef],
		"example.com/apps/v1.Missing":    strategyUnions[strategyDef],
		"example.com/apps/v1.NoProperty": {{Discriminator: "kind", FieldMembers: map[string]*MemberField{"A": nil}}},
	}
	get := definitions(map[string][]string{
		strategyDef:                      {"type"},
		"example.com/apps/v1.NoProperty": {"type"},
	})
	err := AddUnions(get(nil), unions)
	for _, want := range []string{
		`no OpenAPI definition "example.com/apps/v1.Missing"`,
		`definition "example.com/apps/v1.NoProperty" has no property "kind"`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("AddUnions error = %v, want it to contain %q", err, want)
		}
	}

	defer func() {
		r := recover()
		if got, ok := r.(error); !ok || !strings.Contains(got.Error(), "Missing") {
			t.Errorf("WithUnions' definitions panicked with %v, want the error of AddUnions", r)
		}
	}()
	WithUnions(get, unions)(nil)
	t.Error("WithUnions' definitions did not fail on a missing definition")
}

func TestAddUnionsRejectsForeignExtension(t *testing.T) {
	defs := definitions(map[string][]string{strategyDef: {"type"}})(nil)
	def := defs[strategyDef]
	def.Schema.AddExtension(Extension, "not a list")
	defs[strategyDef] = def
	if err := AddUnions(defs, strategyUnions); err == nil || !strings.Contains(err.Error(), "not a list") {
		t.Errorf("AddUnions error = %v, want one about the existing extension", err)
	}
}

func schemaWith(ext string) spec.Schema {
	var v any
	if err := json.Unmarshal([]byte(ext), &v); err != nil {
		panic(err)
	}
	s := spec.Schema{}
	s.AddExtension(Extension, v)
	return s
}

func TestReadKEPUnion(t *testing.T) {
	tests := []struct {
		ext     string
		want    *XKubernetesUnions
		wantErr string
	}{
		{ext: `{"fieldMembers": {"A": {"name": "a", "optional": true}, "B": null}}`,
			want: &XKubernetesUnions{FieldMembers: map[string]*MemberField{"A": {Name: "a", Optional: true}, "B": nil}}},
		{ext: `{"fieldMembers": {"A": {"name": "a"}}}`, want: &XKubernetesUnions{FieldMembers: map[string]*MemberField{"A": {Name: "a"}}}},
		{ext: `[{"discriminator": "type"}]`, wantErr: "on a property must be"},
		{ext: `{}`, wantErr: "no fieldMembers"},
		{ext: `{"fieldMembers": {"A": {"optional": true}}}`, wantErr: `value "A" has no name`},
		{ext: `{"fieldMembers": {"A": {"name": "a", "required": true}}}`, wantErr: `unknown field "required"`},
		{ext: `{"fieldMembers": {"A": {"name": 1}}}`, wantErr: "cannot unmarshal number"},
		{ext: `{"fieldMembers": {"A": "a"}}`, wantErr: "cannot unmarshal string"},
	}
	for _, tt := range tests {
		got, err := ReadKEPUnion(schemaWith(tt.ext))
		switch {
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("ReadKEPUnion(%s) error = %v, want %q", tt.ext, err, tt.wantErr)
		case tt.wantErr == "" && (err != nil || !reflect.DeepEqual(got, tt.want)):
			t.Errorf("ReadKEPUnion(%s) = %+v, %v, want %+v", tt.ext, got, err, tt.want)
		}
	}
	if got, err := ReadKEPUnion(spec.Schema{}); got != nil || err != nil {
		t.Errorf("ReadKEPUnion without the extension = %v, %v, want nil, nil", got, err)
	}
}

func TestReadLegacyUnions(t *testing.T) {
	tests := []struct {
		ext     string
		want    []LegacyUnion
		wantErr string
	}{
		{ext: `[{"discriminator": "type", "fields-to-discriminateBy": {"a": "A"}}]`,
			want: []LegacyUnion{{Discriminator: "type", FieldsToDiscriminateBy: map[string]string{"a": "A"}}}},
		{ext: `[{"fields-to-discriminateBy": {"a": "A"}}]`, want: []LegacyUnion{{FieldsToDiscriminateBy: map[string]string{"a": "A"}}}},
		{ext: `{"fieldMembers": {}}`, wantErr: "on a struct must be a list"},
		{ext: `[{"discriminator": "type"}]`, wantErr: "item 0 has no fields-to-discriminateBy"},
		{ext: `[{"discriminator": "type", "fields-to-discriminateBy": {"a": 1}}]`, wantErr: "cannot unmarshal number"},
		{ext: `[{"discriminator": "type", "fields": {}}]`, wantErr: `unknown field "fields"`},
	}
	for _, tt := range tests {
		got, err := ReadLegacyUnions(schemaWith(tt.ext))
		switch {
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("ReadLegacyUnions(%s) error = %v, want %q", tt.ext, err, tt.wantErr)
		case tt.wantErr == "" && (err != nil || !reflect.DeepEqual(got, tt.want)):
			t.Errorf("ReadLegacyUnions(%s) = %+v, %v, want %+v", tt.ext, got, err, tt.want)
		}
	}
}
