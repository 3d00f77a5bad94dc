#!/usr/bin/env bash
# Generator benchmark: runs union-gen and deepcopy-gen over the same inputs and
# reports the median wall time and peak memory (maximum resident set size) of
# each, and their ratios. docs/benchmarks.md shows a run and its results.
#
# Inputs, each copied or generated into a temporary directory that is removed
# at the end:
#   k8s.io/api          every package of k8s.io/api at the version that the
#                       corpora module requires, as published. union-gen
#                       must exit 0 and write methods for as many types, in
#                       as many packages, with as many warnings by rule, as
#                       docs/corpora.md says of that version: the golden file
#                       of the corpora module's test, which every
#                       `go test ./...` holds to union-gen's output, so the
#                       script's expectations follow union-gen's. The script
#                       checks these counts, and that the packages pass
#                       `go vet`.
#   synthetic-N         one package of N generated unions (N in SIZES), each
#                       with its own +enum type of 4 constants, a discriminator
#                       and 3 members (pointer to a struct, string, slice).
# A third input, "k8s.io/api+kep", was k8s.io/api with its 2019 unions
# rewritten in KEP-1027 markers, because union-gen used to skip them and so
# wrote union methods only there; now that it reads them as published, it
# writes the same files from either, and that input measured nothing more.
#
# Both generators are built first (union-gen from this checkout, deepcopy-gen
# at the version pinned in go.mod), so compile time is not measured. Before
# the measured runs every input is generated once, unmeasured, to check the
# outputs (and to warm Go's caches); the synthetic packages and the
# k8s.io/api packages that got union methods are then `go vet`ed.
# Measured runs alternate between the two tools. Measurement is done by
# hack/measure (no /usr/bin/time needed); its raw lines are printed at the end,
# and, but with BENCH_SHORT=1, drawn by hack/chart into docs/benchmarks.svg,
# the README's chart.
#
# Needs only Go and the Go module proxy (or a module cache that has the
# modules), not the checksum database: every module is checked against a
# go.sum of this repository or of k8s.io/api. Linux: peak memory is
# ru_maxrss in KiB. About 2.5 minutes on 2 cores. BENCH_SHORT=1, every check
# and little measured: about 30 seconds once the build cache has what
# `go vet` compiles (the first run compiles it: minutes).
#
# Usage: hack/bench-codegen.sh
#        hack/bench-codegen.sh --expected (prints what union-gen must do on
#        k8s.io/api, from docs/corpora.md, and exits: no tool is built)
# Environment: BENCH_RUNS (measured runs per input and tool, default 5),
#              BENCH_SIZES (synthetic sizes, default "500 1000 2000"),
#              BENCH_SHORT=1 (every check, but defaults of 1 run and sizes
#              "100 200": little is measured).
set -o errexit -o nounset -o pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "${ROOT}"

log() { echo "bench-codegen: $*" >&2; }
die() { log "$*"; exit 1; }

# The version that corpora requires, so that corpora/go.sum has its checksum,
# and docs/corpora.md its counts.
K8S_API_VERSION=$(awk '$1 == "k8s.io/api" { print $2 }' corpora/go.mod)
[[ -n ${K8S_API_VERSION} ]] || die "corpora/go.mod requires no k8s.io/api"
if [[ ${BENCH_SHORT:-} == 1 ]]; then
  default_sizes="100 200" default_runs=1
else
  default_sizes="500 1000 2000" default_runs=5
fi
read -r -a SIZES <<<"${BENCH_SIZES:-${default_sizes}}"
RUNS=${BENCH_RUNS:-${default_runs}}
# What union-gen does on k8s.io/api@${K8S_API_VERSION}, from its section of
# docs/corpora.md: the types with union methods ("N types get methods ...,
# in M packages"), the files it writes (one per package), and its warnings,
# "rule count" by rule, from the line "Warnings: `rule` count, ...".
corpora_section=$(awk -v head="## k8s.io/api ${K8S_API_VERSION}" '
  $0 == head { on = 1; next }
  on && /^## / { exit }
  on' docs/corpora.md)
[[ -n ${corpora_section} ]] || die "docs/corpora.md has no section \"## k8s.io/api ${K8S_API_VERSION}\""
read -r API_UNION_TYPES API_UNION_FILES < <(sed -n 's/.* \([0-9][0-9]*\) types get methods .*, in \([0-9][0-9]*\) packages.*/\1 \2/p' <<<"${corpora_section}") || true
[[ -n ${API_UNION_TYPES:-} && -n ${API_UNION_FILES:-} ]] ||
  die "docs/corpora.md's section on k8s.io/api ${K8S_API_VERSION} says no \"N types get methods ..., in M packages\""
API_WARNINGS=$(sed -n 's/^Warnings: //p' <<<"${corpora_section}" | tr -d '`.' | tr ',' '\n' | sed 's/^ //' | LC_ALL=C sort)
if [[ ${1:-} == --expected ]]; then
  printf 'k8s.io/api %s\nfiles %s\ntypes %s\n' "${K8S_API_VERSION}" "${API_UNION_FILES}" "${API_UNION_TYPES}"
  [[ -z ${API_WARNINGS} ]] || echo "${API_WARNINGS}"
  exit 0
fi
# Linear time: t(largest)/t(smallest) may exceed the ratio of the sizes by this
# factor (fixed costs make a linear tool come in under the size ratio).
LINEAR_SLACK=1.25

export GOWORK=off
start_seconds=${SECONDS}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-codegen.XXXXXX")
trap 'rm -rf "${tmp}"' EXIT
bin="${tmp}/bin"
results="${tmp}/results.txt"
header="${tmp}/header.txt"
: >"${results}"
: >"${header}"

# --- tools -------------------------------------------------------------------
log "building measure, union-gen and deepcopy-gen"
go build -o "${bin}/measure" ./hack/measure
go build -o "${bin}/union-gen" ./cmd/union-gen
go build -o "${bin}/deepcopy-gen" k8s.io/code-generator/cmd/deepcopy-gen
deepcopy_version=$(go list -m -f '{{.Version}}' k8s.io/code-generator)
union_gen_commit=$(git -C "${ROOT}" rev-parse --short HEAD 2>/dev/null || echo unknown)

# run_tool TOOL: runs a generator in the current directory on ${pattern};
# extra arguments go before the generator (e.g. the measure command).
run_tool() {
  local tool=$1
  shift
  case ${tool} in
    union-gen)
      "$@" "${bin}/union-gen" --go-header-file "${header}" --output-file zz_generated.unions.go "${pattern}" ;;
    deepcopy-gen)
      "$@" "${bin}/deepcopy-gen" --go-header-file "${header}" --output-file zz_generated.deepcopy.go "${pattern}" ;;
  esac
}

# measure_input INPUT DIR PATTERN UNION_GEN_EXIT: measured runs of both tools,
# alternating; UNION_GEN_EXIT is union-gen's expected exit status.
measure_input() {
  local input=$1 dir=$2 union_gen_exit=$4 run tool status
  local pattern=$3
  log "measuring ${input}: ${RUNS} runs of each tool"
  for ((run = 1; run <= RUNS; run++)); do
    for tool in union-gen deepcopy-gen; do
      status=0
      (cd "${dir}" && run_tool "${tool}" "${bin}/measure" -o "${results}" -label "${input}/${tool}/${run}") \
        >/dev/null 2>"${tmp}/stderr.txt" || status=$?
      local want=0
      [[ ${tool} == union-gen ]] && want=${union_gen_exit}
      if [[ ${status} -ne ${want} ]]; then
        cat "${tmp}/stderr.txt" >&2
        die "${tool} on ${input} exited ${status}, expected ${want}"
      fi
    done
  done
}

# --- k8s.io/api ----------------------------------------------------------------
log "copying k8s.io/api@${K8S_API_VERSION}"
grep -q "^k8s.io/api ${K8S_API_VERSION} h1:" corpora/go.sum ||
  die "corpora/go.sum has no checksum of k8s.io/api@${K8S_API_VERSION}: use the version corpora requires"
api_src=$(cd corpora && go mod download -json "k8s.io/api@${K8S_API_VERSION}" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
[[ -d ${api_src} ]] || die "no module directory for k8s.io/api@${K8S_API_VERSION}"
api="${tmp}/api"
cp -R "${api_src}" "${api}"
chmod -R u+w "${api}"
(cd "${api}" && go mod download)
api_packages=$(cd "${api}" && go list ./... | wc -l | tr -d ' ')

log "checking outputs on k8s.io/api (unmeasured run, also warms the caches)"
pattern=./...
status=0
(cd "${api}" && run_tool union-gen) 2>"${tmp}/api-union-gen.txt" || status=$?
# Each line must be a warning (FILE:LINE:COL: pkg.Type.Field: warning: ...
# [rule]), counted by its rule.
api_warnings=$(awk '
  !/^[^ ]+:[0-9]+:[0-9]+: [^ ]+: warning: .* \[[a-z]+\]$/ { print "not-a-warning"; next }
  { rule = $NF; gsub(/[][]/, "", rule); print rule }' "${tmp}/api-union-gen.txt" | LC_ALL=C sort | uniq -c | awk '{ print $2, $1 }')
if [[ ${status} -ne 0 || ${api_warnings} != "${API_WARNINGS}" ]]; then
  cat "${tmp}/api-union-gen.txt" >&2
  die "union-gen on k8s.io/api: expected (docs/corpora.md) exit 0 and warnings by rule:" $'\n'"${API_WARNINGS}"$'\n'"got exit ${status} and:"$'\n'"${api_warnings}"
fi
mapfile -t api_union_files < <(cd "${api}" && find . -name zz_generated.unions.go | sort)
api_union_types=0
[[ ${#api_union_files[@]} -eq 0 ]] ||
  api_union_types=$(cd "${api}" && cat "${api_union_files[@]}" | grep -c '^func (.*) NormalizeUnions(' || true)
[[ ${#api_union_files[@]} -eq ${API_UNION_FILES} && ${api_union_types} -eq ${API_UNION_TYPES} ]] ||
  die "union-gen on k8s.io/api wrote ${#api_union_files[@]} files and ${api_union_types} types with union methods," \
    "expected ${API_UNION_FILES} and ${API_UNION_TYPES} (docs/corpora.md)"
log "vetting the ${#api_union_files[@]} k8s.io/api packages with union methods"
# -trimpath keeps the temporary directory, new at every run, out of the build
# cache's keys, so that a second run finds the packages compiled.
(cd "${api}" && go vet -trimpath "${api_union_files[@]%/*}")
(cd "${api}" && run_tool deepcopy-gen)
api_deepcopy_files=$(find "${api}" -name zz_generated.deepcopy.go | wc -l | tr -d ' ')

measure_input k8s.io/api "${api}" ./... 0

# --- synthetic packages ----------------------------------------------------------
# gen_synthetic DIR N writes a package of N unions, 250 to a file. The
# package is named as its directory, as deepcopy-gen names it so.
gen_synthetic() {
  local dir=$1 n=$2 i file num tmpl name
  name=$(basename "${dir}")
  mkdir -p "${dir}"
  printf '// Package %s has %d unions generated by hack/bench-codegen.sh.\n//\n// +k8s:deepcopy-gen=package\npackage %s\n' "${name}" "${n}" "${name}" >"${dir}/doc.go"
  tmpl=$(
    cat <<'GO'

// Kind@N@ selects the member of Union@N@.
// +enum
type Kind@N@ string

const (
	Kind@N@Ref   Kind@N@ = "Ref"
	Kind@N@Name  Kind@N@ = "Name"
	Kind@N@Items Kind@N@ = "Items"
	Kind@N@Empty Kind@N@ = "Empty"
)

// Ref@N@ is the struct member of Union@N@.
type Ref@N@ struct {
	Name  string `json:"name"`
	Count int32  `json:"count,omitempty"`
}

// Union@N@ is a union of a pointer, a string and a slice; "Empty" selects
// no member.
type Union@N@ struct {
	// +unionDiscriminator
	// +optional
	Kind Kind@N@ `json:"kind,omitempty"`
	// +unionMember
	// +optional
	Ref *Ref@N@ `json:"ref,omitempty"`
	// +unionMember
	// +optional
	Name string `json:"name,omitempty"`
	// +unionMember=Items
	// +optional
	Values []string `json:"items,omitempty"`
}
GO
  )
  for ((i = 1; i <= n; i++)); do
    if (((i - 1) % 250 == 0)); then
      printf -v file '%s/types_%02d.go' "${dir}" $(((i - 1) / 250))
      printf 'package %s\n' "${name}" >"${file}"
    fi
    printf -v num '%04d' "${i}"
    printf '%s\n' "${tmpl//@N@/${num}}" >>"${file}"
  done
}

# The generated unions import k8s.io/apimachinery: at the version this
# repository requires, so that this go.sum, copied, has the checksums that
# go mod tidy needs.
synth="${tmp}/synth"
mkdir -p "${synth}"
apimachinery_version=$(go list -m -f '{{.Version}}' k8s.io/apimachinery)
printf 'module example.com/benchsynth\n\ngo 1.26.0\n\nrequire k8s.io/apimachinery %s\n' "${apimachinery_version}" >"${synth}/go.mod"
cp go.sum "${synth}/go.sum"
for n in "${SIZES[@]}"; do
  log "generating and checking synthetic-${n}"
  gen_synthetic "${synth}/n${n}" "${n}"
  pattern="./n${n}"
  (cd "${synth}" && run_tool union-gen) 2>"${tmp}/synth-union-gen.txt" ||
    { cat "${tmp}/synth-union-gen.txt" >&2; die "union-gen failed on synthetic-${n}"; }
  [[ ! -s "${tmp}/synth-union-gen.txt" ]] ||
    { head -20 "${tmp}/synth-union-gen.txt" >&2; die "union-gen reported problems on synthetic-${n}"; }
  got=$(grep -c '^func (in \*Union[0-9]*) NormalizeUnions(' "${synth}/n${n}/zz_generated.unions.go" || true)
  [[ ${got} -eq ${n} ]] || die "union-gen wrote ${got} NormalizeUnions methods for synthetic-${n}, expected ${n}"
  (cd "${synth}" && run_tool deepcopy-gen)
  got=$(grep -c '^func (in \*.*) DeepCopyInto(' "${synth}/n${n}/zz_generated.deepcopy.go" || true)
  [[ ${got} -eq $((2 * n)) ]] || die "deepcopy-gen wrote ${got} DeepCopyInto methods for synthetic-${n}, expected $((2 * n))"
done
log "vetting the synthetic packages"
(cd "${synth}" && go mod tidy && go vet -trimpath ./...)
for n in "${SIZES[@]}"; do
  measure_input "synthetic-${n}" "${synth}" "./n${n}" 0
done

# --- report ---------------------------------------------------------------------
# median INPUT TOOL FIELD: the median of FIELD over the measured runs.
median() {
  grep "^label=$1/$2/" "${results}" | tr ' ' '\n' | sed -n "s/^$3=//p" | sort -g |
    awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
calc() { awk "BEGIN { printf \"$1\", $2 }"; }

inputs=(k8s.io/api)
for n in "${SIZES[@]}"; do inputs+=("synthetic-${n}"); done
declare -A wall mem
for input in "${inputs[@]}"; do
  for tool in union-gen deepcopy-gen; do
    wall[${input}/${tool}]=$(median "${input}" "${tool}" wall_s)
    mem[${input}/${tool}]=$(calc %.1f "$(median "${input}" "${tool}" maxrss_kib) / 1024")
  done
done

echo "# union-gen vs deepcopy-gen"
echo
echo "machine: $(nproc) cores, $(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo 2>/dev/null || echo '? GiB')," \
  "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -1 || true)"
echo "go: $(go version | cut -d' ' -f3-)"
echo "union-gen: ${union_gen_commit}; deepcopy-gen: k8s.io/code-generator ${deepcopy_version}; k8s.io/api: ${K8S_API_VERSION}"
echo "median of ${RUNS} runs each; peak = maximum resident set size (with the go list child)"
echo
echo "k8s.io/api: ${api_packages} packages. union-gen: exit 0, warnings $(echo "${api_warnings}" | paste -sd, - | sed 's/,/, /g')," \
  "${#api_union_files[@]} files, ${api_union_types} types with union methods, go vet clean; deepcopy-gen: ${api_deepcopy_files} files."
echo "synthetic-N: union-gen: N types with union methods, deepcopy-gen: 2N types, go vet clean."
echo
echo "| input | tool | wall s | peak MiB | time ratio | memory ratio |"
echo "|---|---|---:|---:|---:|---:|"
for input in "${inputs[@]}"; do
  u=${input}/union-gen d=${input}/deepcopy-gen
  tr=$(calc %.2f "${wall[${u}]} / ${wall[${d}]}")
  mr=$(calc %.2f "${mem[${u}]} / ${mem[${d}]}")
  echo "| ${input} | union-gen | $(calc %.2f "${wall[${u}]}") | ${mem[${u}]} | **${tr}x** | **${mr}x** |"
  echo "| ${input} | deepcopy-gen | $(calc %.2f "${wall[${d}]}") | ${mem[${d}]} | | |"
done
echo
echo "Ratios are union-gen / deepcopy-gen."
echo
echo "| unions N | union-gen wall s | union-gen ms/union | deepcopy-gen wall s | deepcopy-gen ms/union |"
echo "|---:|---:|---:|---:|---:|"
for n in "${SIZES[@]}"; do
  u=${wall[synthetic-${n}/union-gen]} d=${wall[synthetic-${n}/deepcopy-gen]}
  echo "| ${n} | $(calc %.2f "${u}") | $(calc %.2f "${u} * 1000 / ${n}") | $(calc %.2f "${d}") | $(calc %.2f "${d} * 1000 / ${n}") |"
done
first=${SIZES[0]} last=${SIZES[${#SIZES[@]} - 1]}
size_ratio=$(calc %.2f "${last} / ${first}")
u_growth=$(calc %.2f "${wall[synthetic-${last}/union-gen]} / ${wall[synthetic-${first}/union-gen]}")
d_growth=$(calc %.2f "${wall[synthetic-${last}/deepcopy-gen]} / ${wall[synthetic-${first}/deepcopy-gen]}")
echo
echo "t(${last})/t(${first}): union-gen ${u_growth}, deepcopy-gen ${d_growth} (${size_ratio} is linear; up to ${LINEAR_SLACK}x that counts as linear)"
echo

verdict() { if awk "BEGIN { exit !($1) }"; then echo met; else echo "NOT met"; fi; }
tr=$(calc %.2f "${wall[k8s.io/api/union-gen]} / ${wall[k8s.io/api/deepcopy-gen]}")
mr=$(calc %.2f "${mem[k8s.io/api/union-gen]} / ${mem[k8s.io/api/deepcopy-gen]}")
echo "target: time on k8s.io/api <= 1.0x deepcopy-gen: ${tr}x, $(verdict "${tr} <= 1.0")"
echo "target: memory on k8s.io/api <= 1.0x deepcopy-gen: ${mr}x, $(verdict "${mr} <= 1.0")"
echo "target: union-gen time linear in the number of unions: t(${last})/t(${first}) = ${u_growth}," \
  "$(verdict "${u_growth} <= ${size_ratio} * ${LINEAR_SLACK}")"
echo
if [[ ${BENCH_SHORT:-} != 1 ]]; then
  # The README's chart: a short run measures too little to draw.
  go run ./hack/chart bench "${results}" >docs/benchmarks.svg
  echo "wrote docs/benchmarks.svg"
  echo
fi
echo "raw measurements (hack/measure):"
sed 's/^/  /' "${results}"
echo
echo "total script time: $((SECONDS - start_seconds)) s"
