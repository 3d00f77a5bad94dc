package main

import (
	"os/exec"
	"testing"
)

// corporaModule runs union-gen on k8s.io/api and openshift/api; it is a
// module of its own so that union-gen does not depend on them.
const corporaModule = "../../corpora"

// TestCorporaModule runs the corpora module's test: union-gen reads every
// package of k8s.io/api and openshift/api, unchanged, with no error, and the
// generated code compiles and passes go vet (docs/corpora.md). The first
// run downloads openshift/api and the k8s.io modules it needs.
func TestCorporaModule(t *testing.T) {
	cmd := exec.Command("go", "test", "./...")
	cmd.Dir = corporaModule
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test in %s: %v\n%s", corporaModule, err, out)
	}
}
