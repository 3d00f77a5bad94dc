// Package unstructuredunions normalizes and validates the unions of objects
// held as unstructured JSON (map[string]any), as the generated
// NormalizeUnions and ValidateUnions do for Go objects (docs/semantics.md
// §4, N1–N3 and V1–V4). A Schema describes where the unions of a kind are
// and what they select; union-gen writes it, from the same model as the
// generated methods, into the MutatingAdmissionPolicy it writes beside a
// CRD (see Annotation), so that a webhook or a controller can normalize
// custom resources where the API server cannot.
package unstructuredunions

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"sigs.k8s.io/yaml"

	"github.com/union-gen/union-gen/pkg/unionspec"
)

// Annotation is the annotation of the MutatingAdmissionPolicy that union-gen
// writes beside a CRD: its value is the JSON of the kind's Schema.
const Annotation = "union-gen.io/schema"

// Schema describes the unions of a kind: its root struct and every struct
// through which unions are reached, by name.
type Schema struct {
	Root    string             `json:"root"`
	Structs map[string]*Struct `json:"structs"`
}

// Struct is an object that has unions or reaches them through its
// properties.
type Struct struct {
	// Unions are the object's own, in the order of their discriminators:
	// their rules, which Normalize and Validate evaluate.
	Unions []*unionspec.Union `json:"unions,omitempty"`
	// Fields are the properties through which the object reaches unions, in
	// field order; a field with no name is a struct embedded inline, whose
	// properties are the object's own.
	Fields []*Field `json:"fields,omitempty"`
}

// Field is a property through which unions are reached.
type Field struct {
	// Name is the property's name; "" for a struct embedded inline.
	Name string `json:"name,omitempty"`
	Walk *Walk  `json:"walk"`
}

// Walk is how the unions in a value are reached.
type Walk struct {
	Shape unionspec.Shape `json:"shape"`
	// Struct names the Schema's struct of ShapeStruct and ShapePointer.
	Struct string `json:"struct,omitempty"`
	// Elem walks the items or values of lists, list-maps and maps.
	Elem *Walk `json:"elem,omitempty"`
	// Keys match the items of a ShapeListMap.
	Keys []*unionspec.Key `json:"keys,omitempty"`
	// HasOld is set when the walk reaches unions through values that have
	// old counterparts: only those can need normalizing.
	HasOld bool `json:"hasOld,omitempty"`
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

// LoadFile reads the Schemas of the policies of a file that union-gen wrote
// beside a CRD, a policy and its binding per version of the resource, by
// policy name; the bindings are skipped. A file without a policy is an
// error.
func LoadFile(data []byte) (map[string]*Schema, error) {
	schemas := map[string]*Schema{}
	for _, doc := range Documents(data) {
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

// IsPolicyFile reports whether data is a file as union-gen writes it beside
// a CRD: policies that LoadFile reads, and their bindings, and nothing else.
func IsPolicyFile(data []byte) bool {
	for _, doc := range Documents(data) {
		p, err := decodePolicy(doc)
		if err != nil || p.Kind != "MutatingAdmissionPolicy" && p.Kind != "MutatingAdmissionPolicyBinding" {
			return false
		}
	}
	_, err := LoadFile(data)
	return err == nil
}

// Documents splits a file of YAML documents, each after a line "---" as
// union-gen writes them, dropping empty ones.
func Documents(data []byte) [][]byte {
	var docs [][]byte
	for _, doc := range bytes.Split(bytes.TrimPrefix(data, []byte("---\n")), []byte("\n---\n")) {
		if len(bytes.TrimSpace(doc)) > 0 {
			docs = append(docs, doc)
		}
	}
	return docs
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
	if err := yaml.Unmarshal(doc, &p); err != nil {
		return nil, err
	}
	return &p, nil
}

// schema is the checked Schema of the policy's annotation.
func (p *policy) schema() (*Schema, error) {
	data, ok := p.Metadata.Annotations[Annotation]
	if p.Kind != "MutatingAdmissionPolicy" || !ok {
		return nil, fmt.Errorf("not a MutatingAdmissionPolicy with the annotation %s", Annotation)
	}
	var s Schema
	if err := json.Unmarshal([]byte(data), &s); err != nil {
		return nil, fmt.Errorf("policy %s: annotation %s: %w", p.Metadata.Name, Annotation, err)
	}
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("policy %s: annotation %s: %w", p.Metadata.Name, Annotation, err)
	}
	return &s, nil
}

// check verifies that every struct that the schema names is in it, and
// that every mode, presence test and key type is one this package knows,
// so that Normalize and Validate never meet a missing struct nor read a
// misspelt value as another.
func (s *Schema) check() error {
	if s.Structs[s.Root] == nil {
		return fmt.Errorf("no struct %q", s.Root)
	}
	for _, name := range slices.Sorted(maps.Keys(s.Structs)) {
		st := s.Structs[name]
		if st == nil {
			return fmt.Errorf("struct %q is null", name)
		}
		for _, u := range st.Unions {
			if u == nil {
				return fmt.Errorf("struct %q: a union is null", name)
			}
			if err := checkUnion(u); err != nil {
				return fmt.Errorf("struct %q: union %q: %w", name, u.Discriminator, err)
			}
		}
		for _, f := range st.Fields {
			if f == nil {
				return fmt.Errorf("struct %q: a field is null", name)
			}
			if err := s.checkWalk(f.Walk); err != nil {
				return fmt.Errorf("struct %q: field %q: %w", name, f.Name, err)
			}
		}
	}
	return nil
}

// checkUnion verifies that a union's rules name only its members, and use
// only known presence tests, operations and error types.
func checkUnion(u *unionspec.Union) error {
	for _, m := range u.Members {
		if m == nil {
			return fmt.Errorf("a member is null")
		}
		if err := checkPresence(m.Presence, m.Properties); err != nil {
			return fmt.Errorf("member %q: %w", m.Name, err)
		}
	}
	if u.Kept != nil {
		if err := checkCond(u, u.Kept, false); err != nil {
			return fmt.Errorf("kept: %w", err)
		}
	}
	for i, c := range u.Checks {
		if c == nil || !slices.Contains(unionspec.ErrorTypes, c.Error) {
			return fmt.Errorf("check %d: no known error type", i)
		}
		if err := checkCond(u, c.When, true); err != nil {
			return fmt.Errorf("check %d: %w", i, err)
		}
	}
	for i, c := range u.Clears {
		if c == nil || u.Member(c.Member) == nil {
			return fmt.Errorf("clear %d: no member", i)
		}
		if err := checkCond(u, c.When, true); err != nil {
			return fmt.Errorf("clear %d: %w", i, err)
		}
	}
	return nil
}

// checkCond verifies a condition; kept tells whether it may name the union's
// Kept, which Kept itself may not.
func checkCond(u *unionspec.Union, c *unionspec.Cond, kept bool) error {
	switch {
	case c == nil:
		return fmt.Errorf("a condition is null")
	case !slices.Contains(unionspec.Ops, c.Op):
		return fmt.Errorf("unknown operation %q", c.Op)
	case c.Op == unionspec.OpNot && len(c.Args) != 1:
		return fmt.Errorf("%s takes one condition", c.Op)
	case c.Op == unionspec.OpKept && (u.Kept == nil || !kept):
		return fmt.Errorf("%s in a union that does not ratchet, or in kept itself", c.Op)
	}
	switch c.Op {
	case unionspec.OpSet, unionspec.OpOldSet, unionspec.OpSameSet, unionspec.OpEqual:
		if u.Member(c.Member) == nil {
			return fmt.Errorf("%s: no member %q", c.Op, c.Member)
		}
	}
	for _, arg := range c.Args {
		if err := checkCond(u, arg, kept); err != nil {
			return err
		}
	}
	return nil
}

// checkPresence verifies a presence test and the properties of a nonZero
// one.
func checkPresence(p unionspec.Presence, props []*unionspec.Property) error {
	if !slices.Contains(unionspec.Presences, p) {
		return fmt.Errorf("unknown presence %q", p)
	}
	for _, prop := range props {
		if prop == nil {
			return fmt.Errorf("a property is null")
		}
		if err := checkPresence(prop.Presence, prop.Properties); err != nil {
			return fmt.Errorf("property %q: %w", prop.Name, err)
		}
	}
	return nil
}

func (s *Schema) checkWalk(w *Walk) error {
	if w == nil {
		return fmt.Errorf("no walk")
	}
	switch w.Shape {
	case unionspec.ShapeStruct, unionspec.ShapePointer:
		if s.Structs[w.Struct] == nil {
			return fmt.Errorf("no struct %q", w.Struct)
		}
		return nil
	case unionspec.ShapeListMap:
		for _, k := range w.Keys {
			if k == nil {
				return fmt.Errorf("a key is null")
			}
			if !slices.Contains(unionspec.KeyTypes, k.Type) {
				return fmt.Errorf("key %q: unknown type %q", k.Name, k.Type)
			}
		}
		return s.checkWalk(w.Elem)
	case unionspec.ShapeList, unionspec.ShapeMap:
		return s.checkWalk(w.Elem)
	}
	return fmt.Errorf("unknown shape %q", w.Shape)
}
