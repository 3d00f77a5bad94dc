// Package modules runs the tests of the repository's nested modules, each a
// module of its own so that its heavy dependencies (the API server,
// k8s.io/kubernetes, openshift/api, controller-runtime) stay out of
// union-gen's module graph. They are all here, so that no other package's
// test result depends on them, and all skipped under -short, the quick loop.
package modules

import (
	"testing"

	"github.com/union-gen/union-gen/internal/testsupport/moduletest"
)

// run runs the tests of the module at dir, relative to the repository's
// root, unless -short. The modules run in parallel, as their packages did
// when each runner was in a package of its own: one module's tests run
// while another's dependencies build.
//
// The modules whose tests run union-gen's output in the API server's code
// (apiextensions-apiserver, admission, kube-apiserver) or build whole
// projects with it (openshift/api, controller-runtime) pass noRace: each has
// Kubernetes libraries of its own versions, which a cold run would build
// once more with the race detector, for code that is not union-gen's.
// union-gen's own code is raced in the main module, and the code users
// import (pkg/unionspec, pkg/openapiext, the webhook) in its modules.
func run(t *testing.T, dir string, flags ...string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("runs the tests of the module %s (-short)", dir)
	}
	t.Parallel()
	moduletest.GoTest(t, "../../"+dir, flags...)
}

// TestCRDModule runs crdtest's tests: the example CRD passes the API
// server's CRD validation (compilation and cost of every rule), its rules
// give the verdicts of the generated methods, and its policy, run by the API
// server's mutating admission policy code, their objects; union-gen counts a
// CRD's own rules as the API server does, on openshift/api's manifests, and
// writes the rules that they leave room for.
func TestCRDModule(t *testing.T) { run(t, "crdtest", noRace) }

// noRace is the flag of the modules that run without the race detector
// whatever the parent's -race (see run).
const noRace = "-race=false"

// TestKubeModule runs kubetest's tests: with the example CRD and its policy
// installed in a kube-apiserver, client-go and kubectl see invalid unions
// rejected and a switched discriminator's stale member cleared. The first
// run downloads and builds k8s.io/kubernetes, which takes 8 minutes on an
// idle 2-core machine; a race build of it would add some twenty more.
func TestKubeModule(t *testing.T) { run(t, "kubetest", noRace) }

// TestAPIServerExample runs examples/apiserver's tests: docs/openapi.md's
// aggregated API server snippet compiles against k8s.io/apiserver and its
// definitions carry the unions.
func TestAPIServerExample(t *testing.T) { run(t, "examples/apiserver", noRace) }

// TestCorporaModule runs corpora's test: union-gen reads every package of
// k8s.io/api and openshift/api, unchanged, with no error, and the generated
// code compiles and passes go vet (docs/corpora.md).
func TestCorporaModule(t *testing.T) { run(t, "corpora", noRace) }

// TestOpenShiftSuitesModule runs openshift/api's own test suites, with the
// Kubernetes libraries of openshift's runner, older than union-gen's, on its
// manifests as shipped and with union-gen's rules: the API server accepts
// them, and the suites keep their verdicts but for the differences
// docs/corpora.md classifies.
func TestOpenShiftSuitesModule(t *testing.T) { run(t, "openshiftsuites", noRace) }

// TestKubebuilderModule runs examples/kubebuilder's tests, a project as
// kubebuilder lays it out: its Makefile's manifests target, controller-gen
// then union-gen installed apart from the project, gives the CRD the
// union's rules and the policy and leaves the checked-in files as they are,
// also on Kubernetes 1.33's libraries, whose versions it keeps.
func TestKubebuilderModule(t *testing.T) { run(t, "examples/kubebuilder", noRace) }

// TestWebhookModule runs the example webhook's tests: its handler answers
// AdmissionReviews with the patch that gives, on every pair of the
// differential tables, the object of the generated NormalizeUnions.
func TestWebhookModule(t *testing.T) { run(t, "examples/webhook") }

// TestRuntimeModules runs the tests of the packages that users import, each
// a module of its own with minimal requirements (docs/development.md).
func TestRuntimeModules(t *testing.T) {
	for _, dir := range []string{"pkg/unionspec", "pkg/openapiext"} {
		t.Run(dir[len("pkg/"):], func(t *testing.T) { run(t, dir) })
	}
}
