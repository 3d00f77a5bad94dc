package unstructuredtest

import (
	"strings"
	"testing"

	"github.com/union-gen/union-gen/pkg/unstructuredunions"
)

// TestLoadErrors: Load rejects what is not union-gen's policy, and a schema
// that names a struct it does not have, so that Normalize and Validate
// never meet one.
func TestLoadErrors(t *testing.T) {
	policy := func(schema string) string {
		return "kind: MutatingAdmissionPolicy\nmetadata:\n  name: p\n  annotations:\n    union-gen.io/schema: '" + schema + "'\n"
	}
	for _, tc := range []struct{ name, data, want string }{
		{"not YAML", "a: [", "yaml"},
		{"another kind", "kind: ConfigMap\n", "not a MutatingAdmissionPolicy with the annotation union-gen.io/schema"},
		{"no annotation", "kind: MutatingAdmissionPolicy\n", "not a MutatingAdmissionPolicy with the annotation"},
		{"not JSON", policy("{"), "policy p: annotation union-gen.io/schema: unexpected end of JSON input"},
		{"no root", policy(`{"root": "R", "structs": {}}`), `no struct "R"`},
		{"null struct", policy(`{"root": "R", "structs": {"R": {}, "S": null}}`), `struct "S" is null`},
		{"missing struct", policy(`{"root": "R", "structs": {"R": {"fields": [{"name": "f", "walk": {"shape": "map", "elem": {"shape": "pointer", "struct": "S"}}}]}}}`), `struct "R": field "f": no struct "S"`},
		{"no walk", policy(`{"root": "R", "structs": {"R": {"fields": [{"name": "f"}]}}}`), `field "f": no walk`},
		{"unknown shape", policy(`{"root": "R", "structs": {"R": {"fields": [{"name": "f", "walk": {"shape": "set"}}]}}}`), `unknown shape "set"`},
		{"unknown presence", policy(`{"root": "R", "structs": {"R": {"unions": [{"discriminator": "type", "values": ["A"], "members": [{"name": "a", "presence": "nonEmpty"}]}]}}}`), `member "a": unknown presence "nonEmpty"`},
		{"no presence", policy(`{"root": "R", "structs": {"R": {"unions": [{"discriminator": "type", "values": ["A"], "members": [{"name": "a"}]}]}}}`), `member "a": unknown presence ""`},
		{"unknown property presence", policy(`{"root": "R", "structs": {"R": {"unions": [{"discriminator": "type", "values": ["A"], "members": [{"name": "a", "presence": "nonZero", "properties": [{"name": "p", "presence": "some"}]}]}]}}}`), `member "a": property "p": unknown presence "some"`},
		{"unknown error type", policy(`{"root": "R", "structs": {"R": {"unions": [{"discriminator": "type", "values": ["A"], "members": [], "checks": [{"error": "Invalid!", "field": "type", "when": {"op": "update"}}]}]}}}`), `union "type": check 0: no known error type`},
		{"unknown operation", policy(`{"root": "R", "structs": {"R": {"unions": [{"discriminator": "type", "values": ["A"], "members": [], "checks": [{"error": "Required", "field": "type", "when": {"op": "xor"}}]}]}}}`), `check 0: unknown operation "xor"`},
		{"no condition", policy(`{"root": "R", "structs": {"R": {"unions": [{"discriminator": "type", "values": ["A"], "members": [], "checks": [{"error": "Required", "field": "type"}]}]}}}`), `check 0: a condition is null`},
		{"not of two", policy(`{"root": "R", "structs": {"R": {"unions": [{"discriminator": "type", "values": ["A"], "members": [], "checks": [{"error": "Required", "field": "type", "when": {"op": "not", "args": [{"op": "update"}, {"op": "update"}]}}]}]}}}`), `not takes one condition`},
		{"no such member", policy(`{"root": "R", "structs": {"R": {"unions": [{"discriminator": "type", "values": ["A"], "members": [], "checks": [{"error": "Required", "field": "type", "when": {"op": "set", "member": "b"}}]}]}}}`), `set: no member "b"`},
		{"kept without ratcheting", policy(`{"root": "R", "structs": {"R": {"unions": [{"discriminator": "type", "values": ["A"], "members": [], "checks": [{"error": "Required", "field": "type", "when": {"op": "kept"}}]}]}}}`), `kept in a union that does not ratchet`},
		{"kept in kept", policy(`{"root": "R", "structs": {"R": {"unions": [{"discriminator": "type", "values": ["A"], "members": [], "kept": {"op": "kept"}, "checks": []}]}}}`), `kept: kept in a union that does not ratchet, or in kept itself`},
		{"clear of no member", policy(`{"root": "R", "structs": {"R": {"unions": [{"discriminator": "type", "values": ["A"], "members": [], "checks": [], "clears": [{"member": "b", "when": {"op": "update"}}]}]}}}`), `clear 0: no member`},
		{"null union", policy(`{"root": "R", "structs": {"R": {"unions": [null]}}}`), `struct "R": a union is null`},
		{"null field", policy(`{"root": "R", "structs": {"R": {"fields": [null]}}}`), `struct "R": a field is null`},
		{"null member", policy(`{"root": "R", "structs": {"R": {"unions": [{"discriminator": "type", "values": ["A"], "members": [null]}]}}}`), `a member is null`},
		{"unknown key type", policy(`{"root": "R", "structs": {"R": {"fields": [{"name": "f", "walk": {"shape": "listMap", "keys": [{"name": "k", "type": "int"}], "elem": {"shape": "struct", "struct": "R"}}}]}}}`), `field "f": key "k": unknown type "int"`},
		{"null key", policy(`{"root": "R", "structs": {"R": {"fields": [{"name": "f", "walk": {"shape": "listMap", "keys": [null], "elem": {"shape": "struct", "struct": "R"}}}]}}}`), `field "f": a key is null`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := unstructuredunions.Load([]byte(tc.data))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
}

// TestNilObjects: a nil object, or create, changes and reports nothing.
func TestNilObjects(t *testing.T) {
	s := loadSchema(t)
	obj := map[string]any{"spec": map[string]any{"unionType": "FieldB", "fieldA": int64(1)}}
	if s.Normalize(nil, obj) || s.Normalize(obj, nil) {
		t.Error("Normalize changed something without an old object or an object")
	}
	if errs := s.Validate(nil, obj, nil); errs != nil {
		t.Errorf("Validate of nil: %v", errs)
	}
}

// TestLoadFile: a policy file gives the schema of each policy by name,
// skipping the bindings; a file without a policy, a policy defined twice
// and a bad policy are errors.
func TestLoadFile(t *testing.T) {
	policy := func(name string) string {
		return "---\nkind: MutatingAdmissionPolicy\nmetadata:\n  name: " + name + "\n  annotations:\n    union-gen.io/schema: '{\"root\": \"R\", \"structs\": {\"R\": {}}}'\n"
	}
	binding := func(name string) string {
		return "---\nkind: MutatingAdmissionPolicyBinding\nmetadata:\n  name: " + name + "\nspec:\n  policyName: " + name + "\n"
	}
	schemas, err := unstructuredunions.LoadFile([]byte(policy("v1") + binding("v1") + policy("v2") + binding("v2")))
	if err != nil || len(schemas) != 2 || schemas["v1"] == nil || schemas["v2"] == nil {
		t.Errorf("got %v, %v; want the schemas of v1 and v2", schemas, err)
	}
	for _, tc := range []struct{ name, data, want string }{
		{"empty", "", "no MutatingAdmissionPolicy"},
		{"bindings only", binding("v1"), "no MutatingAdmissionPolicy"},
		{"defined twice", policy("v1") + policy("v1"), "policy v1: defined twice"},
		{"not YAML", policy("v1") + "---\na: [\n", "yaml"},
		{"no annotation", "---\nkind: MutatingAdmissionPolicy\n", "not a MutatingAdmissionPolicy with the annotation"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := unstructuredunions.LoadFile([]byte(tc.data))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
}
