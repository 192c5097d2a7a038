# Shared by the shell benchmarks (source it from the repository root, after `set -euo pipefail`):
# checks bash 5 (the clock is $EPOCHREALTIME), builds the plain release binary into $bin, makes a
# scratch folder $work removed on exit, starts `apiexplore serve-demo` there and sets $base to its
# URL, and points HOME, the XDG folders and $APIEXPLORE_HISTORY into $work so nothing of the
# user's is read or written.
if (( BASH_VERSINFO[0] < 5 )); then
    echo "$(basename "$0") needs bash 5 or later (it reads the clock from \$EPOCHREALTIME)" >&2
    exit 2
fi

# The binary users get: the plain release build (no static linking, no position-dependent link, no
# start-up tricks).
swift build -c release --product apiexplore >/dev/null
bin="$(swift build -c release --show-bin-path)/apiexplore"

work="$(mktemp -d)"
server=""
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

# One demo backend for every side, so none pays for starting it.
"$bin" serve-demo --port 0 >"$work/url" &
server=$!
for _ in $(seq 1 500); do [ -s "$work/url" ] && break; sleep 0.01; done
base="$(head -n1 "$work/url")"
[ -n "$base" ] || { echo "the demo backend did not start" >&2; exit 1; }

export HOME="$work/home" XDG_DATA_HOME="$work/home/.local/share" XDG_CONFIG_HOME="$work/home/.config"
export XDG_CACHE_HOME="$work/home/.cache" XDG_STATE_HOME="$work/home/.local/state"
export APIEXPLORE_HISTORY="$work/history.sqlite"
mkdir -p "$HOME" "$work/profiles"
