package policy_test

import (
	"os"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/union-gen/union-gen/pkg/backend"
	"github.com/union-gen/union-gen/pkg/policy"
	"github.com/union-gen/union-gen/pkg/unions"
	"github.com/union-gen/union-gen/pkg/unionspec"
	"github.com/union-gen/union-gen/pkg/unstructuredunions"
)

// policySchema is a schema with the forms that the example CRD lacks: names
// that CEL cannot select, scalar members written without omitempty, a
// pointer key, a map of list-maps.
func policySchema() *unionspec.Schema {
	// Scalar members are written without omitempty: cleared, they keep
	// their zero value.
	member := func(name, value string, p unionspec.Presence) *unions.Member {
		return &unions.Member{Field: unions.Field{GoName: name, JSONName: name}, Values: []string{value}, Required: []string{value}, Presence: p}
	}
	item := &unions.Union{
		Requires:      unionspec.Discriminated,
		Discriminator: unions.Field{GoName: "Kind", JSONName: "kind/x"},
		Enum:          unions.Enum{Values: []string{"A", "B", "C", "D"}},
		Members: []*unions.Member{
			member("a~b", "A", unionspec.PresenceString),
			member("b", "B", unionspec.PresenceBool),
			member("c", "C", unionspec.PresenceFloat),
			member("d", "D", unionspec.PresenceLength),
		},
	}
	return &unionspec.Schema{
		Root: "Root",
		Structs: map[string]*unionspec.Struct{
			"Root": {Fields: []*unionspec.Field{{Name: "by-name", Walk: &unionspec.Walk{
				Shape: unionspec.ShapeMap, HasOld: true,
				Elem: &unionspec.Walk{
					Shape: unionspec.ShapeListMap, HasOld: true,
					Keys: []*unionspec.Key{{Name: "port", Pointer: true, Type: "integer"}, {Name: "in", Type: "string"}},
					Elem: &unionspec.Walk{Shape: unionspec.ShapeStruct, Struct: "Item", HasOld: true},
				},
			}}}},
			"Item": {Unions: []*unionspec.Union{item.Describe()}},
		},
	}
}

// TestPolicyForms: the expression selects what CEL cannot name by index,
// escapes property names in JSON pointers and map keys with
// jsonpatch.escapeKey, compares a pointer key by presence and value and a
// non-pointer key absent as its zero value, and zeroes a scalar member that
// JSON writes when zero.
func TestPolicyForms(t *testing.T) {
	r := backend.Resource{Group: "g.example.com", Version: "v2", Plural: "things"}
	data, err := policy.Write(r, policySchema(), "v1")
	if err != nil {
		t.Fatal(err)
	}
	docs := strings.Split(string(data), "---\n")
	if len(docs) != 3 || docs[0] != "" {
		t.Fatalf("want two documents, got:\n%s", data)
	}
	var policy struct {
		Metadata struct {
			Name string `json:"name"`
		} `json:"metadata"`
		Spec struct {
			MatchConstraints struct {
				ResourceRules []struct {
					APIGroups, APIVersions, Operations, Resources []string
				} `json:"resourceRules"`
			} `json:"matchConstraints"`
			Mutations []struct {
				PatchType string `json:"patchType"`
				JSONPatch struct {
					Expression string `json:"expression"`
				} `json:"jsonPatch"`
			} `json:"mutations"`
		} `json:"spec"`
	}
	if err := yaml.Unmarshal([]byte(docs[1]), &policy); err != nil {
		t.Fatal(err)
	}
	rules := policy.Spec.MatchConstraints.ResourceRules
	if policy.Metadata.Name != "things.g.example.com-v2-unions" || len(rules) != 1 ||
		strings.Join(rules[0].APIGroups, ",") != "g.example.com" || strings.Join(rules[0].APIVersions, ",") != "v2" ||
		strings.Join(rules[0].Operations, ",") != "UPDATE" || strings.Join(rules[0].Resources, ",") != "things" {
		t.Errorf("the policy does not match UPDATE of things.g.example.com/v2 only: %+v", policy)
	}
	if len(policy.Spec.Mutations) != 1 || policy.Spec.Mutations[0].PatchType != "JSONPatch" {
		t.Fatalf("want one JSONPatch mutation: %+v", policy.Spec.Mutations)
	}
	expr := policy.Spec.Mutations[0].JSONPatch.Expression
	for _, want := range []string{
		`"by-name" in object && "by-name" in oldObject`,
		`object["by-name"].filter(k0, k0 in oldObject["by-name"])`,
		`"/by-name/" + jsonpatch.escapeKey(k0) + "/" + string(i1) + "/a~0b"`,
		`has(x1.port) == has(oldObject["by-name"][k0][i1].port) && (!has(x1.port) || x1.port == oldObject["by-name"][k0][i1].port)`,
		`("in" in x1 ? x1["in"] : "") == ("in" in y1 ? y1["in"] : "")`,
		`("kind/x" in x1 ? x1["kind/x"] : "")`,
		`value: ""}`, `value: false}`, `value: 0.0}`,
		`(has(x1.d) && size(x1.d) > 0)`,
		`JSONPatch{op: "remove", path: "/by-name/" + jsonpatch.escapeKey(k0) + "/" + string(i1) + "/d"}`,
	} {
		if !strings.Contains(expr, want) {
			t.Errorf("the expression lacks %s:\n%s", want, expr)
		}
	}
	if !strings.Contains(docs[2], "kind: MutatingAdmissionPolicyBinding") || !strings.Contains(docs[2], "policyName: things.g.example.com-v2-unions") {
		t.Errorf("the second document is not the binding:\n%s", docs[2])
	}
	s, err := unstructuredunions.Load([]byte(docs[1]))
	if err != nil {
		t.Fatal(err)
	}
	if s.Root != "Root" || len(s.Structs) != 2 {
		t.Errorf("the policy's schema is not the given one: %+v", s)
	}
}

// TestPolicyNothingToNormalize: a kind whose unions are reached only
// through lists without keys has nothing that an update can normalize, and
// gets no policy.
func TestPolicyNothingToNormalize(t *testing.T) {
	s := policySchema()
	s.Structs["Root"].Fields[0].Walk = &unionspec.Walk{
		Shape: unionspec.ShapeList,
		Elem:  &unionspec.Walk{Shape: unionspec.ShapeStruct, Struct: "Item", HasOld: true},
	}
	if data, err := policy.Write(backend.Resource{Group: "g", Version: "v1", Plural: "things"}, s, "v1"); data != nil || err != nil {
		t.Errorf("got %q, %v; want no policy", data, err)
	}
}

// TestPolicySchemaDoesNotRecur: the schema of the policy's tests has no
// recursion, which no policy could walk (unionspec.Schema.Recursion).
func TestPolicySchemaDoesNotRecur(t *testing.T) {
	if recurs, _ := policySchema().Recursion(); recurs != "" {
		t.Errorf("the policy's test schema recurs at %s", recurs)
	}
}

// TestPolicyNoConstantConditions: a clear whose condition is all shared
// with the union's other clears is its patch alone, not under a condition
// that is always true (the example's DeploymentStrategy has one clear).
func TestPolicyNoConstantConditions(t *testing.T) {
	data, err := os.ReadFile("../../examples/crd/config/examples.union-gen.io_widgets.unions-policy.yaml")
	if err != nil {
		t.Fatal(err)
	}
	policy := string(data)
	if strings.Contains(policy, "true ?") {
		t.Errorf("the example's policy has a condition that is always true:\n%s", policy)
	}
	if want := `?
        [JSONPatch{op: "remove", path: "/spec/strategy/rollingUpdate"}] : [])`; !strings.Contains(policy, want) {
		t.Errorf("the example's policy does not clear strategy.rollingUpdate under the union's shared condition alone:\n%s", policy)
	}
}

// TestBuiltinPolicyForm: the policy of a built-in resource fails open, and
// runs only where a discriminator that a patch reads changed, found along
// the patches' walk (maps by key, list-map items against the old items of
// the same keys); the legacy group is named "core". A CRD's policy has
// neither.
func TestBuiltinPolicyForm(t *testing.T) {
	type spec struct {
		FailurePolicy   string `json:"failurePolicy"`
		MatchConditions []struct {
			Name       string `json:"name"`
			Expression string `json:"expression"`
		} `json:"matchConditions"`
	}
	read := func(r backend.Resource) (name string, s spec) {
		data, err := policy.Write(r, policySchema(), "v1")
		if err != nil {
			t.Fatal(err)
		}
		var p struct {
			Metadata struct {
				Name string `json:"name"`
			} `json:"metadata"`
			Spec spec `json:"spec"`
		}
		if err := yaml.Unmarshal([]byte(strings.Split(string(data), "---\n")[1]), &p); err != nil {
			t.Fatal(err)
		}
		return p.Metadata.Name, p.Spec
	}
	name, s := read(backend.Resource{Version: "v1", Plural: "things", Builtin: true})
	if name != "things.core-v1-unions" || s.FailurePolicy != "Ignore" || len(s.MatchConditions) != 1 || s.MatchConditions[0].Name != "switches-a-union" {
		t.Fatalf("the built-in policy %s: %+v", name, s)
	}
	match := s.MatchConditions[0].Expression
	for _, want := range []string{
		`object["by-name"].exists(k0, k0 in oldObject["by-name"] && (`,
		`object["by-name"][k0].exists(x1, oldObject["by-name"][k0].exists(y1, has(x1.port) == has(y1.port)`,
		`(!(("kind/x" in y1 ? y1["kind/x"] : "") == ("kind/x" in x1 ? x1["kind/x"] : "")))`,
	} {
		if !strings.Contains(match, want) {
			t.Errorf("the matchCondition lacks %s:\n%s", want, match)
		}
	}
	if _, s := read(backend.Resource{Group: "g", Version: "v1", Plural: "things"}); s.FailurePolicy != "Fail" || s.MatchConditions != nil {
		t.Errorf("a CRD's policy: %+v", s)
	}
}

// TestWebhookConfigurationForm: the webhook configuration calls union-webhook
// at each policy's path, for the policy's resource and its updates only,
// under the policy's matchCondition, with the policy's guarantees: it fails
// open, has no side effects, is never reinvoked and waits a bounded time.
func TestWebhookConfigurationForm(t *testing.T) {
	r := backend.Resource{Version: "v1", Plural: "things", Builtin: true}
	data := policy.WriteWebhookConfiguration([]policy.Hook{{Resource: r, Schema: policySchema()}})
	var config struct {
		Kind     string `json:"kind"`
		Webhooks []struct {
			Name         string `json:"name"`
			ClientConfig struct {
				Service struct {
					Namespace, Name, Path string
					Port                  int
				} `json:"service"`
			} `json:"clientConfig"`
			Rules []struct {
				APIGroups   []string `json:"apiGroups"`
				APIVersions []string `json:"apiVersions"`
				Operations  []string `json:"operations"`
				Resources   []string `json:"resources"`
				Scope       string   `json:"scope"`
			} `json:"rules"`
			FailurePolicy, SideEffects, ReinvocationPolicy, MatchPolicy string
			TimeoutSeconds                                              int
			MatchConditions                                             []struct{ Name, Expression string }
		} `json:"webhooks"`
	}
	if err := yaml.Unmarshal(data, &config); err != nil {
		t.Fatal(err)
	}
	policyYAML, err := policy.Write(r, policySchema(), "v1")
	if err != nil {
		t.Fatal(err)
	}
	var p struct {
		Spec struct{ MatchConditions []struct{ Expression string } } `json:"spec"`
	}
	if err := yaml.Unmarshal([]byte(strings.Split(string(policyYAML), "---\n")[1]), &p); err != nil {
		t.Fatal(err)
	}
	if config.Kind != "MutatingWebhookConfiguration" || len(config.Webhooks) != 1 {
		t.Fatalf("%s", data)
	}
	w := config.Webhooks[0]
	svc := w.ClientConfig.Service
	if w.Name != "things.core-v1-unions.union-gen.io" || svc.Path != "/things.core-v1-unions" || svc.Namespace != policy.WebhookNamespace || svc.Name != policy.WebhookService || svc.Port != 443 {
		t.Errorf("webhook %s calls %+v", w.Name, svc)
	}
	if len(w.Rules) != 1 || len(w.Rules[0].APIGroups) != 1 || w.Rules[0].APIGroups[0] != "" || strings.Join(w.Rules[0].APIVersions, ",") != "v1" ||
		strings.Join(w.Rules[0].Resources, ",") != "things" || strings.Join(w.Rules[0].Operations, ",") != "UPDATE" || w.Rules[0].Scope != "*" {
		t.Errorf("rules %+v", w.Rules)
	}
	if w.MatchPolicy != "Equivalent" {
		t.Errorf("matchPolicy %s, want Equivalent: the API server converts a request of another version of the resource", w.MatchPolicy)
	}
	if w.FailurePolicy != "Ignore" || w.SideEffects != "None" || w.ReinvocationPolicy != "Never" || w.TimeoutSeconds != policy.WebhookTimeoutSeconds {
		t.Errorf("failurePolicy %s, sideEffects %s, reinvocationPolicy %s, timeoutSeconds %d", w.FailurePolicy, w.SideEffects, w.ReinvocationPolicy, w.TimeoutSeconds)
	}
	if len(w.MatchConditions) != 1 || w.MatchConditions[0].Name != "switches-a-union" || w.MatchConditions[0].Expression != p.Spec.MatchConditions[0].Expression {
		t.Errorf("the matchConditions are not the policy's: %+v", w.MatchConditions)
	}
}
