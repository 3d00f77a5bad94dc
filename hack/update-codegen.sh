#!/usr/bin/env bash
# Regenerates every generated file of the repository: the union methods of the
# bundled examples, openapi-gen's definitions for them, union-gen's OpenAPI
# union definitions beside those, and the example CRD: controller-gen's, with
# union-gen's rules added, and the MutatingAdmissionPolicy that union-gen
# writes beside it; and the policy for Kubernetes' built-in kinds, in both
# versions of admissionregistration.k8s.io, with the webhook configuration
# that does the same for clusters without that API. The golden files of the generator's tests
# are not generated here: they change only through `make golden`, after review.
# examples/kubebuilder is a project of its own: `make manifests` in it
# regenerates its files, and its test checks that they are up to date.
set -o errexit -o nounset -o pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "${ROOT}"

MODULE=github.com/union-gen/union-gen
OPENAPI_PKG=examples/apis/openapi
CRD_DIR=examples/crd/config
PRECISE_DIR=examples/crd/precise
CRD_FILE=examples.union-gen.io_widgets.yaml
BUILTIN_DIR=config/builtin
BUILTIN_WEBHOOK=config/builtin/webhook/webhook.yaml
OUTPUTS=(zz_generated.unions.go zz_generated.unions_openapi.go zz_generated.openapi.go)

# Old outputs are moved aside rather than deleted: a package that lost its
# unions must lose its file, and a failed run must leave the tree as it was.
backup=$(mktemp -d)
trap 'rm -rf "${backup}"' EXIT
for output in "${OUTPUTS[@]}"; do
  while IFS= read -r -d '' file; do
    mkdir -p "${backup}/$(dirname "${file}")"
    mv "${file}" "${backup}/${file}"
  done < <(find examples/apis examples/crd -name "${output}" -print0)
done
while IFS= read -r -d '' file; do
  mkdir -p "${backup}/$(dirname "${file}")"
  mv "${file}" "${backup}/${file}"
done < <(mkdir -p "${PRECISE_DIR}" "${BUILTIN_DIR}" &&
  find "${CRD_DIR}" "${PRECISE_DIR}" "${BUILTIN_DIR}" -maxdepth 1 -name '*.yaml' -print0 &&
  find "$(dirname "${BUILTIN_WEBHOOK}")" -path "${BUILTIN_WEBHOOK}" -print0)
restore() {
  cp -a "${backup}/." "${ROOT}/"
  echo "$1 failed; the generated files were left as they were." >&2
  exit 1
}

# openapi-gen (pinned as a tool in go.mod) also needs the packages whose types
# the examples reference; its API rule report is kept to notice changes.
go tool openapi-gen \
  --go-header-file hack/boilerplate.go.txt \
  --output-dir "${OPENAPI_PKG}" \
  --output-pkg "${MODULE}/${OPENAPI_PKG}" \
  --output-file zz_generated.openapi.go \
  --report-filename hack/api-rule-violations.list \
  k8s.io/apimachinery/pkg/apis/meta/v1 \
  k8s.io/apimachinery/pkg/runtime \
  k8s.io/apimachinery/pkg/util/intstr \
  k8s.io/apimachinery/pkg/version \
  ./examples/apis/... ./examples/crd/... || restore openapi-gen

# controller-gen (pinned as a tool in crdtest/go.mod, so that it does not
# weigh on the module graph of union-gen's users) writes the example CRD; it
# runs from here so that it loads the examples from this module.
controller_gen=$(go -C crdtest tool -n controller-gen) || restore "building controller-gen"
"${controller_gen}" crd paths=./examples/crd/... output:crd:dir="${CRD_DIR}" || restore controller-gen
# pkg/crd's tests add the rules to controller-gen's output themselves.
cp "${CRD_DIR}/${CRD_FILE}" pkg/crd/testdata/controller-gen.yaml

# One run over every example package, so that each warning is printed once.
go run ./cmd/union-gen \
  --go-header-file hack/boilerplate.go.txt \
  --openapi-output-pkg "${MODULE}/${OPENAPI_PKG}" \
  --crd-paths "${CRD_DIR}" \
  ./examples/apis/... ./examples/crd/... || restore union-gen
# The same CRD with precise rules (--crd-rules=precise), which crdtest holds
# to the same verdicts and to the Go methods' errors; the same inputs, so the
# Go files are the same.
mkdir -p "${PRECISE_DIR}"
cp pkg/crd/testdata/controller-gen.yaml "${PRECISE_DIR}/${CRD_FILE}"
go run ./cmd/union-gen \
  --go-header-file hack/boilerplate.go.txt \
  --openapi-output-pkg "${MODULE}/${OPENAPI_PKG}" \
  --crd-paths "${PRECISE_DIR}" --crd-rules=precise \
  --silence-warnings valuename \
  ./examples/apis/... ./examples/crd/... || restore "union-gen --crd-rules=precise"

# The policy for built-in kinds, from pkg/builtin's description and the
# k8s.io/api of this module's graph (v0.37.2), and the webhook configuration
# of the same resources, with the v1 policy; its warnings are k8s.io/api's,
# which the oracle's report lists (docs/corpora.md).
go run ./cmd/union-gen --builtin-policy "${BUILTIN_DIR}/unions-policy.yaml" \
  --builtin-webhook "${BUILTIN_WEBHOOK}" \
  --silence-warnings prefixvalue,guessedvalues ||
  restore "union-gen --builtin-policy --builtin-webhook"
go run ./cmd/union-gen --builtin-policy "${BUILTIN_DIR}/unions-policy-v1beta1.yaml" --policy-version v1beta1 \
  --silence-warnings prefixvalue,guessedvalues ||
  restore "union-gen --builtin-policy --policy-version v1beta1"

# The README's picture of the apply story, computed by the example's methods.
apply_svg=$(go run ./hack/chart apply) || restore "hack/chart apply"
printf '%s\n' "${apply_svg}" >docs/apply.svg
