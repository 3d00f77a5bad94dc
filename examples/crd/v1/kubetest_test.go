package v1_test

import (
	"context"
	"os/exec"
	"testing"
	"time"
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
// the two builds do not share one test binary's timeout. The go command is
// stopped a minute before this test's deadline, so that a build that runs
// out of time fails with its output rather than outliving the test.
func TestKubeModule(t *testing.T) {
	ctx := t.Context()
	if deadline, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline.Add(-time.Minute))
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, "go", "test", "-timeout", "20m", "./...")
	cmd.Dir = kubeTest
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test in %s: %v\n%s", kubeTest, err, out)
	}
}
