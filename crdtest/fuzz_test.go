package crdtest

import (
	"fmt"
	"testing"
	"unicode/utf8"

	appsv1 "github.com/union-gen/union-gen/examples/apis/apps/v1"
	autoscalingv2 "github.com/union-gen/union-gen/examples/apis/autoscaling/v2"
	corev1 "github.com/union-gen/union-gen/examples/apis/core/v1"
	kepv1alpha1 "github.com/union-gen/union-gen/examples/apis/kep/v1alpha1"
	examplev1 "github.com/union-gen/union-gen/examples/crd/v1"
	"github.com/union-gen/union-gen/examples/peers/difftables"
)

// withDisc returns a copy of a table's object with its discriminator set
// to disc.
func withDisc(obj any, disc string) any {
	switch o := obj.(type) {
	case *appsv1.DeploymentStrategy:
		c := *o
		c.Type = appsv1.DeploymentStrategyType(disc)
		return &c
	case *autoscalingv2.MetricSpec:
		c := *o
		c.Type = autoscalingv2.MetricSourceType(disc)
		return &c
	case *corev1.SeccompProfile:
		c := *o
		c.Type = corev1.SeccompProfileType(disc)
		return &c
	case *kepv1alpha1.Union:
		c := *o
		c.UnionType = kepv1alpha1.UnionType(disc)
		return &c
	}
	panic(fmt.Sprintf("no discriminator for %T", obj))
}

// FuzzCRDRules extends TestDifferentialCEL to any discriminator strings: a
// placement, member states of the new and old objects from the tables, and
// discriminators from the fuzzer; the CRD's verdict must be the Go one.
func FuzzCRDRules(f *testing.F) {
	f.Add(uint8(0), uint16(0), "RollingUpdate", uint16(1), "Recreate", true)
	f.Add(uint8(1), uint16(5), "Pods", uint16(9), "Pods", true)
	f.Add(uint8(2), uint16(2), "", uint16(0), "Localhost", false)
	f.Add(uint8(3), uint16(3), "FieldB", uint16(4), "FieldB", true)
	f.Add(uint8(4), uint16(1), "fieldA", uint16(1), "FieldA", true)
	f.Add(uint8(5), uint16(7), "FieldC", uint16(2), "", true)
	f.Add(uint8(0), uint16(3), "Recreate\u00e9", uint16(3), "Recreate", true)
	v := newValidators(f, loadCRD(f, exampleCRD))
	tables := map[string]*difftables.Table{}
	for _, table := range difftables.Tables() {
		tables[table.Name] = table
	}
	f.Fuzz(func(t *testing.T, which uint8, n uint16, disc string, o uint16, oldDisc string, update bool) {
		if !utf8.ValidString(disc) || !utf8.ValidString(oldDisc) {
			t.Skip("the API server decodes only valid UTF-8")
		}
		p := placements[int(which)%len(placements)]
		table := tables[p.table]
		obj, objU := widget(t, p, withDisc(table.Objects[int(n)%len(table.Objects)], disc))
		var old *examplev1.Widget
		var oldU map[string]any
		if update {
			old, oldU = widget(t, p, withDisc(table.Objects[int(o)%len(table.Objects)], oldDisc))
		}
		want := verdict(obj.ValidateUnions(old, nil))
		if got := verdict(v.validate(objU, oldU)); got != want {
			t.Fatalf("%s, new %q, old %q (update %v):\n  CRD: %s\n  Go:  %s", p.name, disc, oldDisc, update, got, want)
		}
	})
}
