package peers_test

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	appsv1 "github.com/union-gen/union-gen/examples/apis/apps/v1"
	autoscalingv2 "github.com/union-gen/union-gen/examples/apis/autoscaling/v2"
	corev1 "github.com/union-gen/union-gen/examples/apis/core/v1"
	"github.com/union-gen/union-gen/examples/apis/kep/enums"
	kepv1alpha1 "github.com/union-gen/union-gen/examples/apis/kep/v1alpha1"
)

// A small reference implementation of docs/semantics.md §4, independent of the
// generator, that FuzzGeneratedMethods holds the generated methods to.

// refUnion describes a union as docs/semantics.md sees it.
type refUnion struct {
	disc   string   // JSON name of the discriminator
	values []string // the enum's values, sorted
	// optional: the discriminator may be absent (""), which selects no
	// member (V1).
	optional bool
	members  []refMember
}

type refMember struct {
	json, value string
	optional    bool
}

func (u refUnion) valid(v string) bool { return slices.Contains(u.values, v) || u.optional && v == "" }

// refState is an object in abstract form: per union, the discriminator value
// and whether each member is set.
type refState struct {
	discs []string
	set   [][]bool
}

func (s refState) clone() refState {
	c := refState{discs: slices.Clone(s.discs)}
	for _, set := range s.set {
		c.set = append(c.set, slices.Clone(set))
	}
	return c
}

// refNormalize is N1–N3.
func refNormalize(unions []refUnion, in refState, old *refState) refState {
	out := in.clone()
	if old == nil {
		return out
	}
	for i, u := range unions {
		if in.discs[i] == old.discs[i] || !u.valid(in.discs[i]) {
			continue
		}
		for j, m := range u.members {
			if m.value != in.discs[i] && in.set[i][j] && old.set[i][j] {
				out.set[i][j] = false
			}
		}
	}
	return out
}

// refErr is an error as the tests compare them: type and field path.
type refErr struct {
	typ   field.ErrorType
	field string
}

// refValidate is V1–V3, in the order docs/semantics.md lists a union's errors.
func refValidate(root string, unions []refUnion, in refState) []refErr {
	var errs []refErr
	for i, u := range unions {
		switch d := in.discs[i]; {
		case d == "" && !u.valid(d):
			errs = append(errs, refErr{field.ErrorTypeRequired, root + "." + u.disc})
		case !u.valid(d):
			errs = append(errs, refErr{field.ErrorTypeNotSupported, root + "." + u.disc})
		default:
			for j, m := range u.members {
				selected, set := d == m.value, in.set[i][j]
				if selected && !set && !m.optional {
					errs = append(errs, refErr{field.ErrorTypeRequired, root + "." + m.json})
				}
				if set && !selected {
					errs = append(errs, refErr{field.ErrorTypeForbidden, root + "." + m.json})
				}
			}
		}
	}
	return errs
}

// refType binds a generated type to its description: objects are built from
// and read back into refState, and its methods are called through any.
type refType struct {
	name      string
	unions    []refUnion
	build     func(refState) any
	state     func(any) refState
	normalize func(in, old any)
	validate  func(in, old any) field.ErrorList
}

// newRefType wires a generated type *T to a description.
func newRefType[T any, P interface {
	*T
	NormalizeUnions(*T)
	ValidateUnions(*T, *field.Path) field.ErrorList
	UnionsValid() bool
}](name string, unions []refUnion, build func(refState) *T, state func(*T) refState) refType {
	ptr := func(v any) *T {
		if v == nil {
			return nil
		}
		return v.(*T)
	}
	return refType{
		name:      name,
		unions:    unions,
		build:     func(s refState) any { return build(s) },
		state:     func(v any) refState { return state(v.(*T)) },
		normalize: func(in, old any) { P(ptr(in)).NormalizeUnions(ptr(old)) },
		validate: func(in, old any) field.ErrorList {
			errs := P(ptr(in)).ValidateUnions(ptr(old), field.NewPath("x"))
			if valid := P(ptr(in)).UnionsValid(); valid != (len(errs) == 0) {
				panic(fmt.Sprintf("%s: UnionsValid = %t, but ValidateUnions = %v", name, valid, errs))
			}
			return errs
		},
	}
}

func refPtr[T any](v T) *T { return &v }

var refTypes = []refType{
	newRefType("DeploymentStrategy",
		[]refUnion{{disc: "type", values: []string{"Recreate", "RollingUpdate"}, optional: true,
			members: []refMember{{json: "rollingUpdate", value: "RollingUpdate"}}}},
		func(s refState) *appsv1.DeploymentStrategy {
			o := &appsv1.DeploymentStrategy{Type: appsv1.DeploymentStrategyType(s.discs[0])}
			if s.set[0][0] {
				o.RollingUpdate = &appsv1.RollingUpdateDeployment{}
			}
			return o
		},
		func(o *appsv1.DeploymentStrategy) refState {
			return refState{discs: []string{string(o.Type)}, set: [][]bool{{o.RollingUpdate != nil}}}
		}),
	newRefType("MetricSpec",
		[]refUnion{{disc: "type", values: []string{"ContainerResource", "External", "Object", "Pods", "Resource"},
			members: []refMember{{json: "object", value: "Object"}, {json: "pods", value: "Pods"},
				{json: "resource", value: "Resource"}, {json: "containerResource", value: "ContainerResource"},
				{json: "external", value: "External"}}}},
		func(s refState) *autoscalingv2.MetricSpec {
			o := &autoscalingv2.MetricSpec{Type: autoscalingv2.MetricSourceType(s.discs[0])}
			if s.set[0][0] {
				o.Object = &autoscalingv2.ObjectMetricSource{}
			}
			if s.set[0][1] {
				o.Pods = &autoscalingv2.PodsMetricSource{}
			}
			if s.set[0][2] {
				o.Resource = &autoscalingv2.ResourceMetricSource{}
			}
			if s.set[0][3] {
				o.ContainerResource = &autoscalingv2.ContainerResourceMetricSource{}
			}
			if s.set[0][4] {
				o.External = &autoscalingv2.ExternalMetricSource{}
			}
			return o
		},
		func(o *autoscalingv2.MetricSpec) refState {
			return refState{discs: []string{string(o.Type)},
				set: [][]bool{{o.Object != nil, o.Pods != nil, o.Resource != nil, o.ContainerResource != nil, o.External != nil}}}
		}),
	newRefType("SeccompProfile",
		[]refUnion{{disc: "type", values: []string{"Localhost", "RuntimeDefault", "Unconfined"},
			members: []refMember{{json: "localhostProfile", value: "Localhost"}}}},
		func(s refState) *corev1.SeccompProfile {
			o := &corev1.SeccompProfile{Type: corev1.SeccompProfileType(s.discs[0])}
			if s.set[0][0] {
				o.LocalhostProfile = refPtr("")
			}
			return o
		},
		func(o *corev1.SeccompProfile) refState {
			return refState{discs: []string{string(o.Type)}, set: [][]bool{{o.LocalhostProfile != nil}}}
		}),
	newRefType("kep Union",
		[]refUnion{{disc: "unionType", values: []string{"", "FieldA", "FieldB", "FieldC", "FieldD"},
			members: []refMember{{json: "fieldA", value: "FieldA"}, {json: "fieldB", value: "FieldB", optional: true}}}},
		func(s refState) *kepv1alpha1.Union {
			o := &kepv1alpha1.Union{UnionType: kepv1alpha1.UnionType(s.discs[0])}
			if s.set[0][0] {
				o.FieldA = -1
			}
			if s.set[0][1] {
				o.FieldB = 1
			}
			return o
		},
		func(o *kepv1alpha1.Union) refState {
			return refState{discs: []string{string(o.UnionType)}, set: [][]bool{{o.FieldA != 0, o.FieldB != 0}}}
		}),
	newRefType("kep Pipeline",
		[]refUnion{
			{disc: "input", values: []string{"", "File", "URL"},
				members: []refMember{{json: "file", value: "File"}, {json: "url", value: "URL"}}},
			{disc: "output", values: []string{"Socket", "Stdout"}, optional: true,
				members: []refMember{{json: "socket", value: "Socket", optional: true}}},
		},
		func(s refState) *kepv1alpha1.Pipeline {
			o := &kepv1alpha1.Pipeline{Input: enums.InputType(s.discs[0]), Output: enums.OutputType(s.discs[1])}
			if s.set[0][0] {
				o.File = refPtr("f")
			}
			if s.set[0][1] {
				o.URL = refPtr("u")
			}
			if s.set[1][0] {
				o.Socket = refPtr("s")
			}
			return o
		},
		func(o *kepv1alpha1.Pipeline) refState {
			return refState{discs: []string{string(o.Input), string(o.Output)},
				set: [][]bool{{o.File != nil, o.URL != nil}, {o.Socket != nil}}}
		}),
}

// refDecoder turns fuzz bytes into choices; past the end it reads zeros.
type refDecoder []byte

func (d *refDecoder) next() byte {
	if len(*d) == 0 {
		return 0
	}
	b := (*d)[0]
	*d = (*d)[1:]
	return b
}

// state decodes an object: each discriminator is an enum value, "", or an
// unknown value; each member is set or not.
func (d *refDecoder) state(unions []refUnion) refState {
	var s refState
	for _, u := range unions {
		choices := append(slices.Clone(u.values), "", "Bogus", "fielda")
		s.discs = append(s.discs, choices[int(d.next())%len(choices)])
		set := make([]bool, len(u.members))
		for j := range set {
			set[j] = d.next()&1 == 1
		}
		s.set = append(s.set, set)
	}
	return s
}

func refErrs(errs field.ErrorList) []refErr {
	var out []refErr
	for _, e := range errs {
		out = append(out, refErr{e.Type, e.Field})
	}
	return out
}

// FuzzGeneratedMethods builds old and new objects of the example unions
// from fuzz bytes and checks the generated methods: they never panic,
// NormalizeUnions is idempotent and follows N1–N3, ValidateUnions reports
// what V1–V3 demand, and an update by a well-behaved client is valid after
// normalization.
func FuzzGeneratedMethods(f *testing.F) {
	f.Add(uint8(0), []byte{1, 1, 1, 0, 0})
	f.Add(uint8(0), []byte{0, 1, 1, 1, 1})
	f.Add(uint8(1), []byte{3, 1, 0, 1, 0, 0, 1, 2, 0, 1, 0, 0, 0, 7})
	f.Add(uint8(2), []byte{4, 0, 1, 2, 1})
	f.Add(uint8(3), []byte{0, 1, 1, 1, 1, 0, 3})
	f.Add(uint8(4), []byte{1, 1, 0, 0, 1, 1, 2, 1, 1, 1, 0, 0, 9})
	f.Add(uint8(4), []byte{})
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		rt := refTypes[int(which)%len(refTypes)]
		d := refDecoder(data)
		inState := d.state(rt.unions)
		var oldState *refState
		if d.next()&1 == 1 {
			s := d.state(rt.unions)
			oldState = &s
		}
		var old any
		if oldState != nil {
			old = rt.build(*oldState)
		}
		describe := func() string {
			return fmt.Sprintf("%s: new %+v, old %+v", rt.name, inState, oldState)
		}

		in := rt.build(inState)
		rt.normalize(in, old)
		want := refNormalize(rt.unions, inState, oldState)
		if got := rt.state(in); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: NormalizeUnions gave %+v, want %+v", describe(), got, want)
		}
		again := rt.build(want)
		rt.normalize(again, old)
		if got := rt.state(again); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: NormalizeUnions is not idempotent: %+v, then %+v", describe(), want, got)
		}
		if got, want := refErrs(rt.validate(in, old)), refValidate("x", rt.unions, want); !slices.Equal(got, want) {
			t.Fatalf("%s: ValidateUnions after normalization = %v, want %v", describe(), got, want)
		}
		if got, want := refErrs(rt.validate(rt.build(inState), old)), refValidate("x", rt.unions, inState); !slices.Equal(got, want) {
			t.Fatalf("%s: ValidateUnions without normalization = %v, want %v", describe(), got, want)
		}

		// A well-behaved client starts from a valid stored object and, per
		// union, either leaves it alone or switches to another valid value
		// and sets the member it selects; what it does not know of is
		// carried over, as apply and patches do.
		if oldState == nil || len(refValidate("x", rt.unions, *oldState)) > 0 {
			return
		}
		client := oldState.clone()
		for i, u := range rt.unions {
			if d.next()&1 == 0 {
				continue
			}
			client.discs[i] = u.values[int(d.next())%len(u.values)]
			for j, m := range u.members {
				if m.value == client.discs[i] {
					client.set[i][j] = true
				}
			}
		}
		update := rt.build(client)
		rt.normalize(update, old)
		if errs := rt.validate(update, old); len(errs) > 0 {
			t.Fatalf("%s: a well-behaved update %+v is rejected after normalization: %v", rt.name, client, errs)
		}
	})
}
