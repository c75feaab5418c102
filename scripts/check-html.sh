#!/bin/sh
# Exports the hand-computed club history (the one tests/common.rs builds:
# three sessions) to one HTML page and takes a headless Chromium screenshot
# of it, to look at the sheets and the charts as a browser draws them.
#
#   scripts/check-html.sh [OUT_DIR]     # default: target/check-html
#
# Needs chromium (Debian: apt-get install chromium). Writes OUT_DIR/club.html
# and OUT_DIR/club.png and prints their paths.
set -eu

cd "$(dirname "$0")/.."
out=${1:-target/check-html}
mkdir -p "$out"
out=$(cd "$out" && pwd)

browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
    echo "error: chromium is not installed (Debian: apt-get install chromium)" >&2
    exit 1
fi

cargo build --quiet
bp=target/debug/bridgepad
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
export BRIDGEPAD_DATA_DIR="$data" BRIDGEPAD_TEMPLATES_DIR="$data/templates"

# Run bridgepad at a fixed time, quietly.
at() {
    when=$1
    shift
    if ! BRIDGEPAD_NOW=$when "$bp" "$@" >/dev/null 2>"$data/stderr"; then
        cat "$data/stderr" >&2
        exit 1
    fi
}

t=2026-01-10T19:00:00Z
at $t new devils-bridge --players Ann,Bob,Cid --dealer Ann --target 15
at $t bid Bob=0 Cid=0 Ann=0
at $t tricks Ann=1 Bob=0
at $t bid Cid=0 Ann=0 Bob=0
at $t tricks Ann=1 Bob=1
t=2026-03-05T19:00:00Z
at $t new memory-bridge --players Ann,Dee --dealer Dee --target 300
at $t tricks Ann=13
t=2026-06-01T19:00:00Z
at $t new buddy-bridge --players Bob,Dee --dealer Dee
at $t tricks Bob=8
at $t auction 2S

"$bp" export --format html --all --output "$out/club.html"
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --screenshot="$out/club.png" --window-size=1000,1400 "file://$out/club.html" 2>/dev/null
echo "$out/club.html"
echo "$out/club.png"
