package webhook_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	admissionv1 "k8s.io/api/admission/v1"

	examplev1 "github.com/union-gen/union-gen/examples/crd/v1"
	"github.com/union-gen/union-gen/examples/peers/difftables"
)

// benchWidgets are an update that switches every correlated union of a
// Widget and carries the stale members over, and its old object.
func benchWidgets(b *testing.B) (obj, old *examplev1.Widget) {
	b.Helper()
	tables := difftables.ByName()
	// DecodeSpec's choices: a strategy, one metric, one profile, the inline
	// union, map keys a and b, list-map items a and b; the object indexes
	// are those of the tables.
	newSpec := difftables.DecodeSpec(tables, []byte{1, 3, 0, 1, 1, 1, 1, 11, 1, 1, 11, 1, 1, 11, 0, 0, 1, 1, 11, 1, 1, 11}, "FieldC")
	oldSpec := difftables.DecodeSpec(tables, []byte{1, 10, 0, 1, 1, 1, 1, 11, 1, 0, 11, 1, 0, 11, 0, 0, 1, 0, 11, 1, 0, 11}, "")
	return difftables.NewWidget(newSpec), difftables.NewWidget(oldSpec)
}

// BenchmarkHandler measures the webhook's time per object: one
// AdmissionReview of an update that it patches, through ServeHTTP (decode,
// normalize, encode), against the same review decoded into the Go type and
// normalized by the generated NormalizeUnions, in the same run.
func BenchmarkHandler(b *testing.B) {
	obj, old := benchWidgets(b)
	body := reviewBody(b, admissionv1.Update, obj, old)
	h := handler(b)
	if r := serve(b, h, body).Response; r.Patch == nil {
		b.Fatal("the benchmark's update needs no patch")
	}
	b.Run("webhook", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(body)))
		}
	})
	b.Run("typed NormalizeUnions", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var review admissionv1.AdmissionReview
			if err := json.Unmarshal(body, &review); err != nil {
				b.Fatal(err)
			}
			var w, o examplev1.Widget
			if err := json.Unmarshal(review.Request.Object.Raw, &w); err != nil {
				b.Fatal(err)
			}
			if err := json.Unmarshal(review.Request.OldObject.Raw, &o); err != nil {
				b.Fatal(err)
			}
			w.NormalizeUnions(&o)
		}
	})
}
