package crdtest

import (
	"testing"
	"unicode/utf8"

	"k8s.io/apimachinery/pkg/util/validation/field"

	examplev1 "github.com/union-gen/union-gen/examples/crd/v1"
	"github.com/union-gen/union-gen/examples/peers/difftables"
)

// withDisc is difftables.WithDisc, failing the test on error.
func withDisc(t testing.TB, obj any, disc string) any {
	t.Helper()
	c, err := difftables.WithDisc(obj, disc)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// FuzzCRDRules extends TestDifferentialCEL to any discriminator strings: a
// placement, member states of the new and old objects from the tables, and
// discriminators from the fuzzer; the CRD's verdict must be the Go one, but
// for the enum's errors that a ratcheting union drops (enumRatcheted).
func FuzzCRDRules(f *testing.F) {
	f.Add(uint8(0), uint16(0), "RollingUpdate", uint16(1), "Recreate", true)
	f.Add(uint8(1), uint16(5), "Pods", uint16(9), "Pods", true)
	f.Add(uint8(2), uint16(2), "", uint16(0), "Localhost", false)
	f.Add(uint8(3), uint16(3), "FieldB", uint16(4), "FieldB", true)
	f.Add(uint8(4), uint16(1), "fieldA", uint16(1), "FieldA", true)
	f.Add(uint8(5), uint16(7), "FieldC", uint16(2), "", true)
	f.Add(uint8(0), uint16(3), "Recreate\u00e9", uint16(3), "Recreate", true)
	f.Add(uint8(6), uint16(1), "Recreate", uint16(1), "Recreate", true)
	f.Add(uint8(7), uint16(3), "FieldB", uint16(3), "FieldB", true)
	f.Add(uint8(8), uint16(5), "Bogus", uint16(5), "Bogus", true)
	v := newValidators(f, loadCRD(f, preciseCRD))
	tables := difftables.ByName()
	f.Fuzz(func(t *testing.T, which uint8, n uint16, disc string, o uint16, oldDisc string, update bool) {
		if !utf8.ValidString(disc) || !utf8.ValidString(oldDisc) {
			t.Skip("the API server decodes only valid UTF-8")
		}
		p := difftables.Placements[int(which)%len(difftables.Placements)]
		table := tables[p.Table]
		obj, objU := widget(t, p, withDisc(t, table.Objects[int(n)%len(table.Objects)], disc))
		var old *examplev1.Widget
		var oldU map[string]any
		if update {
			old, oldU = widget(t, p, withDisc(t, table.Objects[int(o)%len(table.Objects)], oldDisc))
		}
		goErrs := obj.ValidateUnions(old, nil)
		want := verdict(goErrs)
		var crdErrs field.ErrorList
		if p.Ratcheting {
			crdErrs = v.validateRatcheting(objU, oldU)
			if len(crdErrs) == 0 && enumRatcheted(goErrs, update && disc == oldDisc) {
				return
			}
		} else {
			crdErrs = v.validate(objU, oldU)
		}
		if got := verdict(crdErrs); got != want {
			t.Fatalf("%s, new %q, old %q (update %v):\n  CRD: %s\n  Go:  %s", p.Name, disc, oldDisc, update, got, want)
		}
	})
}
