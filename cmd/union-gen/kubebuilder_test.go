package main

import (
	"testing"

	"github.com/union-gen/union-gen/internal/moduletest"
)

// TestKubebuilderModule runs the test of examples/kubebuilder, a project as
// kubebuilder lays it out, a module of its own for its controller-runtime:
// its Makefile's manifests target, controller-gen then union-gen, gives the
// CRD the union's rules and the policy, and leaves the checked-in files as
// they are.
func TestKubebuilderModule(t *testing.T) {
	moduletest.GoTest(t, "../../examples/kubebuilder")
}
