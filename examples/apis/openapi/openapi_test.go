package openapi_test

import (
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"testing"

	openapiv2 "github.com/google/gnostic-models/openapiv2"
	"k8s.io/kube-openapi/pkg/builder"
	"k8s.io/kube-openapi/pkg/builder3"
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/schemaconv"
	"k8s.io/kube-openapi/pkg/util"
	"k8s.io/kube-openapi/pkg/util/proto"
	"k8s.io/kube-openapi/pkg/validation/spec"
	"sigs.k8s.io/structured-merge-diff/v6/schema"

	"github.com/union-gen/union-gen/examples/apis/openapi"
	"github.com/union-gen/union-gen/internal/testsupport/golden"
	"github.com/union-gen/union-gen/pkg/openapiext"
)

const examples = "github.com/union-gen/union-gen/examples/"

// roots are the types whose definitions, and those they reference, the
// documents hold: every example union is among them.
var roots = []string{
	examples + "apis/apps/v1.Deployment",
	examples + "apis/autoscaling/v2.HorizontalPodAutoscalerSpec",
	examples + "apis/core/v1.VolumeSource",
	examples + "apis/kep/v1alpha1.Catalog",
	examples + "apis/kep/v1alpha1.TopLevelUnion",
	examples + "apis/kep/v1alpha1.Union",
	examples + "apis/ratcheting.DeploymentStrategy",
	examples + "apis/ratcheting.DeploymentStrategyByMembership",
	examples + "apis/ratcheting.MetricSpec",
	examples + "apis/ratcheting.MetricSpecByMembership",
	examples + "apis/ratcheting.SeccompProfile",
	examples + "apis/ratcheting.SeccompProfileByMembership",
	examples + "apis/ratcheting.Union",
	examples + "apis/ratcheting.UnionByMembership",
	examples + "crd/v1.Widget",
}

// definitionName names definitions as an API server's DefinitionNamer does
// for types it has no kind for.
func definitionName(name string) (string, spec.Extensions) {
	return util.ToRESTFriendlyName(name), nil
}

var getDefinitions = openapiext.WithUnions(openapi.GetOpenAPIDefinitions, openapi.UnionDefinitions())

func buildV2(t *testing.T) *spec.Swagger {
	t.Helper()
	doc, err := builder.BuildOpenAPIDefinitionsForResources(&common.Config{
		Info:              &spec.Info{InfoProps: spec.InfoProps{Title: "union-gen examples", Version: "v0"}},
		GetDefinitions:    getDefinitions,
		GetDefinitionName: definitionName,
	}, roots...)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func buildV3(t *testing.T) map[string]*spec.Schema {
	t.Helper()
	schemas, err := builder3.BuildOpenAPIDefinitionsForResources(&common.OpenAPIV3Config{
		Info:              &spec.Info{InfoProps: spec.InfoProps{Title: "union-gen examples", Version: "v0"}},
		GetDefinitions:    getDefinitions,
		GetDefinitionName: definitionName,
	}, roots...)
	if err != nil {
		t.Fatal(err)
	}
	return schemas
}

// checkGolden compares v, as indented JSON, with testdata/name.
func checkGolden(t *testing.T, name string, v any) {
	t.Helper()
	got, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	golden.Check(t, "testdata/"+name, got)
}

func TestOpenAPIV2Golden(t *testing.T) {
	checkGolden(t, "swagger.json", buildV2(t))
}

func TestOpenAPIV3Golden(t *testing.T) {
	checkGolden(t, "openapi-v3-schemas.json", buildV3(t))
}

// wantShapes checks that the definition of every union has the legacy
// shape on its schema and the KEP shape on its discriminator's property.
func wantShapes(t *testing.T, schemas map[string]*spec.Schema) {
	t.Helper()
	unions := openapi.UnionDefinitions()
	for _, name := range slices.Sorted(maps.Keys(unions)) {
		s := schemas[util.ToRESTFriendlyName(name)]
		if s == nil {
			t.Errorf("no definition of %s in the document", name)
			continue
		}
		legacy, err := openapiext.ReadLegacyUnions(*s)
		if err != nil {
			t.Errorf("%s: %v", name, err)
		}
		var wantLegacy []openapiext.LegacyUnion
		for _, u := range unions[name] {
			kep, err := openapiext.ReadKEPUnion(s.Properties[u.Discriminator])
			if err != nil || kep == nil || !reflect.DeepEqual(kep.FieldMembers, u.FieldMembers) {
				t.Errorf("%s.%s: KEP shape = %+v, %v, want fieldMembers %+v", name, u.Discriminator, kep, err, u.FieldMembers)
			}
			l := openapiext.LegacyUnion{Discriminator: u.Discriminator, FieldsToDiscriminateBy: map[string]string{}}
			for value, m := range u.FieldMembers {
				if m != nil {
					l.FieldsToDiscriminateBy[m.Name] = value
				}
			}
			wantLegacy = append(wantLegacy, l)
		}
		if !reflect.DeepEqual(legacy, wantLegacy) {
			t.Errorf("%s: legacy shape = %+v, want %+v", name, legacy, wantLegacy)
		}
	}
}

func TestShapesV2(t *testing.T) {
	defs := map[string]*spec.Schema{}
	for name, s := range buildV2(t).Definitions {
		defs[name] = &s
	}
	wantShapes(t, defs)
}

func TestShapesV3(t *testing.T) {
	wantShapes(t, buildV3(t))
}

// TestInlineUnion pins the case of a union embedded inline: its properties,
// and so both shapes, are on the embedding struct's definition.
func TestInlineUnion(t *testing.T) {
	top := buildV2(t).Definitions[util.ToRESTFriendlyName(examples+"apis/kep/v1alpha1.TopLevelUnion")]
	kep, err := openapiext.ReadKEPUnion(top.Properties["unionType"])
	if err != nil || kep == nil {
		t.Fatalf("TopLevelUnion.unionType has no KEP shape: %v", err)
	}
	if m := kep.FieldMembers["FieldB"]; m == nil || m.Name != "fieldB" || !m.Optional {
		t.Errorf("FieldB's member = %+v, want fieldB, optional", m)
	}
	legacy, err := openapiext.ReadLegacyUnions(top)
	if err != nil || len(legacy) != 1 || legacy[0].Discriminator != "unionType" {
		t.Errorf("TopLevelUnion's legacy shape = %+v, %v, want the unionType union", legacy, err)
	}
}

// TestStructuredMergeDiffUnions converts the v2 document as the API server
// does to build structured-merge-diff schemas, and checks the unions that
// come out of it.
func TestStructuredMergeDiffUnions(t *testing.T) {
	b, err := json.Marshal(buildV2(t))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := openapiv2.ParseDocument(b)
	if err != nil {
		t.Fatal(err)
	}
	models, err := proto.NewOpenAPIData(doc)
	if err != nil {
		t.Fatal(err)
	}
	smd, err := schemaconv.ToSchema(models)
	if err != nil {
		t.Fatal(err)
	}
	ptr := func(s string) *string { return &s }
	// Volume embeds VolumeSource inline, so both have its union.
	volumeSource := []schema.Union{{Discriminator: ptr("type"), Fields: []schema.UnionField{
		{FieldName: "configMap", DiscriminatorValue: "ConfigMap"},
		{FieldName: "csi", DiscriminatorValue: "CSI"},
		{FieldName: "downwardAPI", DiscriminatorValue: "DownwardAPI"},
		{FieldName: "emptyDir", DiscriminatorValue: "EmptyDir"},
		{FieldName: "ephemeral", DiscriminatorValue: "Ephemeral"},
		{FieldName: "hostPath", DiscriminatorValue: "HostPath"},
		{FieldName: "iscsi", DiscriminatorValue: "ISCSI"},
		{FieldName: "nfs", DiscriminatorValue: "NFS"},
		{FieldName: "persistentVolumeClaim", DiscriminatorValue: "PersistentVolumeClaim"},
		{FieldName: "projected", DiscriminatorValue: "Projected"},
		{FieldName: "rbd", DiscriminatorValue: "RBD"},
		{FieldName: "secret", DiscriminatorValue: "Secret"}}}}
	want := map[string][]schema.Union{
		"apis/apps/v1.DeploymentStrategy": {{Discriminator: ptr("type"), Fields: []schema.UnionField{
			{FieldName: "rollingUpdate", DiscriminatorValue: "RollingUpdate"}}}},
		"apis/autoscaling/v2.MetricSpec": {{Discriminator: ptr("type"), Fields: []schema.UnionField{
			{FieldName: "containerResource", DiscriminatorValue: "ContainerResource"},
			{FieldName: "external", DiscriminatorValue: "External"},
			{FieldName: "object", DiscriminatorValue: "Object"},
			{FieldName: "pods", DiscriminatorValue: "Pods"},
			{FieldName: "resource", DiscriminatorValue: "Resource"}}}},
		"apis/core/v1.SeccompProfile": {{Discriminator: ptr("type"), Fields: []schema.UnionField{
			{FieldName: "localhostProfile", DiscriminatorValue: "Localhost"}}}},
		"apis/core/v1.Volume":       volumeSource,
		"apis/core/v1.VolumeSource": volumeSource,
		"apis/kep/v1alpha1.Entry": {{Discriminator: ptr("type"), Fields: []schema.UnionField{
			{FieldName: "alpha", DiscriminatorValue: "ALPHA"},
			{FieldName: "beta", DiscriminatorValue: "BETA"}}}},
		"apis/kep/v1alpha1.Pipeline": {
			{Discriminator: ptr("input"), Fields: []schema.UnionField{
				{FieldName: "file", DiscriminatorValue: "File"},
				{FieldName: "url", DiscriminatorValue: "URL"}}},
			{Discriminator: ptr("output"), Fields: []schema.UnionField{
				{FieldName: "socket", DiscriminatorValue: "Socket"}}}},
		"apis/kep/v1alpha1.TopLevelUnion": {{Discriminator: ptr("unionType"), Fields: []schema.UnionField{
			{FieldName: "fieldA", DiscriminatorValue: "FieldA"},
			{FieldName: "fieldB", DiscriminatorValue: "FieldB"}}}},
		"apis/kep/v1alpha1.Union": {{Discriminator: ptr("unionType"), Fields: []schema.UnionField{
			{FieldName: "fieldA", DiscriminatorValue: "FieldA"},
			{FieldName: "fieldB", DiscriminatorValue: "FieldB"}}}},
		"crd/v1.Backup": {{Discriminator: ptr("mode"), Fields: []schema.UnionField{
			{FieldName: "copy", DiscriminatorValue: "Copy"},
			{FieldName: "snapshot", DiscriminatorValue: "Snapshot"}}}},
		"apis/kep/v1alpha1.Union2": {{Discriminator: ptr("type"), Fields: []schema.UnionField{
			{FieldName: "alpha", DiscriminatorValue: "ALPHA"},
			{FieldName: "beta", DiscriminatorValue: "BETA"}}}},
	}
	// Ratcheting changes no OpenAPI: the copies have their originals' unions.
	// The CRD's structs that embed a union inline have its union.
	for original, copies := range map[string][]string{
		"apis/apps/v1.DeploymentStrategy": {"apis/ratcheting.DeploymentStrategy", "apis/ratcheting.DeploymentStrategyByMembership"},
		"apis/autoscaling/v2.MetricSpec":  {"apis/ratcheting.MetricSpec", "apis/ratcheting.MetricSpecByMembership"},
		"apis/core/v1.SeccompProfile":     {"apis/ratcheting.SeccompProfile", "apis/ratcheting.SeccompProfileByMembership"},
		"apis/kep/v1alpha1.Union": {"apis/ratcheting.Union", "apis/ratcheting.UnionByMembership",
			"crd/v1.WidgetSpec", "crd/v1.NamedUnion", "crd/v1.RatchetedNamedUnion"},
	} {
		for _, c := range copies {
			want[c] = want[original]
		}
	}
	if got := len(openapi.UnionDefinitions()); got != len(want) {
		t.Errorf("UnionDefinitions has %d definitions, the test checks %d: update the test", got, len(want))
	}
	for name, unions := range want {
		td, ok := smd.FindNamedType(util.ToRESTFriendlyName(examples + name))
		if !ok || td.Map == nil {
			t.Errorf("no structured-merge-diff map type for %s", name)
			continue
		}
		if !reflect.DeepEqual(td.Map.Unions, unions) {
			t.Errorf("%s: structured-merge-diff unions =\n%+v\nwant\n%+v", name, td.Map.Unions, unions)
		}
	}
}
