#!/usr/bin/env bash
# Fails when a generated file is stale, missing or no longer generated. It
# regenerates into a copy of the project, so the work tree is left as it is;
# UNION_GEN and CODEGEN_PKG are passed on to hack/update-codegen.sh.
set -o errexit -o nounset -o pipefail

SCRIPT_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

tmp=$(mktemp -d)
trap 'rm -rf "${tmp}"' EXIT
copy="${tmp}/project"
mkdir "${copy}"
tar -C "${SCRIPT_ROOT}" --exclude=./.git -cf - . | tar -C "${copy}" -xf -

"${copy}/hack/update-codegen.sh"

if ! diff -Naupr --exclude=.git "${SCRIPT_ROOT}" "${copy}"; then
  echo >&2
  echo "Generated files are out of date (see the diff above). Please run hack/update-codegen.sh" >&2
  exit 1
fi
echo "Generated files are up to date."
