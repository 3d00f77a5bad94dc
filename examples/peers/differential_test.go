package peers_test

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	appsv1 "github.com/union-gen/union-gen/examples/apis/apps/v1"
	autoscalingv2 "github.com/union-gen/union-gen/examples/apis/autoscaling/v2"
	corev1 "github.com/union-gen/union-gen/examples/apis/core/v1"
	kepv1alpha1 "github.com/union-gen/union-gen/examples/apis/kep/v1alpha1"
	"github.com/union-gen/union-gen/examples/apis/ratcheting"
	"github.com/union-gen/union-gen/examples/peers/difftables"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// Differential test: the accept/reject verdict of the generated
// ValidateUnions (without NormalizeUnions) against validation-gen's runtime,
// validate.DiscriminatedUnion, on systematically enumerated objects. Every
// disagreement must be explained by exactly one rule of diffRules, and the
// rule names are the "## " headings of docs/peers.md.

// diffObj is an object of a union in abstract form.
type diffObj = difftables.Obj

// diffType is one union under test: a table, the generated validators
// (without ratcheting and with each mode) and the peer.
type diffType struct {
	*difftables.Table
	// unionGen returns the errors of the generated ValidateUnions, in the
	// ratcheting mode, for Objs[n] with old Objs[o], or create when o < 0;
	// peer those of the peer.
	unionGen map[unionspec.Ratcheting]func(n, o int) field.ErrorList
	peer     func(n, o int) field.ErrorList
}

// validator is a generated ValidateUnions on pointers to T, a nil old for
// create.
type validator[T any] func(obj, old *T) field.ErrorList

// diffNewType wires the validators to a table: unchanged and membership are
// the ValidateUnions of the copies of T in examples/apis/ratcheting.
func diffNewType[T any](table *difftables.Table, peer func(path *field.Path, obj, old *T) field.ErrorList, unchanged, membership validator[T]) *diffType {
	objects := func(n, o int) (obj, old *T) {
		if o >= 0 {
			old = table.Objects[o].(*T)
		}
		return table.Objects[n].(*T), old
	}
	on := func(validate validator[T]) func(n, o int) field.ErrorList {
		return func(n, o int) field.ErrorList { return validate(objects(n, o)) }
	}
	return &diffType{
		Table: table,
		unionGen: map[unionspec.Ratcheting]func(n, o int) field.ErrorList{
			unionspec.RatchetingOff:        func(n, o int) field.ErrorList { return table.Validate(n, o, diffPath) },
			unionspec.RatchetingUnchanged:  on(unchanged),
			unionspec.RatchetingMembership: on(membership),
		},
		peer: func(n, o int) field.ErrorList {
			obj, old := objects(n, o)
			return peer(diffPath, obj, old)
		},
	}
}

func (dt *diffType) isValid(disc string) bool { return slices.Contains(dt.Valid, disc) }

func (dt *diffType) noneSet(o diffObj) bool {
	for _, s := range o.State {
		if s != 0 {
			return false
		}
	}
	return true
}

// diffMismatch reports whether some member's set-ness contradicts the
// discriminator: set but not selected, or selected, required and unset.
func (dt *diffType) mismatch(o diffObj) bool {
	for i, m := range dt.Members {
		set, selected := o.State[i] != 0, o.Disc == m.Value
		if set && !selected || selected && !set && !m.Optional {
			return true
		}
	}
	return false
}

// unchanged reports an update whose discriminator and member set-ness are
// those of old: what DiscriminatedUnion ratchets.
func (dt *diffType) unchanged(n diffObj, o *diffObj) bool {
	if o == nil || o.Disc != n.Disc {
		return false
	}
	for i := range n.State {
		if (n.State[i] != 0) != (o.State[i] != 0) {
			return false
		}
	}
	return true
}

// contentUnchanged reports an update whose discriminator and members equal
// old's: every state of a table is one content.
func (dt *diffType) contentUnchanged(n diffObj, o *diffObj) bool {
	return o != nil && o.Disc == n.Disc && slices.Equal(o.State, n.State)
}

// specValid is the verdict docs/semantics.md V1–V3 gives (without
// normalization), with the ratcheting of mode.
func (dt *diffType) specValid(mode unionspec.Ratcheting, n diffObj, o *diffObj) bool {
	return dt.kept(mode, n, o) || dt.isValid(n.Disc) && !dt.mismatch(n)
}

// kept reports an update that the ratcheting of mode does not validate.
func (dt *diffType) kept(mode unionspec.Ratcheting, n diffObj, o *diffObj) bool {
	switch mode {
	case unionspec.RatchetingUnchanged:
		return dt.contentUnchanged(n, o)
	case unionspec.RatchetingMembership:
		return dt.unchanged(n, o)
	}
	return false
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

// baseRules hold in every ratcheting mode. diffRules, the rules of the run
// without ratcheting, add ratchetingRule to them; ratchetingRules holds
// those of each ratcheting mode.
var baseRules = []diffRule{
	{
		name:            "Unknown discriminator value with no member set",
		unionGenRejects: true,
		explains: func(dt *diffType, n diffObj, _ *diffObj) bool {
			return n.Disc != "" && !dt.isValid(n.Disc) && dt.noneSet(n)
		},
	},
	{
		name:            "Empty discriminator with no member set",
		unionGenRejects: true,
		explains: func(dt *diffType, n diffObj, _ *diffObj) bool {
			return n.Disc == "" && !dt.isValid("") && dt.noneSet(n)
		},
	},
	{
		name:            "Optional member selected but unset",
		unionGenRejects: false,
		explains: func(dt *diffType, n diffObj, o *diffObj) bool {
			if !dt.isValid(n.Disc) || dt.mismatch(n) || dt.unchanged(n, o) {
				return false
			}
			for i, m := range dt.Members {
				if m.Optional && n.Disc == m.Value && n.State[i] == 0 {
					return true
				}
			}
			return false
		},
	},
}

var diffRules = append(baseRules, ratchetingRule)

var ratchetingRule = diffRule{
	name:            "Ratcheting of an unchanged invalid union",
	unionGenRejects: true,
	explains: func(dt *diffType, n diffObj, o *diffObj) bool {
		return dt.unchanged(n, o) && dt.mismatch(n)
	},
}

// ratchetingRules: +unionRatcheting=membership ratchets as the peer does,
// so the ratcheting rule goes; +unionRatcheting ratchets only unions whose
// content is unchanged, so the rule narrows to those whose content changed.
var ratchetingRules = map[unionspec.Ratcheting][]diffRule{
	unionspec.RatchetingMembership: exceptKept(unionspec.RatchetingMembership, baseRules),
	unionspec.RatchetingUnchanged: append(exceptKept(unionspec.RatchetingUnchanged, baseRules), diffRule{
		name:            "Ratcheting of an invalid union whose members changed",
		unionGenRejects: true,
		explains: func(dt *diffType, n diffObj, o *diffObj) bool {
			return dt.unchanged(n, o) && !dt.contentUnchanged(n, o) && dt.mismatch(n)
		},
	}),
}

// exceptKept narrows rules to the cases that the ratcheting of mode
// validates: in the others, union-gen accepts whatever the rule says.
func exceptKept(mode unionspec.Ratcheting, rules []diffRule) []diffRule {
	narrowed := make([]diffRule, len(rules))
	for i, r := range rules {
		narrowed[i] = r
		narrowed[i].explains = func(dt *diffType, n diffObj, o *diffObj) bool {
			return !dt.kept(mode, n, o) && r.explains(dt, n, o)
		}
	}
	return narrowed
}

var diffPath = field.NewPath("spec", "u")

func diffTypes() []*diffType {
	tables := difftables.Tables()
	return []*diffType{
		diffNewType(tables[0], strategyDiscriminatedUnion,
			func(obj, old *appsv1.DeploymentStrategy) field.ErrorList {
				return (*ratcheting.DeploymentStrategy)(obj).ValidateUnions((*ratcheting.DeploymentStrategy)(old), diffPath)
			},
			func(obj, old *appsv1.DeploymentStrategy) field.ErrorList {
				return (*ratcheting.DeploymentStrategyByMembership)(obj).ValidateUnions((*ratcheting.DeploymentStrategyByMembership)(old), diffPath)
			}),
		diffNewType(tables[1], metricDiscriminatedUnion,
			func(obj, old *autoscalingv2.MetricSpec) field.ErrorList {
				return (*ratcheting.MetricSpec)(obj).ValidateUnions((*ratcheting.MetricSpec)(old), diffPath)
			},
			func(obj, old *autoscalingv2.MetricSpec) field.ErrorList {
				return (*ratcheting.MetricSpecByMembership)(obj).ValidateUnions((*ratcheting.MetricSpecByMembership)(old), diffPath)
			}),
		diffNewType(tables[2], seccompDiscriminatedUnion,
			func(obj, old *corev1.SeccompProfile) field.ErrorList {
				return (*ratcheting.SeccompProfile)(obj).ValidateUnions((*ratcheting.SeccompProfile)(old), diffPath)
			},
			func(obj, old *corev1.SeccompProfile) field.ErrorList {
				return (*ratcheting.SeccompProfileByMembership)(obj).ValidateUnions((*ratcheting.SeccompProfileByMembership)(old), diffPath)
			}),
		diffNewType(tables[3], kepUnionDiscriminatedUnion,
			func(obj, old *kepv1alpha1.Union) field.ErrorList {
				return (*ratcheting.Union)(obj).ValidateUnions((*ratcheting.Union)(old), diffPath)
			},
			func(obj, old *kepv1alpha1.Union) field.ErrorList {
				return (*ratcheting.UnionByMembership)(obj).ValidateUnions((*ratcheting.UnionByMembership)(old), diffPath)
			}),
	}
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
	for _, rules := range [][]diffRule{diffRules, ratchetingRules[unionspec.RatchetingUnchanged]} {
		for _, r := range rules {
			if !slices.Contains(names, r.name) {
				names = append(names, r.name)
			}
		}
	}
	if headings := diffHeadings(t); !slices.Equal(headings, names) {
		t.Errorf("the \"## \" headings of docs/peers.md are\n  %q\nthe rules of this test are\n  %q", headings, names)
	}
	t.Run("no ratcheting", func(t *testing.T) { differential(t, unionspec.RatchetingOff, diffRules) })
	for _, mode := range unionspec.RatchetingModes {
		t.Run("ratcheting "+string(mode), func(t *testing.T) { differential(t, mode, ratchetingRules[mode]) })
	}
}

// differential compares the verdicts of union-gen, with the given
// ratcheting, and of the peer on every case of every table: every
// disagreement must be explained by exactly one of rules, and every rule
// must explain one.
func differential(t *testing.T, mode unionspec.Ratcheting, rules []diffRule) {
	minCases := map[string]int{"DeploymentStrategy": 500, "MetricSpec": 500, "SeccompProfile": 500}
	total := map[string]int{}
	for _, dt := range diffTypes() {
		t.Run(strings.ReplaceAll(dt.Name, "/", "_"), func(t *testing.T) {
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
				n := dt.Objs[ni]
				var o *diffObj
				kind := "create"
				if oi >= 0 {
					o = &dt.Objs[oi]
					kind = "update from " + o.String()
				}
				ugErrs, peerErrs := dt.unionGen[mode](ni, oi), dt.peer(ni, oi)
				ugRejects, peerRejects := len(ugErrs) > 0, len(peerErrs) > 0
				describe := func() string {
					return fmt.Sprintf("%s %s %s\n  union-gen: %s\n  peer:      %s", dt.Name, kind, n, diffErrs(ugErrs), diffErrs(peerErrs))
				}
				if ugRejects == dt.specValid(mode, n, o) {
					fail("suspected union-gen bug: verdict differs from docs/semantics.md V1–V3: %s", describe())
				}
				var matched []string
				for _, r := range rules {
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
			for ni := range dt.Objs {
				check(ni, -1)
			}
			for oi := range dt.Objs {
				for ni := range dt.Objs {
					check(ni, oi)
				}
			}
			if failures > 20 {
				t.Errorf("... %d failures in all", failures)
			}
			t.Logf("%s: %d objects, %d cases (%d creates, %d updates), %d agreements, %d disagreements",
				dt.Name, len(dt.Objs), cases, len(dt.Objs), cases-len(dt.Objs), agree, cases-agree)
			for _, r := range rules {
				t.Logf("  %-50s %d", r.name, byRule[r.name])
				total[r.name] += byRule[r.name]
			}
			if want, ok := minCases[dt.Name]; ok && cases < want {
				t.Errorf("%s: %d cases, want at least %d", dt.Name, cases, want)
			}
		})
	}
	for _, r := range rules {
		if total[r.name] == 0 {
			t.Errorf("rule %q explains no disagreement: remove it from the test and docs/peers.md", r.name)
		}
	}
}
