#!/usr/bin/env bash
# Compares the apiexplore binary with curl against the same loopback demo backend, in one run:
#   1. cold start + one request: `apiexplore request` vs `curl`, N times each, and
#      the same request with --no-history beside it (how much of the time the history file takes);
#   2. 1,000 sequential calls in one `apiexplore run` script vs 1,000 curl invocations.
# Usage: Benchmarks/cli-vs-curl.sh [ROUNDS]   (from the repository root; builds in release first)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-50}"
calls=1000

# The plain release binary, a scratch HOME and history, and one demo backend at $base for both
# clients (Benchmarks/demo-backend.sh). This is a regression guard: it reports the ratio to curl,
# it chases no target. The history starts empty; BENCH_HISTORY=FILE starts it from a copy of FILE
# instead (to measure against a history of realistic size; copy it while no apiexplore writes it).
source Benchmarks/demo-backend.sh
if [ -n "${BENCH_HISTORY:-}" ]; then
    cp "$BENCH_HISTORY" "$work/history.sqlite"
    if [ -f "$BENCH_HISTORY-wal" ]; then cp "$BENCH_HISTORY-wal" "$work/history.sqlite-wal"; fi
    # On disk before timing starts: otherwise the first checkpoint's fsync writes the whole copy.
    sync "$work"/history.sqlite*
fi

cat >"$work/profiles/bench.yaml" <<YAML
name: bench
base_url: "$base"
envelope: {status: code, success: 0, tip: msg, model: data}
endpoints:
  user: {path: /cmd/users/1001}
YAML
url="$base/cmd/users/1001"

# The clock is read from bash itself ($EPOCHREALTIME, microseconds): starting `date` for it would add a
# process to every interval measured, the same for both sides, and flatter the ratio.
# Elapsed milliseconds of running "$@" $1 times.
time_loop() {
    local count=$1; shift
    local start=${EPOCHREALTIME//[.,]/}
    for _ in $(seq 1 "$count"); do "$@" >/dev/null; done
    local end=${EPOCHREALTIME//[.,]/}
    echo $(( (end - start) / 1000 ))
}

# Warm the file cache for both binaries.
curl -s "$url" >/dev/null
"$bin" request bench user --profiles-dir "$work/profiles" >/dev/null

# The three commands take turns in every round, so a change in the machine's load falls on all three
# alike instead of on whichever loop ran while it lasted; the order rotates from round to round, so
# none always follows the same one (the recording request's write-back, say).
run_curl() { curl -s "$url" >/dev/null; }
run_ours() { "$bin" request bench user --profiles-dir "$work/profiles" >/dev/null; }
run_bare() { "$bin" request bench user --profiles-dir "$work/profiles" --no-history >/dev/null; }
declare -A total=([curl]=0 [ours]=0 [bare]=0)
orders=("curl ours bare" "ours bare curl" "bare curl ours")
for round in $(seq 1 "$rounds"); do
    for command in ${orders[round % 3]}; do
        start=${EPOCHREALTIME//[.,]/}
        "run_$command"
        end=${EPOCHREALTIME//[.,]/}
        total[$command]=$(( total[$command] + end - start ))
    done
done
curl_ms=$((total[curl] / 1000)) ours_ms=$((total[ours] / 1000)) bare_ms=$((total[bare] / 1000))

{ echo "use bench"; for _ in $(seq 1 "$calls"); do echo "call user"; done; } >"$work/calls.apx"
start=${EPOCHREALTIME//[.,]/}
"$bin" run "$work/calls.apx" --profiles-dir "$work/profiles" >/dev/null
end=${EPOCHREALTIME//[.,]/}
script_ms=$(( (end - start) / 1000 ))
curl_many_ms=$(time_loop "$calls" curl -s "$url")

awk -v r="$rounds" -v c="$curl_ms" -v o="$ours_ms" -v b="$bare_ms" -v n="$calls" -v s="$script_ms" \
    -v cm="$curl_many_ms" 'BEGIN {
    printf "cold start + 1 request (%d rounds):  curl %.2f ms   apiexplore request %.2f ms   ratio %.2fx\n",
        r, c / r, o / r, o / c
    printf "  the same with --no-history:  %.2f ms   ratio %.2fx\n", b / r, b / c
    printf "%d sequential calls:  %d curl processes %d ms   one apiexplore script %d ms   ratio %.2fx\n",
        n, n, cm, s, s / cm
}'
