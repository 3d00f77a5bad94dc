package peers_test

import (
	"encoding/json"
	"testing"

	jsonpatch "gopkg.in/evanphx/json-patch.v4"
	"k8s.io/apimachinery/pkg/util/jsonmergepatch"
	"k8s.io/apimachinery/pkg/util/strategicpatch"

	appsv1 "github.com/union-gen/union-gen/examples/apis/apps/v1"
	corev1 "github.com/union-gen/union-gen/examples/apis/core/v1"
	"github.com/union-gen/union-gen/internal/testsupport/uniontest"
)

// The user's manifests before and after the switch, and the object the
// server holds: defaulting filled in rollingUpdate, which the user never
// wrote, so no client knows it has to remove it.
const (
	lastApplied = `{"spec": {"template": {"spec": {"containers": [{"name": "app", "image": "app:1"}]}},
		"strategy": {"type": "RollingUpdate"}}}`
	switched = `{"spec": {"template": {"spec": {"containers": [{"name": "app", "image": "app:1"}]}},
		"strategy": {"type": "Recreate"}}}`
	live = `{"spec": {"template": {"spec": {"containers": [{"name": "app", "image": "app:1"}]}},
		"strategy": {"type": "RollingUpdate", "rollingUpdate": {"maxUnavailable": "25%", "maxSurge": "25%"}}}}`
)

// deploymentWithoutRetainKeys is the example Deployment as it would be
// without patchStrategy:"retainKeys" on spec.strategy, as is the case for
// nearly every union (MetricSpec, SeccompProfile, custom resources).
type deploymentWithoutRetainKeys struct {
	Spec struct {
		Template corev1.PodTemplateSpec    `json:"template"`
		Strategy appsv1.DeploymentStrategy `json:"strategy,omitempty"`
	} `json:"spec,omitempty"`
}

// kubectlApply computes `kubectl apply`'s three-way strategic merge patch
// with the patch metadata of dataStruct and applies it as the server does.
func kubectlApply(t *testing.T, dataStruct any) []byte {
	t.Helper()
	meta, err := strategicpatch.NewPatchMetaFromStruct(dataStruct)
	if err != nil {
		t.Fatal(err)
	}
	patch, err := strategicpatch.CreateThreeWayMergePatch([]byte(lastApplied), []byte(switched), []byte(live), meta, false)
	if err != nil {
		t.Fatal(err)
	}
	out, err := strategicpatch.StrategicMergePatch([]byte(live), patch, dataStruct)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func decodeDeployment(t *testing.T, data []byte) *appsv1.Deployment {
	t.Helper()
	var d appsv1.Deployment
	if err := json.Unmarshal(data, &d); err != nil {
		t.Fatal(err)
	}
	return &d
}

// TestApplyStory switches a Deployment from RollingUpdate to Recreate along
// every path a change reaches the server by. Without NormalizeUnions, only
// a strategic merge patch on a field with retainKeys gets through, as
// Kubernetes users see today; with it, every path does.
func TestApplyStory(t *testing.T) {
	forbidden := []uniontest.WantErr{uniontest.Forbidden("spec.strategy.rollingUpdate", "type", "RollingUpdate")}
	paths := []struct {
		name string
		// received is the object the server validates.
		received func(t *testing.T) []byte
		// errsToday are the errors without normalization.
		errsToday []uniontest.WantErr
	}{
		{
			name:      "strategic merge patch without $retainKeys",
			received:  func(t *testing.T) []byte { return kubectlApply(t, deploymentWithoutRetainKeys{}) },
			errsToday: forbidden,
		},
		{
			name:     "strategic merge patch with patchStrategy retainKeys",
			received: func(t *testing.T) []byte { return kubectlApply(t, appsv1.Deployment{}) },
		},
		{
			name: "JSON merge patch",
			received: func(t *testing.T) []byte {
				patch, err := jsonmergepatch.CreateThreeWayJSONMergePatch([]byte(lastApplied), []byte(switched), []byte(live))
				if err != nil {
					t.Fatal(err)
				}
				out, err := jsonpatch.MergePatch([]byte(live), patch)
				if err != nil {
					t.Fatal(err)
				}
				return out
			},
			errsToday: forbidden,
		},
		{
			name: "update that echoes the old member",
			received: func(t *testing.T) []byte {
				d := decodeDeployment(t, []byte(live))
				d.Spec.Strategy.Type = appsv1.RecreateDeploymentStrategyType
				out, err := json.Marshal(d)
				if err != nil {
					t.Fatal(err)
				}
				return out
			},
			errsToday: forbidden,
		},
	}
	for _, p := range paths {
		t.Run(p.name, func(t *testing.T) {
			old := decodeDeployment(t, []byte(live))
			received := p.received(t)

			today := decodeDeployment(t, received)
			if today.Spec.Strategy.Type != appsv1.RecreateDeploymentStrategyType {
				t.Fatalf("the patch did not switch the strategy: %s", received)
			}
			uniontest.CheckErrs(t, today.ValidateUnions(old, nil), p.errsToday)

			normalized := decodeDeployment(t, received)
			normalized.NormalizeUnions(old)
			if normalized.Spec.Strategy.RollingUpdate != nil {
				t.Errorf("the stale rollingUpdate survived normalization: %s", uniontest.JSON(t, normalized.Spec.Strategy))
			}
			uniontest.CheckErrs(t, normalized.ValidateUnions(old, nil), nil)
		})
	}
}
