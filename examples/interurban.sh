#!/usr/bin/env bash
# An InterUrban game by mail, without a mail server: two players, four moves sent as mails into a
# Maildir and played by `adjudicate tick` (each move runs as soon as its mail is read). The mails the
# robot would send wait in tram/mail/outbox (no [smtp] in mail.toml). Prints the report of move 4.
# Usage: bash examples/interurban.sh [DIR]   (a temporary folder unless DIR is given)
set -euo pipefail
dir="${1:-$(mktemp -d)}"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
game="$dir/tram"
adjudicate new "$game" --play interurban --id tram --seed demo-2026 --unsafe-test-passwords demo-2026 \
    --player "RED:Anna:anna@example.org" --player "BLUE:Bernd:bernd@example.org" \
    --deadline "2026-12-04 18:00" --every 3d >/dev/null 2>"$dir/new.log"
mkdir -p "$dir/maildir/cur" "$dir/maildir/new" "$dir/maildir/tmp"
printf 'from = "InterUrban GM <gm@example.org>"\n\n[source]\nkind = "maildir"\npath = "%s/maildir"\n' \
    "$dir" >"$game/mail.toml"

mail() {  # mail N WHEN FROM COLOUR PASSWORD LINE...: a player's move as a mail in the Maildir, delivered at
    # WHEN (seconds since 1970, the start of a Maildir file's name: deadlines are judged by a mail's arrival)
    local n="$1" when="$2" from="$3" colour="$4" password="$5"
    shift 5
    {
        printf 'From: %s\nTo: gm@example.org\nSubject: move %s\nMessage-ID: <move%s@example.org>\n\n' \
            "$from" "$n" "$n"
        printf 'GAME tram\nPLAYER %s PASSWORD %s\nMOVE %s\n' "$colour" "$password" "$n"
        printf '%s\n' "$@"
    } >"$dir/maildir/new/$when.move$n.eml"
}

red="xdxk-kcte-qduq-hrw2"    # from tram/passwords.txt (derived from --unsafe-test-passwords: an example)
blue="7ex8-d8c4-b274-y93e"
adjudicate tick "$game" --now 2026-12-01T09:00+01:00 >/dev/null   # the openings, each with its password
mail 1 1796113800 anna@example.org RED "$red" "9 CURVE 1 LEFT"
mail 2 1796114400 bernd@example.org BLUE "$blue" "2 CURVE 0 LEFT"
adjudicate tick "$game" --now 2026-12-01T10:00+01:00 >"$dir/tick1.log"
mail 3 1796200200 anna@example.org RED "$red" "2 STRAIGHT 1" "3 STRAIGHT 1"
mail 4 1796200800 bernd@example.org BLUE "$blue" "3 CURVE 1 LEFT"
adjudicate tick "$game" --now 2026-12-02T10:00+01:00 >"$dir/tick2.log"
cat "$game/reports/move-004.txt"
echo "(the game is in $game; the mails it would send in $game/mail/outbox)" >&2
