package modes

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/validate"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/union-gen/union-gen/internal/testsupport/uniontest"
)

var (
	root   = field.NewPath("spec")
	ctx    = context.Background()
	create = operation.Operation{Type: operation.Create}
)

// rule is a validation of one mode, as validation-gen generates a payload.
type rule[T any] = validate.DiscriminatedRule[T, string]

// optional is validation-gen's +k8s:optional payload: unset, the field's
// other validations are skipped, and nothing is reported.
func optional[T any](required validate.ValidateFunc[T]) validate.ValidateFunc[T] {
	return func(ctx context.Context, op operation.Operation, fldPath *field.Path, value, old T) field.ErrorList {
		required(ctx, op, fldPath, value, old)
		return nil
	}
}

// errs are the type and path of each error, sorted: messages are each
// tool's own.
func errs(list field.ErrorList) []string {
	out := make([]string, len(list))
	for i, e := range list {
		out[i] = fmt.Sprintf("%s %s", e.Type, e.Field)
	}
	slices.Sort(out)
	return out
}

// TestModalAsValidationGen holds the unions of an open string and a bool
// mode discriminator to validation-gen's runtime (validate.Discriminated),
// called as validation-gen generates it from Modal's mode tags: the same
// errors, by type and path, for every mode, "" and an unknown one included,
// and every combination of members set, on create.
func TestModalAsValidationGen(t *testing.T) {
	for _, mode := range []string{"", "A", "B", "C"} {
		for _, enabled := range []bool{false, true} {
			for set := range 1 << 4 {
				in := &Modal{Mode: mode, Enabled: enabled}
				if set&1 != 0 {
					in.Ranges = []string{"a"}
				}
				if set&2 != 0 {
					in.Label = "l"
				}
				if set&4 != 0 {
					in.Settings = map[string]string{"a": "b"}
				}
				if set&8 != 0 {
					in.Reason = uniontest.Ptr("r")
				}
				want := modalPeer(in)
				if got := in.ValidateUnions(nil, root); !slices.Equal(errs(got), errs(want)) {
					t.Errorf("%+v: union-gen %v, validation-gen %v", in, got, want)
				}
				if in.UnionsValid() != (len(want) == 0) {
					t.Errorf("%+v: UnionsValid = %t, validation-gen %v", in, in.UnionsValid(), want)
				}
			}
		}
	}
}

// modalPeer is what validation-gen generates of Modal's mode tags.
func modalPeer(in *Modal) field.ErrorList {
	mode := func(m *Modal) string { return m.Mode }
	var out field.ErrorList
	out = append(out, validate.Discriminated(ctx, create, root, in, nil, "ranges",
		func(m *Modal) []string { return m.Ranges }, mode, validate.SemanticDeepEqual, validate.ForbiddenSlice[string],
		[]rule[[]string]{{Value: "A", Validation: validate.RequiredSlice[string]}, {Value: "B", Validation: func(ctx context.Context, op operation.Operation, fldPath *field.Path, value, old []string) field.ErrorList {
			return validate.MaxItems(ctx, op, fldPath, value, old, 4)
		}}})...)
	out = append(out, validate.Discriminated(ctx, create, root, in, nil, "label",
		func(m *Modal) *string { return &m.Label }, mode, validate.DirectEqual, validate.ForbiddenValue[string],
		[]rule[*string]{{Value: "", Validation: optional(validate.OptionalValue[string])}, {Value: "B", Validation: optional(validate.OptionalValue[string])}})...)
	enabled := func(m *Modal) bool { return m.Enabled }
	out = append(out, validate.Discriminated(ctx, create, root, in, nil, "settings",
		func(m *Modal) map[string]string { return m.Settings }, enabled, validate.SemanticDeepEqual, validate.ForbiddenMap[string, string],
		[]validate.DiscriminatedRule[map[string]string, bool]{{Value: true, Validation: validate.RequiredMap[string, string]}})...)
	return append(out, validate.Discriminated(ctx, create, root, in, nil, "reason",
		func(m *Modal) *string { return m.Reason }, enabled, validate.DirectEqual, validate.ForbiddenPointer[string],
		[]validate.DiscriminatedRule[*string, bool]{{Value: false, Validation: optional(validate.OptionalPointer[string])}, {Value: true, Validation: validate.ForbiddenPointer[string]}})...)
}

// TestClosedModesAsValidationGen holds the unions whose mode discriminator
// has valid values (an enum, or KEP-1027 2019's guessed values beside the
// mode tags) to validation-gen's runtime on those values, and checks that
// every other value is refused, as the API server's enum check refuses it,
// with no other error of the union (V1).
func TestClosedModesAsValidationGen(t *testing.T) {
	for _, typ := range []Enablement{"", EnablementExempt, EnablementLimited, "Other"} {
		for set := range 1 << 2 {
			in := &Spec{Type: typ}
			if set&1 != 0 {
				in.Limited = &Limited{Response: Response{Type: ResponseReject}}
			}
			if set&2 != 0 {
				in.Exempt = &Exempt{}
			}
			kind := func(s *Spec) Enablement { return s.Type }
			want := append(validate.Discriminated(ctx, create, root, in, nil, "limited", func(s *Spec) *Limited { return s.Limited }, kind,
				validate.SemanticDeepEqual, validate.ForbiddenPointer[Limited],
				[]validate.DiscriminatedRule[*Limited, Enablement]{{Value: EnablementLimited, Validation: validate.RequiredPointer[Limited]}}),
				validate.Discriminated(ctx, create, root, in, nil, "exempt", func(s *Spec) *Exempt { return s.Exempt }, kind,
					validate.SemanticDeepEqual, validate.ForbiddenPointer[Exempt],
					[]validate.DiscriminatedRule[*Exempt, Enablement]{{Value: EnablementExempt, Validation: optional(validate.OptionalPointer[Exempt])}})...)
			closedCase(t, in, in.ValidateUnions(nil, root), in.UnionsValid(), string(typ), []string{"Exempt", "Limited"}, want)
		}
	}
	for _, phase := range []Phase{"", PhaseDraft, PhasePublished, PhaseRetired, "Other"} {
		for _, content := range []*string{nil, uniontest.Ptr("c")} {
			in := &Staged{Phase: phase, Content: content}
			want := validate.Discriminated(ctx, create, root, in, nil, "content", func(s *Staged) *string { return s.Content },
				func(s *Staged) Phase { return s.Phase }, validate.DirectEqual, validate.ForbiddenPointer[string],
				[]validate.DiscriminatedRule[*string, Phase]{{Value: PhaseDraft, Validation: optional(validate.OptionalPointer[string])}, {Value: PhasePublished, Validation: validate.RequiredPointer[string]}})
			closedCase(t, in, in.ValidateUnions(nil, root), in.UnionsValid(), string(phase), []string{"Draft", "Published", "Retired"}, want)
		}
	}
}

// closedCase compares union-gen's errors with validation-gen's where the
// discriminator is valid, and checks V1 elsewhere.
func closedCase(t *testing.T, in any, got field.ErrorList, valid bool, disc string, values []string, want field.ErrorList) {
	t.Helper()
	if valid != (len(got) == 0) {
		t.Errorf("%+v: UnionsValid = %t, ValidateUnions %v", in, valid, got)
	}
	if slices.Contains(values, disc) {
		if !slices.Equal(errs(got), errs(want)) {
			t.Errorf("%+v: union-gen %v, validation-gen %v", in, got, want)
		}
		return
	}
	wantType := field.ErrorTypeNotSupported
	if disc == "" {
		wantType = field.ErrorTypeRequired
	}
	if len(got) != 1 || got[0].Type != wantType {
		t.Errorf("%+v: %v, want one %s error on the discriminator (V1)", in, got, wantType)
	}
}

// TestGroupsAsValidationGen holds the exactly-one and zero-or-one groups to
// validation-gen's runtime of the same unions.
func TestGroupsAsValidationGen(t *testing.T) {
	nodes := validate.NewUnionMembership(validate.NewUnionMember("nodeName"), validate.NewUnionMember("nodeSelector"), validate.NewUnionMember("allNodes"))
	kinds := validate.NewUnionMembership(validate.NewUnionMember("devices"), validate.NewUnionMember("counters"))
	for set := range 1 << 5 {
		in := &Selection{}
		if set&1 != 0 {
			in.NodeName = uniontest.Ptr("n")
		}
		if set&2 != 0 {
			in.NodeSelector = &Selector{}
		}
		if set&4 != 0 {
			in.AllNodes = uniontest.Ptr(false)
		}
		if set&8 != 0 {
			in.Devices = []string{"d"}
		}
		if set&16 != 0 {
			in.Counters = []string{"c"}
		}
		want := append(validate.Union(ctx, create, root, in, nil, nodes,
			func(s *Selection) bool { return s.NodeName != nil },
			func(s *Selection) bool { return s.NodeSelector != nil },
			func(s *Selection) bool { return s.AllNodes != nil }),
			validate.ZeroOrOneOfUnion(ctx, create, root, in, nil, kinds,
				func(s *Selection) bool { return len(s.Devices) > 0 },
				func(s *Selection) bool { return len(s.Counters) > 0 })...)
		if got := in.ValidateUnions(nil, root); !slices.Equal(errs(got), errs(want)) || in.UnionsValid() != (len(want) == 0) {
			t.Errorf("%+v: union-gen %v (valid %t), validation-gen %v", in, got, in.UnionsValid(), want)
		}
	}
	for _, name := range []*string{nil, uniontest.Ptr("g")} {
		in := &Group{Name: name}
		want := validate.Union(ctx, create, root, in, nil, validate.NewUnionMembership(validate.NewUnionMember("name")), func(g *Group) bool { return g.Name != nil })
		if got := in.ValidateUnions(nil, root); !slices.Equal(errs(got), errs(want)) {
			t.Errorf("%+v: union-gen %v, validation-gen %v", in, got, want)
		}
	}
}

// TestModesNormalize: a changed mode clears, of the fields set in old and
// new, those that the new mode forbids; an unknown mode of an open
// discriminator forbids them all, an unknown value of a closed one changes
// nothing (N2).
func TestModesNormalize(t *testing.T) {
	uniontest.RunRows(t, root, []uniontest.Row[Spec]{
		{
			Name: "Limited to Exempt clears limited",
			Old:  &Spec{Type: EnablementLimited, Limited: &Limited{Response: Response{Type: ResponseReject}}},
			In:   &Spec{Type: EnablementExempt, Limited: &Limited{Response: Response{Type: ResponseReject}}},
			Want: &Spec{Type: EnablementExempt},
		},
		{
			Name: "Exempt to Limited without limited: exempt is cleared, limited required",
			Old:  &Spec{Type: EnablementExempt, Exempt: &Exempt{}},
			In:   &Spec{Type: EnablementLimited, Exempt: &Exempt{}},
			Want: &Spec{Type: EnablementLimited},
			Errs: []uniontest.WantErr{uniontest.Required("spec.limited", "type", `"Limited"`)},
		},
		{
			Name: "an unknown type changes nothing",
			Old:  &Spec{Type: EnablementLimited, Limited: &Limited{Response: Response{Type: ResponseReject}}},
			In:   &Spec{Type: "Other", Limited: &Limited{Response: Response{Type: ResponseReject}}},
			Errs: []uniontest.WantErr{uniontest.NotSupported("spec.type", "Other", "Exempt", "Limited")},
		},
	})
	draft := func(phase Phase) *Routed {
		return &Routed{Phase: phase, Notes: uniontest.Ptr("n"), Labels: map[string]string{"a": "b"}}
	}
	uniontest.RunRows(t, root, []uniontest.Row[Routed]{
		{
			Name: "Draft to Published clears both fields",
			Old:  draft(PhaseDraft),
			In:   draft(PhasePublished),
			Want: &Routed{Phase: PhasePublished},
		},
		{
			Name: "Draft to an unknown phase changes nothing",
			Old:  draft(PhaseDraft),
			In:   draft("Other"),
			Errs: []uniontest.WantErr{uniontest.NotSupported("spec.phase", "Other", "Draft", "Published", "Retired")},
		},
		{
			Name: "Draft to no phase changes nothing",
			Old:  draft(PhaseDraft),
			In:   draft(""),
			Errs: []uniontest.WantErr{uniontest.Required("spec.phase", `"Draft", "Published", "Retired"`)},
		},
	})
	uniontest.RunRows(t, root, []uniontest.Row[Modal]{
		{
			Name: "mode A to an unknown mode clears ranges",
			Old:  &Modal{Mode: "A", Ranges: []string{"a"}},
			In:   &Modal{Mode: "C", Ranges: []string{"a"}},
			Want: &Modal{Mode: "C"},
		},
		{
			Name: "mode A to B keeps ranges, which B allows",
			Old:  &Modal{Mode: "A", Ranges: []string{"a"}},
			In:   &Modal{Mode: "B", Ranges: []string{"a"}},
		},
		{
			Name: "enabled to disabled clears settings",
			Old:  &Modal{Enabled: true, Settings: map[string]string{"a": "b"}},
			In:   &Modal{Settings: map[string]string{"a": "b"}, Reason: uniontest.Ptr("r")},
			Want: &Modal{Reason: uniontest.Ptr("r")},
		},
		{
			Name: "a member set only in the new object is left, and refused",
			Old:  &Modal{Enabled: true, Settings: map[string]string{"a": "b"}},
			In:   &Modal{Enabled: true, Settings: map[string]string{"a": "b"}, Reason: uniontest.Ptr("r")},
			Errs: []uniontest.WantErr{uniontest.ForbiddenUnchanged("spec.reason", "enabled", "false")},
		},
	})
}
