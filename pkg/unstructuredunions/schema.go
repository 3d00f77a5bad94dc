// Package unstructuredunions normalizes and validates the unions of
// unstructured objects as the generated NormalizeUnions and ValidateUnions do
// for Go objects, by the Schema that union-gen writes beside a CRD (see
// unionspec.Annotation), so that a webhook or a controller can normalize
// custom resources where the API server cannot.
package unstructuredunions

import (
	"encoding/json"
	"fmt"

	"sigs.k8s.io/yaml"

	"github.com/union-gen/union-gen/pkg/unionspec"
)

// Schema is the description of a kind's unions in the policy's annotation,
// with the methods that evaluate it on unstructured objects.
type Schema struct {
	unionspec.Schema
}

// Load reads the Schema that union-gen wrote in the annotation of a
// MutatingAdmissionPolicy, given as YAML or JSON.
func Load(policy []byte) (*Schema, error) {
	p, err := decodePolicy(policy)
	if err != nil {
		return nil, err
	}
	return p.schema()
}

// LoadFile reads, by policy name, the Schemas of a file that union-gen wrote
// beside a CRD: a policy and its binding per version of the resource. A file
// without a policy is an error.
func LoadFile(data []byte) (map[string]*Schema, error) {
	schemas := map[string]*Schema{}
	for _, doc := range unionspec.Documents(data) {
		p, err := decodePolicy(doc)
		if err != nil {
			return nil, err
		}
		if p.Kind != "MutatingAdmissionPolicy" {
			continue // its binding
		}
		if schemas[p.Metadata.Name] != nil {
			return nil, fmt.Errorf("policy %s: defined twice", p.Metadata.Name)
		}
		if schemas[p.Metadata.Name], err = p.schema(); err != nil {
			return nil, err
		}
	}
	if len(schemas) == 0 {
		return nil, fmt.Errorf("no MutatingAdmissionPolicy")
	}
	return schemas, nil
}

// policy is what Load reads of a MutatingAdmissionPolicy.
type policy struct {
	Kind     string `json:"kind"`
	Metadata struct {
		Name        string            `json:"name"`
		Annotations map[string]string `json:"annotations"`
	} `json:"metadata"`
}

func decodePolicy(doc []byte) (*policy, error) {
	var p policy
	return &p, yaml.Unmarshal(doc, &p)
}

// schema is the checked Schema of the policy's annotation.
func (p *policy) schema() (*Schema, error) {
	data, ok := p.Metadata.Annotations[unionspec.Annotation]
	if p.Kind != "MutatingAdmissionPolicy" || !ok {
		return nil, fmt.Errorf("not a MutatingAdmissionPolicy with the annotation %s", unionspec.Annotation)
	}
	var s Schema
	err := json.Unmarshal([]byte(data), &s)
	if err == nil {
		err = s.Verify()
	}
	if err != nil {
		return nil, fmt.Errorf("policy %s: annotation %s: %w", p.Metadata.Name, unionspec.Annotation, err)
	}
	return &s, nil
}
