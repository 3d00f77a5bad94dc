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

// TestOptionalPointerDiscriminator runs NormalizeUnions then ValidateUnions
// on a table of old and new objects of Runtime, whose optional pointer
// discriminator of KEP-1027's markers has no "" value: nil (absent) and a
// pointer to "" select no member (docs/semantics.md V1), a changed
// discriminator clears the members set in both objects that it no longer
// selects (N3), also when it becomes nil, and nothing panics on nil.
func TestOptionalPointerDiscriminator(t *testing.T) {
	engine := func(e Engine) *Engine { return &e }
	native, wasm := &Basic{}, &Gang{}
	nativeForbidden := field.Forbidden(root.Child("native"), `may only be set when engine is "Native"`)
	nativeKept := field.Forbidden(root.Child("native"), `may only be set when engine is "Native"; engine did not change: set engine to "Native" to switch to this member`)
	tests := []struct {
		name     string
		old, in  *Runtime
		want     *Runtime // in once normalized
		wantErrs field.ErrorList
	}{
		{name: "create, absent", in: &Runtime{}, want: &Runtime{}},
		{name: "create, pointer to \"\"", in: &Runtime{Engine: engine("")}, want: &Runtime{Engine: engine("")}},
		{name: "create, absent with a member", in: &Runtime{Native: native}, want: &Runtime{Native: native},
			wantErrs: field.ErrorList{nativeForbidden}},
		{name: "create, selected member", in: &Runtime{Engine: engine(EngineNative), Native: native}, want: &Runtime{Engine: engine(EngineNative), Native: native}},
		{name: "create, selected member unset", in: &Runtime{Engine: engine(EngineNative)}, want: &Runtime{Engine: engine(EngineNative)},
			wantErrs: field.ErrorList{field.Required(root.Child("native"), `must be set when engine is "Native"`)}},
		{name: "create, optional member unset", in: &Runtime{Engine: engine(EngineWasm)}, want: &Runtime{Engine: engine(EngineWasm)}},
		{name: "create, not a value", in: &Runtime{Engine: engine("Jvm")}, want: &Runtime{Engine: engine("Jvm")},
			wantErrs: field.ErrorList{field.NotSupported(root.Child("engine"), Engine("Jvm"), []string{"Native", "Wasm"})}},
		{name: "update, switch", old: &Runtime{Engine: engine(EngineNative), Native: native},
			in: &Runtime{Engine: engine(EngineWasm), Native: native, Wasm: wasm}, want: &Runtime{Engine: engine(EngineWasm), Wasm: wasm}},
		{name: "update, to absent", old: &Runtime{Engine: engine(EngineNative), Native: native},
			in: &Runtime{Native: native}, want: &Runtime{}},
		{name: "update, from absent", old: &Runtime{},
			in: &Runtime{Engine: engine(EngineNative), Native: native}, want: &Runtime{Engine: engine(EngineNative), Native: native}},
		{name: "update, absent kept with a member", old: &Runtime{Native: native},
			in: &Runtime{Native: native}, want: &Runtime{Native: native}, wantErrs: field.ErrorList{nativeKept}},
		{name: "update, absent kept, member added", old: &Runtime{},
			in: &Runtime{Native: native}, want: &Runtime{Native: native}, wantErrs: field.ErrorList{nativeKept}},
		{name: "update, to absent with a new member", old: &Runtime{Engine: engine(EngineWasm), Wasm: wasm},
			in: &Runtime{Native: native, Wasm: wasm}, want: &Runtime{Native: native},
			wantErrs: field.ErrorList{nativeForbidden}},
		{name: "update, to not a value", old: &Runtime{Engine: engine(EngineNative), Native: native},
			in: &Runtime{Engine: engine("Jvm"), Native: native}, want: &Runtime{Engine: engine("Jvm"), Native: native},
			wantErrs: field.ErrorList{field.NotSupported(root.Child("engine"), Engine("Jvm"), []string{"Native", "Wasm"})}},
	}
	for _, tt := range tests {
		in := tt.in
		in.NormalizeUnions(tt.old)
		if !reflect.DeepEqual(in, tt.want) {
			t.Errorf("%s: normalized to %+v, want %+v", tt.name, in, tt.want)
		}
		errs := in.ValidateUnions(tt.old, root)
		if len(errs) == 0 {
			errs = nil
		}
		if !reflect.DeepEqual(errs, tt.wantErrs) {
			t.Errorf("%s: got %v, want %v", tt.name, errs, tt.wantErrs)
		}
		if tt.old == nil && in.UnionsValid() != (errs == nil) {
			t.Errorf("%s: UnionsValid() = %t with errors %v", tt.name, in.UnionsValid(), errs)
		}
	}
	var none *Runtime
	none.NormalizeUnions(&Runtime{})
	if errs := none.ValidateUnions(nil, root); errs != nil || !none.UnionsValid() {
		t.Errorf("nil Runtime: got %v", errs)
	}
}

// TestInferredMembers checks Source, whose members are inferred by name:
// Git by its Go name and Image by its JSON name, each required when
// selected, and Note,
// named by no value, no member.
func TestInferredMembers(t *testing.T) {
	image := new(string)
	tests := []struct {
		name    string
		old, in *Source
		want    *Source
		valid   bool
	}{
		{name: "Git selects git", in: &Source{Kind: SourceKindGit, Git: &Basic{}, Note: "n"}, want: &Source{Kind: SourceKindGit, Git: &Basic{}, Note: "n"}, valid: true},
		{name: "an inferred member is required when selected", in: &Source{Kind: SourceKindGit}, want: &Source{Kind: SourceKindGit}},
		{name: "image selects image", in: &Source{Kind: SourceKindImage, Image: image}, want: &Source{Kind: SourceKindImage, Image: image}, valid: true},
		{name: "Git forbids image", in: &Source{Kind: SourceKindGit, Image: image}, want: &Source{Kind: SourceKindGit, Image: image}},
		{name: "Empty forbids git", in: &Source{Kind: SourceKindEmpty, Git: &Basic{}}, want: &Source{Kind: SourceKindEmpty, Git: &Basic{}}},
		{name: "required discriminator", in: &Source{}, want: &Source{}},
		{name: "switch clears git", old: &Source{Kind: SourceKindGit, Git: &Basic{}},
			in: &Source{Kind: SourceKindImage, Git: &Basic{}, Image: image}, want: &Source{Kind: SourceKindImage, Image: image}, valid: true},
	}
	for _, tt := range tests {
		in := tt.in
		in.NormalizeUnions(tt.old)
		if !reflect.DeepEqual(in, tt.want) {
			t.Errorf("%s: normalized to %+v, want %+v", tt.name, in, tt.want)
		}
		if errs := in.ValidateUnions(tt.old, root); (len(errs) == 0) != tt.valid {
			t.Errorf("%s: got %v, want valid %t", tt.name, errs, tt.valid)
		}
	}
}
