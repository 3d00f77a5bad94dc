// Package apiserver shows how an aggregated API server built on
// k8s.io/apiserver serves union-gen's union extensions in its OpenAPI
// documents. It is a module of its own so that union-gen does not depend on
// k8s.io/apiserver.
package apiserver

import (
	"k8s.io/apimachinery/pkg/runtime"
	openapinamer "k8s.io/apiserver/pkg/endpoints/openapi"
	genericapiserver "k8s.io/apiserver/pkg/server"

	"github.com/union-gen/union-gen/examples/apis/openapi"
	"github.com/union-gen/union-gen/pkg/openapiext"
)

// ConfigureOpenAPI sets the OpenAPI v2 and v3 configuration of the server:
// openapi-gen's definitions, with the unions that union-gen found added.
func ConfigureOpenAPI(config *genericapiserver.RecommendedConfig, scheme *runtime.Scheme) {
	getDefinitions := openapiext.WithUnions(openapi.GetOpenAPIDefinitions, openapi.UnionDefinitions())
	namer := openapinamer.NewDefinitionNamer(scheme)

	config.OpenAPIConfig = genericapiserver.DefaultOpenAPIConfig(getDefinitions, namer)
	config.OpenAPIConfig.Info.Title = "example"
	config.OpenAPIV3Config = genericapiserver.DefaultOpenAPIV3Config(getDefinitions, namer)
	config.OpenAPIV3Config.Info.Title = "example"
}
