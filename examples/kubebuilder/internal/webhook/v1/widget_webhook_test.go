/*
Copyright 2026.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

package v1

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"strings"
	"testing"

	jsonpatch "gopkg.in/evanphx/json-patch.v4"
	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/webhook"
)

// widget is a Widget as the API server sends it, with the given strategy.
func widget(strategy string) string {
	return `{"apiVersion":"apps.example.com/v1","kind":"Widget",` +
		`"metadata":{"name":"w","namespace":"default","resourceVersion":"7","creationTimestamp":"2026-01-02T03:04:05Z"},` +
		`"spec":{"foo":"bar","strategy":` + strategy + `}}`
}

const (
	rollingUpdate         = `{"type":"RollingUpdate","rollingUpdate":{"maxUnavailable":2}}`
	recreate              = `{"type":"Recreate"}`
	recreateRollingUpdate = `{"type":"Recreate","rollingUpdate":{"maxUnavailable":2}}`
)

// TestNormalizingWebhook sends AdmissionReviews through the webhook, as the
// API server does, and applies the JSON patch of each response to the
// request's object.
func TestNormalizingWebhook(t *testing.T) {
	for _, tc := range []struct {
		name      string
		operation admissionv1.Operation
		object    string
		oldObject string
		// want is the object after the patch; "" means no patch.
		want string
		// code is the response's code when it is not allowed.
		code int32
	}{{
		name:      "update to Recreate that keeps rollingUpdate, as kubectl apply does: rollingUpdate is removed",
		operation: admissionv1.Update,
		object:    widget(recreateRollingUpdate),
		oldObject: widget(rollingUpdate),
		want:      widget(recreate),
	}, {
		name:      "fields the Go type does not know are left alone",
		operation: admissionv1.Update,
		object:    strings.Replace(widget(recreateRollingUpdate), `"foo"`, `"newField":{"a":[]},"foo"`, 1),
		oldObject: widget(rollingUpdate),
		want:      strings.Replace(widget(recreate), `"foo"`, `"newField":{"a":[]},"foo"`, 1),
	}, {
		name:      "update that keeps RollingUpdate",
		operation: admissionv1.Update,
		object:    widget(`{"type":"RollingUpdate","rollingUpdate":{"maxUnavailable":3}}`),
		oldObject: widget(rollingUpdate),
	}, {
		name:      "create",
		operation: admissionv1.Create,
		object:    widget(recreateRollingUpdate),
	}, {
		name:      "delete",
		operation: admissionv1.Delete,
		oldObject: widget(rollingUpdate),
	}, {
		// NormalizeUnions clears only a member that the old object had too:
		// the CRD's rules reject this one.
		name:      "update to Recreate that adds rollingUpdate",
		operation: admissionv1.Update,
		object:    widget(recreateRollingUpdate),
		oldObject: widget(`{"type":"RollingUpdate"}`),
	}, {
		name:      "object that is no Widget",
		operation: admissionv1.Update,
		object:    `{"spec":"x"}`,
		oldObject: widget(rollingUpdate),
		code:      http.StatusBadRequest,
	}, {
		name:      "old object that is no Widget",
		operation: admissionv1.Update,
		object:    widget(recreateRollingUpdate),
		oldObject: `{"spec":[]}`,
		code:      http.StatusBadRequest,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			resp := review(t, tc.operation, tc.object, tc.oldObject)
			if tc.code != 0 {
				if resp.Allowed || resp.Result == nil || resp.Result.Code != tc.code {
					t.Fatalf("got allowed %v, result %+v; want a %d", resp.Allowed, resp.Result, tc.code)
				}
				return
			}
			if !resp.Allowed {
				t.Fatalf("not allowed: %+v", resp.Result)
			}
			if tc.want == "" {
				if len(resp.Patch) != 0 || resp.PatchType != nil {
					t.Fatalf("got patch %s, want none", resp.Patch)
				}
				return
			}
			if resp.PatchType == nil || *resp.PatchType != admissionv1.PatchTypeJSONPatch {
				t.Errorf("patch type %v, want %s", resp.PatchType, admissionv1.PatchTypeJSONPatch)
			}
			patch, err := jsonpatch.DecodePatch(resp.Patch)
			if err != nil {
				t.Fatal(err)
			}
			patched, err := patch.Apply([]byte(tc.object))
			if err != nil {
				t.Fatalf("patch %s: %v", resp.Patch, err)
			}
			if got, want := decode(t, string(patched)), decode(t, tc.want); !reflect.DeepEqual(got, want) {
				t.Errorf("patch %s gives\n%v\nwant\n%v", resp.Patch, got, want)
			}
		})
	}
}

// review sends an AdmissionReview of the request through the webhook as
// the manager's webhook server serves it, and returns its response.
func review(t *testing.T, operation admissionv1.Operation, object, oldObject string) *admissionv1.AdmissionResponse {
	t.Helper()
	in := admissionv1.AdmissionReview{
		TypeMeta: metav1.TypeMeta{APIVersion: "admission.k8s.io/v1", Kind: "AdmissionReview"},
		Request:  &admissionv1.AdmissionRequest{UID: "1", Operation: operation},
	}
	if object != "" {
		in.Request.Object.Raw = []byte(object)
	}
	if oldObject != "" {
		in.Request.OldObject.Raw = []byte(oldObject)
	}
	body, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodPost, widgetNormalizerPath, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	(&webhook.Admission{Handler: &WidgetNormalizer{}}).ServeHTTP(rec, req)
	var out admissionv1.AdmissionReview
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil || out.Response == nil {
		t.Fatalf("the webhook answers %d %s: %v", rec.Code, rec.Body, err)
	}
	return out.Response
}

// TestNormalizingWebhookPath checks that the handler is registered at the
// path of the +kubebuilder:webhook marker, which controller-gen writes into
// the MutatingWebhookConfiguration.
func TestNormalizingWebhookPath(t *testing.T) {
	src, err := os.ReadFile("widget_webhook.go")
	if err != nil {
		t.Fatal(err)
	}
	if marker := "// +kubebuilder:webhook:path=" + widgetNormalizerPath + ","; !strings.Contains(string(src), "\n"+marker) {
		t.Errorf("widget_webhook.go has no marker %s...", marker)
	}
}

func decode(t *testing.T, s string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	return m
}
