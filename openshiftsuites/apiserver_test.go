package openshiftsuites

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	apiextensionshelpers "k8s.io/apiextensions-apiserver/pkg/apihelpers"
	apiextensions "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	crdvalidation "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	schemaobjectmeta "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/objectmeta"
	structuralpruning "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/pruning"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apiextensions-apiserver/pkg/registry/customresource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured/unstructuredscheme"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
)

// crServer is what kube-apiserver does with a custom resource of one version
// of a CRD, in process and without storage: the request's decoding (pruning
// of unknown fields, metadata coercion, defaulting), the registry's create
// and update (apiextensions-apiserver's strategy: schema validation, CEL
// rules with the runtime cost budget, ratcheting on update), and the
// decoding of what was stored when it is read back. It is built as
// apiextensions-apiserver's customresource_handler.go builds its storage.
type crServer struct {
	gk         schema.GroupKind
	namespaced bool
	structural *structuralschema.Structural
	strategy   rest.RESTCreateUpdateStrategy
	// status is the status subresource's strategy; nil without one.
	status rest.RESTUpdateStrategy
}

// crdErrors are the API server's objections to a CRD on create.
func crdErrors(crd *apiextensionsv1.CustomResourceDefinition) (field.ErrorList, error) {
	v1 := crd.DeepCopy()
	apiextensionsv1.SetObjectDefaults_CustomResourceDefinition(v1)
	var internal apiextensions.CustomResourceDefinition
	if err := apiextensionsv1.Convert_v1_CustomResourceDefinition_To_apiextensions_CustomResourceDefinition(v1, &internal, nil); err != nil {
		return nil, err
	}
	return crdvalidation.ValidateCustomResourceDefinition(context.Background(), &internal), nil
}

// newCRServer serves version of crd, which the API server accepted.
func newCRServer(crd *apiextensionsv1.CustomResourceDefinition, version string) (*crServer, error) {
	crd = crd.DeepCopy()
	apiextensionsv1.SetObjectDefaults_CustomResourceDefinition(crd)
	val, err := apiextensionshelpers.GetSchemaForVersion(crd, version)
	if err != nil || val == nil {
		return nil, fmt.Errorf("%s has no schema for version %s: %v", crd.Name, version, err)
	}
	internal := &apiextensions.CustomResourceValidation{}
	if err := apiextensionsv1.Convert_v1_CustomResourceValidation_To_apiextensions_CustomResourceValidation(val, internal, nil); err != nil {
		return nil, err
	}
	s, err := structuralschema.NewStructural(internal.OpenAPIV3Schema)
	if err != nil {
		return nil, err
	}
	s = s.DeepCopy()
	if err := structuraldefaulting.PruneDefaults(s); err != nil {
		return nil, err
	}
	validator, _, err := apiservervalidation.NewSchemaValidator(internal.OpenAPIV3Schema)
	if err != nil {
		return nil, err
	}

	var statusSpec *apiextensions.CustomResourceSubresourceStatus
	var statusValidator apiservervalidation.SchemaValidator
	subresources, err := apiextensionshelpers.GetSubresourcesForVersion(crd, version)
	if err != nil {
		return nil, err
	}
	if subresources != nil && subresources.Status != nil {
		statusSpec = &apiextensions.CustomResourceSubresourceStatus{}
		if statusSchema, ok := internal.OpenAPIV3Schema.Properties["status"]; ok {
			if statusValidator, _, err = apiservervalidation.NewSchemaValidator(&statusSchema); err != nil {
				return nil, err
			}
		}
	}
	var scaleSpec *apiextensions.CustomResourceSubresourceScale
	if subresources != nil && subresources.Scale != nil {
		scaleSpec = &apiextensions.CustomResourceSubresourceScale{}
		if err := apiextensionsv1.Convert_v1_CustomResourceSubresourceScale_To_apiextensions_CustomResourceSubresourceScale(subresources.Scale, scaleSpec, nil); err != nil {
			return nil, err
		}
	}
	var selectable []apiextensionsv1.SelectableField
	for _, v := range crd.Spec.Versions {
		if v.Name == version {
			selectable = v.SelectableFields
		}
	}

	kind := schema.GroupVersionKind{Group: crd.Spec.Group, Version: version, Kind: crd.Spec.Names.Kind}
	namespaced := crd.Spec.Scope == apiextensionsv1.NamespaceScoped
	strategy := customresource.NewStrategy(unstructuredscheme.NewUnstructuredObjectTyper(), namespaced, kind,
		validator, statusValidator, s, statusSpec, scaleSpec, selectable)
	server := &crServer{gk: kind.GroupKind(), namespaced: namespaced, structural: s, strategy: strategy}
	if statusSpec != nil {
		server.status = customresource.NewStatusStrategy(strategy)
	}
	return server, nil
}

// context is a request's context, in the namespace the client sends to.
func (s *crServer) context() context.Context {
	ns := ""
	if s.namespaced {
		ns = metav1.NamespaceDefault
	}
	return genericapirequest.WithNamespace(context.Background(), ns)
}

// decode is the decoding of a request's body, or, with stored, of what
// storage holds: unknown fields pruned, metadata coerced, defaults set.
func (s *crServer) decode(obj map[string]any, stored bool) (*unstructured.Unstructured, error) {
	data, err := json.Marshal(obj)
	if err != nil {
		return nil, err
	}
	u := &unstructured.Unstructured{}
	if err := u.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	kind, apiVersion := u.GetKind(), u.GetAPIVersion()
	objectMeta, foundMeta, _, err := schemaobjectmeta.GetObjectMetaWithOptions(u.Object, schemaobjectmeta.ObjectMetaOptions{DropMalformedFields: stored})
	if err != nil {
		return nil, err
	}
	structuralpruning.PruneWithOptions(u.Object, s.structural, true, structuralschema.UnknownFieldPathOptions{})
	structuraldefaulting.PruneNonNullableNullsWithoutDefaults(u.Object, s.structural)
	if err, _ := schemaobjectmeta.CoerceWithOptions(nil, u.Object, s.structural, false, schemaobjectmeta.CoerceOptions{DropInvalidFields: stored}); err != nil {
		return nil, err
	}
	u.SetKind(kind)
	u.SetAPIVersion(apiVersion)
	if foundMeta {
		if err := schemaobjectmeta.SetObjectMeta(u.Object, objectMeta); err != nil {
			return nil, err
		}
	}
	structuraldefaulting.Default(u.Object, s.structural)
	return u, nil
}

// create is a POST of obj; it returns the object as a GET then reads it.
func (s *crServer) create(obj map[string]any) (*unstructured.Unstructured, error) {
	u, err := s.decode(obj, false)
	if err != nil {
		return nil, err
	}
	// The name is generated without the API server's random suffix, so
	// that errors, which name the object, are the same in every run; every
	// test has a server of its own, so names do not collide.
	if u.GetName() == "" && u.GetGenerateName() != "" {
		u.SetName(u.GetGenerateName() + "00000")
	}
	rest.FillObjectMetaSystemFields(u)
	if err := rest.BeforeCreate(s.strategy, s.context(), u); err != nil {
		return nil, err
	}
	u.SetResourceVersion("1")
	return s.decode(u.Object, true)
}

// update is a PUT of obj over old, to the resource or, with status, to its
// status subresource; it returns the object as a GET then reads it.
func (s *crServer) update(obj map[string]any, old *unstructured.Unstructured, status bool) (*unstructured.Unstructured, error) {
	var strategy rest.RESTUpdateStrategy = s.strategy
	if status {
		if s.status == nil {
			return nil, fmt.Errorf("the server could not find the requested resource: %s has no status subresource", s.gk)
		}
		strategy = s.status
	}
	u, err := s.decode(obj, false)
	if err != nil {
		return nil, err
	}
	if err := rest.BeforeUpdate(strategy, s.context(), u, old.DeepCopy()); err != nil {
		return nil, err
	}
	// Storage gives every write a new resourceVersion.
	version, err := strconv.Atoi(old.GetResourceVersion())
	if err != nil {
		return nil, err
	}
	u.SetResourceVersion(strconv.Itoa(version + 1))
	return s.decode(u.Object, true)
}
