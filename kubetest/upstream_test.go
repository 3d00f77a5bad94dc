package kubetest

import (
	"bytes"
	"crypto/sha1"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/util/intstr"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/kubernetes/pkg/apis/apps"
	api "k8s.io/kubernetes/pkg/apis/core"
	"k8s.io/kubernetes/pkg/registry/apps/deployment"

	"github.com/union-gen/union-gen/internal/testsupport/golden"
	"github.com/union-gen/union-gen/internal/testsupport/modcopy"
	"github.com/union-gen/union-gen/internal/testsupport/uniongen"
)

// upstreamPatch is the change that a Kubernetes pull request would carry
// (docs/upstream.md): union markers on the internal and versioned types,
// the generated files, hack/update-codegen.sh's lines that make them, and
// the strategies' calls. It applies to the k8s.io/kubernetes that kubetest
// requires, upstreamVersion.
const (
	upstreamPatch   = "../upstream/kubernetes-v1.37.2.patch"
	upstreamVersion = "v1.37.2"
)

// upstreamTests are Kubernetes' own tests of the packages that the patch
// touches: the strategies' registry packages and the apps and core API
// packages (validation, conversion, defaults).
var upstreamTests = []string{
	"k8s.io/kubernetes/pkg/apis/apps/...",
	"k8s.io/kubernetes/pkg/apis/core/...",
	"k8s.io/kubernetes/pkg/registry/apps/...",
	"k8s.io/kubernetes/pkg/registry/core/podtemplate/...",
	"k8s.io/kubernetes/pkg/registry/core/replicationcontroller/...",
}

var patchedJudgements = flag.String("patched-judgements", "", "the file where TestPatchedServer writes its judgements of the random differential; TestUpstreamPatch runs it so, in kubetest built with the upstream patch")

// TestUpstreamPatch holds the upstream patch to Kubernetes: applied to a
// copy of k8s.io/kubernetes, union-gen run on the packages that its
// hack/update-codegen.sh lines name writes the patch's generated files
// byte for byte; Kubernetes' own tests of the touched packages pass; and
// kubetest, built with the patched copy, runs TestPatchedServer against
// its kube-apiserver, with no policy and no webhook: every switch of the
// client matrix succeeds, and the random differential, against this
// unpatched server's, changes nothing but updates refused for a stale
// member, and judges each update as this server with the policy for
// built-in kinds does. Last, the Deployment strategy's PrepareForUpdate,
// patched and not (BenchmarkUpstreamPrepareForUpdate, each binary in turn).
func TestUpstreamPatch(t *testing.T) {
	root := upstreamTree(t)
	t.Run("generated", func(t *testing.T) { checkUpstreamGenerated(t, root) })
	modfile := upstreamModFile(t, root, false)
	t.Run("kubernetes tests", func(t *testing.T) {
		start := time.Now()
		out := modcopy.Go(t, ".", append([]string{"test", "-modfile=" + modfile}, upstreamTests...)...)
		t.Logf("%d packages' tests pass in %v", bytes.Count(append([]byte("\n"), out...), []byte("\nok ")), time.Since(start).Round(time.Second))
	})
	patched := filepath.Join(t.TempDir(), "patched.test")
	start := time.Now()
	modcopy.Go(t, ".", "test", "-c", "-modfile="+modfile, "-o", patched, ".")
	t.Logf("kubetest built with the patched copy in %v", time.Since(start).Round(time.Second))

	c := startCluster(t)
	doc, err := os.ReadFile(builtinDoc)
	if err != nil {
		t.Fatal(err)
	}
	pairs := c.differentialPairs(t)
	without := c.judgePairs(t, pairs, nil)
	c.clientMatrix(t, "unpatched", false, doc)
	c.installBuiltinPolicy(t, adminTable[0][0])
	policy := c.judgePairs(t, pairs, nil)

	judgements := filepath.Join(t.TempDir(), "judgements.json")
	cmd := exec.Command(patched, "-test.run=^TestPatchedServer$", "-test.v", "-patched-judgements="+judgements)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("TestPatchedServer, in kubetest built with the patch: %v\n%s", err, tail(out, 200))
	}
	with := readJudgements(t, judgements)
	if len(with) != len(pairs) {
		t.Fatalf("the patched server judged %d updates, the unpatched %d", len(with), len(pairs))
	}
	with = withoutServer(with)
	t.Run("random differential", func(t *testing.T) { compareJudgements(t, pairs, withoutServer(roundTrip(t, without)), with) })
	t.Run("random differential/policy", func(t *testing.T) { samePolicyJudgements(t, pairs, withoutServer(roundTrip(t, policy)), with) })
	t.Run("PrepareForUpdate", func(t *testing.T) { compareUpstreamBenchmarks(t, patched) })
}

// samePolicyJudgements checks that the patched server judges each update
// as the unpatched one does with the policy for built-in kinds: it stores
// the same object, or refuses it too. So the patch accepts every update
// refused only for a stale member, which the policy accepts.
func samePolicyJudgements(t *testing.T, pairs []updatePair, policy, patched []judgement) {
	for i, p := range pairs {
		if policy[i].stored != nil || patched[i].stored != nil {
			if !reflect.DeepEqual(policy[i].stored, patched[i].stored) {
				t.Errorf("update %d of %s %s: with the policy, stored\n  %v\n  (refused for %v)\nby the patched server\n  %v\n  (refused for %v)", i, p.resource.Resource, p.name, policy[i].stored, policy[i].causes, patched[i].stored, patched[i].causes)
			}
		}
	}
}

// TestPatchedServer is TestUpstreamPatch's in kubetest built with the
// upstream patch (it is skipped elsewhere): with no policy and no webhook,
// every switch of the client matrix succeeds, the stale member cleared; the
// random differential's judgements go to the file of -patched-judgements;
// and the generated NormalizeUnions allocates nothing on a Deployment
// update that switches nothing.
func TestPatchedServer(t *testing.T) {
	if *patchedJudgements == "" {
		t.Skip("run by TestUpstreamPatch, in kubetest built with the upstream patch")
	}
	old, update := upstreamDeployment(), upstreamDeployment()
	update.Spec.Replicas = 3
	normalizer, ok := any(update).(interface{ NormalizeUnions(*apps.Deployment) })
	if !ok {
		t.Fatal("apps.Deployment has no NormalizeUnions: kubetest is not built with the patch")
	}
	if allocs := testing.AllocsPerRun(100, func() { normalizer.NormalizeUnions(old) }); allocs != 0 {
		t.Errorf("NormalizeUnions of an update that switches nothing: %v allocations, want 0", allocs)
	}

	c := startCluster(t)
	doc, err := os.ReadFile(builtinDoc)
	if err != nil {
		t.Fatal(err)
	}
	pairs := c.differentialPairs(t)
	with := c.judgePairs(t, pairs, nil)
	c.clientMatrix(t, "patched", true, doc)
	writeJudgements(t, *patchedJudgements, with)
}

// BenchmarkUpstreamPrepareForUpdate is the Deployment strategy's
// PrepareForUpdate on an update of the replicas (valid) and on a switch of
// the strategy to Recreate that carries rollingUpdate over (switch), on a
// Deployment whose pod template has seccomp and AppArmor profiles.
// TestUpstreamPatch runs it in kubetest as built and as built with the
// upstream patch.
func BenchmarkUpstreamPrepareForUpdate(b *testing.B) {
	ctx := genericapirequest.NewDefaultContext()
	for _, name := range []string{"valid", "switch"} {
		b.Run(name, func(b *testing.B) {
			old, update := upstreamDeployment(), upstreamDeployment()
			if name == "valid" {
				update.Spec.Replicas = 3
			} else {
				update.Spec.Strategy.Type = apps.RecreateDeploymentStrategyType
			}
			rollingUpdate := update.Spec.Strategy.RollingUpdate
			b.ReportAllocs()
			for b.Loop() {
				// The patched strategy clears the member on a switch.
				update.Spec.Strategy.RollingUpdate = rollingUpdate
				update.Generation = old.Generation
				deployment.Strategy.PrepareForUpdate(ctx, update, old)
			}
		})
	}
}

// upstreamDeployment is a Deployment of internal types with a
// RollingUpdate strategy and a pod template with seccomp and AppArmor
// profiles, which the generated code walks to.
func upstreamDeployment() *apps.Deployment {
	surge := intstr.FromInt32(1)
	localhost := "profiles/audit.json"
	return &apps.Deployment{
		Spec: apps.DeploymentSpec{
			Replicas: 2,
			Strategy: apps.DeploymentStrategy{Type: apps.RollingUpdateDeploymentStrategyType, RollingUpdate: &apps.RollingUpdateDeployment{MaxSurge: surge, MaxUnavailable: surge}},
			Template: api.PodTemplateSpec{Spec: api.PodSpec{
				SecurityContext: &api.PodSecurityContext{SeccompProfile: &api.SeccompProfile{Type: api.SeccompProfileTypeLocalhost, LocalhostProfile: &localhost}},
				Containers: []api.Container{{Name: "app", Image: "registry.k8s.io/pause:3.9", SecurityContext: &api.SecurityContext{
					AppArmorProfile: &api.AppArmorProfile{Type: api.AppArmorProfileTypeRuntimeDefault},
				}}},
			}},
		},
	}
}

// compareUpstreamBenchmarks runs BenchmarkUpstreamPrepareForUpdate in this
// binary and in patched, in turn, three times, and logs the patched one's
// time and allocations against the unpatched; on an update that switches
// nothing, the patch allocates nothing more.
func compareUpstreamBenchmarks(t *testing.T, patched string) {
	results := map[string]map[string][]float64{} // binary, case: ns/op then allocs/op of each run
	for range 3 {
		for _, binary := range []string{os.Args[0], patched} {
			out, err := exec.Command(binary, "-test.run=^$", "-test.bench=^BenchmarkUpstreamPrepareForUpdate$", "-test.benchmem", "-test.benchtime=200ms").CombinedOutput()
			if err != nil {
				t.Fatalf("%s: %v\n%s", binary, err, out)
			}
			if results[binary] == nil {
				results[binary] = map[string][]float64{}
			}
			for _, m := range benchLine.FindAllStringSubmatch(string(out), -1) {
				ns, _ := strconv.ParseFloat(m[2], 64)
				allocs, _ := strconv.ParseFloat(m[3], 64)
				results[binary][m[1]] = append(results[binary][m[1]], ns, allocs)
			}
		}
	}
	for _, name := range []string{"valid", "switch"} {
		before, after := results[os.Args[0]][name], results[patched][name]
		if len(before) != 6 || len(after) != 6 {
			t.Fatalf("%s: results %v and %v, want three runs of each", name, before, after)
		}
		var ratios []string
		for i := 0; i < 6; i += 2 {
			ratios = append(ratios, fmt.Sprintf("%.2f", after[i]/before[i]))
		}
		t.Logf("PrepareForUpdate, %s update: patched/unpatched time %s (runs: %v ns/op against %v); allocations %v against %v", name, strings.Join(ratios, ", "), []float64{after[0], after[2], after[4]}, []float64{before[0], before[2], before[4]}, after[1], before[1])
		if name == "valid" && after[1] != before[1] {
			t.Errorf("PrepareForUpdate of an update that switches nothing: %v allocations patched, %v unpatched", after[1], before[1])
		}
	}
}

var benchLine = regexp.MustCompile(`(?m)^BenchmarkUpstreamPrepareForUpdate/(\w+)(?:-\d+)?\s+\d+\s+([\d.]+) ns/op\s+\d+ B/op\s+(\d+) allocs/op`)

// upstreamTree is a copy of the k8s.io/kubernetes module, with the
// k8s.io/api module as its staging/src/k8s.io/api, and the patch applied.
// It is at one path per user, so that the build cache serves the unchanged
// packages to the next run.
func upstreamTree(t *testing.T) string {
	t.Helper()
	kubernetes, version := modcopy.Download(t, "k8s.io/kubernetes")
	if version != upstreamVersion {
		t.Fatalf("kubetest requires k8s.io/kubernetes %s; %s applies to %s", version, upstreamPatch, upstreamVersion)
	}
	api, _ := modcopy.Download(t, "k8s.io/api")
	cache, err := os.UserCacheDir()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(cache, "union-gen", "kubernetes-"+upstreamVersion)
	if err := os.RemoveAll(root); err != nil {
		t.Fatal(err)
	}
	every := func(string) bool { return true }
	modcopy.Copy(t, kubernetes, root, every)
	modcopy.Copy(t, api, filepath.Join(root, "staging/src/k8s.io/api"), every)
	patch, err := filepath.Abs(upstreamPatch)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("git", "apply", patch)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git apply %s: %v\n%s", upstreamPatch, err, out)
	}
	return root
}

// upstreamModFile writes a go.mod, with its go.sum, that is kubetest's
// with k8s.io/kubernetes replaced by the patched copy at root, and, with
// api, k8s.io/api by its copy too; it returns the go.mod's path. Builds
// keep k8s.io/api's published module, whose patch changes comments only
// (checkUpstreamGenerated holds that), so that its packages and those
// above them come from the build cache.
func upstreamModFile(t *testing.T, root string, api bool) string {
	t.Helper()
	// The replacement of k8s.io/kubernetes goes before kubetest's block.
	changes := []string{"\nreplace (\n", "\nreplace k8s.io/kubernetes => " + root + "\n\nreplace (\n"}
	if api {
		changes = append(changes, "k8s.io/api => k8s.io/api v0.37.2", "k8s.io/api => "+filepath.Join(root, "staging/src/k8s.io/api"))
	}
	return kubetestModule(t, t.TempDir(), changes...)
}

// checkUpstreamGenerated runs union-gen as the patch's
// hack/update-codegen.sh does (codegen::unions): on the packages of its
// union_dirs and the versioned packages that convert to them, after
// removing the generated files, which it must write again byte for byte,
// and nothing else, with no warning. The patch's hunks of k8s.io/api
// add comment lines only.
func checkUpstreamGenerated(t *testing.T, root string) {
	script, err := os.ReadFile(filepath.Join(root, "hack/update-codegen.sh"))
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile(`(?s)local union_dirs=\(\n(.*?)\n\s*\)`).FindSubmatch(script)
	if block == nil {
		t.Fatal("hack/update-codegen.sh has no union_dirs")
	}
	const output = "zz_generated.unions.go"
	want := map[string][]byte{}
	var pkgs []string
	for _, dir := range strings.Fields(string(block[1])) {
		pkgs = append(pkgs, "k8s.io/kubernetes/"+dir)
		docs, _ := filepath.Glob(filepath.Join(root, dir, "*/doc.go"))
		converts := regexp.MustCompile(`(?m)^// *\+k8s:conversion-gen=k8s.io/kubernetes/` + regexp.QuoteMeta(dir) + `$`)
		for _, doc := range docs {
			if b, err := os.ReadFile(doc); err == nil && converts.Match(b) {
				pkgs = append(pkgs, "k8s.io/kubernetes/"+dir+"/"+filepath.Base(filepath.Dir(doc)))
			}
		}
		path := filepath.Join(root, dir, output)
		if want[path], err = os.ReadFile(path); err != nil {
			t.Fatalf("the patch has no %s: %v", path, err)
		}
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(uniongen.Binary(t), append([]string{"--go-header-file", filepath.Join(root, "hack/boilerplate/boilerplate.generatego.txt"), "--output-file", output}, pkgs...)...)
	cmd.Dir = filepath.Dir(upstreamModFile(t, root, true))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil || stderr.Len() > 0 {
		t.Fatalf("union-gen %v: %v\n%s", pkgs, err, stderr.Bytes())
	}
	patch, err := os.ReadFile(upstreamPatch)
	if err != nil {
		t.Fatal(err)
	}
	for path, data := range want {
		got, err := os.ReadFile(path)
		switch {
		case err != nil:
			t.Fatal(err)
		case golden.Updating():
			patch = replaceNewFile(t, patch, strings.TrimPrefix(path, root+"/"), got)
		case !bytes.Equal(got, data):
			t.Errorf("%s: union-gen does not write the patch's file again; run TestUpstreamPatch with -update (make golden) and review the diff", path)
		}
	}
	if golden.Updating() {
		if err := os.WriteFile(upstreamPatch, patch, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, file := range strings.Split(string(patch), "diff --git ")[1:] {
		if !strings.HasPrefix(file, "a/staging/") {
			continue
		}
		for _, line := range strings.Split(file, "\n") {
			if strings.HasPrefix(line, "+") && !strings.HasPrefix(line, "+++") && !strings.HasPrefix(strings.TrimSpace(line[1:]), "//") {
				t.Errorf("the patch changes k8s.io/api's code, not its comments: %q", line)
			}
		}
	}
}

// replaceNewFile returns patch with the file that it adds at path, in
// the root of the tree it applies to, replaced by data, as git diff
// writes a new file.
func replaceNewFile(t *testing.T, patch []byte, path string, data []byte) []byte {
	t.Helper()
	header := []byte("diff --git a/" + path + " b/" + path + "\n")
	start := bytes.Index(patch, header)
	if start < 0 {
		t.Fatalf("%s does not add %s", upstreamPatch, path)
	}
	end := len(patch)
	if next := bytes.Index(patch[start+len(header):], []byte("\ndiff --git ")); next >= 0 {
		end = start + len(header) + next + 1
	}
	blob := sha1.Sum(append([]byte(fmt.Sprintf("blob %d\x00", len(data))), data...))
	lines := strings.SplitAfter(string(data), "\n")
	lines = lines[:len(lines)-1] // data ends with a newline
	hunk := fmt.Sprintf("%snew file mode 100644\nindex 0000000..%s\n--- /dev/null\n+++ b/%s\n@@ -0,0 +1,%d @@\n+%s", header, fmt.Sprintf("%x", blob)[:7], path, len(lines), strings.Join(lines, "+"))
	return slices.Concat(patch[:start], []byte(hunk), patch[end:])
}

// tail is the last n lines of out.
func tail(out []byte, n int) []byte {
	lines := bytes.Split(out, []byte("\n"))
	return bytes.Join(lines[max(0, len(lines)-n):], []byte("\n"))
}

// judgementFile is a judgement as TestPatchedServer writes it.
type judgementFile struct {
	Stored map[string]any    `json:"stored,omitempty"`
	Causes map[string]string `json:"causes,omitempty"`
}

func writeJudgements(t *testing.T, path string, judgements []judgement) {
	t.Helper()
	out := make([]judgementFile, len(judgements))
	for i, j := range judgements {
		out[i] = judgementFile{j.stored, j.causes}
	}
	data, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func readJudgements(t *testing.T, path string) []judgement {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var in []judgementFile
	if err := json.Unmarshal(data, &in); err != nil {
		t.Fatal(err)
	}
	judgements := make([]judgement, len(in))
	for i, j := range in {
		judgements[i] = judgement{j.Stored, j.Causes}
	}
	return judgements
}

// roundTrip is judgements as readJudgements reads them back, with JSON's
// numbers.
func roundTrip(t *testing.T, judgements []judgement) []judgement {
	t.Helper()
	path := filepath.Join(t.TempDir(), "judgements.json")
	writeJudgements(t, path, judgements)
	return readJudgements(t, path)
}

// withoutServer leaves out of each stored object what tells two API
// servers apart: the object's uid, creation time and resourceVersion.
func withoutServer(judgements []judgement) []judgement {
	for _, j := range judgements {
		if metadata, ok := j.stored["metadata"].(map[string]any); ok {
			delete(metadata, "uid")
			delete(metadata, "creationTimestamp")
			delete(metadata, "resourceVersion")
		}
	}
	return judgements
}

// TestReplaceNewFile: the hunk that -update writes for a generated file is
// the one git diff wrote, for each file that the patch adds.
func TestReplaceNewFile(t *testing.T) {
	patch, err := os.ReadFile(upstreamPatch)
	if err != nil {
		t.Fatal(err)
	}
	added := regexp.MustCompile(`(?m)^diff --git a/(\S+) b/\S+\nnew file mode 100644\n(?:.*\n){3}@@ -0,0 \+1,\d+ @@\n((?:\+.*\n)*)`).FindAllSubmatch(patch, -1)
	if len(added) != 2 {
		t.Fatalf("the patch adds %d files, want the 2 generated ones", len(added))
	}
	for _, m := range added {
		data := regexp.MustCompile(`(?m)^\+`).ReplaceAll(m[2], nil)
		if got := replaceNewFile(t, patch, string(m[1]), data); !bytes.Equal(got, patch) {
			t.Errorf("%s: the patch with the file written again differs", m[1])
		}
	}
}
