package difftables

import (
	"fmt"
	"reflect"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	appsv1 "github.com/union-gen/union-gen/examples/apis/apps/v1"
	autoscalingv2 "github.com/union-gen/union-gen/examples/apis/autoscaling/v2"
	corev1 "github.com/union-gen/union-gen/examples/apis/core/v1"
	kepv1alpha1 "github.com/union-gen/union-gen/examples/apis/kep/v1alpha1"
	"github.com/union-gen/union-gen/examples/apis/ratcheting"
	examplev1 "github.com/union-gen/union-gen/examples/crd/v1"
)

// A Placement puts an object of a table into a Widget's spec, at one of the
// places through which the example CRD reaches unions.
type Placement struct {
	Name  string
	Table string
	// Correlated: updates match the value with its old counterpart, so
	// V3's message on an unchanged discriminator and normalization can
	// occur.
	Correlated bool
	// Ratcheting: the place holds a ratcheting union, one of the copies in
	// examples/apis/ratcheting of the tables' unions; it normalizes as the
	// others, and validates with ratcheting.
	Ratcheting bool
	Put        func(spec *examplev1.WidgetSpec, obj any)
}

// Placements are every place of the example CRD's Widget.
var Placements = []Placement{
	{"spec.strategy (pointer)", "DeploymentStrategy", true, false, func(s *examplev1.WidgetSpec, o any) {
		s.Strategy = o.(*appsv1.DeploymentStrategy)
	}},
	{"spec.metrics[0] (list without maxItems)", "MetricSpec", false, false, func(s *examplev1.WidgetSpec, o any) {
		s.Metrics = []autoscalingv2.MetricSpec{*o.(*autoscalingv2.MetricSpec)}
	}},
	{"spec.profiles[0] (list with maxItems)", "SeccompProfile", false, false, func(s *examplev1.WidgetSpec, o any) {
		s.Profiles = []corev1.SeccompProfile{*o.(*corev1.SeccompProfile)}
	}},
	{"spec (inline)", "kep/v1alpha1.Union", true, false, func(s *examplev1.WidgetSpec, o any) {
		s.Union = *o.(*kepv1alpha1.Union)
	}},
	{"spec.unions[a] (map)", "kep/v1alpha1.Union", true, false, func(s *examplev1.WidgetSpec, o any) {
		s.Unions = map[string]kepv1alpha1.Union{"a": *o.(*kepv1alpha1.Union)}
	}},
	{"spec.named[name=a] (list-map, inline)", "kep/v1alpha1.Union", true, false, func(s *examplev1.WidgetSpec, o any) {
		s.Named = []examplev1.NamedUnion{{Name: "a", Union: *o.(*kepv1alpha1.Union)}}
	}},
	{"spec.ratchetedStrategy (pointer, ratcheting unchanged)", "DeploymentStrategy", true, true, func(s *examplev1.WidgetSpec, o any) {
		s.RatchetedStrategy = (*ratcheting.DeploymentStrategy)(o.(*appsv1.DeploymentStrategy))
	}},
	{"spec.ratchetedUnions[a] (map, ratcheting by membership)", "kep/v1alpha1.Union", true, true, func(s *examplev1.WidgetSpec, o any) {
		s.RatchetedUnions = map[string]ratcheting.UnionByMembership{"a": ratcheting.UnionByMembership(*o.(*kepv1alpha1.Union))}
	}},
	{"spec.ratchetedNamed[name=a] (list-map, inline, ratcheting unchanged)", "kep/v1alpha1.Union", true, true, func(s *examplev1.WidgetSpec, o any) {
		s.RatchetedNamed = []examplev1.RatchetedNamedUnion{{Name: "a", Union: ratcheting.Union(*o.(*kepv1alpha1.Union))}}
	}},
}

// NewWidget is a Widget named w in the default namespace, with spec.
func NewWidget(spec examplev1.WidgetSpec) *examplev1.Widget {
	return &examplev1.Widget{
		TypeMeta:   metav1.TypeMeta{APIVersion: "examples.union-gen.io/v1", Kind: "Widget"},
		ObjectMeta: metav1.ObjectMeta{Name: "w", Namespace: "default"},
		Spec:       spec,
	}
}

// Widget is a Widget with obj placed in its spec (which may share obj's
// pointers), and the same as the API server sees it: unstructured,
// without the nulls that it prunes.
func Widget(p Placement, obj any) (*examplev1.Widget, map[string]any, error) {
	w := NewWidget(examplev1.WidgetSpec{})
	p.Put(&w.Spec, obj)
	u, err := Unstructured(w)
	return w, u, err
}

// Unstructured is w as the API server sees it: unstructured, without the
// nulls that it prunes.
func Unstructured(w *examplev1.Widget) (map[string]any, error) {
	u, err := runtime.DefaultUnstructuredConverter.ToUnstructured(w)
	if err != nil {
		return nil, err
	}
	pruneNulls(u)
	return u, nil
}

// Equal is reflect.DeepEqual of unstructured objects (a nil map or slice is
// not an empty one, an int64 is no float64), without reflection on their
// maps and slices, which made DeepEqual most of the differential tests'
// time. (structured-merge-diff's value.Equals is as fast, but takes 1 and
// 1.0 for equal.)
func Equal(a, b map[string]any) bool {
	return equalValues(a, b)
}

func equalValues(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) || (a == nil) != (b == nil) {
			return false
		}
		for k, v := range a {
			if w, ok := b[k]; !ok || !equalValues(v, w) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) || (a == nil) != (b == nil) {
			return false
		}
		for i := range a {
			if !equalValues(a[i], b[i]) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a, b)
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

// WithDisc returns a copy of a table's object with its discriminator set
// to disc.
func WithDisc(obj any, disc string) (any, error) {
	switch o := obj.(type) {
	case *appsv1.DeploymentStrategy:
		c := *o
		c.Type = appsv1.DeploymentStrategyType(disc)
		return &c, nil
	case *autoscalingv2.MetricSpec:
		c := *o
		c.Type = autoscalingv2.MetricSourceType(disc)
		return &c, nil
	case *corev1.SeccompProfile:
		c := *o
		c.Type = corev1.SeccompProfileType(disc)
		return &c, nil
	case *kepv1alpha1.Union:
		c := *o
		c.UnionType = kepv1alpha1.UnionType(disc)
		return &c, nil
	}
	return nil, fmt.Errorf("no discriminator for %T", obj)
}

// ByName indexes the tables by name.
func ByName() map[string]*Table {
	tables := map[string]*Table{}
	for _, table := range Tables() {
		tables[table.Name] = table
	}
	return tables
}

// specDecoder reads the choices of DecodeSpec from fuzz bytes, 0 once they
// run out.
type specDecoder struct {
	data   []byte
	tables map[string]*Table
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

// DecodeSpec builds a WidgetSpec from fuzz bytes, with the objects of the
// tables (ByName): every place of the example CRD at once, map keys present
// or not, list-map items in either order and, but for the ratcheting
// list-map's, their names possibly repeated.
// disc, where the data says so, replaces the discriminator of some of its
// unions.
func DecodeSpec(tables map[string]*Table, data []byte, disc string) examplev1.WidgetSpec {
	d := &specDecoder{data: data, tables: tables}
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
	// The ratcheting places come last, so that the data of the places
	// above decodes as it did before they were added.
	if d.next()&1 == 1 {
		c := ratcheting.DeploymentStrategy(*d.object("DeploymentStrategy").(*appsv1.DeploymentStrategy))
		if d.next()&1 == 1 {
			c.Type = appsv1.DeploymentStrategyType(disc)
		}
		s.RatchetedStrategy = &c
	}
	for _, k := range []string{"a", "b"} {
		if d.next()&1 == 1 {
			if s.RatchetedUnions == nil {
				s.RatchetedUnions = map[string]ratcheting.UnionByMembership{}
			}
			s.RatchetedUnions[k] = ratcheting.UnionByMembership(d.kep(disc, d.next()&1 == 1))
		}
	}
	ratchetedNames := []string{"a", "b"}
	if d.next()&1 == 1 {
		ratchetedNames[0], ratchetedNames[1] = ratchetedNames[1], ratchetedNames[0]
	}
	for _, name := range ratchetedNames {
		if d.next()&1 == 1 {
			s.RatchetedNamed = append(s.RatchetedNamed, examplev1.RatchetedNamedUnion{Name: name, Union: ratcheting.Union(d.kep(disc, d.next()&1 == 1))})
		}
	}
	return s
}
