package v1_test

import (
	"testing"

	"github.com/union-gen/union-gen/internal/moduletest"
)

// kubeTest is the module that holds the example CRD and its policy to a
// real kube-apiserver; it is apart so that union-gen does not depend on
// k8s.io/kubernetes.
const kubeTest = "../../../kubetest"

// TestKubeModule runs the kubetest module's tests: with this package's CRD
// and its policy installed in a kube-apiserver, client-go and kubectl see
// invalid unions rejected and a switched discriminator's stale member
// cleared. The first run downloads and builds k8s.io/kubernetes, which
// takes 8 minutes on an idle 2-core machine and more than 30 on one
// shared with other builds; it is here, not beside TestCRDModule, so that
// the two builds do not share one test binary's timeout. It runs without
// the race detector whatever the parent's -race: a race build of
// k8s.io/kubernetes would add some twenty minutes to a cold CI run, and the
// code of union-gen that it runs (the policy and the CRD rules, in the API
// server's own code) is raced in pkg/crd's and the webhook's modules.
func TestKubeModule(t *testing.T) {
	moduletest.GoTest(t, kubeTest, "-race=false")
}
