package kubetest

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utiljson "k8s.io/apimachinery/pkg/util/json"

	"github.com/union-gen/union-gen/internal/testsupport/policyfile"
	"github.com/union-gen/union-gen/pkg/backend"
)

// The random differential of the policy for built-in kinds: random updates
// of Deployments, StatefulSets and DaemonSets, each sent, dry run, without
// the policy and with it.

const (
	// differentialSeed makes the pairs the same on every run.
	differentialSeed = 24198
	differentialOlds = 60
	updatesPerOld    = 5
)

// updatePair is an update: the resource, the stored object's name and the
// object sent.
type updatePair struct {
	resource schema.GroupVersionResource
	name     string
	obj      map[string]any
}

// judgement is the API server's answer to an update, dry run: the object
// it would store, or the fields and messages of its refusal.
type judgement struct {
	stored map[string]any
	causes map[string]string
}

// profiles are the values of a seccomp or AppArmor profile that the pairs
// draw from, invalid ones included; nil is none.
var profiles = []map[string]any{
	nil,
	{"type": "RuntimeDefault"},
	{"type": "Unconfined"},
	{"type": "Localhost", "localhostProfile": "profiles/a.json"},
	{"type": "Localhost", "localhostProfile": "profiles/b.json"},
	{"type": "RuntimeDefault", "localhostProfile": "profiles/a.json"},
}

// randomSpec is a spec of a workload of resource r, drawn from the values
// whose unions the policy normalizes.
func randomSpec(rng *rand.Rand, r schema.GroupVersionResource) map[string]any {
	pick := func(values []map[string]any) map[string]any { return values[rng.IntN(len(values))] }
	securityContext := func(seccompKey string) map[string]any {
		sc := map[string]any{}
		if p := pick(profiles); p != nil {
			sc[seccompKey] = p
		}
		if p := pick(profiles); p != nil {
			sc["appArmorProfile"] = p
		}
		return sc
	}
	// Containers and init containers, matched by name: a few names in a
	// random order, so that an item's old one is at another index.
	containers := func(names ...string) []any {
		var items []any
		rng.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
		for _, name := range names[:1+rng.IntN(len(names)-1)] {
			items = append(items, map[string]any{"name": name, "image": "registry.k8s.io/pause:3.10", "securityContext": securityContext("seccompProfile")})
		}
		return items
	}
	podSpec := map[string]any{"securityContext": securityContext("seccompProfile"), "containers": containers("a", "b", "c")}
	if rng.IntN(2) == 0 {
		podSpec["initContainers"] = containers("init-a", "init-b")
	}
	spec := map[string]any{
		"selector": map[string]any{"matchLabels": map[string]any{"app": "diff"}},
		"template": map[string]any{
			"metadata": map[string]any{"labels": map[string]any{"app": "diff"}},
			"spec":     podSpec,
		},
	}
	strategyField, types := "updateStrategy", []string{"RollingUpdate", "OnDelete", ""}
	rollingUpdates := []map[string]any{nil, {"partition": int64(1)}, {"partition": int64(0)}}
	switch r {
	case deployments:
		strategyField, types = "strategy", []string{"RollingUpdate", "Recreate", ""}
		rollingUpdates = []map[string]any{nil, {"maxSurge": int64(1)}, {"maxUnavailable": "50%"}}
		spec["replicas"] = int64(1 + rng.IntN(3))
	case daemonSets:
		rollingUpdates = []map[string]any{nil, {"maxUnavailable": int64(1)}, {"maxUnavailable": int64(2)}}
	case statefulSets:
		spec["serviceName"] = "diff"
	}
	strategy := map[string]any{}
	if typ := types[rng.IntN(len(types))]; typ != "" {
		strategy["type"] = typ
	}
	if ru := pick(rollingUpdates); ru != nil {
		strategy["rollingUpdate"] = ru
	}
	spec[strategyField] = strategy
	return spec
}

// differentialPairs creates differentialOlds random objects (those that the
// API server refuses are drawn again) and draws updatesPerOld updates of
// each.
func (c *cluster) differentialPairs(t *testing.T) []updatePair {
	t.Helper()
	rng := rand.New(rand.NewPCG(differentialSeed, 0))
	resources := []schema.GroupVersionResource{deployments, statefulSets, daemonSets}
	kinds := map[schema.GroupVersionResource]string{deployments: "Deployment", statefulSets: "StatefulSet", daemonSets: "DaemonSet"}
	var pairs []updatePair
	for i := 0; i < differentialOlds; {
		r := resources[rng.IntN(len(resources))]
		name := fmt.Sprintf("diff-%d", i)
		object := func() *unstructured.Unstructured {
			obj := &unstructured.Unstructured{Object: map[string]any{"apiVersion": "apps/v1", "kind": kinds[r], "spec": randomSpec(rng, r)}}
			obj.SetName(name)
			obj.SetNamespace(namespace)
			return obj
		}
		if _, err := dynamicFor(c, r).Create(context.Background(), object(), metav1.CreateOptions{}); err != nil {
			if !apierrors.IsInvalid(err) {
				t.Fatal(err)
			}
			continue
		}
		for range updatesPerOld {
			pairs = append(pairs, updatePair{resource: r, name: name, obj: object().Object})
		}
		i++
	}
	return pairs
}

// judgePairs sends each update, dry run, as a PUT over the stored object;
// prepare, if any, makes the object sent from the update's and the stored
// one.
func (c *cluster) judgePairs(t *testing.T, pairs []updatePair, prepare func(p updatePair, old map[string]any) map[string]any) []judgement {
	t.Helper()
	ctx := context.Background()
	judgements := make([]judgement, len(pairs))
	for i, p := range pairs {
		client := dynamicFor(c, p.resource)
		old, err := client.Get(ctx, p.name, metav1.GetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		obj := (&unstructured.Unstructured{Object: p.obj}).DeepCopy()
		if prepare != nil {
			obj.Object = prepare(p, old.Object)
		}
		obj.SetResourceVersion(old.GetResourceVersion())
		stored, err := client.Update(ctx, obj, metav1.UpdateOptions{DryRun: []string{metav1.DryRunAll}})
		switch {
		case err == nil:
			unstructured.RemoveNestedField(stored.Object, "metadata", "managedFields")
			judgements[i].stored = stored.Object
		case apierrors.IsInvalid(err):
			judgements[i].causes = map[string]string{}
			for _, cause := range err.(apierrors.APIStatus).Status().Details.Causes {
				judgements[i].causes[cause.Field] = cause.Message
			}
		default:
			t.Fatalf("update %d: %v", i, err)
		}
	}
	return judgements
}

// webhookNormalized is the update as the example webhook (examples/webhook)
// would make it, from the same policy file: the object as the API server
// defaults it before admission, normalized by pkg/unstructuredunions with
// the schema in the annotation of its resource's policy.
func webhookNormalized(t *testing.T) func(p updatePair, old map[string]any) map[string]any {
	t.Helper()
	schemas := policyfile.Schemas(t, builtinPolicy)
	return func(p updatePair, old map[string]any) map[string]any {
		s := schemas[backend.Resource{Group: p.resource.Group, Version: p.resource.Version, Plural: p.resource.Resource}.Name()]
		if s == nil {
			t.Fatalf("%s has no policy for %s", builtinPolicy, p.resource)
		}
		gvk := schema.GroupVersionKind{Group: p.resource.Group, Version: p.resource.Version, Kind: p.obj["kind"].(string)}
		var obj map[string]any
		if err := utiljson.Unmarshal(defaultedJSON(t, gvk, p.obj), &obj); err != nil {
			t.Fatal(err)
		}
		s.Normalize(obj, old)
		return obj
	}
}

// compareWebhook holds the updates that the webhook normalized, sent
// without the policy, to the same updates with the policy: the same
// objects stored, and the same updates refused.
func compareWebhook(t *testing.T, pairs []updatePair, webhook, with []judgement) {
	t.Helper()
	for i, p := range pairs {
		w, v := webhook[i], with[i]
		if (w.stored == nil) != (v.stored == nil) || !reflect.DeepEqual(w.stored, v.stored) {
			t.Errorf("update %d of %s %s: the webhook's normalization and the policy differ:\n  webhook %v %v\n  policy  %v %v", i, p.resource.Resource, p.name, w.stored, w.causes, v.stored, v.causes)
		}
	}
}

// compareJudgements holds the judgements with the policy to those without:
// an update accepted without it is stored identically with it; one refused
// without it is refused with it too, or accepted only where every field
// of the refusal is a stale member that the policy removed.
func compareJudgements(t *testing.T, pairs []updatePair, without, with []judgement) {
	t.Helper()
	cleared := clearedMembers(t)
	var accepted, refused, normalized int
	for i, p := range pairs {
		w, v := without[i], with[i]
		switch {
		case w.stored != nil && v.stored == nil:
			t.Errorf("update %d of %s %s: accepted without the policy, refused with it: %v", i, p.resource.Resource, p.name, v.causes)
		case w.stored != nil:
			accepted++
			if !reflect.DeepEqual(w.stored, v.stored) {
				t.Errorf("update %d of %s %s: stored otherwise with the policy:\n  without %v\n  with    %v", i, p.resource.Resource, p.name, w.stored, v.stored)
			}
		case v.stored == nil:
			refused++
		default:
			normalized++
			for _, field := range slices.Sorted(maps.Keys(w.causes)) {
				path := strings.Split(strings.NewReplacer("[", ".[").Replace(field), ".")
				last := path[len(path)-1]
				if !cleared[last] || hasMember(v.stored, pathSegments(path)) {
					t.Errorf("update %d of %s %s: refused without the policy at %s (%s), accepted with it, which did not clear that member", i, p.resource.Resource, p.name, field, w.causes[field])
				}
			}
		}
	}
	t.Logf("%d updates: %d accepted and stored identically, %d refused both ways, %d refused without the policy for a stale member and accepted with it", len(pairs), accepted, refused, normalized)
	if accepted == 0 || normalized == 0 {
		t.Errorf("the pairs do not exercise both ways: %d accepted, %d normalized", accepted, normalized)
	}
}

// clearedMembers are the names of the members that the policies of the
// policy file for built-in kinds may clear.
func clearedMembers(t *testing.T) map[string]bool {
	t.Helper()
	schemas := policyfile.Schemas(t, builtinPolicy)
	members := map[string]bool{}
	for _, s := range schemas {
		for _, st := range s.Structs {
			for _, u := range st.Unions {
				for _, c := range u.Clears {
					members[c.Member] = true
				}
			}
		}
	}
	return members
}

// hasMember reports whether obj has a property at path.
func hasMember(obj map[string]any, path []any) bool {
	parent := path[:len(path)-1]
	if !has(obj, parent) {
		return false
	}
	_, ok := lookup(obj, parent)[path[len(path)-1].(string)]
	return ok
}

// pathSegments turns the segments of a field path ("containers", "[0]")
// into an oracleUnion path for has.
func pathSegments(path []string) []any {
	var segments []any
	for _, s := range path {
		if index, ok := strings.CutPrefix(s, "["); ok {
			if i, err := strconv.Atoi(strings.TrimSuffix(index, "]")); err == nil {
				segments = append(segments, i)
				continue
			}
		}
		segments = append(segments, s)
	}
	return segments
}
