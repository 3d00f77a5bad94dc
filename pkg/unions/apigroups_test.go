package unions

import (
	"strings"
	"testing"

	"github.com/union-gen/union-gen/pkg/unionspec"
)

// TestAPIGroupsTable: apigroups.yaml reads as the groups that union-gen
// reads otherwise than their markers, each at the line of its entry.
func TestAPIGroupsTable(t *testing.T) {
	const deviceNodeSelection = "the API server enforces exactly one of its fields where the ResourceSlice's perDeviceNodeSelection is true, and none elsewhere, a rule of the ResourceSlice that no union of the device can hold"
	want := map[apiGroup]apiGroupReading{
		{"resource", "CapacityRequestPolicy", "ValidRequestValues"}: {requires: unionspec.ZeroOrOne,
			enforced: "the API server enforces at most one of its fields, as the type's comment says (\"Must not set more than one ValidRequestValues\")"},
		{"resource", "DeviceConstraint", "ConstraintType"}: {requires: unionspec.AtLeastOne,
			enforced: "the API server enforces at least one of its fields, and takes matchAttribute where both are set"},
		{"resource", "Device", "DeviceNodeSelection"}:      {unchecked: true, enforced: deviceNodeSelection},
		{"resource", "BasicDevice", "DeviceNodeSelection"}: {unchecked: true, enforced: deviceNodeSelection},
	}
	if len(apiGroups) != len(want) {
		t.Errorf("%d groups, want %d: %v", len(apiGroups), len(want), apiGroups)
	}
	lines := map[int]bool{}
	for key, w := range want {
		got, ok := apiGroups[key]
		if !ok {
			t.Errorf("no group %v", key)
			continue
		}
		if got.requires != w.requires || got.unchecked != w.unchecked || got.enforced != w.enforced {
			t.Errorf("%v: %+v, want %+v", key, got, w)
		}
		if got.pos.Filename != apiGroupsFile || got.pos.Line == 0 || lines[got.pos.Line] {
			t.Errorf("%v is at %v, not a line of its own of %s", key, got.pos, apiGroupsFile)
		}
		lines[got.pos.Line] = true
	}
}

// TestReadAPIGroupsErrors: what is not an entry of a group is an error at
// its line.
func TestReadAPIGroupsErrors(t *testing.T) {
	const entry = "- {apiGroup: resource, type: Device, group: DeviceNodeSelection, reads: unchecked, enforced: why}\n"
	for _, tc := range []struct{ name, data, want string }{
		{"reads", "# a comment\n- {apiGroup: resource, type: Device, group: G, reads: exactlyOne, enforced: why}\n",
			apiGroupsFile + `:2:3: reads is "exactlyOne", not zeroOrOne, atLeastOne or unchecked`},
		{"twice", entry + entry, apiGroupsFile + ":2:3: Device's group DeviceNodeSelection of resource is at " + apiGroupsFile + ":1:3 too"},
		{"missing", "- {apiGroup: resource, type: Device, reads: unchecked, enforced: why}\n", apiGroupsFile + ":1:3: an entry needs"},
		{"unknown field", "- {apiGroups: resource}\n", "field apiGroups not found"},
	} {
		_, err := readAPIGroups([]byte(tc.data))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}
