package crdtest

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"

	appsv1 "github.com/union-gen/union-gen/examples/apis/apps/v1"
	autoscalingv2 "github.com/union-gen/union-gen/examples/apis/autoscaling/v2"
	corev1 "github.com/union-gen/union-gen/examples/apis/core/v1"
	kepv1alpha1 "github.com/union-gen/union-gen/examples/apis/kep/v1alpha1"
	"github.com/union-gen/union-gen/examples/apis/ratcheting"
	examplev1 "github.com/union-gen/union-gen/examples/crd/v1"
	"github.com/union-gen/union-gen/examples/peers/difftables"
)

// A placement puts an object of a differential table into a Widget's spec,
// at one of the places that the example CRD reaches unions through.
type placement struct {
	name  string
	table string
	// correlated: updates match the value with its old counterpart, so
	// V3's message on an unchanged discriminator can occur.
	correlated bool
	put        func(spec *examplev1.WidgetSpec, obj any)
}

var placements = []placement{
	{"spec.strategy (pointer)", "DeploymentStrategy", true, func(s *examplev1.WidgetSpec, o any) {
		s.Strategy = o.(*appsv1.DeploymentStrategy)
	}},
	{"spec.metrics[0] (list without maxItems)", "MetricSpec", false, func(s *examplev1.WidgetSpec, o any) {
		s.Metrics = []autoscalingv2.MetricSpec{*o.(*autoscalingv2.MetricSpec)}
	}},
	{"spec.profiles[0] (list with maxItems)", "SeccompProfile", false, func(s *examplev1.WidgetSpec, o any) {
		s.Profiles = []corev1.SeccompProfile{*o.(*corev1.SeccompProfile)}
	}},
	{"spec (inline)", "kep/v1alpha1.Union", true, func(s *examplev1.WidgetSpec, o any) {
		s.Union = *o.(*kepv1alpha1.Union)
	}},
	{"spec.unions[a] (map)", "kep/v1alpha1.Union", true, func(s *examplev1.WidgetSpec, o any) {
		s.Unions = map[string]kepv1alpha1.Union{"a": *o.(*kepv1alpha1.Union)}
	}},
	{"spec.named[name=a] (list-map, inline)", "kep/v1alpha1.Union", true, func(s *examplev1.WidgetSpec, o any) {
		s.Named = []examplev1.NamedUnion{{Name: "a", Union: *o.(*kepv1alpha1.Union)}}
	}},
	// The copies in examples/apis/ratcheting ratchet.
	{"spec.ratchetedStrategy (pointer, ratcheting unchanged)", "DeploymentStrategy", true, func(s *examplev1.WidgetSpec, o any) {
		s.RatchetedStrategy = (*ratcheting.DeploymentStrategy)(o.(*appsv1.DeploymentStrategy))
	}},
	{"spec.ratchetedUnions[a] (map, ratcheting by membership)", "kep/v1alpha1.Union", true, func(s *examplev1.WidgetSpec, o any) {
		s.RatchetedUnions = map[string]ratcheting.UnionByMembership{"a": ratcheting.UnionByMembership(*o.(*kepv1alpha1.Union))}
	}},
	{"spec.ratchetedNamed[name=a] (list-map, inline, ratcheting unchanged)", "kep/v1alpha1.Union", true, func(s *examplev1.WidgetSpec, o any) {
		s.RatchetedNamed = []examplev1.RatchetedNamedUnion{{Name: "a", Union: ratcheting.Union(*o.(*kepv1alpha1.Union))}}
	}},
}

// widget is a Widget with obj placed in its spec, and as the API server
// sees it: unstructured, without the nulls that it prunes.
func widget(t testing.TB, p placement, obj any) (*examplev1.Widget, map[string]any) {
	t.Helper()
	w := &examplev1.Widget{
		TypeMeta:   metav1.TypeMeta{APIVersion: "examples.union-gen.io/v1", Kind: "Widget"},
		ObjectMeta: metav1.ObjectMeta{Name: "w", Namespace: "default"},
	}
	p.put(&w.Spec, obj)
	u, err := runtime.DefaultUnstructuredConverter.ToUnstructured(w)
	if err != nil {
		t.Fatal(err)
	}
	pruneNulls(u)
	return w, u
}

func pruneNulls(v any) {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			if e == nil {
				delete(v, k)
			} else {
				pruneNulls(e)
			}
		}
	case []any:
		for _, e := range v {
			pruneNulls(e)
		}
	}
}

// mapKey is a map key in a field path, as Go writes it: [a].
var mapKey = regexp.MustCompile(`\[([^\]0-9][^\]]*)\]`)

// verdict is an error list in comparable form: type, path and message,
// sorted. V1's NotSupported comes from the schema's enum, in two forms that
// the API server gives it: its message lists the values of the enum, which
// has "" beside Go's valid values (see pkg/crd.Enum), so it is left out
// and its value kept; and its path writes a map key as .a, not [a].
func verdict(errs field.ErrorList) string {
	var s []string
	for _, e := range errs {
		path, detail := e.Field, e.Detail
		if e.Type == field.ErrorTypeNotSupported {
			path = mapKey.ReplaceAllString(path, ".$1")
			detail = fmt.Sprintf("value %v", e.BadValue)
		}
		s = append(s, fmt.Sprintf("%s %s: %s", e.Type, path, detail))
	}
	slices.Sort(s)
	if len(s) == 0 {
		return "accept"
	}
	return strings.Join(s, "; ")
}

// enumRatcheted reports the difference between the API server and the Go
// methods of docs/semantics.md §7 that ratcheting unions show: the server
// drops the enum's NotSupported on an unchanged discriminator, where a
// union that does not ratchet, or changed, gets it in Go.
func enumRatcheted(goErrs field.ErrorList, discUnchanged bool) bool {
	if !discUnchanged || len(goErrs) == 0 {
		return false
	}
	for _, e := range goErrs {
		if e.Type != field.ErrorTypeNotSupported {
			return false
		}
	}
	return true
}

// TestDifferentialCEL holds the CRD's schema and rules, run by the API
// server's validators, to the generated ValidateUnions on every (old, new)
// pair of the differential tables, at every placement: type, path and
// message of every error must be equal.
func TestDifferentialCEL(t *testing.T) {
	v := newValidators(t, loadCRD(t, exampleCRD))
	tables := map[string]*difftables.Table{}
	for _, table := range difftables.Tables() {
		tables[table.Name] = table
	}
	for _, p := range placements {
		t.Run(p.name, func(t *testing.T) {
			table := tables[p.table]
			ratchets := strings.Contains(p.name, "ratcheting")
			objs := make([]*examplev1.Widget, len(table.Objects))
			unstructured := make([]map[string]any, len(table.Objects))
			for i, obj := range table.Objects {
				objs[i], unstructured[i] = widget(t, p, obj)
			}
			cases, failures := 0, 0
			seen := map[string]int{}
			check := func(n, o int) {
				cases++
				var old *examplev1.Widget
				var oldU map[string]any
				kind := "create"
				if o >= 0 {
					old, oldU = objs[o], unstructured[o]
					kind = "update from " + table.Objs[o].String()
				}
				goErrs := objs[n].ValidateUnions(old, nil)
				if len(goErrs) == 0 && old != nil && len(objs[n].ValidateUnions(nil, nil)) > 0 {
					seen["ratcheted"]++
				}
				for _, e := range goErrs {
					seen[string(e.Type)]++
					if strings.Contains(e.Detail, "did not change") {
						seen["unchanged"]++
					}
				}
				want := verdict(goErrs)
				var got string
				if ratchets {
					crdErrs := v.validateRatcheting(unstructured[n], oldU)
					if len(crdErrs) == 0 && enumRatcheted(goErrs, old != nil && table.Objs[o].Disc == table.Objs[n].Disc) {
						seen["enum ratcheted"]++
						return
					}
					got = verdict(crdErrs)
				} else {
					got = verdict(v.validate(unstructured[n], oldU))
				}
				if got != want {
					if failures++; failures <= 10 {
						t.Errorf("%s %s %s:\n  CRD: %s\n  Go:  %s", p.table, kind, table.Objs[n], got, want)
					}
				}
			}
			for n := range table.Objects {
				check(n, -1)
				for o := range table.Objects {
					check(n, o)
				}
			}
			if failures > 0 {
				t.Errorf("%d of %d cases differ", failures, cases)
			}
			wantSeen := []string{string(field.ErrorTypeRequired), string(field.ErrorTypeForbidden), string(field.ErrorTypeNotSupported)}
			if p.correlated {
				wantSeen = append(wantSeen, "unchanged")
			}
			if ratchets {
				wantSeen = append(wantSeen, "ratcheted")
			}
			for _, w := range wantSeen {
				if seen[w] == 0 {
					t.Errorf("no case has a %s error: the table does not cover the rules", w)
				}
			}
			t.Logf("%s: %d cases, all equal but the %d of \"enum ratcheted\"; Go errors by type: %v", p.table, cases, seen["enum ratcheted"], seen)
		})
	}
}
