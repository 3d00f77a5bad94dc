package webhook_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	jsonpatch "gopkg.in/evanphx/json-patch.v4"
	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	utiljson "k8s.io/apimachinery/pkg/util/json"

	appsv1 "github.com/union-gen/union-gen/examples/apis/apps/v1"
	examplev1 "github.com/union-gen/union-gen/examples/crd/v1"
	"github.com/union-gen/union-gen/examples/peers/difftables"
	"github.com/union-gen/union-gen/examples/webhook"
	"github.com/union-gen/union-gen/internal/testsupport/policyfile"
)

// examplePolicy is the policy that union-gen writes beside the example CRD.
const examplePolicy = "../crd/config/examples.union-gen.io_widgets.unions-policy.yaml"

// widgetsPolicy is the name of the policy of the example's Widgets.
const widgetsPolicy = "widgets.examples.union-gen.io-v1-unions"

func handler(t testing.TB) *webhook.Handler {
	t.Helper()
	return &webhook.Handler{Schema: policyfile.Schema(t, examplePolicy, widgetsPolicy)}
}

// reviewBody is the AdmissionReview of an operation on a Widget.
func reviewBody(t testing.TB, op admissionv1.Operation, obj, old any) []byte {
	t.Helper()
	raw := func(v any) runtime.RawExtension {
		if v == nil {
			return runtime.RawExtension{}
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return runtime.RawExtension{Raw: b}
	}
	review := admissionv1.AdmissionReview{
		TypeMeta: metav1.TypeMeta{APIVersion: "admission.k8s.io/v1", Kind: "AdmissionReview"},
		Request: &admissionv1.AdmissionRequest{
			UID:       types.UID("7b4e3c0e-1111-4aaa-8bbb-000000000001"),
			Kind:      metav1.GroupVersionKind{Group: "examples.union-gen.io", Version: "v1", Kind: "Widget"},
			Resource:  metav1.GroupVersionResource{Group: "examples.union-gen.io", Version: "v1", Resource: "widgets"},
			Name:      "w",
			Namespace: "default",
			Operation: op,
			Object:    raw(obj),
			OldObject: raw(old),
		},
	}
	b, err := json.Marshal(review)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// serve posts a body to the handler and decodes the AdmissionReview it
// answers.
func serve(t testing.TB, h http.Handler, body []byte) admissionv1.AdmissionReview {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(body)))
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	var review admissionv1.AdmissionReview
	if err := json.Unmarshal(rec.Body.Bytes(), &review); err != nil {
		t.Fatal(err)
	}
	if review.APIVersion != "admission.k8s.io/v1" || review.Kind != "AdmissionReview" || review.Request != nil || review.Response == nil {
		t.Fatalf("not an AdmissionReview response: %+v", review)
	}
	return review
}

// patched applies the response's patch to obj, as the API server does.
func patched(t testing.TB, obj map[string]any, response *admissionv1.AdmissionResponse) map[string]any {
	t.Helper()
	if response.Patch == nil {
		return obj
	}
	if response.PatchType == nil || *response.PatchType != admissionv1.PatchTypeJSONPatch {
		t.Fatalf("patch type %v, want JSONPatch", response.PatchType)
	}
	patch, err := jsonpatch.DecodePatch(response.Patch)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	if doc, err = patch.Apply(doc); err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := utiljson.Unmarshal(doc, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestDeploymentStory: a client switches a strategy from RollingUpdate to
// Recreate and the stale rollingUpdate is carried over; the webhook's patch
// removes it, and only it.
func TestDeploymentStory(t *testing.T) {
	h := handler(t)
	maxSurge := difftables.Tables()[0].Objects[2].(*appsv1.DeploymentStrategy).RollingUpdate
	old := difftables.NewWidget(examplev1.WidgetSpec{Strategy: &appsv1.DeploymentStrategy{Type: "RollingUpdate", RollingUpdate: maxSurge}})
	obj := difftables.NewWidget(examplev1.WidgetSpec{Strategy: &appsv1.DeploymentStrategy{Type: "Recreate", RollingUpdate: maxSurge}})
	review := serve(t, h, reviewBody(t, admissionv1.Update, obj, old))
	if !review.Response.Allowed || review.Response.UID != "7b4e3c0e-1111-4aaa-8bbb-000000000001" {
		t.Errorf("response %+v: want allowed, with the request's UID", review.Response)
	}
	if got, want := string(review.Response.Patch), `[{"op":"remove","path":"/spec/strategy/rollingUpdate"}]`; got != want {
		t.Errorf("patch %s, want %s", got, want)
	}

	// The same, with the member the client set itself: nothing to patch,
	// validation rejects it.
	stale := review
	review = serve(t, h, reviewBody(t, admissionv1.Update, obj, difftables.NewWidget(examplev1.WidgetSpec{Strategy: &appsv1.DeploymentStrategy{Type: "RollingUpdate"}})))
	if !review.Response.Allowed || review.Response.Patch != nil || review.Response.PatchType != nil {
		t.Errorf("a member set only in the new object was patched: %+v (before: %+v)", review.Response, stale.Response)
	}
}

// TestOperations: create and delete are allowed as they are; an update
// whose object is not JSON is denied with the reason; a request that is no
// AdmissionReview is a client error.
func TestOperations(t *testing.T) {
	h := handler(t)
	obj := difftables.NewWidget(examplev1.WidgetSpec{Strategy: &appsv1.DeploymentStrategy{Type: "Recreate"}})
	for _, op := range []admissionv1.Operation{admissionv1.Create, admissionv1.Delete, admissionv1.Connect} {
		if r := serve(t, h, reviewBody(t, op, obj, obj)).Response; !r.Allowed || r.Patch != nil {
			t.Errorf("%s: %+v", op, r)
		}
	}
	bad := bytes.Replace(reviewBody(t, admissionv1.Update, obj, obj), []byte(`"object":{`), []byte(`"object":[1,{`), 1)
	bad = bytes.Replace(bad, []byte(`,"oldObject"`), []byte(`],"oldObject"`), 1)
	if r := serve(t, h, bad).Response; r.Allowed || r.Result == nil || r.Result.Code != http.StatusBadRequest || !strings.HasPrefix(r.Result.Message, "object: ") {
		t.Errorf("an object that is not a JSON object: %+v", r)
	}
	for _, tc := range []struct {
		method, body string
		code         int
	}{
		{http.MethodGet, "", http.StatusMethodNotAllowed},
		{http.MethodPost, "{", http.StatusBadRequest},
		{http.MethodPost, `{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview"}`, http.StatusBadRequest},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(tc.method, "/", strings.NewReader(tc.body)))
		if rec.Code != tc.code {
			t.Errorf("%s %q: status %d, want %d", tc.method, tc.body, rec.Code, tc.code)
		}
	}
}

// TestDifferential sends every (old, new) update pair of the differential
// tables, at every placement, through the handler: the object patched with
// its answer must be exactly what the generated NormalizeUnions gives.
func TestDifferential(t *testing.T) {
	h := handler(t)
	tables := difftables.ByName()
	for _, p := range difftables.Placements {
		t.Run(p.Name, func(t *testing.T) {
			table := tables[p.Table]
			// Each object is encoded and decoded once: olds are the Go
			// objects, which the generated methods only read.
			objs := make([]map[string]any, len(table.Objects))
			raws := make([]json.RawMessage, len(table.Objects))
			olds := make([]examplev1.Widget, len(table.Objects))
			for i, obj := range table.Objects {
				_, u, err := difftables.Widget(p, obj)
				if err != nil {
					t.Fatal(err)
				}
				objs[i] = u
				if raws[i], err = json.Marshal(u); err != nil {
					t.Fatal(err)
				}
				if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u, &olds[i]); err != nil {
					t.Fatal(err)
				}
			}
			failures, normalized := 0, 0
			for n := range objs {
				for o := range objs {
					var goNew examplev1.Widget
					if err := runtime.DefaultUnstructuredConverter.FromUnstructured(objs[n], &goNew); err != nil {
						t.Fatal(err)
					}
					goNew.NormalizeUnions(&olds[o])
					want, err := difftables.Unstructured(&goNew)
					if err != nil {
						t.Fatal(err)
					}
					response := serve(t, h, reviewBody(t, admissionv1.Update, raws[n], raws[o])).Response
					if response.Patch != nil {
						normalized++
					}
					if got := patched(t, objs[n], response); !difftables.Equal(got, want) {
						if failures++; failures <= 10 {
							t.Errorf("update from %s to %s:\n  webhook: %v\n  Go:      %v", table.Objs[o], table.Objs[n], got, want)
						}
					}
				}
			}
			if failures > 0 {
				t.Errorf("%d cases differ", failures)
			}
			if p.Correlated != (normalized > 0) {
				t.Errorf("%d updates patched; want some exactly when the placement is correlated (%v)", normalized, p.Correlated)
			}
		})
	}
}
