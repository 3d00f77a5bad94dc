package webhook_test

import (
	"encoding/json"
	"testing"

	admissionv1 "k8s.io/api/admission/v1"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	flowcontrolv1 "k8s.io/api/flowcontrol/v1"
	"k8s.io/apimachinery/pkg/util/intstr"

	"github.com/union-gen/union-gen/examples/webhook"
	"github.com/union-gen/union-gen/internal/testsupport/policyfile"
)

// builtinPolicy is the policy for built-in kinds that union-gen
// --builtin-policy writes: the webhook serves each of its policies, for
// clusters without the MutatingAdmissionPolicy API (docs/builtin.md).
const builtinPolicy = "../../config/builtin/unions-policy.yaml"

// builtinHandler is the webhook of a policy of the built-in policy file.
func builtinHandler(t *testing.T, name string) *webhook.Handler {
	t.Helper()
	return &webhook.Handler{Schema: policyfile.Schema(t, builtinPolicy, name)}
}

// deployment is a Deployment as the API server has it after defaulting,
// with the given strategy and pod security context.
func deployment(strategy appsv1.DeploymentStrategy, podSecurity *corev1.PodSecurityContext) *appsv1.Deployment {
	d := &appsv1.Deployment{}
	d.APIVersion, d.Kind, d.Name, d.Namespace = "apps/v1", "Deployment", "web", "default"
	d.Spec.Strategy = strategy
	d.Spec.Template.Spec.SecurityContext = podSecurity
	d.Spec.Template.Spec.Containers = []corev1.Container{{Name: "app", Image: "registry.k8s.io/pause:3.10"}}
	return d
}

// TestBuiltinKinds: the webhook, given the built-in policy file, patches
// the updates of built-in kinds that switch a union and carry its stale
// member over, as the policy does, and nothing else.
func TestBuiltinKinds(t *testing.T) {
	quarter := intstr.FromString("25%")
	rolling := appsv1.DeploymentStrategy{Type: appsv1.RollingUpdateDeploymentStrategyType, RollingUpdate: &appsv1.RollingUpdateDeployment{MaxSurge: &quarter, MaxUnavailable: &quarter}}
	recreate := rolling
	recreate.Type = appsv1.RecreateDeploymentStrategyType
	profile := "profiles/audit.json"
	localhost := &corev1.PodSecurityContext{SeccompProfile: &corev1.SeccompProfile{Type: corev1.SeccompProfileTypeLocalhost, LocalhostProfile: &profile}}
	runtimeDefault := &corev1.PodSecurityContext{SeccompProfile: &corev1.SeccompProfile{Type: corev1.SeccompProfileTypeRuntimeDefault, LocalhostProfile: &profile}}

	partition := int32(0)
	statefulSet := func(typ appsv1.StatefulSetUpdateStrategyType) *appsv1.StatefulSet {
		s := &appsv1.StatefulSet{}
		s.APIVersion, s.Kind, s.Name, s.Namespace = "apps/v1", "StatefulSet", "db", "default"
		s.Spec.UpdateStrategy = appsv1.StatefulSetUpdateStrategy{Type: typ, RollingUpdate: &appsv1.RollingUpdateStatefulSetStrategy{Partition: &partition}}
		return s
	}
	daemonSet := func(typ appsv1.DaemonSetUpdateStrategyType) *appsv1.DaemonSet {
		d := &appsv1.DaemonSet{}
		d.APIVersion, d.Kind, d.Name, d.Namespace = "apps/v1", "DaemonSet", "agent", "default"
		one := intstr.FromInt32(1)
		d.Spec.UpdateStrategy = appsv1.DaemonSetUpdateStrategy{Type: typ, RollingUpdate: &appsv1.RollingUpdateDaemonSet{MaxUnavailable: &one}}
		return d
	}
	// A priority level's limitResponse: the API server ties the level's
	// type to its name (only "exempt" is Exempt), not this union's.
	priorityLevel := func(typ flowcontrolv1.LimitResponseType) *flowcontrolv1.PriorityLevelConfiguration {
		p := &flowcontrolv1.PriorityLevelConfiguration{}
		p.APIVersion, p.Kind, p.Name = "flowcontrol.apiserver.k8s.io/v1", "PriorityLevelConfiguration", "batch"
		shares := int32(10)
		p.Spec = flowcontrolv1.PriorityLevelConfigurationSpec{Type: flowcontrolv1.PriorityLevelEnablementLimited, Limited: &flowcontrolv1.LimitedPriorityLevelConfiguration{
			NominalConcurrencyShares: &shares,
			LimitResponse:            flowcontrolv1.LimitResponse{Type: typ, Queuing: &flowcontrolv1.QueuingConfiguration{Queues: 64, HandSize: 6, QueueLengthLimit: 50}},
		}}
		return p
	}

	for _, tc := range []struct {
		name, policy string
		obj, old     any
		patch        string
	}{
		{"Deployment RollingUpdate to Recreate", "deployments.apps-v1-unions",
			deployment(recreate, nil), deployment(rolling, nil), `[{"op":"remove","path":"/spec/strategy/rollingUpdate"}]`},
		{"Deployment seccompProfile Localhost to RuntimeDefault", "deployments.apps-v1-unions",
			deployment(rolling, runtimeDefault), deployment(rolling, localhost), `[{"op":"remove","path":"/spec/template/spec/securityContext/seccompProfile/localhostProfile"}]`},
		{"Deployment update that switches nothing", "deployments.apps-v1-unions",
			deployment(rolling, localhost), deployment(rolling, localhost), ""},
		{"StatefulSet RollingUpdate to OnDelete", "statefulsets.apps-v1-unions",
			statefulSet(appsv1.OnDeleteStatefulSetStrategyType), statefulSet(appsv1.RollingUpdateStatefulSetStrategyType), `[{"op":"remove","path":"/spec/updateStrategy/rollingUpdate"}]`},
		// The API server accepts a DaemonSet's rollingUpdate under OnDelete.
		{"DaemonSet RollingUpdate to OnDelete", "daemonsets.apps-v1-unions",
			daemonSet(appsv1.OnDeleteDaemonSetStrategyType), daemonSet(appsv1.RollingUpdateDaemonSetStrategyType), ""},
		{"PriorityLevelConfiguration limitResponse Queue to Reject", "prioritylevelconfigurations.flowcontrol.apiserver.k8s.io-v1-unions",
			priorityLevel(flowcontrolv1.LimitResponseTypeReject), priorityLevel(flowcontrolv1.LimitResponseTypeQueue), `[{"op":"remove","path":"/spec/limited/limitResponse/queuing"}]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			review := serve(t, builtinHandler(t, tc.policy), reviewBody(t, admissionv1.Update, tc.obj, tc.old))
			if !review.Response.Allowed {
				t.Fatalf("denied: %+v", review.Response)
			}
			if got := string(review.Response.Patch); got != tc.patch {
				t.Errorf("patch %s, want %s", got, tc.patch)
			}
			if tc.patch == "" {
				return
			}
			var obj map[string]any
			data, err := json.Marshal(tc.obj)
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(data, &obj); err != nil {
				t.Fatal(err)
			}
			patched(t, obj, review.Response) // which fails where it does not apply
		})
	}
}
