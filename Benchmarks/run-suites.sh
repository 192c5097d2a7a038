#!/usr/bin/env bash
# Many calls, three ways, against one loopback demo backend in the same run (issue: CI suites):
#   A. 1,000 calls in one script:                 apiexplore run one.apx
#   B. the same 1,000 calls in 10 files, 4 at once: apiexplore run files/ --jobs 4
#   C. one process per call, as Hurl runs a file per process: 1,000 × apiexplore request
# Reports each time and the ratios B/A and C/A. Usage: Benchmarks/run-suites.sh [CALLS]
# (from the repository root; builds in release first). A regression guard: ratios, not targets.
set -euo pipefail
cd "$(dirname "$0")/.."
calls="${1:-1000}"
files=10
(( calls % files == 0 )) || { echo "CALLS must be a multiple of $files" >&2; exit 2; }

# The release binary, a scratch HOME, and one demo backend at $base; every side records history
# into the scratch folder.
source Benchmarks/demo-backend.sh
mkdir -p "$work/files"
cat >"$work/profiles/bench.yaml" <<YAML
name: bench
base_url: "$base"
envelope: {status: code, success: 0, tip: msg, model: data}
defaults: {expect: [success]}
endpoints:
  user: {path: "/cmd/users/{id}", params: {id: {default: "1001"}}}
YAML
{
    echo "use bench"
    for i in $(seq 1 "$calls"); do echo "call user id=$(( 1001 + i % 2 ))"; done
} >"$work/one.apx"
per=$(( calls / files ))
for f in $(seq -w 1 "$files"); do
    { echo "use bench"; for i in $(seq 1 "$per"); do echo "call user id=$(( 1001 + i % 2 ))"; done; } >"$work/files/$f.apx"
done

elapsed() {  # milliseconds of running "$@" once
    local start=${EPOCHREALTIME//[.,]/}
    "$@" >/dev/null
    local end=${EPOCHREALTIME//[.,]/}
    echo $(( (end - start) / 1000 ))
}
one() { "$bin" run "$work/one.apx" --profiles-dir "$work/profiles"; }
suite() { "$bin" run "$work/files" --jobs 4 --profiles-dir "$work/profiles"; }
processes() {
    for i in $(seq 1 "$calls"); do
        "$bin" request bench user "id=$(( 1001 + i % 2 ))" --profiles-dir "$work/profiles" >/dev/null
    done
}

one >/dev/null  # warm the file cache and the history file
a=$(elapsed one)
b=$(elapsed suite)
c=$(elapsed processes)
echo "calls: $calls (history recorded, release build, $(nproc) cores)"
printf "A  one script, %d calls:              %6d ms\n" "$calls" "$a"
printf "B  %d files, --jobs 4:                 %6d ms   B/A = %s\n" "$files" "$b" "$(echo "scale=2; $b / $a" | bc)"
printf "C  %d processes (one per call):     %6d ms   C/A = %s\n" "$calls" "$c" "$(echo "scale=2; $c / $a" | bc)"
