package crdtest

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
	apiextensions "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	crdvalidation "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
	sigsyaml "sigs.k8s.io/yaml"

	"github.com/union-gen/union-gen/pkg/crd"
)

// manifests are the CRDs whose rules the tests estimate: the examples', with
// union-gen's rules, and openshift/api's as shipped, which have rules of
// every kind.
func manifests(t *testing.T) []string {
	t.Helper()
	files := []string{
		"testdata/rules.example.com_edges.yaml",
		exampleCRD,
		preciseCRD,
		fallbackCRD,
	}
	// openshift/api at the version that the corpora module pins; go mod
	// download, unlike go list -m, fetches it into an empty module cache.
	download := exec.Command("go", "mod", "download", "-json", "github.com/openshift/api")
	download.Dir = "../corpora"
	out, err := download.Output()
	if err != nil {
		t.Fatalf("go mod download github.com/openshift/api in ../corpora: %v", err)
	}
	var module struct{ Dir string }
	if err := json.Unmarshal(out, &module); err != nil {
		t.Fatal(err)
	}
	openshift, err := filepath.Glob(filepath.Join(module.Dir, "*", "*", "zz_generated.crd-manifests", "*.yaml"))
	if err != nil || len(openshift) == 0 {
		t.Fatalf("no manifests of openshift/api: %v", err)
	}
	return append(files, openshift...)
}

// manifest is a CRD of a file, and why the API server rejects it as
// shipped, if it does.
type manifest struct {
	file     string
	crd      *apiextensionsv1.CustomResourceDefinition
	rejected error
}

// loadManifests reads the CRDs of the files, and validates them as shipped.
func loadManifests(t *testing.T) []manifest {
	t.Helper()
	var out []manifest
	for _, file := range manifests(t) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, doc := range strings.Split(string(data), "\n---\n") {
			var v1 apiextensionsv1.CustomResourceDefinition
			if err := sigsyaml.Unmarshal([]byte(doc), &v1); err != nil || v1.Kind != "CustomResourceDefinition" {
				continue
			}
			m := manifest{file: filepath.Base(file), crd: &v1}
			if errs := validate(t, &v1); len(errs) > 0 {
				m.rejected = errs.ToAggregate()
				t.Logf("%s: the API server rejects it as shipped, so it is left out: %v", m.file, m.rejected)
			}
			out = append(out, m)
		}
	}
	return out
}

// TestOwnRulesCompile: the API server's estimator, which union-gen counts
// a CRD's own rules with, compiles and estimates every rule and
// messageExpression of the example CRDs and of openshift/api's manifests
// that the API server accepts.
func TestOwnRulesCompile(t *testing.T) {
	var n int
	for _, m := range loadManifests(t) {
		if m.rejected != nil {
			continue
		}
		for _, v := range m.crd.Spec.Versions {
			own, err := crd.APIServerEstimator{}.Estimate(yamlNode(t, v.Schema.OpenAPIV3Schema))
			if err != nil {
				t.Fatalf("%s %s: %v", m.file, v.Name, err)
			}
			for _, r := range own {
				n++
				if !r.Known || (r.MessageExpression != "" && !r.MessageKnown) {
					t.Errorf("%s %s %s: the API server does not compile %q", m.file, v.Name, r.Path, r.Rule)
				}
			}
		}
	}
	t.Logf("%d rules", n)
}

// TestTotalIsAPIServers: crd.APIServerEstimator counts a version's rules as the
// API server does: padded with rules to exactly its limit on a version's
// total, the CRD is accepted, and one more rule's worth is rejected, on
// every manifest that the API server accepts as shipped.
func TestTotalIsAPIServers(t *testing.T) {
	for _, m := range loadManifests(t) {
		if m.rejected != nil {
			continue
		}
		for i := range m.crd.Spec.Versions {
			checkTotal(t, m.file, m.crd, i)
		}
	}
}

// The padding of a schema is lists of integers with a rule of padCost on
// each, and a list with a rule of cost 1 on each for the rest.
const (
	padRule, padCost = "int(self) == 1", 3
	padRest          = "self == 1"
)

func checkTotal(t *testing.T, file string, c *apiextensionsv1.CustomResourceDefinition, version int) {
	t.Helper()
	v := &c.Spec.Versions[version]
	own, err := crd.APIServerEstimator{}.Estimate(yamlNode(t, v.Schema.OpenAPIV3Schema))
	if err != nil {
		t.Fatal(err)
	}
	total := uint64(0)
	for _, r := range own {
		total += r.Cost + r.MessageCost
	}
	if total > crd.CRDCostLimit {
		t.Fatalf("%s %s: the API server accepts rules of cost %d by union-gen's estimate", file, v.Name, total)
	}
	for _, extra := range []uint64{0, 1} {
		padded := c.DeepCopy()
		pad(padded.Spec.Versions[version].Schema.OpenAPIV3Schema, crd.CRDCostLimit-total+extra)
		errs := validate(t, padded)
		if rejected := len(errs) > 0; rejected != (extra > 0) || rejected && !strings.Contains(errs.ToAggregate().Error(), "estimated rule cost total for entire OpenAPIv3 schema") {
			t.Errorf("%s %s: rules of cost %d by union-gen's estimate: rejected %v (%v), want %v", file, v.Name, crd.CRDCostLimit+extra, rejected, errs.ToAggregate(), extra > 0)
		}
	}
}

// pad adds lists of integers to a schema whose rules cost amount, each
// within the API server's limit per rule.
func pad(schema *apiextensionsv1.JSONSchemaProps, amount uint64) {
	if schema.Properties == nil {
		schema.Properties = map[string]apiextensionsv1.JSONSchemaProps{}
	}
	list := func(name, rule string, items uint64) {
		n := int64(items)
		schema.Properties[name] = apiextensionsv1.JSONSchemaProps{
			Type: "array", MaxItems: &n,
			Items: &apiextensionsv1.JSONSchemaPropsOrArray{Schema: &apiextensionsv1.JSONSchemaProps{
				Type:         "integer",
				XValidations: apiextensionsv1.ValidationRules{{Rule: rule}},
			}},
		}
	}
	for i := 0; amount >= padCost; i++ {
		items := min(amount, crd.RuleCostLimit) / padCost
		amount -= items * padCost
		list(fmt.Sprintf("unionGenPad%d", i), padRule, items)
	}
	if amount > 0 {
		list("unionGenPadRest", padRest, amount)
	}
}

// yamlNode is a schema as union-gen reads it from a CRD's YAML.
func yamlNode(t testing.TB, s *apiextensionsv1.JSONSchemaProps) *yaml.Node {
	t.Helper()
	data, err := sigsyaml.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Content[0]
}

// validate validates a CRD as the API server validates one it is given to
// create.
func validate(t *testing.T, v1 *apiextensionsv1.CustomResourceDefinition) field.ErrorList {
	t.Helper()
	c := v1.DeepCopy()
	apiextensionsv1.SetObjectDefaults_CustomResourceDefinition(c)
	var internal apiextensions.CustomResourceDefinition
	if err := apiextensionsv1.Convert_v1_CustomResourceDefinition_To_apiextensions_CustomResourceDefinition(c, &internal, nil); err != nil {
		t.Fatal(err)
	}
	return crdvalidation.ValidateCustomResourceDefinition(t.Context(), &internal)
}
