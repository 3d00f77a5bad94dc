package crd_test

import (
	"strings"
	"testing"

	"github.com/union-gen/union-gen/pkg/crd"
	"github.com/union-gen/union-gen/pkg/report"
)

// TestEditOpaqueMember: a struct member omitted when zero whose type decodes
// itself from JSON (metav1.Time) gets Go methods, which tell it set by
// reflect, but no CRD rules, which could not: a positioned membertype error
// at the member's property, and nothing written.
func TestEditOpaqueMember(t *testing.T) {
	const dir = "./testdata/opaque"
	edited, problems := editPackage(t, dir, crd.Options{})
	if len(edited) != 0 {
		t.Errorf("%d files to write despite problems", len(edited))
	}
	want := "testdata/opaque/crd/opaque.example.com_things.yaml:28:17: Thing.spec.at: member At is set when it is not its zero value, which its JSON does not show: v1.Time decodes itself from JSON; make it a pointer to tell it set in a CRD [membertype]"
	if len(problems) != 1 || problems[0].Rule != report.MemberType || !strings.HasSuffix(problems[0].String(), want) {
		t.Errorf("problems:\n%v\nwant one, of rule %s, ending in\n%s", problems, report.MemberType, want)
	}
}
