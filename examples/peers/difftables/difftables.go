// Package difftables holds the tables of the differential tests: for each
// union of the examples, every discriminator value (valid or not) with every
// state of its members, built as Go objects. examples/peers holds the
// generated ValidateUnions to validation-gen's runtime on them, and the
// crdtest module to the CEL rules that union-gen writes into a CRD.
package difftables

import (
	"fmt"
	"slices"

	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/util/validation/field"

	appsv1 "github.com/union-gen/union-gen/examples/apis/apps/v1"
	autoscalingv2 "github.com/union-gen/union-gen/examples/apis/autoscaling/v2"
	corev1 "github.com/union-gen/union-gen/examples/apis/core/v1"
	kepv1alpha1 "github.com/union-gen/union-gen/examples/apis/kep/v1alpha1"
)

// Obj is an object of a union in abstract form: its discriminator value
// and, for each member, 0 when unset or the 1-based index of the content
// variant it is set to.
type Obj struct {
	Disc  string
	State []int
}

func (o Obj) String() string {
	return fmt.Sprintf("{disc:%q members:%v}", o.Disc, o.State)
}

// Member describes a member of a union as the tests see it.
type Member struct {
	JSON     string // JSON name
	Value    string // discriminator value that selects it
	Optional bool   // +unionMember,optional
	Variants int    // number of "set" contents enumerated
}

// Table is one union under test.
type Table struct {
	Name string
	// Valid are the discriminator values of a valid object: the enum's,
	// and "" where the discriminator is optional (absent selects no
	// member, docs/semantics.md V1).
	Valid   []string
	Discs   []string // enumerated discriminator values
	Members []Member
	Objs    []Obj
	// Objects are the Objs built as Go objects: pointers to the union's
	// struct.
	Objects []any
	// Validate runs the generated ValidateUnions of Objects[n], with old
	// Objects[o], or nil (create) when o < 0.
	Validate func(n, o int, path *field.Path) field.ErrorList
}

// newTable enumerates every discriminator value × every member state and
// builds each object once with build.
func newTable[T any](name string, valid, discs []string, members []Member,
	build func(Obj) *T, validate func(obj, old *T, path *field.Path) field.ErrorList,
) *Table {
	t := &Table{Name: name, Valid: valid, Discs: discs, Members: members}
	for _, d := range discs {
		state := make([]int, len(members))
		for {
			t.Objs = append(t.Objs, Obj{Disc: d, State: slices.Clone(state)})
			i := 0
			for ; i < len(state); i++ {
				if state[i] < members[i].Variants {
					state[i]++
					break
				}
				state[i] = 0
			}
			if i == len(state) {
				break
			}
		}
	}
	built := make([]*T, len(t.Objs))
	for i, o := range t.Objs {
		built[i] = build(o)
		t.Objects = append(t.Objects, built[i])
	}
	t.Validate = func(n, o int, path *field.Path) field.ErrorList {
		if o < 0 {
			return validate(built[n], nil, path)
		}
		return validate(built[n], built[o], path)
	}
	return t
}

func ptr[T any](v T) *T { return &v }

// Tables returns the tables of DeploymentStrategy, MetricSpec,
// SeccompProfile and kep/v1alpha1.Union, in that order.
func Tables() []*Table {
	rollingUpdates := []*appsv1.RollingUpdateDeployment{
		{},
		{MaxSurge: ptr(intstr.FromInt32(1))},
		{MaxUnavailable: ptr(intstr.FromString("25%"))},
	}
	strategy := newTable("DeploymentStrategy",
		[]string{"", "Recreate", "RollingUpdate"},
		[]string{"Recreate", "RollingUpdate", "", "Bogus", "recreate", "ROLLINGUPDATE"},
		[]Member{{JSON: "rollingUpdate", Value: "RollingUpdate", Variants: len(rollingUpdates)}},
		func(o Obj) *appsv1.DeploymentStrategy {
			s := &appsv1.DeploymentStrategy{Type: appsv1.DeploymentStrategyType(o.Disc)}
			if v := o.State[0]; v != 0 {
				ru := *rollingUpdates[v-1]
				s.RollingUpdate = &ru
			}
			return s
		},
		(*appsv1.DeploymentStrategy).ValidateUnions)

	metric := newTable("MetricSpec",
		[]string{"Object", "Pods", "Resource", "ContainerResource", "External"},
		[]string{"Object", "Pods", "Resource", "ContainerResource", "External", "", "Bogus", "pods"},
		[]Member{
			{JSON: "object", Value: "Object", Variants: 1},
			{JSON: "pods", Value: "Pods", Variants: 1},
			{JSON: "resource", Value: "Resource", Variants: 1},
			{JSON: "containerResource", Value: "ContainerResource", Variants: 1},
			{JSON: "external", Value: "External", Variants: 1},
		},
		func(o Obj) *autoscalingv2.MetricSpec {
			m := &autoscalingv2.MetricSpec{Type: autoscalingv2.MetricSourceType(o.Disc)}
			target := autoscalingv2.MetricTarget{Type: "Utilization", AverageUtilization: ptr(int32(80))}
			if o.State[0] != 0 {
				m.Object = &autoscalingv2.ObjectMetricSource{DescribedObject: "ingress/main", Target: target}
			}
			if o.State[1] != 0 {
				m.Pods = &autoscalingv2.PodsMetricSource{Metric: autoscalingv2.MetricIdentifier{Name: "qps"}, Target: target}
			}
			if o.State[2] != 0 {
				m.Resource = &autoscalingv2.ResourceMetricSource{Name: "cpu", Target: target}
			}
			if o.State[3] != 0 {
				m.ContainerResource = &autoscalingv2.ContainerResourceMetricSource{Name: "cpu", Container: "app", Target: target}
			}
			if o.State[4] != 0 {
				m.External = &autoscalingv2.ExternalMetricSource{Metric: autoscalingv2.MetricIdentifier{Name: "queue"}, Target: target}
			}
			return m
		},
		(*autoscalingv2.MetricSpec).ValidateUnions)

	profiles := []string{"a.json", "", "profiles/b.json"}
	seccomp := newTable("SeccompProfile",
		[]string{"Localhost", "RuntimeDefault", "Unconfined"},
		[]string{"Localhost", "RuntimeDefault", "Unconfined", "", "Bogus", "localhost"},
		[]Member{{JSON: "localhostProfile", Value: "Localhost", Variants: len(profiles)}},
		func(o Obj) *corev1.SeccompProfile {
			p := &corev1.SeccompProfile{Type: corev1.SeccompProfileType(o.Disc)}
			if v := o.State[0]; v != 0 {
				p.LocalhostProfile = ptr(profiles[v-1])
			}
			return p
		},
		(*corev1.SeccompProfile).ValidateUnions)

	// kep/v1alpha1.Union is not a real API type: it is here because it has
	// an optional member (FieldB) and "" as a valid value.
	fieldAs := []int{1, -7}
	kep := newTable("kep/v1alpha1.Union",
		[]string{"", "FieldA", "FieldB", "FieldC", "FieldD"},
		[]string{"", "FieldA", "FieldB", "FieldC", "FieldD", "Bogus", "fielda"},
		[]Member{
			{JSON: "fieldA", Value: "FieldA", Variants: len(fieldAs)},
			{JSON: "fieldB", Value: "FieldB", Optional: true, Variants: 1},
		},
		func(o Obj) *kepv1alpha1.Union {
			u := &kepv1alpha1.Union{UnionType: kepv1alpha1.UnionType(o.Disc)}
			if v := o.State[0]; v != 0 {
				u.FieldA = fieldAs[v-1]
			}
			if o.State[1] != 0 {
				u.FieldB = 2
			}
			return u
		},
		(*kepv1alpha1.Union).ValidateUnions)

	return []*Table{strategy, metric, seccomp, kep}
}
