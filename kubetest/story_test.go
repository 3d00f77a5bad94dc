package kubetest

import (
	"context"
	"reflect"
	"strings"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
)

// staleMember is the error of a switch to Recreate that carries the
// defaulted rollingUpdate over: the compact rule that union-gen wrote by
// default, on its path.
const staleMember = `spec.strategy.rollingUpdate: Invalid value: must be set when type is "RollingUpdate", and may only be set when type is "RollingUpdate"`

// defaulted is the strategy that the example's schema gives a Widget
// created without one.
var defaulted = map[string]any{"type": "RollingUpdate", "rollingUpdate": map[string]any{"maxSurge": "25%", "maxUnavailable": "25%"}}

// switchers switch a Widget created by create to Recreate as each client
// does, from a manifest that says only "type: Recreate".
var switchers = []struct {
	name string
	// prepare makes the client's first write, whose state it remembers
	// (the last applied configuration, the fields it manages).
	prepare func(t *testing.T, c *cluster, name string)
	switch_ func(t *testing.T, c *cluster, name string) error
}{
	{
		"kubectl apply (client-side, three-way JSON merge patch)",
		func(t *testing.T, c *cluster, name string) {
			if err := c.kubectlApply(t, manifest(name, "  unionType: \"\"\n")); err != nil {
				t.Fatal(err)
			}
		},
		func(t *testing.T, c *cluster, name string) error {
			return c.kubectlApply(t, manifest(name, "  unionType: \"\"\n  strategy:\n    type: Recreate\n"))
		},
	},
	{
		"kubectl apply --server-side",
		func(t *testing.T, c *cluster, name string) {
			if err := c.kubectlApply(t, manifest(name, "  unionType: \"\"\n"), "--server-side", "--field-manager=story"); err != nil {
				t.Fatal(err)
			}
		},
		func(t *testing.T, c *cluster, name string) error {
			return c.kubectlApply(t, manifest(name, "  unionType: \"\"\n  strategy:\n    type: Recreate\n"), "--server-side", "--field-manager=story")
		},
	},
	{
		"client-go JSON merge patch",
		func(t *testing.T, c *cluster, name string) { c.create(t, name) },
		func(t *testing.T, c *cluster, name string) error {
			_, err := c.dynamic.Resource(widgets).Namespace(namespace).Patch(context.Background(), name, types.MergePatchType,
				[]byte(`{"spec":{"strategy":{"type":"Recreate"}}}`), metav1.PatchOptions{})
			return err
		},
	},
	{
		"client-go PUT of the object read, with type changed",
		func(t *testing.T, c *cluster, name string) { c.create(t, name) },
		func(t *testing.T, c *cluster, name string) error {
			obj := c.get(t, name)
			if err := unstructured.SetNestedField(obj.Object, "Recreate", "spec", "strategy", "type"); err != nil {
				t.Fatal(err)
			}
			_, err := c.dynamic.Resource(widgets).Namespace(namespace).Update(context.Background(), obj, metav1.UpdateOptions{})
			return err
		},
	},
}

// TestRealAPIServer installs the example CRD, with union-gen's rules, in a
// real kube-apiserver and then its policy, and checks with client-go and
// kubectl that:
//   - a Widget with invalid unions, discriminated and not, is rejected with
//     the generated messages on the generated paths;
//   - the Deployment story: switching a strategy defaulted by the schema to
//     Recreate, by client-side apply, server-side apply, JSON merge patch and
//     PUT, is rejected without the policy, and accepted with it, with the
//     stale rollingUpdate gone and nothing else changed;
//   - with the policy, setting a second member without switching is still
//     rejected.
func TestRealAPIServer(t *testing.T) {
	c := startCluster(t)
	c.installCRD(t)
	ctx := context.Background()

	t.Run("invalid union", func(t *testing.T) {
		obj := &unstructured.Unstructured{}
		obj.SetAPIVersion("examples.union-gen.io/v1")
		obj.SetKind("Widget")
		obj.SetName("invalid")
		obj.Object["spec"] = map[string]any{
			"unionType": "FieldA",
			"strategy":  map[string]any{"type": "Recreate", "rollingUpdate": map[string]any{"maxSurge": int64(1)}},
			"backup":    map[string]any{"mode": "Copy", "copy": map[string]any{"target": "t", "bucket": "b", "volume": "v"}},
		}
		_, err := c.dynamic.Resource(widgets).Namespace(namespace).Create(ctx, obj, metav1.CreateOptions{})
		wantCauses(t, err, map[string]string{
			"spec.strategy.rollingUpdate": `may only be set when type is "RollingUpdate"`,
			"spec.fieldA":                 `must be set when unionType is "FieldA"`,
			"spec.backup.copy":            "must specify at most one of: `bucket`, `volume`",
		})
	})

	for _, withPolicy := range []bool{false, true} {
		if withPolicy {
			c.installPolicy(t)
		}
		for i, s := range switchers {
			name := map[bool]string{false: "without-policy-", true: "with-policy-"}[withPolicy] + string(rune('a'+i))
			t.Run(map[bool]string{false: "without policy/", true: "with policy/"}[withPolicy]+s.name, func(t *testing.T) {
				s.prepare(t, c, name)
				before := c.get(t, name)
				if got, _, _ := unstructured.NestedMap(before.Object, "spec", "strategy"); !reflect.DeepEqual(got, defaulted) {
					t.Fatalf("the schema did not default the strategy: %v", got)
				}
				err := s.switch_(t, c, name)
				if !withPolicy {
					if err == nil || !strings.Contains(err.Error(), staleMember) {
						t.Fatalf("want the switch rejected with %q, got %v", staleMember, err)
					}
					return
				}
				if err != nil {
					t.Fatalf("the switch is rejected despite the policy: %v", err)
				}
				after := c.get(t, name)
				want := before.DeepCopy()
				unstructured.RemoveNestedField(want.Object, "spec", "strategy", "rollingUpdate")
				if err := unstructured.SetNestedField(want.Object, "Recreate", "spec", "strategy", "type"); err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(after.Object["spec"], want.Object["spec"]) {
					t.Errorf("spec after the switch:\n  got  %v\n  want %v", after.Object["spec"], want.Object["spec"])
				}
			})
		}
	}

	// The compact rules have no "did not change" hint, which the precise
	// ones add (crdtest holds those to the Go methods' messages).
	t.Run("with policy/second member without switching", func(t *testing.T) {
		if err := c.kubectlApply(t, manifest("second", "  unionType: FieldA\n  fieldA: 1\n")); err != nil {
			t.Fatal(err)
		}
		_, err := c.dynamic.Resource(widgets).Namespace(namespace).Patch(ctx, "second", types.MergePatchType, []byte(`{"spec":{"fieldB":2}}`), metav1.PatchOptions{})
		wantCauses(t, err, map[string]string{
			"spec.fieldB": `may only be set when unionType is "FieldB"`,
		})
		err = c.kubectlApply(t, manifest("second", "  unionType: FieldA\n  fieldA: 1\n  fieldB: 2\n"))
		if want := `spec.fieldB: Forbidden: may only be set when unionType is "FieldB"`; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("kubectl apply: want %q, got %v", want, err)
		}
	})
}

// wantCauses checks that err is the API server's Invalid error with
// exactly the given causes: field path to message.
func wantCauses(t *testing.T, err error, want map[string]string) {
	t.Helper()
	status, ok := err.(apierrors.APIStatus)
	if !ok || !apierrors.IsInvalid(err) {
		t.Fatalf("want an Invalid error, got %v", err)
	}
	got := map[string]string{}
	for _, cause := range status.Status().Details.Causes {
		got[cause.Field] = cause.Message
	}
	for field, message := range want {
		if !strings.Contains(got[field], message) {
			t.Errorf("%s: got %q, want %q", field, got[field], message)
		}
	}
	if len(got) != len(want) {
		t.Errorf("causes %v, want only %v", got, want)
	}
}
