package crd_test

import (
	"strings"
	"testing"

	"github.com/union-gen/union-gen/pkg/crd"
	"github.com/union-gen/union-gen/pkg/policy"
)

// TestEditPolicyVersion: a policy version (--policy-version) writes
// the policy and its binding in that version of admissionregistration.k8s.io.
func TestEditPolicyVersion(t *testing.T) {
	files, problems, file := editWith(t, read(t, controllerGen), "", crd.Options{}, "v1beta1")
	if len(problems) > 0 || len(files) != 2 {
		t.Fatalf("got %d files and problems %v", len(files), problems)
	}
	_, policyData := edited(t, files, file)
	if n := strings.Count(policyData, "\napiVersion: admissionregistration.k8s.io/v1beta1\n"); n != 2 || strings.Contains(policyData, "admissionregistration.k8s.io/v1\n") {
		t.Errorf("the policy and its binding are not both of admissionregistration.k8s.io/v1beta1:\n%s", policyData)
	}
}

// TestEditNoPolicy: with policy.None (--policy-version=none)
// the CRD gets its rules and no policy is written; the policy file of an
// earlier run is removed, so that no stale policy stays beside the CRD.
func TestEditNoPolicy(t *testing.T) {
	withPolicy, problems, file := edit(t, read(t, controllerGen), "")
	if len(problems) > 0 || len(withPolicy) != 2 {
		t.Fatalf("with a policy: got %d files and problems %v", len(withPolicy), problems)
	}
	crdData, policyData := edited(t, withPolicy, file)
	files, problems, file := editWith(t, read(t, controllerGen), "", crd.Options{}, policy.None)
	if len(problems) > 0 || len(files) != 1 || files[0].Path != file || string(files[0].Data) != crdData {
		t.Fatalf("without a policy: got %d files and problems %v; want the CRD alone, with the rules it has with one", len(files), problems)
	}
	files, problems, file = editWith(t, read(t, controllerGen), policyData, crd.Options{}, policy.None)
	policyFile := strings.TrimSuffix(file, ".yaml") + policy.Suffix
	if len(problems) > 0 || len(files) != 2 || files[1].Path != policyFile || !files[1].Remove {
		t.Fatalf("with an earlier run's policy file: got %+v and problems %v; want the CRD and the policy file removed", files, problems)
	}
}
