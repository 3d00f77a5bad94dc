package peers_test

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/union-gen/union-gen/examples/peers/difftables"
)

// Differential test: the accept/reject verdict of the generated
// ValidateUnions (without NormalizeUnions) against validation-gen's runtime,
// validate.DiscriminatedUnion, on systematically enumerated objects. Every
// disagreement must be explained by exactly one rule of diffRules, and the
// rule names are the "## " headings of docs/peers.md.

// diffObj is an object of a union in abstract form.
type diffObj = difftables.Obj

// diffType is one union under test: a table and the two validators.
type diffType struct {
	*difftables.Table
	// run returns the errors of union-gen and of the peer for Objs[n] with
	// old Objs[o], or create when o < 0.
	run func(n, o int) (unionGen, peer field.ErrorList)
}

// diffNewType wires the peer to a table: peer gets pointers to T, a nil
// one for create.
func diffNewType[T any](table *difftables.Table, peer func(path *field.Path, obj, old *T) field.ErrorList) *diffType {
	return &diffType{Table: table, run: func(n, o int) (field.ErrorList, field.ErrorList) {
		var old *T
		if o >= 0 {
			old = table.Objects[o].(*T)
		}
		return table.Validate(n, o, diffPath), peer(diffPath, table.Objects[n].(*T), old)
	}}
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

// specValid is the verdict docs/semantics.md V1–V3 gives (without
// normalization).
func (dt *diffType) specValid(n diffObj) bool {
	return dt.isValid(n.Disc) && !dt.mismatch(n)
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
			if !dt.specValid(n) || dt.unchanged(n, o) {
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
	{
		name:            "Ratcheting of an unchanged invalid union",
		unionGenRejects: true,
		explains: func(dt *diffType, n diffObj, o *diffObj) bool {
			return dt.unchanged(n, o) && dt.mismatch(n)
		},
	},
}

var diffPath = field.NewPath("spec", "u")

func diffTypes() []*diffType {
	tables := difftables.Tables()
	return []*diffType{
		diffNewType(tables[0], strategyDiscriminatedUnion),
		diffNewType(tables[1], metricDiscriminatedUnion),
		diffNewType(tables[2], seccompDiscriminatedUnion),
		diffNewType(tables[3], kepUnionDiscriminatedUnion),
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
	for _, r := range diffRules {
		names = append(names, r.name)
	}
	if headings := diffHeadings(t); !slices.Equal(headings, names) {
		t.Errorf("the \"## \" headings of docs/peers.md are\n  %q\nthe rules of this test are\n  %q", headings, names)
	}

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
				ugErrs, peerErrs := dt.run(ni, oi)
				ugRejects, peerRejects := len(ugErrs) > 0, len(peerErrs) > 0
				describe := func() string {
					return fmt.Sprintf("%s %s %s\n  union-gen: %s\n  peer:      %s", dt.Name, kind, n, diffErrs(ugErrs), diffErrs(peerErrs))
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
			for _, r := range diffRules {
				t.Logf("  %-50s %d", r.name, byRule[r.name])
				total[r.name] += byRule[r.name]
			}
			if want, ok := minCases[dt.Name]; ok && cases < want {
				t.Errorf("%s: %d cases, want at least %d", dt.Name, cases, want)
			}
		})
	}
	for _, r := range diffRules {
		if total[r.name] == 0 {
			t.Errorf("rule %q explains no disagreement: remove it from the test and docs/peers.md", r.name)
		}
	}
}
