#!/usr/bin/env bash
# Compares the apiexplore binary with curl against the same loopback demo backend, in one run:
#   1. cold start + one request: `apiexplore request` vs `curl`, N times each (target: ≤ 2x curl), and
#      the same request with --no-history beside it (how much of the time the history file takes);
#   2. 1,000 sequential calls in one `apiexplore run` script vs 1,000 curl invocations.
# Usage: Benchmarks/cli-vs-curl.sh [ROUNDS]   (from the repository root; builds in release first)
set -euo pipefail
if (( BASH_VERSINFO[0] < 5 )); then
    echo "cli-vs-curl.sh needs bash 5 or later (it reads the clock from \$EPOCHREALTIME)" >&2
    exit 2
fi
cd "$(dirname "$0")/.."
rounds="${1:-50}"
calls=1000

# The binary as shipped: release, with the Swift runtime and Foundation linked statically (half the
# start-up time of the dynamically linked build: no relocation of a dozen shared libraries), and linked
# by the toolchain's lld as a position-dependent executable, as Go links its binaries by default. A
# position-independent one must relocate 147,000 pointers (Swift metadata, witness tables) at every
# start, copying ~340 pages it would otherwise share with the page cache: measured here, --version
# 8.0 -> 5.8 ms and a request 25.3 -> 19.4 ms. The cost is that the executable's own addresses are
# not randomised (the shared libraries, stack and heap still are); README says so. It exports no
# symbols: the toolchain's static-stdlib link exports every symbol of every module (42,000), which
# the dynamic loader searches first for each symbol the shared libraries bind and the Swift
# runtime's backtracer scans at start-up with dladdr (about 100 page faults and 0.5-2 ms a request).
scratch=.build-static
flags=(-c release --static-swift-stdlib --scratch-path "$scratch"
    -Xswiftc -use-ld=lld -Xswiftc -Xclang-linker -Xswiftc -no-pie -Xlinker --no-export-dynamic)
swift build "${flags[@]}" --product apiexplore >/dev/null
bin="$(swift build "${flags[@]}" --show-bin-path)/apiexplore"

work="$(mktemp -d)"
server=""
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

# One demo backend for both clients, so neither pays for starting it.
"$bin" serve-demo --port 0 >"$work/url" &
server=$!
for _ in $(seq 1 500); do [ -s "$work/url" ] && break; sleep 0.01; done
base="$(head -n1 "$work/url")"
[ -n "$base" ] || { echo "the demo backend did not start" >&2; exit 1; }

# The requests record into a copy of the history a request would use (the default file, or
# $APIEXPLORE_HISTORY's), so every run starts from the same file at its real size and the user's
# history gains none of the benchmark's 1,050 exchanges; with no history yet, into a new one. The
# file and its log are copied as they are: run it while no apiexplore is writing there. (The
# shared-memory index is not copied; SQLite rebuilds it from the log.) As apiexplore does, a relative
# $XDG_DATA_HOME is ignored.
data_home="${XDG_DATA_HOME:-}"
case "$data_home" in /*) ;; *) data_home="$HOME/.local/share" ;; esac
history="${APIEXPLORE_HISTORY:-$data_home/apiexplore/history.sqlite}"
if [ -f "$history" ]; then
    cp "$history" "$work/history.sqlite"
    if [ -f "$history-wal" ]; then cp "$history-wal" "$work/history.sqlite-wal"; fi
    # On disk before timing starts: otherwise the first checkpoint's fsync writes the whole copy.
    sync "$work"/history.sqlite*
fi
export APIEXPLORE_HISTORY="$work/history.sqlite"

mkdir -p "$work/profiles"
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
    printf "cold start + 1 request (%d rounds):  curl %.2f ms   apiexplore request %.2f ms   ratio %.2fx (target <= 2x: %s)\n",
        r, c / r, o / r, o / c, (o / c <= 2 ? "PASS" : "FAIL")
    printf "  the same with --no-history:  %.2f ms   ratio %.2fx\n", b / r, b / c
    printf "%d sequential calls:  %d curl processes %d ms   one apiexplore script %d ms   ratio %.2fx\n",
        n, n, cm, s, s / cm
}'
