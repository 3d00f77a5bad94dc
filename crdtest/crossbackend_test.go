package crdtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	crdvalidation "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/types"
	"sigs.k8s.io/yaml"

	"github.com/union-gen/union-gen/internal/testsupport/policyfile"
	"github.com/union-gen/union-gen/internal/testsupport/uniongen"
	"github.com/union-gen/union-gen/pkg/policy"
	"github.com/union-gen/union-gen/pkg/unionspec"
	"github.com/union-gen/union-gen/pkg/unstructuredunions"
	"github.com/union-gen/union-gen/test/unionmodel"
)

// shapesGroup is the API group of the random packages.
const shapesGroup = "shapes.union-gen.io"

// TestRandomShapes draws a package of random unions (shapes_test.go), runs
// controller-gen and union-gen on it as a user would, and holds the four
// backends to one result on every create and update among random objects of
// each kind: the generated Go methods, the unstructured normalizer and
// validator, the CRD's rules run by apiextensions-apiserver, and the policy
// run by apiserver's mutating admission policy code. Every CRD must also
// pass the API server's CRD validation. UNIONS_SEED picks the package (the
// log names the seed of each run); the short mode draws fewer kinds.
func TestRandomShapes(t *testing.T) {
	kinds, objects := 160, 6
	if testing.Short() {
		kinds = 40
	}
	seed := uint64(rand.Int64())
	if s := os.Getenv("UNIONS_SEED"); s != "" {
		if _, err := fmt.Sscan(s, &seed); err != nil {
			t.Fatalf("UNIONS_SEED=%q: %v", s, err)
		}
	}
	t.Logf("UNIONS_SEED=%d", seed)
	runShapes(t, seed, kinds, objects)
}

// FuzzRandomShapes is TestRandomShapes with the seeds of the fuzzer, a few
// kinds at a time: each input builds and loads a package, so it is slow.
func FuzzRandomShapes(f *testing.F) {
	f.Add(uint64(1))
	f.Fuzz(func(t *testing.T, seed uint64) {
		runShapes(t, seed, 8, 5)
	})
}

func runShapes(t *testing.T, seed uint64, kinds, objects int) {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	pkg := newShapesPackage(rng, kinds)
	dir := shapesModule(t, pkg)
	schemas := shapeSchemas(t, dir, pkg.kinds)
	var cases []*shapeCase
	for _, k := range pkg.kinds {
		cases = append(cases, kindCases(t, dir, k, schemas[k.name], rng, objects)...)
	}
	runDriver(t, dir, cases)
	stats := map[string]int{}
	differences := 0
	sources := map[*kindShape]bool{}
	for _, c := range cases {
		for _, d := range c.differences(stats) {
			if differences++; differences <= 20 {
				t.Errorf("%s\n  new: %v\n  old: %v\n  %s", c.name, c.obj, c.old, d)
				if !sources[c.kind] {
					sources[c.kind] = true
					var source strings.Builder
					c.kind.writeSource(&source)
					t.Logf("the source of %s:%s", c.kind.name, source.String())
				}
			}
		}
	}
	if differences > 0 {
		t.Errorf("UNIONS_SEED=%d: %d differences in %d cases", seed, differences, len(cases))
	}
	t.Logf("%d kinds, %d cases, %d differences; %v", kinds, len(cases), differences, stats)
}

// compactConfig is the directory of the shapes' CRDs with compact rules.
const compactConfig = "config-compact"

// shapeCase is one create or update of a kind and what each backend made
// of it.
type shapeCase struct {
	name       string
	kind       *kindShape
	obj, old   map[string]any // old is nil on create
	ratcheting bool
	noPolicy   bool // no policy file: the model's schema, and no patch

	// In process: the unstructured normalizer and validator, the policy,
	// the CRD's schema and rules (run on the policy's object).
	unstructured     map[string]any
	unstructuredErrs field.ErrorList
	policy           map[string]any
	crdErrs          field.ErrorList // of the CRD with precise rules
	compactErrs      field.ErrorList // of the CRD with compact rules

	// From the driver: the generated methods' object and errors, and the
	// objects above as Go decodes and writes them.
	goObj        map[string]any
	goErrs       field.ErrorList
	canonicalObj map[string]any
	canonical    []map[string]any // of unstructured, policy
}

// differences compares the backends on c, as TestOmitZeroMember does, and
// counts in stats what the case covers.
func (c *shapeCase) differences(stats map[string]int) []string {
	var diffs []string
	want := verdict(c.goErrs)
	if want != "accept" {
		stats["invalid"]++
	}
	if slices.ContainsFunc(c.goErrs, func(e *field.Error) bool { return e.Type == field.ErrorTypeInvalid }) {
		stats["invalid without discriminator"]++
	}
	if c.old != nil && !reflect.DeepEqual(c.goObj, c.canonicalObj) {
		stats["normalized"]++
	}
	if c.noPolicy {
		stats["no policy"]++
	}
	if slices.ContainsFunc(c.kind.unions, func(u *unionShape) bool { return u.kind == modal }) {
		stats["of mode tags"]++
	}
	if got := verdict(c.unstructuredErrs); got != want {
		diffs = append(diffs, fmt.Sprintf("unstructured: %s\n  Go:           %s", got, want))
	}
	crdWant := c.goErrs
	if c.ratcheting && c.old != nil {
		unchanged := c.kind.unchangedDiscriminators(c.obj, c.old)
		crdWant = slices.DeleteFunc(slices.Clone(c.goErrs), func(e *field.Error) bool {
			ratcheted := e.Type == field.ErrorTypeNotSupported && unchanged[e.Field]
			if ratcheted {
				stats["enum ratcheted"]++
			}
			return ratcheted
		})
	}
	if got, want := verdict(c.crdErrs), verdict(crdWant); got != want {
		diffs = append(diffs, fmt.Sprintf("CEL: %s\n  Go:  %s", got, want))
	}
	// Compact rules report fewer errors: only the verdict is theirs.
	if got, want := acceptance(c.compactErrs), acceptance(crdWant); got != want {
		diffs = append(diffs, fmt.Sprintf("compact CEL: %s\n  Go:          %s", got, want))
	}
	for i, backend := range []string{"unstructured", "policy"} {
		if !reflect.DeepEqual(c.canonical[i], c.goObj) {
			diffs = append(diffs, fmt.Sprintf("%s normalizes to %v\n  Go to %v", backend, c.canonical[i], c.goObj))
		}
	}
	return diffs
}

// unchangedDiscriminators lists, by their Go paths, the discriminators
// of obj whose values are their old counterparts': the API server ratchets
// the enum there (docs/semantics.md §7), where Go reports NotSupported.
func (k *kindShape) unchangedDiscriminators(obj, old map[string]any) map[string]bool {
	oldPlaces := k.unionPlaces(old)
	unchanged := map[string]bool{}
	for key, p := range k.unionPlaces(obj) {
		o, ok := oldPlaces[key]
		if !ok {
			continue
		}
		for _, u := range k.unions {
			v, set := p.fields[u.json]
			if ov, oldSet := o.fields[u.json]; set && oldSet && v == ov {
				unchanged[p.path+"."+u.json] = true
			}
		}
	}
	return unchanged
}

// unionPlace is a union struct in an object: its Go path and its fields.
type unionPlace struct {
	path   string
	fields map[string]any
}

// unionPlaces finds the union structs of obj that have old counterparts,
// keyed by what matches them with old's: the map key, the list-map item's
// name, or "" for the one struct of a field.
func (k *kindShape) unionPlaces(obj map[string]any) map[string]unionPlace {
	spec, _ := obj["spec"].(map[string]any)
	places := map[string]unionPlace{}
	switch k.placement {
	case placeInline:
		places[""] = unionPlace{"spec", spec}
	case placeValue, placePointer:
		if u, ok := spec[unionField].(map[string]any); ok {
			places[""] = unionPlace{"spec." + unionField, u}
		}
	case placeMap:
		items, _ := spec[unionField].(map[string]any)
		for key, item := range items {
			places[key] = unionPlace{fmt.Sprintf("spec.%s[%s]", unionField, key), item.(map[string]any)}
		}
	case placeListMap:
		items, _ := spec[unionField].([]any)
		for i, item := range items {
			fields := item.(map[string]any)
			places[fields["name"].(string)] = unionPlace{fmt.Sprintf("spec.%s[%d]", unionField, i), fields}
		}
	}
	return places
}

// shapesModule writes pkg into a module of its own, with the requirements
// (and sums) of this one so that nothing is downloaded, runs controller-gen
// and union-gen on it, and returns its directory.
func shapesModule(t *testing.T, pkg *shapesPackage) string {
	t.Helper()
	dir := t.TempDir()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	goMod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	goMod = bytes.Replace(goMod, []byte("module github.com/union-gen/union-gen/crdtest"), []byte("module example.com/shapes"), 1)
	goMod = bytes.Replace(goMod, []byte("=> ../"), []byte("=> "+root), 1)
	goSum, err := os.ReadFile("go.sum")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"go.mod":      string(goMod),
		"go.sum":      string(goSum),
		"v1/doc.go":   "// +groupName=" + shapesGroup + "\npackage v1\n",
		"v1/types.go": pkg.source(),
		"main.go":     pkg.driver(),
	}
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	unionGen := uniongen.Binary(t)
	controllerGen, _ := run(t, ".", "go", "tool", "-n", "controller-gen")
	run(t, dir, strings.TrimSpace(controllerGen), "crd", "paths=./v1/...", "output:crd:dir=config")
	if _, warnings := run(t, dir, unionGen, "--crd-rules=precise", "--crd-paths", "config", "./v1/..."); warnings != "" {
		t.Logf("union-gen:\n%s", warnings)
	}
	// The same CRDs with compact rules, the default, which must give the
	// same verdicts.
	if err := os.CopyFS(filepath.Join(dir, compactConfig), os.DirFS(filepath.Join(dir, "config"))); err != nil {
		t.Fatal(err)
	}
	if err := filepath.WalkDir(filepath.Join(dir, compactConfig), func(path string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, policy.Suffix) {
			err = os.Remove(path)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	run(t, dir, unionGen, "--crd-paths", compactConfig, "--silence-warnings", "valuename", "./v1/...")
	run(t, dir, "go", "build", "-o", "driver", ".")
	return dir
}

// shapeSchemas builds the package's model in process, as union-gen does,
// and returns each kind's schema for pkg/unstructuredunions, which a kind
// with nothing to normalize gets in no policy file.
func shapeSchemas(t *testing.T, dir string, kinds []*kindShape) map[string]*unstructuredunions.Schema {
	t.Helper()
	const path = "example.com/shapes/v1"
	model, universe, _ := unionmodel.Of(t, dir, path)
	schemas := map[string]*unstructuredunions.Schema{}
	for _, k := range kinds {
		schemas[k.name] = &unstructuredunions.Schema{Schema: *model.Schema(universe.Type(types.Name{Package: path, Name: k.name}))}
	}
	return schemas
}

// run runs a command in dir and returns what it printed, failing t with it.
func run(t *testing.T, dir, name string, args ...string) (stdout, stderr string) {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), name, args...)
	cmd.Dir = dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s%s", name, strings.Join(args, " "), err, out.Bytes(), errOut.Bytes())
	}
	return out.String(), errOut.String()
}

// kindCases loads the CRD and the policy that the tools wrote for k, draws
// objects of it and runs the in-process backends on every create and update
// among them.
func kindCases(t *testing.T, dir string, k *kindShape, s *unstructuredunions.Schema, rng *rand.Rand, objects int) []*shapeCase {
	t.Helper()
	plural := strings.ToLower(k.name) + "s"
	crdFile := filepath.Join(dir, "config", shapesGroup+"_"+plural+".yaml")
	crdDef := loadCRD(t, crdFile)
	if errs := crdvalidation.ValidateCustomResourceDefinition(context.Background(), crdDef); len(errs) > 0 {
		t.Fatalf("%s: the API server rejects the CRD:\n%v", k.name, errs.ToAggregate())
	}
	checkCostEstimates(t, crdDef)
	v := newValidators(t, crdDef)
	compactDef := loadCRD(t, filepath.Join(dir, compactConfig, filepath.Base(crdFile)))
	if errs := crdvalidation.ValidateCustomResourceDefinition(context.Background(), compactDef); len(errs) > 0 {
		t.Fatalf("%s: the API server rejects the compact CRD:\n%v", k.name, errs.ToAggregate())
	}
	checkCostEstimates(t, compactDef)
	vc := newValidators(t, compactDef)
	p := loadShapesPolicy(t, strings.TrimSuffix(crdFile, ".yaml")+policy.Suffix, k.name, plural)
	if got, want := p.schema != nil, k.mayNormalize(); got != want {
		var source strings.Builder
		k.writeSource(&source)
		t.Fatalf("%s (%s): union-gen wrote a policy: %t; want one exactly when an update may clear a member: %t\n%s", k.name, placementNames[k.placement], got, want, source.String())
	}
	if p.schema != nil && !sameJSON(t, p.schema, s) {
		t.Fatalf("%s: the policy's schema annotation is not the model's schema of the kind", k.name)
	}
	// A kind without a policy is normalized and validated by
	// pkg/unstructuredunions all the same, with the model's schema.
	p.schema = s

	objs := make([]map[string]any, objects)
	for i := range objs {
		objs[i] = k.object(rng)
	}
	// The rules of a ratcheting union read oldSelf where the schema is
	// correlated, so the server's own ratcheting leaves them alone; in a
	// plain list, it would drop their errors on unchanged items, which
	// docs/semantics.md §7 tells apart from Go.
	ratcheting := k.ratcheting != "" && k.placement != placeList
	var cases []*shapeCase
	for n, obj := range objs {
		c := &shapeCase{name: fmt.Sprintf("%s (%s) create %d", k.name, placementNames[k.placement], n), kind: k, obj: obj, ratcheting: ratcheting, noPolicy: p.patcher == nil}
		c.unstructured, c.unstructuredErrs = runtime.DeepCopyJSON(obj), p.validate(obj, nil)
		c.policy = c.unstructured
		c.crdErrs, c.compactErrs = v.validate(obj, nil), vc.validate(obj, nil)
		cases = append(cases, c)
		for o, old := range objs {
			c := &shapeCase{name: fmt.Sprintf("%s (%s) update %d to %d", k.name, placementNames[k.placement], o, n), kind: k, obj: obj, old: old, ratcheting: ratcheting, noPolicy: p.patcher == nil}
			c.unstructured = p.normalize(obj, old)
			c.unstructuredErrs = p.validate(c.unstructured, old)
			c.policy = p.patch(t, obj, old)
			if ratcheting {
				c.crdErrs, c.compactErrs = v.validateRatcheting(c.policy, old), vc.validateRatcheting(c.policy, old)
			} else {
				c.crdErrs, c.compactErrs = v.validate(c.policy, old), vc.validate(c.policy, old)
			}
			cases = append(cases, c)
		}
	}
	return cases
}

// mayNormalize tells a kind whose updates may clear a member: its unions
// have old counterparts (they are not items of a plain list) and one of
// them has a member and a value that does not select it.
func (k *kindShape) mayNormalize() bool {
	return k.placement != placeList && slices.ContainsFunc(k.unions, func(u *unionShape) bool {
		// An optional discriminator selects no member when absent too.
		selecting := slices.Clone(u.values)
		if (u.kind == discriminated || u.kind == modal && u.discType != discBool) && !u.required && !slices.Contains(u.values, "") {
			selecting = append(selecting, "")
		}
		if u.kind != modal {
			return len(selecting) > 1
		}
		// A mode clears a member that it does not allow: an open
		// discriminator's unknown ones every member.
		// A field that names no mode is no member.
		return slices.ContainsFunc(u.members, func(m *memberShape) bool {
			return len(m.modes) > 0 && (u.discType == discString || slices.ContainsFunc(selecting, func(v string) bool { return !m.allows(v) }))
		})
	})
}

// shapesPolicy is what union-gen's policy file gives for a kind: the
// policy's patch, run by the API server's code, and the unstructured
// normalizer and validator of its schema annotation. A kind whose unions
// never need normalizing has no policy file: then the patch leaves objects
// as they are, which the Go methods must agree with, and the schema is the
// model's (see shapeSchemas).
type shapesPolicy struct {
	schema  *unstructuredunions.Schema
	patcher func(obj, old map[string]any) (map[string]any, error)
}

func loadShapesPolicy(t *testing.T, file, kind, plural string) *shapesPolicy {
	t.Helper()
	data, err := os.ReadFile(file)
	if os.IsNotExist(err) {
		return &shapesPolicy{}
	}
	if err != nil {
		t.Fatal(err)
	}
	var policy admissionregistrationv1.MutatingAdmissionPolicy
	if err := yaml.UnmarshalStrict(unionspec.Documents(data)[0], &policy); err != nil {
		t.Fatal(err)
	}
	return &shapesPolicy{
		schema: policyfile.Schema(t, file, policy.Name),
		patcher: policyPatcher(t, &policy,
			schema.GroupVersionKind{Group: shapesGroup, Version: "v1", Kind: kind},
			schema.GroupVersionResource{Group: shapesGroup, Version: "v1", Resource: plural}),
	}
}

func (p *shapesPolicy) normalize(obj, old map[string]any) map[string]any {
	n := runtime.DeepCopyJSON(obj)
	p.schema.Normalize(n, old)
	return n
}

func (p *shapesPolicy) validate(obj, old map[string]any) field.ErrorList {
	return p.schema.Validate(obj, old, nil)
}

func (p *shapesPolicy) patch(t *testing.T, obj, old map[string]any) map[string]any {
	t.Helper()
	if p.patcher == nil {
		return runtime.DeepCopyJSON(obj)
	}
	patched, err := p.patcher(obj, old)
	if err != nil {
		t.Fatalf("the policy fails on %v from %v: %v", obj, old, err)
	}
	return patched
}

// driverRequest and driverResponse are the driver's lines (see driver).
type driverRequest struct {
	Kind      string
	Obj, Old  any
	Canonical []any
}

type driverResponse struct {
	Normalized map[string]any
	Canonical  []map[string]any
	Errors     []struct{ Type, Field, Detail, BadValue string }
}

// runDriver runs the generated methods on every case, in the driver built
// beside the package, and fills in their results.
func runDriver(t *testing.T, dir string, cases []*shapeCase) {
	t.Helper()
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	for _, c := range cases {
		r := driverRequest{Kind: c.kind.name, Obj: c.obj, Canonical: []any{c.obj, c.unstructured, c.policy}}
		if c.old != nil {
			r.Old = c.old
		}
		if err := enc.Encode(r); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.CommandContext(t.Context(), filepath.Join(dir, "driver"))
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("driver: %v\n%s", err, stderr.Bytes())
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	for _, c := range cases {
		var r driverResponse
		if err := dec.Decode(&r); err != nil {
			t.Fatalf("driver: %v", err)
		}
		c.goObj, c.canonicalObj, c.canonical = r.Normalized, r.Canonical[0], r.Canonical[1:]
		for _, e := range r.Errors {
			c.goErrs = append(c.goErrs, &field.Error{Type: field.ErrorType(e.Type), Field: e.Field, Detail: e.Detail, BadValue: e.BadValue})
		}
	}
}

// driver is the source of a program that reads driverRequests and writes
// driverResponses: NormalizeUnions then ValidateUnions(old) on an update,
// ValidateUnions(nil) on a create, and the canonical form of each object,
// decoded into the kind and encoded again.
func (p *shapesPackage) driver() string {
	var b strings.Builder
	b.WriteString(`package main

import (
	"encoding/json"
	"fmt"
	"os"

	"k8s.io/apimachinery/pkg/util/validation/field"

	v1 "example.com/shapes/v1"
)

type object[T any] interface {
	*T
	NormalizeUnions(old *T)
	ValidateUnions(old *T, fldPath *field.Path) field.ErrorList
}

type request struct {
	Kind      string
	Obj, Old  json.RawMessage
	Canonical []json.RawMessage
}

type fieldError struct{ Type, Field, Detail, BadValue string }

type response struct {
	Normalized json.RawMessage
	Canonical  []json.RawMessage
	Errors     []fieldError
}

func run[T any, P object[T]](r request) (response, error) {
	var resp response
	obj := new(T)
	if err := json.Unmarshal(r.Obj, obj); err != nil {
		return resp, err
	}
	var old *T
	if len(r.Old) > 0 && string(r.Old) != "null" {
		old = new(T)
		if err := json.Unmarshal(r.Old, old); err != nil {
			return resp, err
		}
		P(obj).NormalizeUnions(old)
	}
	for _, e := range P(obj).ValidateUnions(old, nil) {
		resp.Errors = append(resp.Errors, fieldError{string(e.Type), e.Field, e.Detail, fmt.Sprint(e.BadValue)})
	}
	var err error
	if resp.Normalized, err = json.Marshal(obj); err != nil {
		return resp, err
	}
	for _, c := range r.Canonical {
		v := new(T)
		if err := json.Unmarshal(c, v); err != nil {
			return resp, err
		}
		data, err := json.Marshal(v)
		if err != nil {
			return resp, err
		}
		resp.Canonical = append(resp.Canonical, data)
	}
	return resp, nil
}

var kinds = map[string]func(request) (response, error){
`)
	for _, k := range p.kinds {
		fmt.Fprintf(&b, "\t%q: run[v1.%[1]s, *v1.%[1]s],\n", k.name)
	}
	b.WriteString(`}

func main() {
	dec := json.NewDecoder(os.Stdin)
	enc := json.NewEncoder(os.Stdout)
	for dec.More() {
		var r request
		if err := dec.Decode(&r); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		resp, err := kinds[r.Kind](r)
		if err == nil {
			err = enc.Encode(resp)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", r.Kind, err)
			os.Exit(1)
		}
	}
}
`)
	return b.String()
}

// sameJSON reports whether a and b are written as the same JSON: the
// annotation holds what the model's schema writes, which leaves out what
// only the printers of switches and enums read (unionspec.Union.Selecting).
func sameJSON(t *testing.T, a, b any) bool {
	t.Helper()
	x, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	y, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Equal(x, y)
}
