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
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"reflect"
	"strings"
	"testing"

	admissionv1 "k8s.io/api/admission/v1"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"
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

// TestNormalizingWebhook sends admission requests through the handler and
// applies the JSON patch of its response to the request's object.
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
		object:    `not json`,
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
			var req admission.Request
			req.Operation = tc.operation
			if tc.object != "" {
				req.Object.Raw = []byte(tc.object)
			}
			if tc.oldObject != "" {
				req.OldObject.Raw = []byte(tc.oldObject)
			}
			resp := (&WidgetNormalizer{}).Handle(context.Background(), req)

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
				if len(resp.Patches) != 0 || resp.PatchType != nil {
					t.Fatalf("got patch %+v, want none", resp.Patches)
				}
				return
			}
			if resp.PatchType == nil || *resp.PatchType != admissionv1.PatchTypeJSONPatch {
				t.Errorf("patch type %v, want %s", resp.PatchType, admissionv1.PatchTypeJSONPatch)
			}
			got := decode(t, tc.object)
			for _, op := range resp.Patches {
				if err := apply(got, op.Operation, op.Path, op.Value); err != nil {
					t.Fatalf("patch %+v: %v", resp.Patches, err)
				}
			}
			if want := decode(t, tc.want); !reflect.DeepEqual(got, want) {
				t.Errorf("patch %+v gives\n%v\nwant\n%v", resp.Patches, got, want)
			}
		})
	}
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

// apply applies a JSON patch operation that adds, replaces or removes a
// member of an object; arrays are not needed here.
func apply(doc map[string]any, op, path string, value any) error {
	keys := strings.Split(strings.TrimPrefix(path, "/"), "/")
	for i := range keys {
		keys[i] = strings.NewReplacer("~1", "/", "~0", "~").Replace(keys[i])
	}
	parent := doc
	for _, k := range keys[:len(keys)-1] {
		child, ok := parent[k].(map[string]any)
		if !ok {
			return fmt.Errorf("%s: %q is not an object", path, k)
		}
		parent = child
	}
	last := keys[len(keys)-1]
	_, exists := parent[last]
	switch {
	case op == "add":
		parent[last] = value
	case op == "replace" && exists:
		parent[last] = value
	case op == "remove" && exists:
		delete(parent, last)
	default:
		return fmt.Errorf("cannot %s %s", op, path)
	}
	return nil
}
