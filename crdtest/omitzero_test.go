package crdtest

import (
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/validation/field"

	examplev1 "github.com/union-gen/union-gen/examples/crd/v1"
	"github.com/union-gen/union-gen/examples/peers/difftables"
)

// backups are values of the example's spec.backup, whose member snapshot is
// a struct that JSON omits when zero (omitzero), as clients may write them:
// an explicit {} or a snapshot of zero fields is unset; a present map, even
// empty, or a pointer to "" is set, as decoding them into Go makes them.
var backups = []string{
	`{"mode": "Copy", "copy": {"target": "t"}}`,
	`{"mode": "Copy", "copy": {"target": "t"}, "snapshot": {}}`,
	`{"mode": "Copy", "copy": {"target": "t"}, "snapshot": {"window": {}}}`,
	`{"mode": "Copy", "copy": {"target": "t"}, "snapshot": {"retain": 0, "schedule": "", "window": {"paused": false, "hours": 0}}}`,
	`{"mode": "Copy", "copy": {"target": "t"}, "snapshot": {"labels": {}}}`,
	`{"mode": "Copy", "copy": {"target": "t"}, "snapshot": {"owner": ""}}`,
	`{"mode": "Copy", "copy": {"target": "t"}, "snapshot": {"window": {"hours": 2}}}`,
	`{"mode": "Snapshot", "snapshot": {"schedule": "daily"}}`,
	`{"mode": "Snapshot", "snapshot": {"window": {"paused": true}}}`,
	`{"mode": "Snapshot", "snapshot": {}}`,
	`{"mode": "Snapshot"}`,
	`{"mode": "Snapshot", "snapshot": {"retain": 3}, "copy": {"target": "t"}}`,
	`{"mode": "None", "snapshot": {"window": {"start": "s"}}}`,
	`{"mode": "None", "snapshot": {}}`,
}

// TestOmitZeroMember holds the four backends to one result on every
// create and update among backups: the generated methods (reflect's IsZero),
// the unstructured normalizer and validator, the CRD's rules run by the API
// server, and the policy run by the API server's mutating admission policy
// code. Normalized objects are compared as Go decodes them, so that an
// explicit {} that one backend keeps and another drops counts as the same.
func TestOmitZeroMember(t *testing.T) {
	v := newValidators(t, loadCRD(t, preciseCRD))
	policy, _ := policyDocs(t)
	patch := policyPatcher(t, policy, widgetGVK, widgetGVR)
	schema := policySchema(t, policy.Name)
	objs := make([]map[string]any, len(backups))
	for i, backup := range backups {
		var b any
		if err := json.Unmarshal([]byte(backup), &b); err != nil {
			t.Fatal(err)
		}
		objs[i] = widgetWith(t, "backup", b)
	}
	differences, normalized, invalid := 0, 0, 0
	check := func(name string, want string, got map[string]string) {
		for backend, g := range got {
			if g != want {
				if differences++; differences <= 10 {
					t.Errorf("%s: %s gives %s, the Go methods %s", name, backend, g, want)
				}
			}
		}
	}
	for n, obj := range objs {
		_, goErrs := goMethods(t, obj, nil)
		check("create "+backups[n], verdict(goErrs), map[string]string{
			"unstructured": verdict(schema.Validate(obj, nil, nil)),
			"CEL":          verdict(v.validate(obj, nil)),
		})
		if len(goErrs) > 0 {
			invalid++
		}
		for o, old := range objs {
			name := "update from " + backups[o] + " to " + backups[n]
			want, goErrs := goMethods(t, obj, old)
			unstructuredObj := runtime.DeepCopyJSON(obj)
			schema.Normalize(unstructuredObj, old)
			patched, err := patch(obj, old)
			if err != nil {
				t.Fatalf("%s: the policy fails: %v", name, err)
			}
			for backend, got := range map[string]map[string]any{"unstructured": unstructuredObj, "policy": patched} {
				if got := canonical(t, got); !reflect.DeepEqual(got, want) {
					if differences++; differences <= 10 {
						t.Errorf("%s: %s normalizes to %v, the Go methods to %v", name, backend, got, want)
					}
				}
			}
			if !reflect.DeepEqual(want, canonical(t, obj)) {
				normalized++
			}
			check(name, verdict(goErrs), map[string]string{
				"unstructured": verdict(schema.Validate(unstructuredObj, old, nil)),
				"CEL":          verdict(v.validate(patched, old)),
			})
		}
	}
	if normalized == 0 || invalid == 0 {
		t.Errorf("%d updates normalized, %d creates invalid: the table tests neither", normalized, invalid)
	}
	t.Logf("%d creates (%d invalid), %d updates (%d normalized), %d differences", len(objs), invalid, len(objs)*len(objs), normalized, differences)
}

// widgetWith is an empty Widget, as the API server sees it, with the
// property of its spec set to value.
func widgetWith(t testing.TB, property string, value any) map[string]any {
	t.Helper()
	w, err := difftables.Unstructured(difftables.NewWidget(examplev1.WidgetSpec{}))
	if err != nil {
		t.Fatal(err)
	}
	w["spec"].(map[string]any)[property] = value
	return w
}

// goWidget decodes an unstructured Widget as the API server's Go code would.
func goWidget(t testing.TB, obj map[string]any) *examplev1.Widget {
	t.Helper()
	var w examplev1.Widget
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(obj, &w); err != nil {
		t.Fatal(err)
	}
	return &w
}

// goMethods runs the generated NormalizeUnions and ValidateUnions on obj
// decoded, an update of old, or a create when old is nil, and returns the
// normalized object as Go writes it and the errors.
func goMethods(t testing.TB, obj, old map[string]any) (map[string]any, field.ErrorList) {
	t.Helper()
	w := goWidget(t, obj)
	var errs field.ErrorList
	if old == nil {
		errs = w.ValidateUnions(nil, nil)
	} else {
		o := goWidget(t, old)
		w.NormalizeUnions(o)
		errs = w.ValidateUnions(o, nil)
	}
	u, err := difftables.Unstructured(w)
	if err != nil {
		t.Fatal(err)
	}
	return u, errs
}

// canonical is obj as Go decodes and writes it.
func canonical(t testing.TB, obj map[string]any) map[string]any {
	t.Helper()
	u, err := difftables.Unstructured(goWidget(t, obj))
	if err != nil {
		t.Fatal(err)
	}
	return u
}
