// Package policyfile reads the schemas of a policy file that union-gen
// wrote, beside a CRD or with --builtin-policy, for the tests that evaluate
// them as the webhook and the unstructured normalizer do.
package policyfile

import (
	"os"
	"testing"

	"github.com/union-gen/union-gen/pkg/unstructuredunions"
)

// Schemas reads the policy file at path and returns its schemas by policy
// name. A file that cannot be read, or is no policy file, fails t.
func Schemas(t testing.TB, path string) map[string]*unstructuredunions.Schema {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	schemas, err := unstructuredunions.LoadFile(data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return schemas
}

// Schema is the schema of the policy named name in the policy file at path;
// a file without that policy fails t.
func Schema(t testing.TB, path, name string) *unstructuredunions.Schema {
	t.Helper()
	s := Schemas(t, path)[name]
	if s == nil {
		t.Fatalf("%s: no policy %s", path, name)
	}
	return s
}
