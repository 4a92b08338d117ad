#!/usr/bin/env bash
# The postal example: three companies on the German map run from a Maildir (examples/postal/maildir)
# by 'adjudicate tick', as cron would run it, here at the times given with --now.
# Turn 1: a multipart mail, an ISO-8859-1 mail signed off with "Ende", an HTML-only mail, a
# correction sent later, the same mail delivered twice, a stranger's wrong password, a late mail
# (the game is strict). Turn 2: orders as an attachment, a reply on top of the quoted report, a
# mail from an address not on file. Without [smtp] every mail waits in GAME/mail/outbox.
# Usage: bash examples/postal/play.sh [DIR]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dir="${1:-$(mktemp -d)}"
game="$dir/postal"
mkdir -p "$dir"
cp -r "$here/maildir" "$dir/maildir"
adjudicate new "$game" --id postal --map germany --seed postal-2025 --unsafe-test-passwords postal-2025 \
    --player "RED:Rheinbahn:anna@example.org" \
    --player "BLUE:Blaue Linie:bernd@example.net" \
    --player "GREEN:Grünzug:carla@example.com" \
    --deadline "2025-11-21 18:00" --every "fri 18:00" --zone Europe/Berlin --strict --remind 24h \
    --statements 7d >/dev/null 2>"$dir/new.log"
install -m 600 "$here/mail.toml" "$game/mail.toml"
for now in 2025-11-20T12:00+01:00 2025-11-20T19:00+01:00 2025-11-21T18:05+01:00 2025-11-28T18:05+01:00; do
    echo "== tick at $now"
    adjudicate tick "$game" --now "$now"
done
adjudicate status "$game"
echo "(the game is in $game; mails in $game/mail)" >&2
