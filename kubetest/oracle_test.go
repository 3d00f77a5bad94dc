package kubetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/validation/field"
	apiservervalidation "k8s.io/apiserver/pkg/validation"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/restmapper"
	"k8s.io/gengo/v2/types"
	kubeapiservertesting "k8s.io/kubernetes/cmd/kube-apiserver/app/testing"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	"sigs.k8s.io/yaml"

	"github.com/union-gen/union-gen/internal/testsupport/golden"
	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unions"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// oracleFlags serve every API version of k8s.io/api that a union is in, and
// the features its fields need.
// The admission plugin NodeDeclaredFeatureValidator would refuse a ResourceSlice whose
// node does not declare the features of its devices, which no node here
// runs.
var oracleFlags = []string{"--runtime-config=api/all=true", "--feature-gates=AllAlpha=true,AllBeta=true", "--disable-admission-plugins=NodeDeclaredFeatureValidator"}

// mapKey is a segment of an oracleUnion's path that is a map's key.
type mapKey string

// unionPlace is a union of k8s.io/api at its place in an object of a kind.
type unionPlace struct {
	kind  *oracleKind
	gvk   schema.GroupVersionKind
	where oracleUnion
	union *unions.Union
	// at is the path of the union's struct in the object.
	at *field.Path
}

// key names the union's struct as docs/corpora.md does: "resource/v1.Device".
func (p *unionPlace) key() string { return p.kind.pkg + "." + p.where.typ }

// members names the union's discriminator and members as the report does.
func (p *unionPlace) members() string {
	var names []string
	if p.union.Requires == unionspec.Discriminated {
		names = append(names, p.union.Discriminator.JSONName+" (discriminator)")
	}
	for _, m := range p.union.Members {
		names = append(names, m.JSONName)
	}
	return strings.Join(names, ", ")
}

// paths are where the union's errors are: its discriminator and members
// and, for a union without a discriminator, its struct.
func (p *unionPlace) paths() []string {
	var paths []string
	if p.union.Requires == unionspec.Discriminated {
		paths = append(paths, p.at.Child(p.union.Discriminator.JSONName).String())
	} else {
		paths = append(paths, p.at.String())
	}
	for _, m := range p.union.Members {
		paths = append(paths, p.at.Child(m.JSONName).String())
	}
	return paths
}

// apiServerPaths are the paths of the union's errors as the API server
// writes them: declarative validation those of the version served, the
// hand-written validation those of the internal version's fields, which
// some versions lay out otherwise (oracleKind.internal).
func (p *unionPlace) apiServerPaths() []string {
	paths := p.paths()
	for _, path := range p.paths() {
		for _, r := range p.kind.internal {
			if rest, ok := strings.CutPrefix(path, r[0]); ok {
				paths = append(paths, r[1]+rest)
			}
		}
	}
	return paths
}

// discValues are the discriminator's values the oracle tries: each valid
// one, "" and one unknown; one absent value without a discriminator.
func (p *unionPlace) discValues() []string {
	if p.union.Requires != unionspec.Discriminated {
		return []string{""}
	}
	values := slices.Clone(p.union.Enum.Values)
	if !p.union.Boolean() {
		values = append(values, "", "Unknown")
	}
	slices.Sort(values)
	return slices.Compact(values)
}

// oracleCase is an object that the API server and union-gen both judge.
type oracleCase struct {
	place *unionPlace
	disc  string
	// set are the members set, by JSON name.
	set []string
	// old is the stored object of an update; nil on create.
	old map[string]any
	obj map[string]any
	// apiServer and unionGen are their errors at the union's paths.
	apiServer, unionGen []fieldError
	// apiServerAll are all the API server's errors, for the report.
	apiServerAll []fieldError
	// updateRule is an error of the API server of a rule of updates that
	// is no union's (a field that may not change): where the API server
	// reports no error of the union, it refused the update so, and its
	// verdict says nothing of the union.
	updateRule string
}

func (c *oracleCase) String() string {
	op := "create"
	if c.old != nil {
		op = "update"
	}
	return fmt.Sprintf("%s %s at %s: disc %q, members %v", op, c.place.key(), c.place.at, c.disc, c.set)
}

// TestKubernetesOracle holds union-gen's verdicts on every union of
// k8s.io/api to those of a real kube-apiserver of the same release: for each
// union, every combination of members set and discriminator values (each
// valid one, "" and an unknown one), as a create and as an update of a
// valid object, dry run. union-gen's verdict is its generated ValidateUnions
// on the object as the API server defaults it; the API server's is its
// errors at the union's paths. union-gen may never be looser, and is
// stricter only where oracleStricter explains why. The report is
// docs/corpora.md's section on the API server.
func TestKubernetesOracle(t *testing.T) {
	work := t.TempDir()
	var refs []kindRef
	for _, k := range oracleKinds {
		refs = append(refs, kindRef{k.pkg, k.kind})
	}
	api := generateAPI(t, work, sortedKinds(refs))
	// The test server checks on exit that its declarative and hand-written
	// validations gave the same errors; the oracle's invalid objects find
	// where they do not (in Kubernetes, not in union-gen). The count of
	// those is the process's: reset, it fails no later test's server.
	t.Cleanup(apiservervalidation.ResetValidationMetricsInstance)
	c := newCluster(t, &kubeapiservertesting.TestServerInstanceOptions{DisableInvariantChecks: true}, oracleFlags)
	mapper := restMapper(t, c)
	// A ResourceSlice's node must exist.
	node := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "node-1"}}
	if _, err := c.kube.CoreV1().Nodes().Create(context.Background(), node, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}

	places, unserved := placeUnions(t, api.model, mapper)
	var cases []*oracleCase
	for _, p := range places {
		cases = append(cases, c.oracleCases(t, mapper, p)...)
	}
	c.judge(t, mapper, cases)
	judgeUnionGen(t, api.driver, cases)
	report := oracleReport(t, places, unserved, cases) + groupReadings(api.warnings)
	checkReport(t, report)
}

// restMapper maps the kinds that the API server serves to their resources.
func restMapper(t *testing.T, c *cluster) meta.RESTMapper {
	t.Helper()
	client, err := discovery.NewDiscoveryClientForConfig(c.config)
	if err != nil {
		t.Fatal(err)
	}
	resources, err := restmapper.GetAPIGroupResources(client)
	if err != nil {
		t.Fatal(err)
	}
	return restmapper.NewDiscoveryRESTMapper(resources)
}

// unservedUnion is a union of k8s.io/api that the oracle cannot try, and why.
type unservedUnion struct {
	key, why string
}

// placeUnions finds every union of the model at its place in oracleKinds;
// a union in no kind that the API server serves is unserved, with the
// reason. A union that the table does not place fails the test.
func placeUnions(t *testing.T, model *unions.Model, mapper meta.RESTMapper) ([]*unionPlace, []unservedUnion) {
	t.Helper()
	placed := map[string]bool{}
	var places []*unionPlace
	var unserved []unservedUnion
	for i := range oracleKinds {
		k := &oracleKinds[i]
		group, version, _ := strings.Cut(k.pkg, "/")
		gvk := schema.GroupVersionKind{Group: groups[strings.Split(group, "/")[0]], Version: version, Kind: k.kind}
		if _, err := mapper.RESTMapping(gvk.GroupKind(), gvk.Version); err != nil {
			for _, u := range k.unions {
				placed[k.pkg+"."+u.typ] = true
				unserved = append(unserved, unservedUnion{k.pkg + "." + u.typ, fmt.Sprintf("the API server does not serve %s", gvk.GroupVersion())})
			}
			continue
		}
		for _, where := range k.unions {
			key := k.pkg + "." + where.typ
			plan := model.Plans[typeName(k.pkg, where.typ)]
			if plan == nil || len(plan.Unions) == 0 {
				t.Errorf("oracleKinds places %s, which has no union", key)
				continue
			}
			placed[key] = true
			for _, u := range plan.Unions {
				places = append(places, &unionPlace{kind: k, gvk: gvk, where: where, union: u, at: fieldPath(where.path)})
			}
		}
	}
	for name, plan := range model.Plans {
		key := strings.TrimPrefix(name.Package, "k8s.io/api/") + "." + name.Name
		if len(plan.Unions) == 0 || placed[key] {
			continue
		}
		if why, ok := oracleUnplaced[key]; ok {
			unserved = append(unserved, unservedUnion{key, why})
			continue
		}
		t.Errorf("%s has a union, which neither oracleKinds places nor oracleUnplaced explains", key)
	}
	// Stable: the unions of one struct keep the model's order.
	slices.SortStableFunc(places, func(a, b *unionPlace) int { return strings.Compare(a.key()+a.at.String(), b.key()+b.at.String()) })
	slices.SortFunc(unserved, func(a, b unservedUnion) int { return strings.Compare(a.key, b.key) })
	return places, unserved
}

// fieldPath is the field path of an oracleUnion's path.
func fieldPath(path []any) *field.Path {
	var p *field.Path
	for _, segment := range path {
		switch s := segment.(type) {
		case string:
			p = p.Child(s)
		case int:
			p = p.Index(s)
		case mapKey:
			p = p.Key(string(s))
		}
	}
	return p
}

// oracleCases are the cases of a union: every combination of members set
// and discriminator values, created, and updated from the stored object.
func (c *cluster) oracleCases(t *testing.T, mapper meta.RESTMapper, p *unionPlace) []*oracleCase {
	t.Helper()
	base := decodeYAML(t, p.kind.object)
	base["apiVersion"], base["kind"] = p.gvk.GroupVersion().String(), p.gvk.Kind
	var cases []*oracleCase
	members := make([]string, len(p.union.Members))
	values := map[string]any{}
	for i, m := range p.union.Members {
		members[i] = m.JSONName
		value, ok := p.where.members[m.JSONName]
		if !ok {
			t.Fatalf("%s: oracleKinds has no value of the member %s", p.key(), m.JSONName)
		}
		values[m.JSONName] = jsonValue(t, value)
	}
	p.where.members = values
	companions := map[string]map[string]any{}
	for member, fields := range p.where.companions {
		companions[member] = map[string]any{}
		for name, value := range fields {
			companions[member][name] = jsonValue(t, value)
		}
	}
	p.where.companions = companions
	if !has(base, p.where.path) {
		t.Fatalf("%s: the object of %s has nothing at %s", p.key(), p.gvk.Kind, p.at)
	}
	for _, disc := range p.discValues() {
		for subset := range 1 << len(members) {
			var set []string
			for i, m := range members {
				if subset&(1<<i) != 0 {
					set = append(set, m)
				}
			}
			obj := p.with(base, disc, set)
			cases = append(cases, &oracleCase{place: p, disc: disc, set: set, obj: obj})
			if p.kind.createOnly {
				continue
			}
			old, err := c.stored(t, mapper, p, obj)
			if err != nil {
				t.Errorf("creating the %s of %s: %v", p.gvk.Kind, p.key(), err)
				return cases
			}
			cases = append(cases, &oracleCase{place: p, disc: disc, set: set, old: old, obj: p.with(old, disc, set)})
		}
	}
	return cases
}

// with is obj with the union's discriminator, if any, set to disc and its
// members set, to their values in the table, or unset.
func (p *unionPlace) with(obj map[string]any, disc string, set []string) map[string]any {
	obj = runtime.DeepCopyJSON(obj)
	if p.where.name != nil {
		if name := p.where.name(disc); name != "" {
			obj["metadata"].(map[string]any)["name"] = name
		}
	}
	st := lookup(obj, p.where.path)
	if p.union.Requires == unionspec.Discriminated {
		st[p.union.Discriminator.JSONName] = disc
		if p.union.Boolean() {
			st[p.union.Discriminator.JSONName] = disc == "true"
		}
	}
	for _, m := range p.union.Members {
		delete(st, m.JSONName)
		for name := range p.where.companions[m.JSONName] {
			delete(st, name)
		}
	}
	for _, m := range p.union.Members {
		if !slices.Contains(set, m.JSONName) {
			continue
		}
		st[m.JSONName] = runtime.DeepCopyJSONValue(p.where.members[m.JSONName])
		for name, value := range p.where.companions[m.JSONName] {
			st[name] = runtime.DeepCopyJSONValue(value)
		}
	}
	return obj
}

// jsonValue is v as JSON decodes it, so that DeepCopyJSONValue takes it.
func jsonValue(t *testing.T, v any) any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out []any
	if err := utiljson.Unmarshal(append(append([]byte("["), data...), ']'), &out); err != nil {
		t.Fatal(err)
	}
	return out[0]
}

// has reports whether obj has a struct at path.
func has(obj map[string]any, path []any) bool {
	var v any = obj
	for _, segment := range path {
		switch s := segment.(type) {
		case string:
			m, _ := v.(map[string]any)
			v = m[s]
		case mapKey:
			m, _ := v.(map[string]any)
			v = m[string(s)]
		case int:
			l, _ := v.([]any)
			if s >= len(l) {
				return false
			}
			v = l[s]
		}
	}
	_, ok := v.(map[string]any)
	return ok
}

// lookup is the struct at path in obj, which oracleCases checked is there.
func lookup(obj map[string]any, path []any) map[string]any {
	var v any = obj
	for _, segment := range path {
		switch s := segment.(type) {
		case string:
			v = v.(map[string]any)[s]
		case mapKey:
			v = v.(map[string]any)[string(s)]
		case int:
			v = v.([]any)[s]
		}
	}
	return v.(map[string]any)
}

// decodeYAML decodes doc as the API server decodes JSON: integers as
// int64.
func decodeYAML(t *testing.T, doc string) map[string]any {
	t.Helper()
	data, err := yaml.YAMLToJSON([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	var obj map[string]any
	if err := utiljson.Unmarshal(data, &obj); err != nil {
		t.Fatal(err)
	}
	return obj
}

// stored returns the stored object of obj's name, creating it from the
// kind's object first where there is none, as the API server stores it.
func (c *cluster) stored(t *testing.T, mapper meta.RESTMapper, p *unionPlace, obj map[string]any) (map[string]any, error) {
	t.Helper()
	client := c.resource(t, mapper, p.gvk, obj)
	u := &unstructured.Unstructured{Object: obj}
	ctx := context.Background()
	if got, err := client.Get(ctx, u.GetName(), metav1.GetOptions{}); err == nil {
		return got.Object, nil
	}
	base := &unstructured.Unstructured{Object: decodeYAML(t, p.kind.object)}
	base.SetAPIVersion(p.gvk.GroupVersion().String())
	base.SetKind(p.gvk.Kind)
	base.SetName(u.GetName())
	created, err := client.Create(ctx, base, metav1.CreateOptions{})
	if err != nil {
		return nil, err
	}
	return created.Object, nil
}

// resource is the client of obj's resource.
func (c *cluster) resource(t *testing.T, mapper meta.RESTMapper, gvk schema.GroupVersionKind, obj map[string]any) dynamicResource {
	t.Helper()
	mapping, err := mapper.RESTMapping(gvk.GroupKind(), gvk.Version)
	if err != nil {
		t.Fatal(err)
	}
	if mapping.Scope.Name() == meta.RESTScopeNameNamespace {
		ns, _, _ := unstructured.NestedString(obj, "metadata", "namespace")
		return c.dynamic.Resource(mapping.Resource).Namespace(ns)
	}
	return c.dynamic.Resource(mapping.Resource)
}

// dynamicResource is what the oracle asks of the dynamic client.
type dynamicResource interface {
	Create(ctx context.Context, obj *unstructured.Unstructured, options metav1.CreateOptions, subresources ...string) (*unstructured.Unstructured, error)
	Update(ctx context.Context, obj *unstructured.Unstructured, options metav1.UpdateOptions, subresources ...string) (*unstructured.Unstructured, error)
	Get(ctx context.Context, name string, options metav1.GetOptions, subresources ...string) (*unstructured.Unstructured, error)
}

// judge sends every case to the API server, dry run, and records its
// errors at the union's paths.
func (c *cluster) judge(t *testing.T, mapper meta.RESTMapper, cases []*oracleCase) {
	t.Helper()
	var wg sync.WaitGroup
	work := make(chan *oracleCase)
	failures := make(chan string, len(cases))
	for range 8 {
		wg.Go(func() {
			for oc := range work {
				if err := c.judgeOne(mapper, oc); err != nil {
					failures <- fmt.Sprintf("%s: %v", oc, err)
				}
			}
		})
	}
	for _, oc := range cases {
		work <- oc
	}
	close(work)
	wg.Wait()
	close(failures)
	for f := range failures {
		t.Error(f)
	}
}

// judgeOne sends a case to the API server; an error that is no verdict is
// returned.
func (c *cluster) judgeOne(mapper meta.RESTMapper, oc *oracleCase) error {
	mapping, err := mapper.RESTMapping(oc.place.gvk.GroupKind(), oc.place.gvk.Version)
	if err != nil {
		return err
	}
	client := c.dynamic.Resource(mapping.Resource)
	var r dynamicResource = client
	if mapping.Scope.Name() == meta.RESTScopeNameNamespace {
		ns, _, _ := unstructured.NestedString(oc.obj, "metadata", "namespace")
		r = client.Namespace(ns)
	}
	ctx := context.Background()
	dryRun := []string{metav1.DryRunAll}
	if oc.old == nil {
		_, err = r.Create(ctx, &unstructured.Unstructured{Object: runtime.DeepCopyJSON(oc.obj)}, metav1.CreateOptions{DryRun: dryRun})
	} else {
		err = oc.update(ctx, r)
	}
	var status apierrors.APIStatus
	switch {
	case err == nil, apierrors.IsAlreadyExists(err):
		return nil // validation passed
	case !errors.As(err, &status) || !apierrors.IsInvalid(err) && !apierrors.IsBadRequest(err):
		return err
	}
	paths := oc.place.apiServerPaths()
	details := status.Status().Details
	if details == nil {
		return fmt.Errorf("refused without causes: %v", err)
	}
	for _, cause := range details.Causes {
		e := fieldError{Type: string(cause.Type), Field: cause.Field, Detail: cause.Message}
		oc.apiServerAll = append(oc.apiServerAll, e)
		switch {
		case updateRule(cause.Message):
			oc.updateRule = fmt.Sprintf("%s: %s", cause.Field, cause.Message)
		case slices.Contains(paths, cause.Field):
			oc.apiServer = append(oc.apiServer, e)
		}
	}
	return nil
}

// update sends the case's update, dry run. A controller of the API server
// may write the stored object meanwhile (a FlowSchema's status): the case
// is then made again from the object it wrote.
func (oc *oracleCase) update(ctx context.Context, r dynamicResource) error {
	for range 5 {
		_, err := r.Update(ctx, &unstructured.Unstructured{Object: runtime.DeepCopyJSON(oc.obj)}, metav1.UpdateOptions{DryRun: []string{metav1.DryRunAll}})
		if !apierrors.IsConflict(err) {
			return err
		}
		stored, err := r.Get(ctx, (&unstructured.Unstructured{Object: oc.old}).GetName(), metav1.GetOptions{})
		if err != nil {
			return err
		}
		oc.old = stored.Object
		oc.obj = oc.place.with(oc.old, oc.disc, oc.set)
	}
	return fmt.Errorf("the stored object kept changing")
}

// updateRule reports whether the message of an error is that of a rule of
// updates that is no union's: a field that may not change, be set, be
// unset, or lose or gain items.
func updateRule(message string) bool {
	for _, rule := range []string{"field is immutable", "may not be changed", "item may not be removed", "item may not be added",
		"may not be set once", "may not be unset", "may not be cleared", "cannot be cleared once set", "cannot be set once unset"} {
		if strings.Contains(message, rule) {
			return true
		}
	}
	return false
}

// judgeUnionGen runs union-gen's ValidateUnions on every case, on the
// objects as the API server defaults them, and records its errors at the
// union's paths.
func judgeUnionGen(t *testing.T, driver string, cases []*oracleCase) {
	t.Helper()
	requests := make([]driverRequest, len(cases))
	for i, oc := range cases {
		ref := kindRef{oc.place.kind.pkg, oc.place.kind.kind}
		requests[i] = driverRequest{Kind: ref.String(), New: defaultedJSON(t, oc.place.gvk, oc.obj)}
		if oc.old != nil {
			requests[i].Old = defaultedJSON(t, oc.place.gvk, oc.old)
		}
	}
	results := runDriver(t, driver, requests)
	for i, oc := range cases {
		paths := oc.place.paths()
		for _, e := range results[i] {
			if slices.Contains(paths, e.Field) {
				oc.unionGen = append(oc.unionGen, e)
			}
		}
	}
}

// defaultedJSON is obj as the API server defaults it.
func defaultedJSON(t *testing.T, gvk schema.GroupVersionKind, obj map[string]any) json.RawMessage {
	t.Helper()
	typed, err := legacyscheme.Scheme.New(gvk)
	if err != nil {
		t.Fatal(err)
	}
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(runtime.DeepCopyJSON(obj), typed); err != nil {
		t.Fatalf("%s: %v", gvk, err)
	}
	legacyscheme.Scheme.Default(typed)
	data, err := json.Marshal(typed)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// verdicts of a case; byUpdateRule is an update that the API server
// refused by a rule of updates, with no error of the union.
const (
	agree        = "agree"
	looser       = "looser"
	stricter     = "stricter"
	byUpdateRule = "by a rule of updates"
)

func (c *oracleCase) verdict() string {
	switch refused := len(c.apiServer) > 0; {
	case !refused && c.updateRule != "":
		return byUpdateRule
	case refused == (len(c.unionGen) > 0):
		return agree
	case refused:
		return looser
	}
	return stricter
}

// oracleReport is docs/corpora.md's section: a row per union, its cases
// by verdict, and the reasons of the disagreements; it fails the test on a
// looser case, and on a stricter one that oracleStricter does not explain.
func oracleReport(t *testing.T, places []*unionPlace, unserved []unservedUnion, cases []*oracleCase) string {
	t.Helper()
	type row struct {
		counts  map[string]int
		example map[string]*oracleCase
	}
	rows := map[*unionPlace]*row{}
	for _, oc := range cases {
		r := rows[oc.place]
		if r == nil {
			r = &row{counts: map[string]int{}, example: map[string]*oracleCase{}}
			rows[oc.place] = r
		}
		v := oc.verdict()
		r.counts[v]++
		if r.example[v] == nil {
			r.example[v] = oc
		}

	}
	var b strings.Builder
	b.WriteString(oracleHeader)
	b.WriteString("| union | members | in | cases | agree | looser | stricter | refused by a rule of updates |\n|---|---|---|---|---|---|---|---|\n")
	total := map[string]int{}
	for _, p := range places {
		r := rows[p]
		for v, n := range r.counts {
			total[v] += n
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s `%s` | %d | %d | %d | %d | %d |\n", p.key(), p.members(), p.gvk.Kind, p.at, r.counts[agree]+r.counts[looser]+r.counts[stricter]+r.counts[byUpdateRule],
			r.counts[agree], r.counts[looser], r.counts[stricter], r.counts[byUpdateRule])
		if oc := r.example[looser]; oc != nil {
			t.Errorf("union-gen is looser than the API server on %d cases of %s, e.g. %s: the API server says %v", r.counts[looser], p.key(), oc, oc.apiServerAll)
		}
		if oc := r.example[stricter]; oc != nil && oracleStricter[p.key()] == "" {
			t.Errorf("union-gen is stricter than the API server on %d cases of %s, e.g. %s: union-gen says %v, the API server %v", r.counts[stricter], p.key(), oc, oc.unionGen, oc.apiServerAll)
		}
	}
	fmt.Fprintf(&b, "\n%d unions, %d cases: %d agree, %d looser, %d stricter, %d refused by a rule of updates.\n",
		len(places), total[agree]+total[looser]+total[stricter]+total[byUpdateRule], total[agree], total[looser], total[stricter], total[byUpdateRule])
	writeReasons(&b, places)
	if len(unserved) > 0 {
		b.WriteString("\nUnions the oracle cannot try:\n\n")
		for _, u := range unserved {
			fmt.Fprintf(&b, "- `%s`: %s.\n", u.key, u.why)
		}
	}
	return b.String()
}

// writeReasons writes why union-gen is stricter where it is.
func writeReasons(b *strings.Builder, places []*unionPlace) {
	keys := map[string]bool{}
	for _, p := range places {
		keys[p.key()] = true
	}
	var reasons []string
	for _, key := range slices.Sorted(maps.Keys(oracleStricter)) {
		if keys[key] {
			reasons = append(reasons, fmt.Sprintf("- `%s`: %s\n", key, oracleStricter[key]))
		}
	}
	if len(reasons) > 0 {
		b.WriteString("\nWhere union-gen is stricter, and why:\n\n" + strings.Join(reasons, ""))
	}
}

// oracleHeader opens the report.
const oracleHeader = `
## k8s.io/api v0.37.2 against kube-apiserver v1.37.2

kubetest/oracle_test.go (run by test/modules's TestKubeModule) generates union-gen's
methods in a copy of k8s.io/api, as a user would, and holds their verdicts to those of a
real kube-apiserver v1.37.2 (etcd embedded, every API version and feature gate on). The
copy also has the markers of the unions that the API server validates but k8s.io/api
does not mark, as pkg/builtin describes them for the policy for built-in kinds
(apps/v1.DeploymentStrategy and StatefulSetUpdateStrategy; docs/builtin.md). For
each union, every combination of members set and discriminator values (each valid
value, "" and an unknown one) is sent as a create and as an update of a valid object,
dry run. union-gen's verdict is ValidateUnions on the object as the API server defaults
it; the API server's is its errors at the union's paths (its discriminator and members,
and its struct for a union without a discriminator). *Looser*: the API server refuses
and union-gen accepts; *stricter*: the reverse. An error of a rule of updates that is no
union's (a field that may not change, a list that may not lose items) is not the API
server's verdict on the union: the last column counts the updates that it refused so,
with no error of the union, which say nothing of its rules.

`

// groupReadings lists the groups of k8s.io/api that union-gen reads
// otherwise than their markers say, from its warnings.
func groupReadings(warnings report.Problems) string {
	var b strings.Builder
	for _, p := range warnings.Sorted() {
		if p.Rule != report.APIGroup && p.Rule != report.FieldGroup {
			continue
		}
		if b.Len() == 0 {
			b.WriteString("\nGroups of k8s.io/api that union-gen reads otherwise than their markers say, as its warnings say:\n\n")
		}
		fmt.Fprintf(&b, "- `%s` (%s): %s\n", p.Subject, p.Rule, p.Message)
	}
	return b.String()
}

// The markers around the oracle's section of docs/corpora.md.
const (
	oracleStart = "<!-- The section below is kubetest's (TestKubernetesOracle). -->\n"
	oracleEnd   = "<!-- The section below is openshiftsuites' (TestOpenShiftSuites). -->\n"
)

// checkReport compares the report with docs/corpora.md's section.
func checkReport(t *testing.T, report string) {
	t.Helper()
	golden.CheckBetween(t, filepath.Join("..", "docs", "corpora.md"), oracleStart, oracleEnd, []byte(report))
}

// typeName is the name of a type of k8s.io/api.
func typeName(pkg, typ string) types.Name {
	return types.Name{Package: "k8s.io/api/" + pkg, Name: typ}
}

// oracleUnplaced explains each union of k8s.io/api that no kind of
// oracleKinds holds.
var oracleUnplaced = map[string]string{
	"resource/v1alpha3.DeviceSelector":                              "no kind of resource.k8s.io/v1alpha3 holds it",
	"scheduling/v1alpha3.WorkloadCompositePodGroupDisruptionMode":   workloadBlock,
	"scheduling/v1alpha3.WorkloadCompositePodGroupSchedulingPolicy": workloadBlock,
	"scheduling/v1alpha3.WorkloadPodGroupDisruptionMode":            workloadBlock,
	"scheduling/v1alpha3.WorkloadPodGroupResourceClaim":             workloadBlock,
	"scheduling/v1alpha3.WorkloadPodGroupSchedulingPolicy":          workloadBlock,
}

// workloadBlock says why the Workload* unions of scheduling/v1alpha3 are
// not tried.
const workloadBlock = "no kind holds it: it is a building block for the APIs of workload controllers (the package's doc.go)"

// oracleStricter explains, by union, why union-gen refuses objects that
// the API server accepts: something the API server does before validation.
var oracleStricter = map[string]string{}
