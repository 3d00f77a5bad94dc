#!/usr/bin/env bash
# Regenerates the API's generated code: the deepcopy functions, with
# kube_codegen.sh as every project on k8s.io/code-generator does, then
# union-gen's NormalizeUnions and ValidateUnions methods.
set -o errexit -o nounset -o pipefail

SCRIPT_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# kube_codegen.sh of the k8s.io/code-generator in go.mod (a tool there), so
# that the generators match the project's k8s.io libraries.
CODEGEN_PKG=${CODEGEN_PKG:-$(cd "${SCRIPT_ROOT}" && go list -m -f '{{.Dir}}' k8s.io/code-generator)}
if [[ ! -f "${CODEGEN_PKG}/kube_codegen.sh" ]]; then
  echo "no kube_codegen.sh in '${CODEGEN_PKG}': add k8s.io/code-generator to go.mod (go get -tool k8s.io/code-generator/cmd/deepcopy-gen) or set CODEGEN_PKG" >&2
  exit 1
fi

# union-gen is installed apart from the project, from a clone:
#   git clone https://github.com/union-gen/union-gen && cd union-gen && go install ./cmd/union-gen
# or built anywhere (go build -o /path/to/union-gen ./cmd/union-gen) and
# given as UNION_GEN. A relative path is taken from where the script runs.
UNION_GEN=${UNION_GEN:-union-gen}
if [[ "${UNION_GEN}" == */* && "${UNION_GEN}" != /* ]]; then
  UNION_GEN="${PWD}/${UNION_GEN}"
fi

# shellcheck source=/dev/null
source "${CODEGEN_PKG}/kube_codegen.sh"

# The generators load the packages from the module of the working directory:
# this project's, whatever directory the script is run from.
cd "${SCRIPT_ROOT}"

kube::codegen::gen_helpers \
  --boilerplate "${SCRIPT_ROOT}/hack/boilerplate.go.txt" \
  "${SCRIPT_ROOT}/pkg/apis"

# union-gen after gen_helpers, so that the packages it type-checks compile
# (register.go needs the DeepCopyObject methods of deepcopy-gen). It writes
# zz_generated.unions.go into each package that has a union.
"${UNION_GEN}" --go-header-file hack/boilerplate.go.txt ./pkg/apis/...
