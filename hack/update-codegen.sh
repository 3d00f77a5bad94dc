#!/usr/bin/env bash
# Regenerates every generated file of the repository: the union methods of the
# bundled examples. The golden files of the generator's tests are not generated
# here: they change only through `make golden`, after review.
set -o errexit -o nounset -o pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "${ROOT}"

OUTPUT_FILE=zz_generated.unions.go

# Old outputs are moved aside rather than deleted: a package that lost its
# unions must lose its file, and a failed run must leave the tree as it was.
backup=$(mktemp -d)
trap 'rm -rf "${backup}"' EXIT
while IFS= read -r -d '' file; do
  mkdir -p "${backup}/$(dirname "${file}")"
  mv "${file}" "${backup}/${file}"
done < <(find examples -name "${OUTPUT_FILE}" -print0)

if ! go run ./cmd/union-gen \
    --go-header-file hack/boilerplate.go.txt \
    --output-file "${OUTPUT_FILE}" \
    ./examples/apis/...; then
  cp -a "${backup}/." "${ROOT}/"
  echo "union-gen failed; the generated files were left as they were." >&2
  exit 1
fi
