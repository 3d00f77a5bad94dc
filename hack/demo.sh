#!/usr/bin/env bash
# Runs union-gen, built from this clone, on bundled examples as a user runs
# it, and shows what it writes: the Go methods of a typed API package, and
# the rules and normalization policy that it adds to the CRD that
# controller-gen writes for examples/crd. The CRD is edited in a temporary
# directory; the Go files it writes are the checked-in ones, unchanged.
set -o errexit -o nounset -o pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "${ROOT}"
work=$(mktemp -d)
trap 'rm -rf "${work}"' EXIT

go build -o "${work}/union-gen" ./cmd/union-gen
mkdir "${work}/crd"
cp pkg/crd/testdata/controller-gen.yaml "${work}/crd/widgets.yaml"

echo "\$ union-gen --go-header-file hack/boilerplate.go.txt --crd-paths <tmp> ./examples/apis/... ./examples/crd/..."
# The CRD's kind reaches unions of examples/apis, so those packages are inputs too.
"${work}/union-gen" --go-header-file hack/boilerplate.go.txt --crd-paths "${work}/crd" \
  --silence-warnings valuename ./examples/apis/... ./examples/crd/...

echo
echo "== the Go methods of examples/apis/apps/v1 (DeploymentStrategy), from zz_generated.unions.go:"
sed -n '/^func (in \*DeploymentStrategy) NormalizeUnions/,/^}/p' examples/apis/apps/v1/zz_generated.unions.go

echo
echo "== the rules it added to the CRD's spec.strategy, a DeploymentStrategy (of $(diff pkg/crd/testdata/controller-gen.yaml "${work}/crd/widgets.yaml" | grep -c '^>') lines added in all):"
awk '/^              strategy:$/ {in_strategy = 1; next}
     in_strategy && /^              [a-zA-Z]/ {exit}
     in_strategy && /^                x-kubernetes-validations:$/ {rules = 1}
     rules' "${work}/crd/widgets.yaml"

echo
echo "== the policy it wrote beside the CRD (crd/widgets.unions-policy.yaml), on spec.strategy:"
grep -E '^(apiVersion|kind):' "${work}/crd/widgets.unions-policy.yaml" | sort | uniq -c
grep -A3 '^        (has(object.spec.strategy)' "${work}/crd/widgets.unions-policy.yaml"

if ! git diff --quiet 2>/dev/null; then
  echo "note: the clone has changes: the Go files above are what union-gen writes from them" >&2
fi
