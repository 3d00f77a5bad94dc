package server

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMux: each policy of a file, a CRD's or the one for built-in kinds,
// is served at /<policy name>; a file without a policy, and missing flags,
// are errors.
func TestMux(t *testing.T) {
	mux, err := Mux("../../crd/config/examples.union-gen.io_widgets.unions-policy.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for path, code := range map[string]int{"/widgets.examples.union-gen.io-v1-unions": http.StatusBadRequest, "/other": http.StatusNotFound} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, path, strings.NewReader("{")))
		if rec.Code != code {
			t.Errorf("POST %s: status %d, want %d", path, rec.Code, code)
		}
	}
	// The policy file for built-in kinds, for clusters without the policy
	// API: a path per resource.
	builtin, err := Mux("../../../config/builtin/unions-policy.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/deployments.apps-v1-unions", "/statefulsets.apps-v1-unions", "/podtemplates.core-v1-unions"} {
		rec := httptest.NewRecorder()
		builtin.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, path, strings.NewReader("{")))
		if rec.Code != http.StatusBadRequest {
			t.Errorf("built-in policy file: POST %s: status %d, want %d", path, rec.Code, http.StatusBadRequest)
		}
	}
	empty := filepath.Join(t.TempDir(), "empty.yaml")
	if err := os.WriteFile(empty, []byte("kind: ConfigMap\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Mux(empty); err == nil || !strings.Contains(err.Error(), "no MutatingAdmissionPolicy") {
		t.Errorf("a file without a policy: %v", err)
	}
	if err := Run(t.Context(), nil, Options{}); err == nil || !strings.Contains(err.Error(), "are required") {
		t.Errorf("missing flags: %v", err)
	}
	if err := Run(t.Context(), nil, Options{Policy: empty, CertDir: ".", CertSecret: "tls"}); err == nil || !strings.Contains(err.Error(), "--cert-secret needs a namespace") {
		t.Errorf("--cert-secret alone: %v", err)
	}
}
