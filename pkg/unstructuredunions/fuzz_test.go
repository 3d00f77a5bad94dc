package unstructuredunions_test

import (
	"testing"

	appsv1 "github.com/union-gen/union-gen/examples/apis/apps/v1"
	autoscalingv2 "github.com/union-gen/union-gen/examples/apis/autoscaling/v2"
	corev1 "github.com/union-gen/union-gen/examples/apis/core/v1"
	kepv1alpha1 "github.com/union-gen/union-gen/examples/apis/kep/v1alpha1"
	examplev1 "github.com/union-gen/union-gen/examples/crd/v1"
	"github.com/union-gen/union-gen/examples/peers/difftables"
)

// specDecoder builds a WidgetSpec from fuzz bytes: every place of the
// example CRD at once, from the objects of the differential tables, with
// map keys and list-map items present or not and in either order.
type specDecoder struct {
	data   []byte
	tables map[string]*difftables.Table
}

func (d *specDecoder) next() int {
	if len(d.data) == 0 {
		return 0
	}
	b := d.data[0]
	d.data = d.data[1:]
	return int(b)
}

func (d *specDecoder) object(table string) any {
	objs := d.tables[table].Objects
	return objs[d.next()%len(objs)]
}

func (d *specDecoder) kep(disc string, useDisc bool) kepv1alpha1.Union {
	u := *d.object("kep/v1alpha1.Union").(*kepv1alpha1.Union)
	if useDisc {
		u.UnionType = kepv1alpha1.UnionType(disc)
	}
	return u
}

// spec builds a spec; disc, when the data says so, replaces the
// discriminator of some of its unions.
func (d *specDecoder) spec(disc string) examplev1.WidgetSpec {
	var s examplev1.WidgetSpec
	if d.next()&1 == 1 {
		c := *d.object("DeploymentStrategy").(*appsv1.DeploymentStrategy)
		if d.next()&1 == 1 {
			c.Type = appsv1.DeploymentStrategyType(disc)
		}
		s.Strategy = &c
	}
	for range d.next() % 3 {
		s.Metrics = append(s.Metrics, *d.object("MetricSpec").(*autoscalingv2.MetricSpec))
	}
	for range d.next() % 3 {
		s.Profiles = append(s.Profiles, *d.object("SeccompProfile").(*corev1.SeccompProfile))
	}
	s.Union = d.kep(disc, d.next()&1 == 1)
	for _, k := range []string{"a", "b"} {
		if d.next()&1 == 1 {
			if s.Unions == nil {
				s.Unions = map[string]kepv1alpha1.Union{}
			}
			s.Unions[k] = d.kep(disc, d.next()&1 == 1)
		}
	}
	// The third name may repeat another: the items are then matched with
	// the first old item of that name, as Go matches them.
	names := []string{"a", "b", []string{"a", "b", "c"}[d.next()%3]}
	if d.next()&1 == 1 {
		names[0], names[1] = names[1], names[0]
	}
	for _, name := range names {
		if d.next()&1 == 1 {
			s.Named = append(s.Named, examplev1.NamedUnion{Name: name, Union: d.kep(disc, d.next()&1 == 1)})
		}
	}
	return s
}

// FuzzUnstructured extends TestDifferential to whole Widgets: every place
// filled at once from the tables, list-map items reordered and their names
// repeated, map keys added and removed, and discriminators from the fuzzer;
// Normalize and Validate must give the object and the errors of the
// generated methods.
func FuzzUnstructured(f *testing.F) {
	f.Add([]byte{1, 3, 0, 2, 1, 7, 1, 1, 9, 1, 0, 1, 4, 1, 1, 5, 0, 1, 1, 2}, "FieldC", true, []byte{1, 5, 1, 1, 2, 0, 8, 1, 1, 8, 1, 1, 1, 3, 1, 1, 1, 8, 1, 1}, "")
	f.Add([]byte{1, 4, 1, 0, 0, 0, 1, 30, 1, 1, 31, 0, 1, 1, 32, 1, 1, 33}, "Recreate", true, []byte{1, 4, 0, 0, 0, 40, 1, 1, 41, 1, 1, 42, 0, 1, 1, 43, 1, 1, 44}, "RollingUpdate")
	f.Add([]byte{}, "", false, []byte{}, "")
	f.Add([]byte{1, 2, 1, 1, 1, 3, 3, 0, 0}, "Bogus", true, []byte{1, 2, 1, 1, 1, 3, 3}, "fielda")
	s := loadSchema(f)
	tables := difftables.ByName()
	f.Fuzz(func(t *testing.T, newData []byte, disc string, update bool, oldData []byte, oldDisc string) {
		newU := unstructured(t, difftables.NewWidget((&specDecoder{newData, tables}).spec(disc)))
		var oldU map[string]any
		if update {
			oldU = unstructured(t, difftables.NewWidget((&specDecoder{oldData, tables}).spec(oldDisc)))
		}
		if _, diff := compare(t, s, newU, oldU); diff != "" {
			t.Fatalf("new %v\nold %v\n%s", newU, oldU, diff)
		}
	})
}
