package openshiftsuites

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// manifest is one CRD manifest of openshift/api: as shipped, as union-gen
// edits it with --crd-rules=precise, as union-gen edits it by default
// (compact rules), and replaced: union-gen's precise edit with the
// hand-written union rules made "true".
type manifest struct {
	shipped, precise, compact, replaced *apiextensionsv1.CustomResourceDefinition
	// edited says that union-gen wrote rules into it.
	edited bool
	// shippedRejected holds the API server's objections to the manifest as
	// shipped; a manifest it rejects is reported, not counted.
	shippedRejected              string
	preciseRules, compactRules   ruleStats
	preciseOK, compactOK, replOK bool
}

// suiteDiff is a suite test whose outcome on the replaced manifest is not
// the one on the shipped manifest.
type suiteDiff struct {
	key, file, crd  string
	shipped, edited outcome
}

// Why union-gen's rules reject what openshift's accept: openshift's markers
// say one thing and its hand-written rules another, or nothing.
const (
	explicitRequired = "openshift's markers: `+unionMember` without `,optional`, so the member is required when selected (the marker is the author's claim); its own rule: the member may be left unset"
	implicitOptional = "openshift's markers: `+union` without member markers, whose members are required when selected, as openshift's own rules of most such unions require them; this union's own rule only forbids the member where it is not selected, so it may be left unset (`+unionMember,optional` would say so)"
	implicitNoRule   = "openshift's markers: `+union` without member markers, whose members are required when selected, as openshift's own rules of most such unions require them; openshift writes no rule for this member, and its tests leave it unset (`+unionMember,optional` would say so)"
)

// statusRatcheting is why some tests fail in process as shipped.
const statusRatcheting = "the update writes a status that the test's initialCRDPatches allowed and the CRD does not: " +
	"apiextensions-apiserver v0.32.1's status strategy does not ratchet (its ValidateUpdate passes no ratcheting option; v0.37's does), " +
	"so Kubernetes 1.32 rejects it; openshift's CI runs the suites on its own build of the API server"

// shippedFailures say why a suite test fails in process on the manifest as
// shipped, by suite file and test name.
var shippedFailures = map[string]string{
	"config/v1/tests/infrastructures.config.openshift.io/AAA_ungated.yaml: Should allow updating other fields with an invalid persisted PowerVS service endpoint name in status":               statusRatcheting,
	"config/v1/tests/infrastructures.config.openshift.io/AAA_ungated.yaml: Should allow updating adding another slice entry with an invalid persisted PowerVS service endpoint name in status": statusRatcheting,
}

// stricterClasses say why union-gen's rules reject the objects of a union's
// tests that openshift's rules accept, by CRD and the union's path (list
// indices left out). The other way, looser, is never allowed: a replacement
// must not accept what the rules it replaces reject.
var stricterClasses = map[string]string{
	"clustercsidrivers.operator.openshift.io spec.driverConfig.aws.efsVolumeMetrics":                           explicitRequired,
	"configs.imageregistry.operator.openshift.io spec.storage.azure.networkAccess":                             implicitOptional,
	"consoleplugins.console.openshift.io spec.backend":                                                         implicitNoRule,
	"featuregates.config.openshift.io spec":                                                                    implicitNoRule,
	"ingresscontrollers.operator.openshift.io spec.endpointPublishingStrategy.loadBalancer.providerParameters": implicitOptional,
	// classicLoadBalancer is selected by Classic, the value its JSON name
	// starts with (prefixvalue), which before was left out (unselectable).
	"ingresscontrollers.operator.openshift.io spec.endpointPublishingStrategy.loadBalancer.providerParameters.aws": implicitOptional,
}

// union is the CRD and the path of the union whose rule changed the verdict:
// that of the hand-written rule's error where the shipped manifest rejects,
// else the parent of union-gen's error on the member.
func (d suiteDiff) union() string {
	if d.shipped.err != "" {
		if paths := errorPaths(d.shipped.err); len(paths) > 0 {
			return d.crd + " " + paths[0]
		}
	}
	if paths := errorPaths(d.edited.err); len(paths) > 0 {
		parent := paths[0]
		if i := strings.LastIndex(parent, "."); i > 0 {
			parent = parent[:i]
		}
		return d.crd + " " + parent
	}
	return d.crd
}

// errorPath finds the field paths of an API server's Invalid error.
var errorPath = regexp.MustCompile(`(?:is invalid: \[?|, )([A-Za-z0-9_.\[\]]+): (?:Invalid value|Required value|Forbidden|Unsupported value)`)

// errorPaths are the field paths of an error, list indices left out.
func errorPaths(err string) []string {
	var paths []string
	for _, m := range errorPath.FindAllStringSubmatch(err, -1) {
		paths = append(paths, listIndex.ReplaceAllString(m[1], ""))
	}
	return paths
}

var listIndex = regexp.MustCompile(`\[[0-9]+\]`)

// runSuites runs openshift/api's own test suites (its tests/**.yaml:
// onCreate and onUpdate, with initialCRDPatches, expected objects, errors
// and status errors) in process, through apiextensions-apiserver's request
// decoding and registry strategy (crServer), on every manifest each suite
// selects: once as shipped, once with its hand-written union rules replaced
// by union-gen's. c is the copy of openshift/api in which union-gen has
// edited the manifests, with its precise rules in c.dir and its compact ones
// in c.compact; the estimated cost of both is compared with that of the
// hand-written union rules. It returns the report's section.
func runSuites(t *testing.T, c *openshiftCopy) string {
	manifests := map[string]*manifest{}
	for _, dir := range c.crdDirs {
		entries, err := os.ReadDir(filepath.Join(c.source, dir))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			file := filepath.Join(dir, e.Name())
			if m := loadManifest(t, c, file); m != nil {
				manifests[file] = m
			}
		}
	}

	gates, err := loadFeatureGates(c.source)
	if err != nil {
		t.Fatal(err)
	}
	suites, err := loadSuites(c.source)
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(suites, func(a, b *suite) int { return strings.Compare(a.file, b.file) })

	var r suiteReport
	servers := map[string]*crServer{}
	server := func(crd *apiextensionsv1.CustomResourceDefinition, key, version string) *crServer {
		key += "@" + version
		if s, ok := servers[key]; ok {
			return s
		}
		v, err := versioned(crd, version)
		if err == nil {
			servers[key], err = newCRServer(v, version)
		}
		if err != nil {
			t.Fatalf("%s: %v", key, err)
		}
		return servers[key]
	}
	for _, s := range suites {
		files, err := s.manifests(c.source, manifests, gates)
		if err != nil || len(files) == 0 {
			t.Errorf("%s: no manifest to run on: %v", s.file, err)
			continue
		}
		var crds []*apiextensionsv1.CustomResourceDefinition
		for _, f := range files {
			crds = append(crds, manifests[f].shipped)
		}
		version, err := s.version(crds)
		if err != nil {
			t.Errorf("%s: %v", s.file, err)
			continue
		}
		for _, f := range files {
			m := manifests[f]
			if m.shippedRejected != "" {
				r.skipped += len(s.Tests.OnCreate) + len(s.Tests.OnUpdate)
				continue
			}
			shipped := server(m.shipped, "shipped:"+f, version)
			replaced := shipped
			if m.edited {
				replaced = server(m.replaced, "replaced:"+f, version)
			}
			run := func(test suiteTest, on func(*apiextensionsv1.CustomResourceDefinition, *crServer) outcome) {
				before := on(m.shipped, shipped)
				after := before
				if m.edited {
					after = on(m.replaced, replaced)
				}
				r.count(s, f, test, m.edited, before, after)
			}
			for _, test := range s.Tests.OnCreate {
				run(test, func(_ *apiextensionsv1.CustomResourceDefinition, server *crServer) outcome {
					return runCreate(server, test)
				})
			}
			for _, test := range s.Tests.OnUpdate {
				run(test, func(crd *apiextensionsv1.CustomResourceDefinition, server *crServer) outcome {
					return runUpdate(crd, version, server, test)
				})
			}
		}
	}
	for _, d := range r.diffs {
		switch d.change() {
		case looser:
			t.Errorf("%s on %s (%s): looser than openshift's rules: shipped %s; with union-gen's rules %s", d.key, d.file, d.union(), d.shipped.describe(), d.edited.describe())
		case stricter:
			if stricterClasses[d.union()] == "" {
				t.Errorf("%s on %s (%s): unclassified stricter verdict: shipped %s; with union-gen's rules %s", d.key, d.file, d.union(), d.shipped.describe(), d.edited.describe())
			}
		}
	}
	for _, f := range r.shippedFailures {
		if shippedFailures[f.key] == "" {
			t.Errorf("fails as shipped, for no known reason: %s on %s: %s", f.key, f.file, f.shipped.describe())
		}
	}
	return r.section(manifests, len(suites))
}

// loadManifest reads a manifest as shipped and as union-gen edited it, and
// checks every form with the API server's CRD validation; nil for a file
// that is no CRD.
func loadManifest(t *testing.T, c *openshiftCopy, file string) *manifest {
	shipped, ok, err := readCRD(filepath.Join(c.source, file))
	if err != nil {
		t.Fatal(err)
	}
	if !ok {
		return nil
	}
	m := &manifest{shipped: shipped}
	if m.precise, _, err = readCRD(filepath.Join(c.dir, file)); err != nil {
		t.Fatal(err)
	}
	if m.compact, _, err = readCRD(filepath.Join(c.compact, file)); err != nil {
		t.Fatal(err)
	}
	m.replaced = m.precise.DeepCopy()
	if m.preciseRules, err = replaceUnionRules(m.replaced, true); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if m.compactRules, err = replaceUnionRules(m.compact.DeepCopy(), false); err != nil {
		t.Fatalf("%s (compact): %v", file, err)
	}
	// Compact rules may leave all of a union to the schema (its required
	// discriminator), precise ones never do.
	m.edited = m.preciseRules.unionGen > 0
	if !m.edited && m.compactRules.unionGen > 0 {
		t.Errorf("%s: union-gen wrote compact rules only", file)
	}
	valid := func(crd *apiextensionsv1.CustomResourceDefinition) (bool, string) {
		errs, err := crdErrors(crd)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if len(errs) > 0 {
			return false, errs.ToAggregate().Error()
		}
		return true, ""
	}
	if ok, why := valid(shipped); !ok {
		m.shippedRejected = why
		return m
	}
	var why string
	m.preciseOK, why = valid(m.precise)
	if !m.preciseOK {
		t.Errorf("%s: the API server rejects union-gen's manifest: %s", file, why)
	}
	if m.compactOK, why = valid(m.compact); !m.compactOK {
		t.Errorf("%s: the API server rejects union-gen's compact manifest: %s", file, why)
	}
	if m.replOK, why = valid(m.replaced); !m.replOK {
		t.Errorf("%s: the API server rejects union-gen's manifest without the hand-written union rules: %s", file, why)
	}
	return m
}

// suiteReport counts the suite tests' outcomes.
type suiteReport struct {
	// runs are the tests run, a test once per manifest it runs on; onEdited
	// those on manifests that union-gen edited.
	runs, onEdited int
	// skipped are those on manifests that the API server rejects as shipped.
	skipped int
	// passShipped and passEdited are the runs whose expectations hold;
	// sameVerdict those accepted, or rejected, on both.
	passShipped, passEdited, sameVerdict int
	// errorsShipped are the runs whose expected error the shipped manifest
	// gives, errorsEdited those of them that union-gen's rules give too.
	errorsShipped, errorsEdited int
	diffs                       []suiteDiff
	shippedFailures             []suiteDiff
}

func (o outcome) describe() string {
	verdict := "accepted"
	if o.err != "" {
		verdict = "rejected (" + o.err + ")"
	}
	if !o.pass {
		verdict += ", the test fails"
	}
	return verdict
}

func (r *suiteReport) count(s *suite, file string, test suiteTest, edited bool, shipped, after outcome) {
	key := s.file + ": " + test.Name
	r.runs++
	if edited {
		r.onEdited++
	}
	if shipped.pass {
		r.passShipped++
	} else {
		r.shippedFailures = append(r.shippedFailures, suiteDiff{key: key, file: file, crd: s.CRDName, shipped: shipped})
	}
	if after.pass {
		r.passEdited++
	}
	if (shipped.err == "") == (after.err == "") {
		r.sameVerdict++
	}
	if shipped.pass && (test.ExpectedError != "" || test.ExpectedStatusError != "") {
		r.errorsShipped++
		if after.pass {
			r.errorsEdited++
		}
	}
	if (shipped.err == "") != (after.err == "") || shipped.pass != after.pass {
		r.diffs = append(r.diffs, suiteDiff{key: key, file: file, crd: s.CRDName, shipped: shipped, edited: after})
	}
}

func (r *suiteReport) section(manifests map[string]*manifest, suites int) string {
	var b strings.Builder
	var edited, rejected, preciseOK, compactOK, replOK int
	var precise, compact ruleStats
	for _, file := range slices.Sorted(maps.Keys(manifests)) {
		m := manifests[file]
		if m.shippedRejected != "" {
			rejected++
			fmt.Fprintf(&b, "- `%s` is rejected by the API server as shipped: %s\n", file, m.shippedRejected)
			continue
		}
		if !m.edited {
			continue
		}
		edited++
		precise.add(m.preciseRules)
		compact.add(m.compactRules)
		preciseOK += count(m.preciseOK)
		compactOK += count(m.compactOK)
		replOK += count(m.replOK)
	}
	rejectedList := b.String()
	b.Reset()
	fmt.Fprintf(&b, `
openshiftsuites/ (run by test/modules's TestOpenShiftSuitesModule) runs union-gen on
openshift/api as above, with `+"`--crd-paths`"+` over its %d CRD manifests (its
`+"`zz_generated.crd-manifests`"+` directories, unchanged), and checks the manifests and openshift's
own test suites with the Kubernetes 1.32 libraries of openshift's suite runner (its tests/go.mod
and envtest), whose messages the suites expect. union-gen writes rules into %d manifests, those
of kinds with unions. The API server's CRD validation (`+"`ValidateCustomResourceDefinition`"+`)
accepts %d of them with `+"`--crd-rules=precise`"+`, %d with the default compact rules, and %d with
openshift's hand-written union rules replaced by union-gen's (below).
`, len(manifests), edited, preciseOK, compactOK, replOK)
	if rejected > 0 {
		fmt.Fprintf(&b, "\nNot counted: %d manifests that the API server rejects as shipped.\n\n%s", rejected, rejectedList)
	}
	fmt.Fprintf(&b, `
**Cost.** A hand-written union rule is one that sits beside union-gen's rules in a schema and
reads two or more of the fields they read and nothing else (no `+"`oldSelf`"+`): %d rules, in the
schemas of the unions that openshift checks by hand. Their estimated cost, as the API server's
CRD validation estimates it (a rule's CEL cost times the number of times it can run), summed
over the manifests, is %d. In those schemas, union-gen's precise rules cost %d (%.2fx) and its
compact rules %d (**%.2fx**). Over all unions, union-gen's %d precise rules cost %d and its %d
compact rules %d.
`, precise.handWritten, precise.handWrittenCost, precise.pairedCost, ratio(precise.pairedCost, precise.handWrittenCost),
		compact.pairedCost, ratio(compact.pairedCost, compact.handWrittenCost),
		precise.unionGen, precise.unionGenCost, compact.unionGen, compact.unionGenCost)
	fmt.Fprintf(&b, `
**Suites.** %d suite files, run in process through apiextensions-apiserver's request decoding
(pruning, defaulting) and registry strategy (schema, CEL rules with the runtime cost budget,
ratcheting on update), each test on every manifest the suite selects (by its feature gates, as
openshift's runner selects them): %d runs, %d of them on manifests that union-gen edits`, suites, r.runs, r.onEdited)
	if r.skipped > 0 {
		fmt.Fprintf(&b, " (and %d not run, on manifests rejected as shipped)", r.skipped)
	}
	fmt.Fprintf(&b, `. The manifests as shipped, and with their
hand-written union rules replaced by union-gen's (the same, where union-gen writes no rule), give:

| | runs |
|---|---|
| expectations hold, as shipped | %d |
| expectations hold, with union-gen's rules | %d |
| same verdict (accepted or rejected) | %d |
| expected error given as shipped | %d |
| ... and still given with union-gen's rules | %d |
`, r.passShipped, r.passEdited, r.sameVerdict, r.errorsShipped, r.errorsEdited)
	if len(r.shippedFailures) > 0 {
		b.WriteString("\nThe runs that fail as shipped:\n\n")
		for _, f := range r.shippedFailures {
			fmt.Fprintf(&b, "- %s, on `%s`: %s.\n", f.key, filepath.Base(f.file), shippedFailures[f.key])
		}
	}
	r.writeDiffs(&b)
	return b.String()
}

// How union-gen's rules change a run's verdict.
type change int

const (
	unchanged change = iota
	// looser: openshift's rules reject the run's object, union-gen's accept it.
	looser
	// stricter: openshift's rules accept it, union-gen's reject it.
	stricter
)

func (d suiteDiff) change() change {
	switch {
	case (d.shipped.err == "") == (d.edited.err == ""):
		return unchanged
	case d.shipped.err != "":
		return looser
	default:
		return stricter
	}
}

// writeDiffs lists the tests whose outcome union-gen's rules change, by
// union: first the counts of looser and stricter runs, then the stricter
// ones with why, then those that are rejected either way but whose expected
// error is openshift's own message.
func (r *suiteReport) writeDiffs(b *strings.Builder) {
	type group struct {
		runs    int
		tests   []string
		example suiteDiff
	}
	runs := map[change]int{}
	for _, d := range r.diffs {
		runs[d.change()]++
	}
	fmt.Fprintf(b, "\n**Looser and stricter.** Runs whose object openshift's rules reject and union-gen's accept (looser; the test fails on any): %d. Runs whose object openshift's rules accept and union-gen's reject (stricter): %d.\n", runs[looser], runs[stricter])
	for _, kind := range []change{looser, stricter, unchanged} {
		groups := map[string]*group{}
		for _, d := range r.diffs {
			if d.change() != kind {
				continue
			}
			g := groups[d.union()]
			if g == nil {
				g = &group{example: d}
				groups[d.union()] = g
			}
			g.runs++
			if !slices.Contains(g.tests, d.key) {
				g.tests = append(g.tests, d.key)
			}
		}
		if len(groups) == 0 {
			continue
		}
		switch kind {
		case looser:
			b.WriteString("\n**Looser**, by union:\n\n| union | runs | tests | example |\n|---|---|---|---|\n")
		case stricter:
			b.WriteString("\n**Stricter**, by union, and why:\n\n| union | runs | tests | example | why |\n|---|---|---|---|---|\n")
		default:
			b.WriteString("\n**Same verdict, other message.** Rejected either way, but the test expects the hand-written rule's\nmessage, which union-gen's rules word their own way (field path, reason and message of the Go methods):\n\n| union | runs | tests | shipped | with union-gen's rules |\n|---|---|---|---|---|\n")
		}
		for _, key := range slices.Sorted(maps.Keys(groups)) {
			g := groups[key]
			example := fmt.Sprintf("%s: shipped %s; with union-gen's rules %s", cell(g.example.key), cell(g.example.shipped.describe()), cell(g.example.edited.describe()))
			switch kind {
			case looser:
				fmt.Fprintf(b, "| `%s` | %d | %d | %s |\n", key, g.runs, len(g.tests), example)
			case stricter:
				fmt.Fprintf(b, "| `%s` | %d | %d | %s | %s |\n", key, g.runs, len(g.tests), example, stricterClasses[key])
			default:
				fmt.Fprintf(b, "| `%s` | %d | %d | %s | %s |\n", key, g.runs, len(g.tests), cell(g.example.shipped.err), cell(g.example.edited.err))
			}
		}
	}
}

func ratio(a, b uint64) float64 { return float64(a) / float64(b) }

// count is 1 for true.
func count(b bool) int {
	if b {
		return 1
	}
	return 0
}

// cell makes text fit a Markdown table cell.
func cell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}
