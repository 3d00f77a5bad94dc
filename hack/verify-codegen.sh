#!/usr/bin/env bash
# Fails when a generated file is stale, missing or no longer generated. It
# regenerates into a copy of the repository, so the work tree is left as it is.
set -o errexit -o nounset -o pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

tmp=$(mktemp -d)
trap 'rm -rf "${tmp}"' EXIT
copy="${tmp}/repo"
mkdir "${copy}"
tar -C "${ROOT}" --exclude=./.git -cf - . | tar -C "${copy}" -xf -

"${copy}/hack/update-codegen.sh"

if ! diff -Naupr --exclude=.git "${ROOT}" "${copy}"; then
  echo >&2
  echo "Generated files are out of date (see the diff above). Please run hack/update-codegen.sh" >&2
  exit 1
fi
echo "Generated files are up to date."
