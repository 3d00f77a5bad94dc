package unstructuredtest

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"

	examplev1 "github.com/union-gen/union-gen/examples/crd/v1"
	"github.com/union-gen/union-gen/examples/peers/difftables"
	"github.com/union-gen/union-gen/internal/testsupport/policyfile"
	"github.com/union-gen/union-gen/pkg/unstructuredunions"
)

// examplePolicy is the policy that union-gen writes beside the example CRD;
// its annotation holds the schema of Widget.
const examplePolicy = "../../examples/crd/config/examples.union-gen.io_widgets.unions-policy.yaml"

// widgetsPolicy is the name of the policy of Widget's version v1.
const widgetsPolicy = "widgets.examples.union-gen.io-v1-unions"

// loadSchema is the schema of Widget's version v1 in the example's policy.
func loadSchema(t testing.TB) *unstructuredunions.Schema {
	t.Helper()
	return policyfile.Schema(t, examplePolicy, widgetsPolicy)
}

// typed decodes an unstructured Widget into a new Go object.
func typed(t testing.TB, u map[string]any) *examplev1.Widget {
	t.Helper()
	if u == nil {
		return nil
	}
	w := &examplev1.Widget{}
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u, w); err != nil {
		t.Fatal(err)
	}
	return w
}

func unstructured(t testing.TB, w *examplev1.Widget) map[string]any {
	t.Helper()
	u, err := difftables.Unstructured(w)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// errorsText writes an error list with every part of each error, in order.
func errorsText(errs field.ErrorList) string {
	var b strings.Builder
	for _, e := range errs {
		fmt.Fprintf(&b, "%s %s: %q (value %v); ", e.Type, e.Field, e.Detail, e.BadValue)
	}
	return b.String()
}

// compare runs the generated methods on goNew and goOld, the Go objects of
// newU and oldU (nil on create), and the schema on copies of newU, and
// reports where they differ: the normalized objects must be equal, as
// unstructured objects, and the errors, before and after normalization,
// equal in order, type, path, message and value; JSONPatch must give the
// same object, applied. It reports whether the objects were changed, and
// changes goNew.
func compare(t testing.TB, s *unstructuredunions.Schema, newU, oldU map[string]any, goNew, goOld *examplev1.Widget) (normalized bool, diff string) {
	t.Helper()
	wantErrsBefore := errorsText(goNew.ValidateUnions(goOld, nil))
	goNew.NormalizeUnions(goOld)
	want := unstructured(t, goNew)
	wantErrs := errorsText(goNew.ValidateUnions(goOld, nil))

	if got := errorsText(s.Validate(newU, oldU, nil)); got != wantErrsBefore {
		return false, fmt.Sprintf("Validate before Normalize:\n  got  %s\n  want %s", got, wantErrsBefore)
	}
	got := runtime.DeepCopyJSON(newU)
	changed := s.Normalize(got, oldU)
	if !difftables.Equal(got, want) {
		return false, fmt.Sprintf("Normalize:\n  got  %v\n  want %v", got, want)
	}
	if changed == difftables.Equal(newU, want) {
		return false, fmt.Sprintf("Normalize reports changed=%v", changed)
	}
	if gotErrs := errorsText(s.Validate(got, oldU, nil)); gotErrs != wantErrs {
		return false, fmt.Sprintf("Validate after Normalize:\n  got  %s\n  want %s", gotErrs, wantErrs)
	}
	before := runtime.DeepCopyJSON(newU)
	patched := runtime.DeepCopyJSON(newU)
	if err := apply(patched, s.JSONPatch(newU, oldU)); err != nil {
		return false, "JSONPatch: " + err.Error()
	}
	if !difftables.Equal(newU, before) {
		return false, "JSONPatch changed the object"
	}
	if !difftables.Equal(patched, want) {
		return false, fmt.Sprintf("JSONPatch applied:\n  got  %v\n  want %v", patched, want)
	}
	again := runtime.DeepCopyJSON(got)
	if s.Normalize(again, oldU) || !difftables.Equal(again, got) {
		return false, "Normalize is not idempotent"
	}
	return changed, ""
}

// apply applies the operations of JSONPatch, which are "remove" and
// "replace" of properties of objects, to obj.
func apply(obj map[string]any, patch []unstructuredunions.Operation) error {
	for _, op := range patch {
		segments := strings.Split(op.Path, "/")[1:]
		var parent any = obj
		for _, seg := range segments[:len(segments)-1] {
			seg = strings.NewReplacer("~1", "/", "~0", "~").Replace(seg)
			switch p := parent.(type) {
			case map[string]any:
				parent = p[seg]
			case []any:
				i, err := strconv.Atoi(seg)
				if err != nil || i >= len(p) {
					return fmt.Errorf("%s: no item %s", op.Path, seg)
				}
				parent = p[i]
			}
		}
		last := strings.NewReplacer("~1", "/", "~0", "~").Replace(segments[len(segments)-1])
		p, ok := parent.(map[string]any)
		if _, found := p[last]; !ok || !found {
			return fmt.Errorf("%s: no property %s", op.Path, last)
		}
		switch op.Op {
		case "remove":
			delete(p, last)
		case "replace":
			p[last] = op.Value
		default:
			return fmt.Errorf("%s: unexpected operation %s", op.Path, op.Op)
		}
	}
	return nil
}

// TestDifferential holds Normalize and Validate to the generated
// NormalizeUnions and ValidateUnions on every (old, new) pair of the
// differential tables, and create, at every placement of the example CRD.
func TestDifferential(t *testing.T) {
	s := loadSchema(t)
	tables := difftables.ByName()
	for _, p := range difftables.Placements {
		t.Run(p.Name, func(t *testing.T) {
			table := tables[p.Table]
			objs := make([]map[string]any, len(table.Objects))
			// olds are the Go objects of objs, decoded once: the generated
			// methods only read old.
			olds := make([]*examplev1.Widget, len(table.Objects))
			for i, obj := range table.Objects {
				_, u, err := difftables.Widget(p, obj)
				if err != nil {
					t.Fatal(err)
				}
				objs[i], olds[i] = u, typed(t, u)
			}
			cases, normalized, failures := 0, 0, 0
			for n := range objs {
				for o := -1; o < len(objs); o++ {
					if testing.Short() && o >= 0 && (n+o)%4 != 0 {
						continue // the quick loop: every object, a quarter of the pairs
					}
					var old map[string]any
					var goOld *examplev1.Widget
					kind := "create"
					if o >= 0 {
						old, goOld, kind = objs[o], olds[o], "update from "+table.Objs[o].String()
					}
					cases++
					changed, diff := compare(t, s, objs[n], old, typed(t, objs[n]), goOld)
					if changed {
						normalized++
					}
					if diff != "" {
						if failures++; failures <= 10 {
							t.Errorf("%s %s: %s", kind, table.Objs[n], diff)
						}
					}
				}
			}
			if failures > 0 {
				t.Errorf("%d of %d cases differ", failures, cases)
			}
			if p.Correlated != (normalized > 0) {
				t.Errorf("%d cases normalized; want some exactly when the placement is correlated (%v)", normalized, p.Correlated)
			}
			t.Logf("%d cases, %d normalized, all equal", cases, normalized)
		})
	}
}
