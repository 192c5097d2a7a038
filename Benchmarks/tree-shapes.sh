#!/usr/bin/env bash
# Peak memory of `apiexplore request --output json` (history on) for JSON bodies of the same size
# and different shapes, against `jq .` on the same bytes, in one run: how many times the body a
# tree costs, shape by shape (docs/benchmarks.md, "Tree memory by shape").
# Usage: Benchmarks/tree-shapes.sh [BINARY] [MEGABYTES]   (from the repository root;
#        BINARY defaults to .build/release/apiexplore, MEGABYTES to 10)
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-.build/release/apiexplore}"
megabytes="${2:-10}"
work=$(mktemp -d /tmp/apiexplore-tree-shapes.XXXXXX)
trap 'exec 3>&- 2>/dev/null; rm -rf "$work"' EXIT

# The shapes: ordinary records, then the tiny values that cost the most per byte.
python3 - "$work" "$megabytes" <<'PY'
import json, sys
work, size = sys.argv[1], int(sys.argv[2]) << 20
def array(item, width): return "[" + ",".join([item] * (size // width)) + "]"
shapes = {
    "records": json.dumps([{"login": "octocat%d" % i, "id": i, "node_id": "MDQ6VXNlcjE=",
                            "avatar_url": "https://avatars.githubusercontent.com/u/%d?v=4" % i,
                            "site_admin": False, "type": "User"} for i in range(size // 180)]),
    "ints-5": array("1234", 5), "zeros": array("0", 2), "empty-arrays": array("[]", 3),
    "empty-objects": array("{}", 3), "one-zero-arrays": array("[0]", 4), "tiny-objects": array('{"a":0}', 8),
    "nested-200": array("[" * 200 + "]" * 200, 401),   # jq stops at 256 levels
}
for name, body in shapes.items():
    open(f"{work}/{name}.json", "w").write(body)
    routes = {"*": {"status": "200 OK", "headers": [["Content-Type", "application/json"]], "body": body}}
    json.dump(routes, open(f"{work}/{name}.routes", "w"))
PY

mkdir -p "$work/profiles" "$work/home"
printf '{}' >"$work/tiny.json"
printf '{"*": {"status": "200 OK", "headers": [["Content-Type", "application/json"]], "body": "{}"}}' \
    >"$work/tiny.routes"
printf '%-16s %10s %12s %8s %12s %8s  %s\n' shape body apiexplore ratio "jq ." ratio "read as"
for shape in tiny records ints-5 zeros empty-arrays empty-objects one-zero-arrays tiny-objects nested-200; do
    rm -f "$work/in" "$work/port"
    mkfifo "$work/in"
    python3 Tests/Tools/raw-http-server.py --routes "$work/$shape.routes" --log "$work/requests.log" \
        >"$work/port" <"$work/in" &
    server=$!
    exec 3>"$work/in"
    while [ ! -s "$work/port" ]; do sleep 0.1; done
    printf 'name: shape\nbase_url: http://127.0.0.1:%s\nenvelope: {status: null, success: http, tip: [], model: ""}\nendpoints:\n  thing: {path: /thing}\n' \
        "$(head -1 "$work/port")" >"$work/profiles/shape.yaml"
    HOME="$work/home" APIEXPLORE_STATE="$work/state" APIEXPLORE_HISTORY="$work/history.sqlite" \
        /usr/bin/time -f %M -o "$work/rss" "$binary" request shape thing --profiles-dir "$work/profiles" \
        --output json >"$work/out"
    exec 3>&-
    wait "$server"
    /usr/bin/time -f %M -o "$work/jq-rss" jq . "$work/$shape.json" >"$work/jq-out"
    bytes=$(wc -c <"$work/$shape.json")
    kind=$(grep -o '"body_kind":"[a-z]*"' "$work/out" | head -1 | cut -d'"' -f4)
    awk -v s="$shape" -v b="$bytes" -v a="$(cat "$work/rss")" -v j="$(cat "$work/jq-rss")" -v k="$kind" \
        'BEGIN { if (b < 1024) { printf "%-16s %9s %11.1fM %8s %11.1fM %8s  %s (the idle process)\n", s, b "B", a/1024, "-", j/1024, "-", k } else { printf "%-16s %9.1fM %11.1fM %7.1fx %11.1fM %7.1fx  %s\n", s, b/1048576, a/1024, a*1024/b, j/1024, j*1024/b, k } }'
done
