#!/usr/bin/env bash
# Installs apiexplore for the current user: the release binary into PREFIX/bin (PREFIX defaults to
# ~/.local), shell completions for bash, zsh and fish, and the man page generated from the command's
# own help (argument-parser's generate-manual plugin).
#
#   scripts/install.sh                  # into ~/.local
#   PREFIX=/opt/apiexplore scripts/install.sh
#
# Nothing outside PREFIX is written. Make sure PREFIX/bin is on your PATH, and for man pages
# PREFIX/share/man on MANPATH (~/.local/share/man usually is).
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${PREFIX:-$HOME/.local}"

swift build -c release --product apiexplore
bin="$(swift build -c release --show-bin-path)/apiexplore"

install -d "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
    "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
install -m 0755 "$bin" "$prefix/bin/apiexplore"

"$bin" --generate-completion-script bash >"$prefix/share/bash-completion/completions/apiexplore"
"$bin" --generate-completion-script zsh >"$prefix/share/zsh/site-functions/_apiexplore"
"$bin" --generate-completion-script fish >"$prefix/share/fish/vendor_completions.d/apiexplore.fish"

swift package generate-manual >/dev/null
install -m 0644 .build/plugins/GenerateManual/outputs/apiexplore/apiexplore.1 "$prefix/share/man/man1/apiexplore.1"

echo "installed $prefix/bin/apiexplore, its completions and man page"
case ":$PATH:" in
*":$prefix/bin:"*) ;;
*) echo "note: $prefix/bin is not on PATH; add it to use 'apiexplore' by name" ;;
esac
