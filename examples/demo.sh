#!/usr/bin/env bash
# The example game: four companies on the German map, a short game by house rules
# (--set): five building rounds, then two racing turns of two races each.
# Plays it in a fresh directory (a temporary one unless DIR is given, so it can
# be run again and again) and prints the report of the last turn (reports/move-007.txt).
# Usage: bash examples/demo.sh [DIR]
set -euo pipefail
dir="${1:-$(mktemp -d)}"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"   # DIR may be relative or new: made absolute before the cd below
cd "$(dirname "$0")"
game="$dir/demo"
adjudicate new "$game" --id demo --map germany --seed demo-2026 --unsafe-test-passwords demo-2026 \
    --set building_rounds=5 --set races_per_turn=2 --set fixed_races=4 \
    --player "RAVEL:Rhein-Ahr-Verkehr:ravel@example.org" \
    --player "NOB:Nord-Ost-Bahn:nob@example.org" \
    --player "SUED:Süddeutsche Eisenbahn:sued@example.org" \
    --player "HAFEN:Hafenbahn Hamburg:hafen@example.org" >/dev/null 2>"$dir/new.log"
for turn in 1 2 3 4 5 6 7; do
    # the GM runs: adjudicate turnN.orders (here with --game, as the game is elsewhere)
    adjudicate germany/turn"$turn"*.orders --game "$game" >/dev/null 2>"$dir/turn$turn.log" || {
        cat "$dir/turn$turn.log" >&2; exit 1; }
done
cat "$game/reports/move-007.txt"
echo "(the game is in $game; public reports in $game/reports, each company's private one in the mail of its turn," \
     "$game/archive/step-NNN/mail-ID.txt; messages in $dir/*.log)" >&2
