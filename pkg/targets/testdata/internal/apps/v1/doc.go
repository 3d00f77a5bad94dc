// +k8s:conversion-gen=github.com/union-gen/union-gen/pkg/targets/testdata/internal/apps
// +k8s:conversion-gen-external-types=github.com/union-gen/union-gen/pkg/targets/testdata/internal/api/apps/v1

// Package v1 converts apps' internal types to api/apps/v1's, as
// k8s.io/kubernetes/pkg/apis/apps/v1 does.
package v1
