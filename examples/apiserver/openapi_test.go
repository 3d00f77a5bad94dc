package apiserver

import (
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	genericapiserver "k8s.io/apiserver/pkg/server"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/union-gen/union-gen/pkg/openapiext"
)

// TestConfigureOpenAPI checks that the definitions the server's OpenAPI
// configurations serve carry both union shapes.
func TestConfigureOpenAPI(t *testing.T) {
	scheme := runtime.NewScheme()
	config := genericapiserver.NewRecommendedConfig(serializer.NewCodecFactory(scheme))
	ConfigureOpenAPI(config, scheme)

	const strategy = "github.com/union-gen/union-gen/examples/apis/apps/v1.DeploymentStrategy"
	ref := func(path string) spec.Ref { return spec.MustCreateRef("#/definitions/" + path) }
	for name, get := range map[string]func() spec.Schema{
		"v2": func() spec.Schema { return config.OpenAPIConfig.GetDefinitions(ref)[strategy].Schema },
		"v3": func() spec.Schema { return config.OpenAPIV3Config.GetDefinitions(ref)[strategy].Schema },
	} {
		s := get()
		if legacy, err := openapiext.ReadLegacyUnions(s); err != nil || len(legacy) != 1 {
			t.Errorf("%s: legacy unions = %+v, %v, want one", name, legacy, err)
		}
		if kep, err := openapiext.ReadKEPUnion(s.Properties["type"]); err != nil || kep == nil {
			t.Errorf("%s: KEP union on type = %+v, %v", name, kep, err)
		}
	}
}
