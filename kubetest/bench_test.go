package kubetest

import (
	"context"
	"fmt"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/yaml"
)

// benchSpec is a valid Widget spec with a union at every place of the
// example CRD: the policy has all of them to look at on each update.
const benchSpec = `  unionType: FieldA
  fieldA: 1
  strategy:
    type: RollingUpdate
    rollingUpdate: {maxSurge: 1}
  metrics:
  - type: Pods
    pods: {metric: {name: qps}, target: {type: Utilization, averageUtilization: 80}}
  profiles:
  - {type: Localhost, localhostProfile: a.json}
  unions:
    a: {unionType: FieldA, fieldA: 1}
    b: {unionType: FieldB, fieldB: 2}
  named:
  - {name: a, unionType: FieldA, fieldA: 1}
  - {name: b, unionType: FieldC}
`

// BenchmarkUpdateLatency measures the latency of an update of a Widget (a
// JSON merge patch of a union member, which needs no normalization) on a
// real kube-apiserver, without the policy and then with it, in one run:
// the cost of the policy is the difference.
func BenchmarkUpdateLatency(b *testing.B) {
	c := startCluster(b)
	c.installCRD(b)
	var obj unstructured.Unstructured
	if err := yaml.Unmarshal([]byte(manifest("bench", benchSpec)), &obj.Object); err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	client := c.dynamic.Resource(widgets).Namespace(namespace)
	if _, err := client.Create(ctx, &obj, metav1.CreateOptions{}); err != nil {
		b.Fatal(err)
	}
	update := func(b *testing.B) {
		n := 0
		for b.Loop() {
			n++
			patch := fmt.Sprintf(`{"spec":{"fieldA":%d}}`, n%1000+1)
			if _, err := client.Patch(ctx, "bench", types.MergePatchType, []byte(patch), metav1.PatchOptions{}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Run("without policy", update)
	c.installPolicy(b)
	b.Run("with policy", update)
}
