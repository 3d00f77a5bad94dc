// Package modules runs the tests of the repository's nested modules, each a
// module of its own so that its heavy dependencies (the API server,
// k8s.io/kubernetes, openshift/api, controller-runtime) stay out of
// union-gen's module graph. They are all here, so that no other package's
// test result depends on them, and all skipped under -short, the quick loop.
package modules

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"golang.org/x/mod/modfile"

	"github.com/union-gen/union-gen/internal/testsupport/moduletest"
)

// run runs the tests of the module at dir, relative to the repository's
// root, unless -short, when its turn comes (see lanes).
//
// The modules whose tests run union-gen's output in the API server's code
// (apiextensions-apiserver, admission, kube-apiserver) or build whole
// projects with it (openshift/api, controller-runtime, union-webhook) pass
// noRace: each has Kubernetes libraries of its own versions, which a cold
// run would build once more with the race detector, for code that is not
// union-gen's. union-gen's own code is raced in the main module, and the
// code users import (pkg/unionspec, pkg/openapiext) in its modules; the
// example webhook's handler, which users may embed, is not: it shares
// nothing between requests but its Schema, which it only reads.
func run(t *testing.T, dir string, flags ...string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("runs the tests of the module %s (-short)", dir)
	}
	modules.register(dir)
	t.Parallel()
	modules.start(dir)
	defer modules.done(dir)
	moduletest.GoTest(t, "../../"+dir, flags...)
}

// noRace is the flag of the modules that run without the race detector
// whatever the parent's -race (see run).
const noRace = "-race=false"

// lanes runs the modules two at a time, each in its turn, the order in
// which their tests are declared (TestRuntimeModules' come last), whichever
// lane is free: one module's tests
// run while another's dependencies build. kubetest comes first: building
// k8s.io/kubernetes builds the Kubernetes libraries that the modules of
// afterKubetest require at the same versions (keep their go.mod files so);
// they start once it is done, and find them in the build cache, while
// openshiftsuites, on older libraries, runs beside it. (Tests left to t.Parallel alone start in any order.)
type lanes struct {
	mu   sync.Mutex
	cond *sync.Cond
	// waiting are the modules registered, by the sequential part of their
	// tests, in declaration order, that have not started.
	waiting []string
	running int
	// kubetest is whether kubetest is registered and not done.
	kubetest bool
	// started are the modules started, in the order they took a lane.
	started []string
}

// afterKubetest are the modules that build kubetest's Kubernetes libraries
// (TestSharedVersions), without the race detector, and wait for it: two go
// commands that both miss a package in the build cache both compile it, so
// a module started while kubetest builds would compile the same libraries
// again, some minutes of a cold run.
var afterKubetest = []string{"examples/webhook", "crdtest", "examples/apiserver", "corpora", "examples/kubebuilder"}

var modules = newLanes()

func newLanes() *lanes {
	l := &lanes{}
	l.cond = sync.NewCond(&l.mu)
	return l
}

func (l *lanes) register(dir string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.waiting = append(l.waiting, dir)
	l.kubetest = l.kubetest || dir == "kubetest"
}

// start waits until dir is the first module waiting and a lane is free,
// and, for a module of afterKubetest, until kubetest is done.
func (l *lanes) start(dir string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for l.running == 2 || l.waiting[0] != dir || l.kubetest && slices.Contains(afterKubetest, dir) {
		l.cond.Wait()
	}
	l.waiting, l.running = l.waiting[1:], l.running+1
	l.started = append(l.started, dir)
	l.cond.Broadcast()
}

func (l *lanes) done(dir string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.running--
	l.kubetest = l.kubetest && dir != "kubetest"
	l.cond.Broadcast()
}

// TestMain lets every module's test past t.Parallel, whose limit
// (-parallel, GOMAXPROCS by default) would admit two in any order, which
// could hold both slots with modules waiting for their turn in lanes.
func TestMain(m *testing.M) {
	flag.Parse()
	if err := flag.Set("test.parallel", "100"); err != nil {
		panic(err)
	}
	os.Exit(m.Run())
}

// TestKubeModule runs kubetest's tests: with the example CRD and its policy
// installed in a kube-apiserver, client-go and kubectl see invalid unions
// rejected and a switched discriminator's stale member cleared; so do they
// with the policy for built-in kinds, on Deployments and the rest, and the
// oracle holds union-gen's verdicts on k8s.io/api to the server's. The first
// run downloads and builds k8s.io/kubernetes, which takes 8 minutes on an
// idle 2-core machine; a race build of it would add some twenty more.
func TestKubeModule(t *testing.T) { run(t, "kubetest", noRace) }

// TestOpenShiftSuitesModule runs openshift/api's own test suites, with the
// Kubernetes libraries of openshift's runner, older than union-gen's, on its
// manifests as shipped and with union-gen's rules: the API server accepts
// them, and the suites keep their verdicts but for the differences
// docs/corpora.md classifies.
func TestOpenShiftSuitesModule(t *testing.T) { run(t, "openshiftsuites", noRace) }

// TestCodegenScriptsExample runs examples/codegen's test: the
// hack/update-codegen.sh and hack/verify-codegen.sh that a kube_codegen.sh
// user copies, and the go:generate line, write the checked-in files, and
// verify-codegen.sh fails on stale ones.
func TestCodegenScriptsExample(t *testing.T) { run(t, "examples/codegen", noRace) }

// TestWebhookModule runs union-webhook's tests: its handler answers
// AdmissionReviews with the patch that gives, on every pair of the
// differential tables, the object of the generated NormalizeUnions; its
// server answers hostile reviews; its image's build stage builds. Its
// server is controller-runtime's, whose libraries kubetest builds.
func TestWebhookModule(t *testing.T) { run(t, "examples/webhook", noRace) }

// TestRuntimeModules runs the tests of the packages that users import, each
// a module of its own with minimal requirements (docs/development.md).
func TestRuntimeModules(t *testing.T) {
	t.Parallel() // its modules wait in lanes after the others
	for _, dir := range []string{"pkg/unionspec", "pkg/openapiext"} {
		t.Run(dir[len("pkg/"):], func(t *testing.T) { run(t, dir) })
	}
}

// TestCRDModule runs crdtest's tests: the example CRD passes the API
// server's CRD validation (compilation and cost of every rule), its rules
// give the verdicts of the generated methods, and its policy, run by the API
// server's mutating admission policy code, their objects; union-gen counts a
// CRD's own rules as the API server does, on openshift/api's manifests, and
// writes the rules that they leave room for.
func TestCRDModule(t *testing.T) { run(t, "crdtest", noRace) }

// TestAPIServerExample runs examples/apiserver's tests: docs/openapi.md's
// aggregated API server snippet compiles against k8s.io/apiserver and its
// definitions carry the unions.
func TestAPIServerExample(t *testing.T) { run(t, "examples/apiserver", noRace) }

// TestCorporaModule runs corpora's test: union-gen reads every package of
// k8s.io/api and openshift/api, unchanged, with no error, and the generated
// code compiles and passes go vet (docs/corpora.md).
func TestCorporaModule(t *testing.T) { run(t, "corpora", noRace) }

// TestKubebuilderModule runs examples/kubebuilder's tests, a project as
// kubebuilder lays it out: its Makefile's manifests target, controller-gen
// then union-gen installed apart from the project, gives the CRD the
// union's rules and the policy and leaves the checked-in files as they are,
// also on Kubernetes 1.33's libraries, whose versions it keeps.
func TestKubebuilderModule(t *testing.T) { run(t, "examples/kubebuilder", noRace) }

// TestSharedVersions: the modules that share Kubernetes libraries require
// each module they have in common at one version, so that a cold run builds
// each of its packages once per build mode: kubetest's with crdtest's,
// examples/apiserver's, corpora's, examples/kubebuilder's and the main
// module's union-gen binary (see lanes), and the main module's race build
// with the webhook's. A module
// replaced by a directory of the repository is built from it whatever its
// version; controller-tools is a tool that each builds apart (the version of
// examples/kubebuilder's is its Makefile's).
func TestSharedVersions(t *testing.T) {
	type requirement struct{ version, dir string }
	seen := map[string]requirement{}
	for _, dir := range append([]string{".", "examples/webhook", "kubetest"}, afterKubetest...) {
		path := filepath.Join("../..", dir, "go.mod")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := modfile.Parse(path, data, nil)
		if err != nil {
			t.Fatal(err)
		}
		replaced := map[string]string{}
		for _, r := range f.Replace {
			replaced[r.Old.Path] = r.New.Version
		}
		for _, r := range f.Require {
			version, ok := replaced[r.Mod.Path]
			switch {
			case ok && version == "", r.Mod.Path == "sigs.k8s.io/controller-tools":
				continue
			case !ok:
				version = r.Mod.Version
			}
			if have, ok := seen[r.Mod.Path]; ok && have.version != version {
				t.Errorf("%s requires %s %s, and %s requires it at %s: require the higher version in both (go get %s@...), or a cold run builds it and what imports it twice",
					have.dir, r.Mod.Path, have.version, dir, version, r.Mod.Path)
				continue
			}
			seen[r.Mod.Path] = requirement{version, dir}
		}
	}
}

// TestLanes: modules start in their order, two at a time, and those of
// afterKubetest only once kubetest is done.
func TestLanes(t *testing.T) {
	l := newLanes()
	for _, dir := range []string{"kubetest", "openshiftsuites", "crdtest", "pkg/unionspec"} {
		l.register(dir)
	}
	started := make(chan string, 4) // no goroutine is left blocked when the test fails
	for _, dir := range []string{"pkg/unionspec", "crdtest", "openshiftsuites", "kubetest"} {
		go func() {
			l.start(dir)
			started <- dir
		}()
	}
	// The goroutines report in any order; the lanes record the order in
	// which the modules took a lane.
	seen := 0
	next := func(want ...string) {
		t.Helper()
		for range want {
			<-started
		}
		l.mu.Lock()
		got := slices.Clone(l.started[seen:])
		l.mu.Unlock()
		if !slices.Equal(got, want) {
			t.Fatalf("started %v, want %v", got, want)
		}
		seen += len(want)
	}
	next("kubetest", "openshiftsuites")
	l.done("openshiftsuites")
	select {
	case dir := <-started:
		t.Fatalf("%s started while kubetest runs", dir)
	case <-time.After(50 * time.Millisecond):
	}
	l.done("kubetest")
	next("crdtest", "pkg/unionspec")
}
