package main

import (
	"testing"

	"github.com/union-gen/union-gen/internal/moduletest"
)

// corporaModule runs union-gen on k8s.io/api and openshift/api; it is a
// module of its own so that union-gen does not depend on them.
const corporaModule = "../../corpora"

// TestCorporaModule runs the corpora module's test: union-gen reads every
// package of k8s.io/api and openshift/api, unchanged, with no error, and the
// generated code compiles and passes go vet (docs/corpora.md). The first
// run downloads openshift/api and the k8s.io modules it needs.
func TestCorporaModule(t *testing.T) {
	moduletest.GoTest(t, corporaModule)
}

// openshiftSuitesModule runs openshift/api's own test suites on its
// manifests as shipped and with union-gen's rules; it is a module of its own
// because it runs them with the Kubernetes libraries of openshift's runner,
// older than union-gen's.
const openshiftSuitesModule = "../../openshiftsuites"

// TestOpenShiftSuitesModule runs the openshiftsuites module's test: union-gen
// writes rules into every manifest of a kind with unions, which the API
// server accepts, and openshift's suites keep their verdicts but for the
// differences docs/corpora.md classifies.
func TestOpenShiftSuitesModule(t *testing.T) {
	moduletest.GoTest(t, openshiftSuitesModule)
}
