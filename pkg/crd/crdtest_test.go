package crd_test

import (
	"testing"

	"github.com/union-gen/union-gen/internal/moduletest"
)

// crdTest is the module that holds the rules to k8s.io/apiextensions-apiserver
// and k8s.io/apiserver's admission code, with its test dependencies.
const crdTest = "../../crdtest"

// TestCRDModule runs the crdtest module's tests: the example CRD passes the
// API server's CRD validation (compilation and cost of every rule), its
// rules give the verdicts of the generated methods, and its policy, run by
// the API server's mutating admission policy code, their objects; union-gen
// counts a CRD's own rules as the API server does, on openshift/api's
// manifests, and writes the rules that they leave room for.
func TestCRDModule(t *testing.T) {
	moduletest.GoTest(t, crdTest)
}
