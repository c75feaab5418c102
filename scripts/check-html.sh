#!/bin/sh
# Exports the hand-computed club history (the one tests/common.rs builds:
# three sessions), a rubber and a Chicago session, a Chicago of long names, a
# duplicate evening, plus a 14-player game to one HTML page, takes a headless
# Chromium screenshot of it and prints it to PDF, to look at the sheets and
# the charts as a browser draws and prints them. Fails when Chromium draws
# nothing, or when the PDF (read with pdftotext, if installed) lacks a
# player's name. tests/html_print.rs is the automatic check; this is the
# way to look by eye.
#
#   scripts/check-html.sh [OUT_DIR]     # default: target/check-html
#
# Needs chromium (Debian: apt-get install chromium; poppler-utils for
# pdftotext). Writes OUT_DIR/club.html, club.png and club.pdf and prints
# their paths.
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
# Bridge for four: the rubber's pad and Chicago's grid.
t=2026-06-15T19:00:00Z
at $t new rubber-bridge --players Ann,Bob,Cid,Dee --dealer Ann
at $t auction 1H pass 4H pass pass pass
at $t tricks Ann=11 --honours Cid=100
at $t auction pass 2S X pass pass pass
at $t tricks Dee=6
t=2026-06-20T19:00:00Z
at $t new chicago --players Ann,Bob,Cid,Dee --dealer Bob
at $t auction 1NT pass 3NT pass pass pass
at $t tricks Bob=9
# Long names: the grid names players by their initials, with a legend.
t=2026-06-25T19:00:00Z
long="Margaret Featherstone,O'Brien,Dee \"Dot\" Ray,Zoë"
at $t new chicago --players "$long" --dealer "Margaret Featherstone"
at $t auction 3NT pass pass pass
at $t tricks "Margaret Featherstone=9"
at $t auction 4S pass pass pass
at $t tricks "O'Brien=11"
# A duplicate evening: its ranking, travellers and cards.
t=2026-06-28T19:00:00Z
at $t new duplicate --pairs "Ann & Bob,Cid & Dan,Eve & Fay,Gus & Hal,Ivy & Jo,Kit & Lee" --boards 5 --movement howell
at $t result 1 --ns 6 --ew 1 4S N 10
at $t result 1 --ns 2 --ew 5 4S N 11
# A table of 14: the sheet turns sideways and prints on landscape pages.
t=2026-07-01T19:00:00Z
players=Annabelle,Bob,Cid,Dee,Eve,Fay,Gus,Hal,Ivy,Jo,Kim,Lou,Maximilian,Ned
at $t new mormon-bridge-4card --players $players --dealer Bob
at $t bid Cid=0 Dee=0 Eve=0 Fay=0 Gus=0 Hal=0 Ivy=0 Jo=0 Kim=0 Lou=0 Maximilian=0 Ned=0 Annabelle=0 Bob=0
at $t tricks Maximilian=4

"$bp" export --format html --all --output "$out/club.html" 2>/dev/null
rm -f "$out/club.png" "$out/club.pdf"
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --screenshot="$out/club.png" --window-size=1000,1400 "file://$out/club.html" 2>/dev/null
"$browser" --headless --no-sandbox --disable-gpu --no-pdf-header-footer \
    --print-to-pdf="$out/club.pdf" "file://$out/club.html" 2>/dev/null
for file in club.png club.pdf; do
    if [ ! -s "$out/$file" ]; then
        echo "error: chromium drew nothing into $out/$file" >&2
        exit 1
    fi
done
if command -v pdftotext >/dev/null 2>&1; then
    text=$(pdftotext "$out/club.pdf" -)
    for name in Ann Cid Dee $(echo $players | tr , ' '); do
        case $text in
        *"$name"*) ;;
        *)
            echo "error: $name is missing from the printed $out/club.pdf" >&2
            exit 1
            ;;
        esac
    done
    case $text in
    *"Ann & Cid"*"Bob & Dee"*) ;;
    *)
        echo "error: the bridge pads do not name the partnerships in $out/club.pdf" >&2
        exit 1
        ;;
    esac
    case $text in
    *"M: Margaret Featherstone"*"Margaret Featherstone & Dee \"Dot\" Ray"*) ;;
    *)
        echo "error: the long-named Chicago has no legend or partnership in $out/club.pdf" >&2
        exit 1
        ;;
    esac
    case $text in
    *"Contents"*"Duplicate bridge"*"Ranking"*) ;;
    *)
        echo "error: the contents or the duplicate evening's ranking is missing from $out/club.pdf" >&2
        exit 1
        ;;
    esac
    case $text in
    *"above the line"*"below the line"*) ;;
    *)
        echo "error: the Buddy Bridge pad has no line in $out/club.pdf" >&2
        exit 1
        ;;
    esac
else
    echo "note: pdftotext (poppler-utils) is not installed: the PDF's text is not checked" >&2
fi
echo "$out/club.html"
echo "$out/club.png"
echo "$out/club.pdf"
