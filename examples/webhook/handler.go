// Package webhook is an example mutating admission webhook that normalizes
// the unions of custom resources (docs/semantics.md N1–N3) for API servers
// that do not run MutatingAdmissionPolicy: it answers each AdmissionReview
// of an update with the JSON patch of pkg/unstructuredunions, from the
// schema in the policy that union-gen writes beside a CRD. Validation stays
// with the CRD's rules. It is a module of its own so that union-gen does
// not depend on k8s.io/api.
package webhook

import (
	"encoding/json"
	"fmt"
	"net/http"

	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	utiljson "k8s.io/apimachinery/pkg/util/json"

	"github.com/union-gen/union-gen/pkg/unstructuredunions"
)

// maxReviewBytes bounds a request: an AdmissionReview holds the object and
// the old object, each at most the API server's 3 MiB request limit.
const maxReviewBytes = 7 << 20

// Handler serves admission.k8s.io/v1 AdmissionReviews of the resources of a
// Schema.
type Handler struct {
	Schema *unstructuredunions.Schema
}

// ServeHTTP answers a POSTed AdmissionReview: an update is allowed with the
// patch that normalizes its unions, if any; other operations are allowed
// as they are. A request that is no AdmissionReview gets 400.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		http.Error(w, "POST an admission.k8s.io/v1 AdmissionReview", http.StatusMethodNotAllowed)
		return
	}
	var review admissionv1.AdmissionReview
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxReviewBytes)).Decode(&review); err != nil {
		http.Error(w, "not an AdmissionReview: "+err.Error(), http.StatusBadRequest)
		return
	}
	if review.Request == nil {
		http.Error(w, "the AdmissionReview has no request", http.StatusBadRequest)
		return
	}
	response := &admissionv1.AdmissionResponse{UID: review.Request.UID, Allowed: true}
	if review.Request.Operation == admissionv1.Update {
		patch, err := h.patch(review.Request)
		switch {
		case err != nil:
			response.Allowed = false
			response.Result = &metav1.Status{Status: metav1.StatusFailure, Code: http.StatusBadRequest, Reason: metav1.StatusReasonBadRequest, Message: err.Error()}
		case patch != nil:
			patchType := admissionv1.PatchTypeJSONPatch
			response.Patch, response.PatchType = patch, &patchType
		}
	}
	out := admissionv1.AdmissionReview{TypeMeta: review.TypeMeta, Response: response}
	w.Header().Set("Content-Type", "application/json")
	if err := json.NewEncoder(w).Encode(out); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// patch is the JSON patch that normalizes an update, nil when there is
// nothing to change.
func (h *Handler) patch(req *admissionv1.AdmissionRequest) ([]byte, error) {
	// The API server's decoding: integers are int64, as in its objects.
	var obj, old map[string]any
	if err := utiljson.Unmarshal(req.Object.Raw, &obj); err != nil {
		return nil, fmt.Errorf("object: %w", err)
	}
	if err := utiljson.Unmarshal(req.OldObject.Raw, &old); err != nil {
		return nil, fmt.Errorf("oldObject: %w", err)
	}
	ops := h.Schema.JSONPatch(obj, old)
	if len(ops) == 0 {
		return nil, nil
	}
	return json.Marshal(ops)
}
