package crdtest

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	examplev1 "github.com/union-gen/union-gen/examples/crd/v1"
	"github.com/union-gen/union-gen/examples/peers/difftables"
)

// widget is difftables.Widget, failing the test on error.
func widget(t testing.TB, p difftables.Placement, obj any) (*examplev1.Widget, map[string]any) {
	t.Helper()
	w, u, err := difftables.Widget(p, obj)
	if err != nil {
		t.Fatal(err)
	}
	return w, u
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

// acceptance is the verdict of errs: accepted or rejected.
func acceptance(errs field.ErrorList) string {
	if len(errs) == 0 {
		return "accept"
	}
	return "reject"
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

// TestDifferentialCEL holds the schema and precise rules of the example CRD
// (--crd-rules=precise), run by the API server's validators, to the
// generated ValidateUnions on every (old, new) pair of the differential
// tables, at every placement: type, path and message of every error must be
// equal.
func TestDifferentialCEL(t *testing.T) {
	differentialCEL(t, preciseCRD, false)
}

// TestDifferentialCompactCEL holds the compact rules of the example CRD
// (the default) to the generated ValidateUnions likewise, by verdict: an
// object is accepted by both, or rejected by both.
func TestDifferentialCompactCEL(t *testing.T) {
	differentialCEL(t, exampleCRD, true)
}

// differentialCEL compares the errors of the CRD's validators with Go's,
// or only whether there are any where compact.
func differentialCEL(t *testing.T, crdFile string, compact bool) {
	v := newValidators(t, loadCRD(t, crdFile))
	tables := difftables.ByName()
	for _, p := range difftables.Placements {
		t.Run(p.Name, func(t *testing.T) {
			table := tables[p.Table]
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
				var crdErrs field.ErrorList
				if p.Ratcheting {
					crdErrs = v.validateRatcheting(unstructured[n], oldU)
					if len(crdErrs) == 0 && enumRatcheted(goErrs, old != nil && table.Objs[o].Disc == table.Objs[n].Disc) {
						seen["enum ratcheted"]++
						return
					}
				} else {
					crdErrs = v.validate(unstructured[n], oldU)
				}
				want, got := verdict(goErrs), verdict(crdErrs)
				if compact {
					want, got = acceptance(goErrs), acceptance(crdErrs)
				}
				if got != want {
					if failures++; failures <= 10 {
						t.Errorf("%s %s %s:\n  CRD: %s\n  Go:  %s", p.Table, kind, table.Objs[n], got, want)
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
			if p.Correlated {
				wantSeen = append(wantSeen, "unchanged")
			}
			if p.Ratcheting {
				wantSeen = append(wantSeen, "ratcheted")
			}
			for _, w := range wantSeen {
				if seen[w] == 0 {
					t.Errorf("no case has a %s error: the table does not cover the rules", w)
				}
			}
			t.Logf("%s: %d cases, all equal but the %d of \"enum ratcheted\"; Go errors by type: %v", p.Table, cases, seen["enum ratcheted"], seen)
		})
	}
}
