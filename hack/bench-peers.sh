#!/usr/bin/env bash
# Measures the generated methods against both peers in one run and prints the
# table of docs/benchmarks.md: medians of BENCH_COUNT runs (default 10) of
# BENCH_TIME each (default 0.3s), and union-gen's time as a ratio of each
# peer's (below 1.0x is faster); the last column is ValidateUnions alone, the
# part of union-gen's work that the peers do too.
set -o errexit -o nounset -o pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

count=${BENCH_COUNT:-10}
benchtime=${BENCH_TIME:-0.3s}
out=$(mktemp)
trap 'rm -f "${out}"' EXIT
go test -run '^$' -bench Peers -benchmem -count "${count}" -benchtime "${benchtime}" ./examples/peers >"${out}"

awk '
/^BenchmarkPeers\// {
  name = $1; sub(/^BenchmarkPeers\//, "", name); sub(/-[0-9]+$/, "", name)
  n = split(name, part, "/"); peer = part[n]; obj = part[1] " " part[2]
  key = obj SUBSEP peer
  ns[key, ++runs[key]] = $3; bytes[key] = $5; allocs[key] = $7
  if (!(obj in seen)) { seen[obj] = 1; order[++objects] = obj }
}
function median(key,    i, j, t, m, v) {
  m = runs[key]
  for (i = 1; i <= m; i++) v[i] = ns[key, i] + 0
  for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
  return (m % 2) ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
}
function cell(key) { return sprintf("%.1f ns, %d B, %d allocs", median(key), bytes[key], allocs[key]) }
END {
  print "| object | union-gen | DiscriminatedUnion | in-tree | baseline | union-gen / DiscriminatedUnion | union-gen / in-tree | ValidateUnions alone / in-tree |"
  print "|---|---|---|---|---|---|---|---|"
  for (i = 1; i <= objects; i++) {
    o = order[i]
    ug = median(o SUBSEP "union-gen"); du = median(o SUBSEP "DiscriminatedUnion"); it = median(o SUBSEP "in-tree")
    printf "| %s | %s | %s | %s | %.1f ns | **%.2fx** | **%.2fx** | %.2fx |\n", o, cell(o SUBSEP "union-gen"),
      cell(o SUBSEP "DiscriminatedUnion"), cell(o SUBSEP "in-tree"), median(o SUBSEP "baseline"), ug / du, ug / it,
      median(o SUBSEP "ValidateUnions") / it
  }
}' "${out}"
