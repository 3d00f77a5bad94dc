package peers_test

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/util/validation/field"

	appsv1 "github.com/union-gen/union-gen/examples/apis/apps/v1"
	autoscalingv2 "github.com/union-gen/union-gen/examples/apis/autoscaling/v2"
	corev1 "github.com/union-gen/union-gen/examples/apis/core/v1"
	kepv1alpha1 "github.com/union-gen/union-gen/examples/apis/kep/v1alpha1"
)

// Differential test: the accept/reject verdict of the generated
// ValidateUnions (without NormalizeUnions) against validation-gen's runtime,
// validate.DiscriminatedUnion, on systematically enumerated objects. Every
// disagreement must be explained by exactly one rule of diffRules, and the
// rule names are the "## " headings of docs/peers.md.

// diffObj is an object of a union in abstract form: its discriminator value
// and, for each member, 0 when unset or the 1-based index of the content
// variant it is set to.
type diffObj struct {
	disc  string
	state []int
}

func (o diffObj) String() string {
	return fmt.Sprintf("{disc:%q members:%v}", o.disc, o.state)
}

// diffMember describes a member of a union as the rules see it.
type diffMember struct {
	json     string // JSON name
	value    string // discriminator value that selects it
	optional bool   // +unionMember,optional
	variants int    // number of "set" contents enumerated
}

// diffType is one union under test.
type diffType struct {
	name    string
	valid   []string // valid discriminator values (the enum)
	discs   []string // enumerated discriminator values
	members []diffMember
	objs    []diffObj
	// run returns the errors of union-gen and of the peer for objs[n] with
	// old objs[o], or create when o < 0.
	run func(n, o int) (unionGen, peer field.ErrorList)
}

// diffNewType enumerates every discriminator value × every member state,
// builds each object once with build, and wires the two validators.
func diffNewType[T any](name string, valid, discs []string, members []diffMember,
	build func(diffObj) *T,
	unionGen func(obj, old *T) field.ErrorList,
	peer func(obj, old *T) field.ErrorList,
) *diffType {
	dt := &diffType{name: name, valid: valid, discs: discs, members: members}
	for _, d := range discs {
		state := make([]int, len(members))
		for {
			dt.objs = append(dt.objs, diffObj{disc: d, state: slices.Clone(state)})
			i := 0
			for ; i < len(state); i++ {
				if state[i] < members[i].variants {
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
	built := make([]*T, len(dt.objs))
	for i, o := range dt.objs {
		built[i] = build(o)
	}
	dt.run = func(n, o int) (field.ErrorList, field.ErrorList) {
		if o < 0 {
			return unionGen(built[n], nil), peer(built[n], nil)
		}
		return unionGen(built[n], built[o]), peer(built[n], built[o])
	}
	return dt
}

func (dt *diffType) isValid(disc string) bool { return slices.Contains(dt.valid, disc) }

func (dt *diffType) noneSet(o diffObj) bool {
	for _, s := range o.state {
		if s != 0 {
			return false
		}
	}
	return true
}

// diffMismatch reports whether some member's set-ness contradicts the
// discriminator: set but not selected, or selected, required and unset.
func (dt *diffType) mismatch(o diffObj) bool {
	for i, m := range dt.members {
		set, selected := o.state[i] != 0, o.disc == m.value
		if set && !selected || selected && !set && !m.optional {
			return true
		}
	}
	return false
}

// unchanged reports an update whose discriminator and member set-ness are
// those of old: what DiscriminatedUnion ratchets.
func (dt *diffType) unchanged(n diffObj, o *diffObj) bool {
	if o == nil || o.disc != n.disc {
		return false
	}
	for i := range n.state {
		if (n.state[i] != 0) != (o.state[i] != 0) {
			return false
		}
	}
	return true
}

// specValid is the verdict docs/semantics.md V1–V3 gives (without
// normalization).
func (dt *diffType) specValid(n diffObj) bool {
	return dt.isValid(n.disc) && !dt.mismatch(n)
}

// diffRule is an intended difference between union-gen and the peer.
type diffRule struct {
	name string // a "## " heading of docs/peers.md
	// unionGenRejects: the direction of the difference; true when union-gen
	// rejects and the peer accepts, false for the reverse.
	unionGenRejects bool
	// explains reports whether the rule covers the case (o nil: create).
	explains func(dt *diffType, n diffObj, o *diffObj) bool
}

var diffRules = []diffRule{
	{
		name:            "Unknown discriminator value with no member set",
		unionGenRejects: true,
		explains: func(dt *diffType, n diffObj, _ *diffObj) bool {
			return n.disc != "" && !dt.isValid(n.disc) && dt.noneSet(n)
		},
	},
	{
		name:            "Empty discriminator with no member set",
		unionGenRejects: true,
		explains: func(dt *diffType, n diffObj, _ *diffObj) bool {
			return n.disc == "" && !dt.isValid("") && dt.noneSet(n)
		},
	},
	{
		name:            "Optional member selected but unset",
		unionGenRejects: false,
		explains: func(dt *diffType, n diffObj, o *diffObj) bool {
			if !dt.specValid(n) || dt.unchanged(n, o) {
				return false
			}
			for i, m := range dt.members {
				if m.optional && n.disc == m.value && n.state[i] == 0 {
					return true
				}
			}
			return false
		},
	},
	{
		name:            "Ratcheting of an unchanged invalid union",
		unionGenRejects: true,
		explains: func(dt *diffType, n diffObj, o *diffObj) bool {
			return dt.unchanged(n, o) && dt.mismatch(n)
		},
	},
}

func diffPtr[T any](v T) *T { return &v }

var diffPath = field.NewPath("spec", "u")

func diffTypes() []*diffType {
	rollingUpdates := []*appsv1.RollingUpdateDeployment{
		{},
		{MaxSurge: diffPtr(intstr.FromInt32(1))},
		{MaxUnavailable: diffPtr(intstr.FromString("25%"))},
	}
	strategy := diffNewType("DeploymentStrategy",
		[]string{"Recreate", "RollingUpdate"},
		[]string{"Recreate", "RollingUpdate", "", "Bogus", "recreate", "ROLLINGUPDATE"},
		[]diffMember{{json: "rollingUpdate", value: "RollingUpdate", variants: len(rollingUpdates)}},
		func(o diffObj) *appsv1.DeploymentStrategy {
			s := &appsv1.DeploymentStrategy{Type: appsv1.DeploymentStrategyType(o.disc)}
			if v := o.state[0]; v != 0 {
				ru := *rollingUpdates[v-1]
				s.RollingUpdate = &ru
			}
			return s
		},
		func(obj, old *appsv1.DeploymentStrategy) field.ErrorList { return obj.ValidateUnions(old, diffPath) },
		func(obj, old *appsv1.DeploymentStrategy) field.ErrorList {
			return strategyDiscriminatedUnion(diffPath, obj, old)
		})

	metric := diffNewType("MetricSpec",
		[]string{"Object", "Pods", "Resource", "ContainerResource", "External"},
		[]string{"Object", "Pods", "Resource", "ContainerResource", "External", "", "Bogus", "pods"},
		[]diffMember{
			{json: "object", value: "Object", variants: 1},
			{json: "pods", value: "Pods", variants: 1},
			{json: "resource", value: "Resource", variants: 1},
			{json: "containerResource", value: "ContainerResource", variants: 1},
			{json: "external", value: "External", variants: 1},
		},
		func(o diffObj) *autoscalingv2.MetricSpec {
			m := &autoscalingv2.MetricSpec{Type: autoscalingv2.MetricSourceType(o.disc)}
			target := autoscalingv2.MetricTarget{Type: "Utilization", AverageUtilization: diffPtr(int32(80))}
			if o.state[0] != 0 {
				m.Object = &autoscalingv2.ObjectMetricSource{DescribedObject: "ingress/main", Target: target}
			}
			if o.state[1] != 0 {
				m.Pods = &autoscalingv2.PodsMetricSource{Metric: autoscalingv2.MetricIdentifier{Name: "qps"}, Target: target}
			}
			if o.state[2] != 0 {
				m.Resource = &autoscalingv2.ResourceMetricSource{Name: "cpu", Target: target}
			}
			if o.state[3] != 0 {
				m.ContainerResource = &autoscalingv2.ContainerResourceMetricSource{Name: "cpu", Container: "app", Target: target}
			}
			if o.state[4] != 0 {
				m.External = &autoscalingv2.ExternalMetricSource{Metric: autoscalingv2.MetricIdentifier{Name: "queue"}, Target: target}
			}
			return m
		},
		func(obj, old *autoscalingv2.MetricSpec) field.ErrorList { return obj.ValidateUnions(old, diffPath) },
		func(obj, old *autoscalingv2.MetricSpec) field.ErrorList {
			return metricDiscriminatedUnion(diffPath, obj, old)
		})

	profiles := []string{"a.json", "", "profiles/b.json"}
	seccomp := diffNewType("SeccompProfile",
		[]string{"Localhost", "RuntimeDefault", "Unconfined"},
		[]string{"Localhost", "RuntimeDefault", "Unconfined", "", "Bogus", "localhost"},
		[]diffMember{{json: "localhostProfile", value: "Localhost", variants: len(profiles)}},
		func(o diffObj) *corev1.SeccompProfile {
			p := &corev1.SeccompProfile{Type: corev1.SeccompProfileType(o.disc)}
			if v := o.state[0]; v != 0 {
				p.LocalhostProfile = diffPtr(profiles[v-1])
			}
			return p
		},
		func(obj, old *corev1.SeccompProfile) field.ErrorList { return obj.ValidateUnions(old, diffPath) },
		func(obj, old *corev1.SeccompProfile) field.ErrorList {
			return seccompDiscriminatedUnion(diffPath, obj, old)
		})

	// kep/v1alpha1.Union is not a real API type: it is here because it has
	// an optional member (FieldB) and "" as a valid value.
	fieldAs := []int{1, -7}
	kep := diffNewType("kep/v1alpha1.Union",
		[]string{"", "FieldA", "FieldB", "FieldC", "FieldD"},
		[]string{"", "FieldA", "FieldB", "FieldC", "FieldD", "Bogus", "fielda"},
		[]diffMember{
			{json: "fieldA", value: "FieldA", variants: len(fieldAs)},
			{json: "fieldB", value: "FieldB", optional: true, variants: 1},
		},
		func(o diffObj) *kepv1alpha1.Union {
			u := &kepv1alpha1.Union{UnionType: kepv1alpha1.UnionType(o.disc)}
			if v := o.state[0]; v != 0 {
				u.FieldA = fieldAs[v-1]
			}
			if o.state[1] != 0 {
				u.FieldB = 2
			}
			return u
		},
		func(obj, old *kepv1alpha1.Union) field.ErrorList { return obj.ValidateUnions(old, diffPath) },
		func(obj, old *kepv1alpha1.Union) field.ErrorList {
			return kepUnionDiscriminatedUnion(diffPath, obj, old)
		})

	return []*diffType{strategy, metric, seccomp, kep}
}

// diffHeadings returns the "## " headings of docs/peers.md.
func diffHeadings(t *testing.T) []string {
	t.Helper()
	f, err := os.Open("../../docs/peers.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var headings []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if h, ok := strings.CutPrefix(sc.Text(), "## "); ok {
			headings = append(headings, strings.TrimSpace(h))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return headings
}

func diffErrs(errs field.ErrorList) string {
	if len(errs) == 0 {
		return "accept"
	}
	s := make([]string, len(errs))
	for i, e := range errs {
		s[i] = e.Error()
	}
	return "reject: " + strings.Join(s, "; ")
}

func TestDifferentialDiscriminatedUnion(t *testing.T) {
	var names []string
	for _, r := range diffRules {
		names = append(names, r.name)
	}
	if headings := diffHeadings(t); !slices.Equal(headings, names) {
		t.Errorf("the \"## \" headings of docs/peers.md are\n  %q\nthe rules of this test are\n  %q", headings, names)
	}

	minCases := map[string]int{"DeploymentStrategy": 500, "MetricSpec": 500, "SeccompProfile": 500}
	total := map[string]int{}
	for _, dt := range diffTypes() {
		t.Run(strings.ReplaceAll(dt.name, "/", "_"), func(t *testing.T) {
			var cases, agree int
			byRule := map[string]int{}
			failures := 0
			fail := func(format string, args ...any) {
				if failures++; failures <= 20 {
					t.Errorf(format, args...)
				}
			}
			check := func(ni, oi int) {
				cases++
				n := dt.objs[ni]
				var o *diffObj
				kind := "create"
				if oi >= 0 {
					o = &dt.objs[oi]
					kind = "update from " + o.String()
				}
				ugErrs, peerErrs := dt.run(ni, oi)
				ugRejects, peerRejects := len(ugErrs) > 0, len(peerErrs) > 0
				describe := func() string {
					return fmt.Sprintf("%s %s %s\n  union-gen: %s\n  peer:      %s", dt.name, kind, n, diffErrs(ugErrs), diffErrs(peerErrs))
				}
				if ugRejects == dt.specValid(n) {
					fail("suspected union-gen bug: verdict differs from docs/semantics.md V1–V3: %s", describe())
				}
				var matched []string
				for _, r := range diffRules {
					if r.explains(dt, n, o) {
						matched = append(matched, r.name)
						if ugRejects == peerRejects || ugRejects != r.unionGenRejects {
							fail("rule %q covers a case where it predicts union-gen rejects=%v, peer rejects=%v: %s",
								r.name, r.unionGenRejects, !r.unionGenRejects, describe())
						}
					}
				}
				if ugRejects == peerRejects {
					agree++
					return
				}
				if len(matched) != 1 {
					fail("disagreement explained by %d rules %q (want exactly 1): %s", len(matched), matched, describe())
					return
				}
				if byRule[matched[0]] == 0 {
					t.Logf("first case of %q: %s", matched[0], describe())
				}
				byRule[matched[0]]++
			}
			for ni := range dt.objs {
				check(ni, -1)
			}
			for oi := range dt.objs {
				for ni := range dt.objs {
					check(ni, oi)
				}
			}
			if failures > 20 {
				t.Errorf("... %d failures in all", failures)
			}
			t.Logf("%s: %d objects, %d cases (%d creates, %d updates), %d agreements, %d disagreements",
				dt.name, len(dt.objs), cases, len(dt.objs), cases-len(dt.objs), agree, cases-agree)
			for _, r := range diffRules {
				t.Logf("  %-50s %d", r.name, byRule[r.name])
				total[r.name] += byRule[r.name]
			}
			if want, ok := minCases[dt.name]; ok && cases < want {
				t.Errorf("%s: %d cases, want at least %d", dt.name, cases, want)
			}
		})
	}
	for _, r := range diffRules {
		if total[r.name] == 0 {
			t.Errorf("rule %q explains no disagreement: remove it from the test and docs/peers.md", r.name)
		}
	}
}
