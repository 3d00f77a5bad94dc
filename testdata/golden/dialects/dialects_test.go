package dialects

import (
	"context"
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/validate"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

var root = field.NewPath("spec")

// subsets calls f with every subset of n members, as a bit set.
func subsets(n int, f func(set int)) {
	for set := range 1 << n {
		f(set)
	}
}

func has(set, i int) bool { return set&(1<<i) != 0 }

// TestCountsAsValidationGen checks the unions without a discriminator
// against validation-gen's runtime, called as validation-gen generates it
// (docs/semantics.md V4): the same errors, by type, path, value, message and
// origin, for every subset of members set, on create. (On update the peer
// ratchets an unchanged union, which docs/peers.md explains.)
func TestCountsAsValidationGen(t *testing.T) {
	ctx, create := context.Background(), operation.Operation{Type: operation.Create}
	policyMembers := validate.NewUnionMembership(validate.NewUnionMember("basic"), validate.NewUnionMember("gang"), validate.NewUnionMember("names"))
	subsets(3, func(set int) {
		in := &Policy{}
		if has(set, 0) {
			in.Basic = &Basic{}
		}
		if has(set, 1) {
			in.Gang = &Gang{}
		}
		if has(set, 2) {
			in.Names = []string{"a"}
		}
		want := validate.Union(ctx, create, root, in, nil, policyMembers,
			func(p *Policy) bool { return p != nil && p.Basic != nil },
			func(p *Policy) bool { return p != nil && p.Gang != nil },
			func(p *Policy) bool { return p != nil && len(p.Names) != 0 })
		check(t, in, in.ValidateUnions(nil, root), in.UnionsValid(), want)
	})

	maxMembers := validate.NewUnionMembership(validate.NewUnionMember("max"), validate.NewUnionMember("unbounded"))
	sourceMembers := validate.NewUnionMembership(validate.NewUnionMember("literal"), validate.NewUnionMember("ref"))
	subsets(4, func(set int) {
		in := &Limits{Unbounded: has(set, 1)}
		if has(set, 0) {
			in.Max = new(int32)
		}
		if has(set, 2) {
			in.Literal = "x"
		}
		if has(set, 3) {
			in.Ref = new(string)
		}
		want := append(validate.ZeroOrOneOfUnion(ctx, create, root, in, nil, maxMembers,
			func(l *Limits) bool { return l != nil && l.Max != nil },
			func(l *Limits) bool { return l != nil && l.Unbounded }),
			validate.Union(ctx, create, root, in, nil, sourceMembers,
				func(l *Limits) bool { return l != nil && l.Literal != "" },
				func(l *Limits) bool { return l != nil && l.Ref != nil })...)
		check(t, in, in.ValidateUnions(nil, root), in.UnionsValid(), want)
	})
}

// check compares union-gen's errors with the expected ones, and UnionsValid
// with their absence.
func check(t *testing.T, in any, got field.ErrorList, valid bool, want field.ErrorList) {
	t.Helper()
	if len(want) == 0 {
		want = nil
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%+v: got %v, want %v", in, got, want)
	}
	if valid != (len(got) == 0) {
		t.Errorf("%+v: UnionsValid() = %v with errors %v", in, valid, got)
	}
}

// TestZeroOrOneWithoutNormalizing checks the unions of KEP-1027 2019 and of
// the struct tag without a discriminator: at most one member, and no member
// cleared on update, as structured-merge-diff's normalization clears none
// without a discriminator.
func TestZeroOrOneWithoutNormalizing(t *testing.T) {
	old := &Alternatives{First: &Basic{}}
	in := &Alternatives{First: &Basic{}, Second: &Basic{}}
	in.NormalizeUnions(old)
	if in.First == nil || in.Second == nil {
		t.Errorf("NormalizeUnions cleared a member of a union without a discriminator: %+v", in)
	}
	errs := in.ValidateUnions(old, root)
	want := field.ErrorList{field.Invalid(root, "{first, second}", "must specify at most one of: `first`, `second`").WithOrigin("zeroOrOneOf")}
	if !reflect.DeepEqual(errs, want) {
		t.Errorf("got %v, want %v", errs, want)
	}
	if errs := (&Alternatives{}).ValidateUnions(nil, root); errs != nil {
		t.Errorf("no member set: got %v", errs)
	}

	env := &EnvSource{Name: "a", Value: "v", ValueFrom: &Basic{}}
	if errs := env.ValidateUnions(nil, root); len(errs) != 1 || errs[0].BadValue != "{value, valueFrom}" {
		t.Errorf("+unionDeprecated members: got %v", errs)
	}

	tagged := &Tagged{State: &State{Waiting: &Basic{}, Running: &Basic{}}, Strategy: Strategy{Type: StrategyTypeRecreate}}
	errs = tagged.ValidateUnions(nil, root)
	if len(errs) != 1 || errs[0].Field != "spec.state" || errs[0].Type != field.ErrorTypeInvalid {
		t.Errorf("union:\"oneof\": got %v", errs)
	}
}

// TestDiscriminatedDialects checks the discriminated unions of the other
// dialects: values by Go name or memberName, values from
// +kubebuilder:validation:Enum, optional members, and a struct member told
// set by its zero value.
func TestDiscriminatedDialects(t *testing.T) {
	tests := []struct {
		name  string
		in    interface{ UnionsValid() bool }
		valid bool
	}{
		{"Profile Old selects old", &Profile{Type: "Old", Old: &Basic{}}, true},
		{"Profile Old requires old", &Profile{Type: "Old"}, false},
		{"Profile Custom is optional", &Profile{Type: "Custom"}, true},
		{"Profile empty is a value", &Profile{Note: "n"}, true},
		{"Profile Intermediate forbids old", &Profile{Type: "Intermediate", Old: &Basic{}}, false},
		{"Profile value out of the enum", &Profile{Type: "Modern"}, false},
		{"Selected by memberName", &Selected{Mode: ModeManual, Settings: &Gang{}}, true},
		{"Selected Off from the enum", &Selected{Mode: "Off"}, true},
		{"Selected Auto forbids settings", &Selected{Mode: ModeAuto, Settings: &Gang{}}, false},
		{"Subject guessed values", &Subject{Kind: SubjectKindUser, User: &Basic{}}, true},
		{"Subject required discriminator", &Subject{User: &Basic{}}, false},
		{"Strategy zero struct is unset", &Strategy{Type: StrategyTypeRollingUpdate}, false},
		{"Strategy set struct", &Strategy{Type: StrategyTypeRollingUpdate, RollingUpdate: Settings{Level: 1}}, true},
		{"Strategy forbids a set struct", &Strategy{Type: StrategyTypeRecreate, RollingUpdate: Settings{Level: 1}}, false},
	}
	dedicated, anyHost := HostAffinityDedicatedHost, HostAffinityAnyAvailable
	tests = append(tests, []struct {
		name  string
		in    interface{ UnionsValid() bool }
		valid bool
	}{
		{"Placement nil discriminator is empty", &Placement{}, true},
		{"Placement nil discriminator forbids the member", &Placement{DedicatedHost: &Basic{}}, false},
		{"Placement pointer discriminator selects", &Placement{Affinity: &dedicated, DedicatedHost: &Basic{}}, true},
		{"Placement pointer discriminator forbids", &Placement{Affinity: &anyHost, DedicatedHost: &Basic{}}, false},
		{"Domains nil pointer to a list", &Domains{}, true},
		{"Domains items through the pointer", &Domains{Subjects: &[]Subject{{Kind: "bogus"}}}, false},
	}...)
	for _, tt := range tests {
		if got := tt.in.UnionsValid(); got != tt.valid {
			t.Errorf("%s: UnionsValid() = %v, want %v", tt.name, got, tt.valid)
		}
	}

	errs := (&Domains{Subjects: &[]Subject{{Kind: "bogus"}}}).ValidateUnions(nil, root)
	if len(errs) != 1 || errs[0].Field != "spec.subjects[0].kind" || errs[0].Type != field.ErrorTypeNotSupported {
		t.Errorf("pointer to a list: got %v", errs)
	}
	oldPlacement := &Placement{Affinity: &dedicated, DedicatedHost: &Basic{}}
	placement := &Placement{Affinity: &anyHost, DedicatedHost: &Basic{}}
	placement.NormalizeUnions(oldPlacement)
	if placement.DedicatedHost != nil {
		t.Errorf("switching a pointer discriminator did not clear the member: %+v", placement)
	}

	old := &Strategy{Type: StrategyTypeRollingUpdate, RollingUpdate: Settings{Level: 1}}
	in := &Strategy{Type: StrategyTypeRecreate, RollingUpdate: Settings{Level: 1}}
	in.NormalizeUnions(old)
	if in.RollingUpdate != (Settings{}) || in.ValidateUnions(old, root) != nil {
		t.Errorf("switching to Recreate did not clear the struct member: %+v", in)
	}
}
