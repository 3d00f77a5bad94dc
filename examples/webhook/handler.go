// Package webhook is an example mutating admission webhook that normalizes
// the unions of custom resources, and of Kubernetes' own kinds
// (docs/semantics.md N1–N3), for API servers that do not run
// MutatingAdmissionPolicy: it answers each AdmissionReview of an update
// with the JSON patch of pkg/unstructuredunions, from the schema in the
// policy that union-gen writes beside a CRD or for built-in kinds.
// Validation stays with the CRD's rules, or the API server's. It is a
// module of its own so that union-gen does not depend on k8s.io/api.
package webhook

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
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

// review is what the handler reads of an admission.k8s.io/v1
// AdmissionReview, decoded in one pass as the API server decodes objects
// (integers are int64): decoding the objects apart from the review, from
// its raw bytes, read them twice more.
type review struct {
	metav1.TypeMeta `json:",inline"`
	Request         *struct {
		UID       types.UID             `json:"uid"`
		Operation admissionv1.Operation `json:"operation"`
		Object    any                   `json:"object"`
		OldObject any                   `json:"oldObject"`
	} `json:"request"`
}

// ServeHTTP answers a POSTed AdmissionReview: an update is allowed with the
// patch that normalizes its unions, if any; other operations are allowed
// as they are. A request that is no AdmissionReview gets 400.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		http.Error(w, "POST an admission.k8s.io/v1 AdmissionReview", http.StatusMethodNotAllowed)
		return
	}
	var in review
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxReviewBytes))
	if err == nil {
		err = utiljson.Unmarshal(body, &in)
	}
	if err != nil {
		http.Error(w, "not an AdmissionReview: "+err.Error(), http.StatusBadRequest)
		return
	}
	if in.Request == nil {
		http.Error(w, "the AdmissionReview has no request", http.StatusBadRequest)
		return
	}
	response := &admissionv1.AdmissionResponse{UID: in.Request.UID, Allowed: true}
	if in.Request.Operation == admissionv1.Update {
		patch, err := h.patch(in.Request.Object, in.Request.OldObject)
		switch {
		case err != nil:
			response.Allowed = false
			response.Result = &metav1.Status{Status: metav1.StatusFailure, Code: http.StatusBadRequest, Reason: metav1.StatusReasonBadRequest, Message: err.Error()}
		case patch != nil:
			patchType := admissionv1.PatchTypeJSONPatch
			response.Patch, response.PatchType = patch, &patchType
		}
	}
	out := admissionv1.AdmissionReview{TypeMeta: in.TypeMeta, Response: response}
	w.Header().Set("Content-Type", "application/json")
	if err := json.NewEncoder(w).Encode(out); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// patch is the JSON patch that normalizes an update, nil when there is
// nothing to change.
func (h *Handler) patch(object, oldObject any) ([]byte, error) {
	obj, ok := object.(map[string]any)
	if !ok && object != nil {
		return nil, fmt.Errorf("object: not a JSON object")
	}
	old, ok := oldObject.(map[string]any)
	if !ok && oldObject != nil {
		return nil, fmt.Errorf("oldObject: not a JSON object")
	}
	ops := h.Schema.JSONPatch(obj, old)
	if len(ops) == 0 {
		return nil, nil
	}
	return json.Marshal(ops)
}
