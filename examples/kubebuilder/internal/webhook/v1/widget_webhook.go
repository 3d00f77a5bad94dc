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

	admissionv1 "k8s.io/api/admission/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/webhook"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"

	appsv1 "example.com/widgets/api/v1"
)

// widgetNormalizerPath is where the webhook server serves WidgetNormalizer:
// the path of the +kubebuilder:webhook marker below, from which controller-gen
// writes the MutatingWebhookConfiguration in config/webhook/manifests.yaml.
const widgetNormalizerPath = "/mutate-apps-example-com-v1-widget"

// SetupWidgetWebhookWithManager registers WidgetNormalizer with the manager's
// webhook server.
func SetupWidgetWebhookWithManager(mgr ctrl.Manager) error {
	mgr.GetWebhookServer().Register(widgetNormalizerPath, &webhook.Admission{Handler: &WidgetNormalizer{}})
	return nil
}

// +kubebuilder:webhook:path=/mutate-apps-example-com-v1-widget,mutating=true,failurePolicy=fail,sideEffects=None,groups=apps.example.com,resources=widgets,verbs=update,versions=v1,name=mwidget-v1.kb.io,admissionReviewVersions=v1

// WidgetNormalizer is a mutating webhook that normalizes the unions of a
// Widget on update with the generated NormalizeUnions: when an update
// switches spec.strategy.type from RollingUpdate to Recreate and both the old
// and the new object have spec.strategy.rollingUpdate (as `kubectl apply`
// leaves it), it removes rollingUpdate, which validation would reject.
//
// It is an admission.Handler, not a CustomDefaulter, because NormalizeUnions
// needs the old object, which a CustomDefaulter is not given. It is for
// clusters where union-gen writes no policy (--policy-version=none):
// Kubernetes before 1.35, or 1.35 without the beta API turned on. Where the API is there,
// the policy that union-gen writes beside the CRD
// (config/crd/bases/apps.example.com_widgets.unions-policy.yaml) does the same
// in the API server, and this webhook is not needed.
type WidgetNormalizer struct{}

var _ admission.Handler = &WidgetNormalizer{}

// Handle answers an UPDATE with the JSON patch that NormalizeUnions makes of
// the new object, none if it changes nothing; any other operation is allowed
// as it is. An object that does not decode gets a 400.
//
// The patch is the difference between the decoded object encoded before and
// after NormalizeUnions, not between req.Object.Raw and the normalized object:
// what the round trip through the Go type drops or encodes differently (the
// fields of a newer version of the CRD than the one this binary was built
// with, an empty list) stays as the request has it.
func (h *WidgetNormalizer) Handle(_ context.Context, req admission.Request) admission.Response {
	if req.Operation != admissionv1.Update {
		return admission.Allowed("")
	}
	var widget, old appsv1.Widget
	if err := json.Unmarshal(req.Object.Raw, &widget); err != nil {
		return admission.Errored(http.StatusBadRequest, fmt.Errorf("decoding the object: %w", err))
	}
	if err := json.Unmarshal(req.OldObject.Raw, &old); err != nil {
		return admission.Errored(http.StatusBadRequest, fmt.Errorf("decoding the old object: %w", err))
	}
	original, err := json.Marshal(&widget)
	if err != nil {
		return admission.Errored(http.StatusInternalServerError, err)
	}
	widget.NormalizeUnions(&old)
	normalized, err := json.Marshal(&widget)
	if err != nil {
		return admission.Errored(http.StatusInternalServerError, err)
	}
	return admission.PatchResponseFromRaw(original, normalized)
}
