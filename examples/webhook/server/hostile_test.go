package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	jsonpatch "gopkg.in/evanphx/json-patch.v4"
	admissionv1 "k8s.io/api/admission/v1"
)

// TestHostileReviews sends union-webhook, serving the built-in policy
// file, what the API server never sends: each gets a clear answer, the
// server goes on, and a patch it answers with applies to the object it
// came with, as the API server applies it.
func TestHostileReviews(t *testing.T) {
	mux, err := Mux("../../../config/builtin/unions-policy.yaml")
	if err != nil {
		t.Fatal(err)
	}
	deployment := func(strategy string, annotation int) map[string]any {
		return map[string]any{
			"apiVersion": "apps/v1", "kind": "Deployment",
			"metadata": map[string]any{"name": "web", "annotations": map[string]any{"big": strings.Repeat("x", annotation)}},
			"spec":     map[string]any{"strategy": map[string]any{"type": strategy, "rollingUpdate": map[string]any{"maxSurge": "25%"}}},
		}
	}
	review := func(obj, old any) string {
		request := map[string]any{"uid": "1", "operation": "UPDATE", "object": obj}
		if old != nil {
			request["oldObject"] = old
		}
		b, err := json.Marshal(map[string]any{"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview", "request": request})
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	configMap := map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "data": map[string]any{"strategy": "Recreate"}}
	for _, c := range []struct {
		name, path, body string
		code             int
		// object is the object of the review, where the answer is one.
		object  map[string]any
		patched bool
	}{
		{name: "unknown resource", path: "/services.core-v1-unions", body: review(configMap, configMap), code: http.StatusNotFound},
		{name: "a kind it does not serve", path: "/deployments.apps-v1-unions", body: review(configMap, configMap), code: http.StatusOK, object: configMap},
		{name: "malformed body", path: "/deployments.apps-v1-unions", body: `{"apiVersion":"admission.k8s.io/v1","request":{"object":`, code: http.StatusBadRequest},
		{name: "not an object", path: "/deployments.apps-v1-unions", body: `[1,2]`, code: http.StatusBadRequest},
		{name: "an object of 6 MiB", path: "/deployments.apps-v1-unions", body: review(deployment("Recreate", 3<<20), deployment("RollingUpdate", 3<<20)), code: http.StatusOK, object: deployment("Recreate", 3<<20), patched: true},
		{name: "a review over its limit", path: "/deployments.apps-v1-unions", body: review(deployment("Recreate", 4<<20), deployment("RollingUpdate", 4<<20)), code: http.StatusBadRequest},
		{name: "no oldObject", path: "/deployments.apps-v1-unions", body: review(deployment("Recreate", 1), nil), code: http.StatusOK, object: deployment("Recreate", 1)},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			mux.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, c.path, strings.NewReader(c.body)))
			if rec.Code != c.code {
				t.Fatalf("status %d, want %d: %.200s", rec.Code, c.code, rec.Body)
			}
			if c.object == nil {
				if rec.Body.Len() == 0 || rec.Body.Len() > 300 {
					t.Errorf("the answer is not a short message: %.300s", rec.Body)
				}
				return
			}
			var answer admissionv1.AdmissionReview
			if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil || answer.Response == nil {
				t.Fatalf("not an AdmissionReview: %v: %.200s", err, rec.Body)
			}
			if !answer.Response.Allowed {
				t.Errorf("refused: %+v", answer.Response.Result)
			}
			if (answer.Response.Patch != nil) != c.patched {
				t.Fatalf("patch %s, want one: %v", answer.Response.Patch, c.patched)
			}
			if answer.Response.Patch == nil {
				return
			}
			patch, err := jsonpatch.DecodePatch(answer.Response.Patch)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := json.Marshal(c.object)
			if err != nil {
				t.Fatal(err)
			}
			out, err := patch.Apply(doc)
			if err != nil {
				t.Fatalf("the patch does not apply: %v", err)
			}
			if bytes.Contains(out, []byte("rollingUpdate")) {
				t.Errorf("the stale member is still there")
			}
		})
	}
}
