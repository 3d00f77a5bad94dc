package unions

import (
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/report"
)

// Some +oneOf groups of k8s.io/api are not enforced by kube-apiserver as
// exactly one of their fields: their own doc comments, or the API server's
// hand-written validation, say otherwise. union-gen reads each of them as
// the API server enforces it, with a warning (apigroup), so that its
// verdicts on k8s.io/api are the API server's: kubetest's
// TestKubernetesOracle holds them to kube-apiserver v1.37.2
// (docs/corpora.md).

// apiGroup is a group of a struct of k8s.io/api, in every version of its
// API group: "resource" for k8s.io/api/resource/v1, v1beta1 and so on.
type apiGroup struct {
	apiGroup, typ, group string
}

// apiGroupReading is how the API server enforces a group: as a union of
// kind, or not at all by the struct (unchecked), and why.
type apiGroupReading struct {
	kind      Kind
	unchecked bool
	// enforced says what the API server does, as the warning says it.
	enforced string
}

var apiGroups = map[apiGroup]apiGroupReading{
	{"resource", "CapacityRequestPolicy", "ValidRequestValues"}: {kind: ZeroOrOne,
		enforced: "the API server enforces at most one of its fields, as the type's comment says (\"Must not set more than one ValidRequestValues\")"},
	{"resource", "DeviceConstraint", "ConstraintType"}: {kind: AtLeastOne,
		enforced: "the API server enforces at least one of its fields, and takes matchAttribute where both are set"},
	{"resource", "Device", "DeviceNodeSelection"}:      {unchecked: true, enforced: deviceNodeSelection},
	{"resource", "BasicDevice", "DeviceNodeSelection"}: {unchecked: true, enforced: deviceNodeSelection},
}

const deviceNodeSelection = "the API server enforces exactly one of its fields where the ResourceSlice's perDeviceNodeSelection is true, and none elsewhere, a rule of the ResourceSlice that no union of the device can hold"

// readingOf returns how the API server enforces a group of t, if t
// is of k8s.io/api and its group is one of apiGroups.
func readingOf(t *types.Type, group string) (apiGroupReading, bool) {
	rest, ok := strings.CutPrefix(t.Name.Package, "k8s.io/api/")
	if !ok {
		return apiGroupReading{}, false
	}
	apiGroupName, _, _ := strings.Cut(rest, "/")
	r, ok := apiGroups[apiGroup{apiGroupName, t.Name.Name, group}]
	return r, ok
}

// readAPIGroup reads a group of k8s.io/api as the API server enforces it
// (apiGroups), with a warning at its first member; it reports false for a
// group that union-gen does not check.
func (b *builder) readAPIGroup(t *types.Type, name string, spec *declaredUnion) bool {
	r, ok := readingOf(t, name)
	if !ok {
		return true
	}
	m := spec.members[0]
	does := "checks nothing of the group"
	if !r.unchecked {
		spec.kind = r.kind
		does = "checks that " + map[Kind]string{ZeroOrOne: "at most one", AtLeastOne: "at least one"}[r.kind] + " of its fields is set"
	}
	b.markerProblem(t, m.f, m.marker, report.APIGroup, true, "+%s=%s of k8s.io/api's %s: %s: union-gen follows kube-apiserver v1.37 and %s",
		m.marker, name, t.Name.Name, r.enforced, does)
	return !r.unchecked
}
