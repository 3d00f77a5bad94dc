package crd_test

import (
	"testing"

	"github.com/union-gen/union-gen/internal/moduletest"
)

// crdTest is the module that holds the rules to k8s.io/apiextensions-apiserver;
// it is apart so that union-gen does not depend on it.
const crdTest = "../../crdtest"

// TestCRDModule runs the crdtest module's tests: the example CRD passes the
// API server's CRD validation (compilation and cost of every rule), its
// rules give the verdicts of the generated methods, and its policy, run by
// the API server's mutating admission policy code, their objects. The first run downloads
// and builds k8s.io/apiextensions-apiserver, which takes minutes.
func TestCRDModule(t *testing.T) {
	moduletest.GoTest(t, crdTest)
}

// apiServerCEL is the module of the union-gen that estimates a CRD's own
// rules with the API server's code; it is apart for the same reason.
const apiServerCEL = "../../apiservercel"

// TestAPIServerCELModule runs the apiservercel module's tests: its estimate
// of a version's rules is the API server's to the unit, on the example CRDs
// and openshift/api's manifests; SubsetRules gives the same estimate of
// every rule it estimates; and its union-gen writes the rules that a CRD's
// own leave room for, as the API server's limit says.
func TestAPIServerCELModule(t *testing.T) {
	moduletest.GoTest(t, apiServerCEL)
}
