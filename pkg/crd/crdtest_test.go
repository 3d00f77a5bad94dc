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
