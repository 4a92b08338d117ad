#!/usr/bin/env bash
# The example game: four companies on the German map, three building turns.
# Plays it in a fresh temporary directory (so it can be run again and again)
# and prints the report of the last turn.  Usage: bash examples/demo.sh [DIR]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dir="${1:-$(mktemp -d)}/demo"
adjudicate new "$dir" --id demo --map germany --seed demo-2026 \
    --player RAVEL:Rhein-Ahr-Verkehr:ravel@example.org \
    --player NOB:Nord-Ost-Bahn:nob@example.org \
    --player SUED:Süddeutsche_Eisenbahn:sued@example.org \
    --player HAFEN:Hafenbahn_Hamburg:hafen@example.org >/dev/null 2>&1
for turn in 1 2 3; do
    adjudicate "$here/germany/turn$turn.orders" --game "$dir" >/dev/null 2>"$dir/turn$turn.log" || {
        cat "$dir/turn$turn.log" >&2; exit 1; }
done
cat "$dir/reports/turn-003.txt"
echo "(the game is in $dir; private reports in $dir/reports)" >&2
