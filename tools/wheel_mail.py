"""CI (issue 25): the installed wheel alone sends report mails that show a PNG of the map.

Run by ``.ci/run`` with the clean environment's Python, outside the checkout:
it imports nothing but the standard library and runs ``python -m adjudicator``.
It makes a Dampfross game (German map) and an InterUrban game run by mail,
ticks them (the openings; the Dampfross deadline passes, turn 1 is adjudicated;
an InterUrban move is made), and reads the mails the robot wrote to its
outbox (no ``[smtp]``: they wait there, as they would be sent): each opening,
report and move mail must have a text/plain part and an inline image/png
part that is a PNG, and be under 300 KB.

    python tools/wheel_mail.py WORKDIR
"""

from __future__ import annotations

import subprocess
import sys
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

LIMIT = 300_000
PLAYERS = ["--player", "RED:Anna:anna@example.org", "--player", "BLUE:Bernd:bernd@example.net"]


def adjudicate(*args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "adjudicator", *args], capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"adjudicate {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout


def game(where: Path, name: str, *kind: str) -> Path:
    """A new game run by mail from an empty Maildir, its openings queued."""
    folder, maildir = where / name, where / f"{name}-maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    adjudicate("new", str(folder), "--id", name, *kind, *PLAYERS, "--deadline", "2026-12-04 18:00", "--every", "7d")
    (folder / "mail.toml").write_text(f'from = "GM <gm@example.org>"\n\n[source]\nkind = "maildir"\n'
                                      f'path = "{maildir}"\n', encoding="utf-8")
    (folder / "mail.toml").chmod(0o600)
    adjudicate("tick", str(folder), "--now", "2026-12-01T08:00+00:00")
    return folder


def check(folder: Path, prefixes: tuple[str, ...]) -> int:
    """Every queued mail whose name begins with one of ``prefixes`` shows a PNG; how many there were."""
    count = 0
    for path in sorted((folder / "mail" / "outbox").glob("*.eml")):
        if not path.stem.startswith(prefixes):
            continue
        data = path.read_bytes()
        msg = message_from_bytes(data, policy=policy.default)
        assert isinstance(msg, EmailMessage)
        types = [p.get_content_type() for p in msg.walk()]
        pngs = [p for p in msg.walk() if p.get_content_type() == "image/png"]
        if "text/plain" not in types or not pngs or not pngs[0].get_content().startswith(b"\x89PNG\r\n\x1a\n"):
            sys.exit(f"{path.name}: no text/plain and image/png parts ({', '.join(types)})")
        if pngs[0].get_content_disposition() != "inline" or len(data) >= LIMIT:
            sys.exit(f"{path.name}: the picture is not inline, or the mail has {len(data)} bytes")
        print(f"{folder.name}/{path.name}: {len(data)} bytes, {', '.join(types)}")
        count += 1
    return count


def main() -> None:
    where = Path(sys.argv[1]).resolve()
    dampfross = game(where, "df", "--map", "germany")
    adjudicate("tick", str(dampfross), "--now", "2026-12-04T18:05+00:00")  # the deadline passed: turn 1
    interurban = game(where, "iu", "--play", "interurban")
    found = check(dampfross, ("opening-", "move-001-")) + check(interurban, ("opening-",))
    if found != 6:
        sys.exit(f"expected 6 mails with pictures (2 openings and 2 reports of Dampfross, 2 openings of "
                 f"InterUrban), found {found}")
    print("every report mail shows its PNG")


if __name__ == "__main__":
    main()
