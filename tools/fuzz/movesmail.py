"""Fuzzing the mail robot of a game of sequential moves (InterUrban) as ``tools/fuzz/mail.py`` does Dampfross's.

``MovesTarget`` holds two InterUrban games by mail (a Maildir each, no SMTP).  ``push(data, knows)`` delivers
one mail to the first game, runs one real ``tick`` over both and judges it; the games are then put back.
Findings, as for Dampfross: ``traceback``, ``fault`` (an unexpected error, or any error of the second game),
``hang``, ``too-wide`` (a line of a mail's text over 80 columns), ``leak`` (a mail about a colour to an address
that is neither the colour's on file nor the sender of a mail that gave the colour's password), and
``changed``: the game changed although the mail did not give the password of the player on move (or changed
in another way than one move of that player).  The mails are ``tools/fuzz/mail.py``'s generator fed with
InterUrban's words.
"""

from __future__ import annotations

import json
import shutil
import time
import traceback
from datetime import UTC, datetime, timedelta
from email import message_from_bytes, policy
from pathlib import Path

from adjudicator.app.plays import tick
from adjudicator.dampfross.report.widths import too_wide
from adjudicator.interurban.play import PLAY
from adjudicator.postal.mailparse import read_mail
from adjudicator.postal.moves import MovesDir
from tests.helpers import invoke
from tools.fuzz import time_limit
from tools.fuzz.mail import MailFinding, MailTally, _sample

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
"""The ticks' time: before the first move's deadline, so no move is missed."""
GM = "gm@interurban.example.org"
WORDS = ("6 CURVE 1 LEFT", "H STRAIGHT", "5 STATION 3", "7 CROSSING 2 ALSO C", "AT -1,-1 CROSSING 2", "PASS", "PASSE",
         "KURVE", "GERADE RECHTS", "BAHNHOF ROT 4", "CHECK", "PRÜFE", "MOVE 1", "ZUG 2", "MOVE 99999", "GAME iu",
         "SPIEL x", "END", "ENDE", "4 CURVE", "C STRAIGHT 2", "S CURVE 0 RIGHT")
PLACES = ("1", "0", "2", "3", "4", "LEFT", "RIGHT", "LINKS", "RED", "BLUE", "GREEN", "ROT", "AT", "ALSO", "-1,2", "9999")


def new_game(where: Path) -> Path:
    game = where / "game"
    invoke("new", str(game), "--play", "interurban", "--id", "iu", "--seed", f"fuzz-{where.name}",
           "--unsafe-test-passwords", "fuzz", "--player", "RED:Anna:anna@example.org",
           "--player", "BLUE:Bernd:bernd@example.net", "--player", "GREEN:Carla:carla@example.com",
           "--deadline", "2026-12-20 18:00", "--every", "3d")
    for sub in ("cur", "new", "tmp"):
        (where / "maildir" / sub).mkdir(parents=True)
    (game / "mail.toml").write_text(f'from = "InterUrban GM <{GM}>"\n\n[source]\nkind = "maildir"\n'
                                    f'path = "{where / "maildir"}"\n', encoding="utf-8")
    return game


class MovesTarget:
    """Two InterUrban games by mail side by side; mail goes to the first, ``tick`` runs over both."""

    def __init__(self, work: Path, limit: float = 20.0):
        self.work, self.limit = work, limit
        self.games = [new_game(work / "a"), new_game(work / "b")]
        tick([str(g) for g in self.games], NOW)  # the openings queued: the pristine games
        self.pristine = work / "pristine"
        for i, game in enumerate(self.games):
            shutil.copytree(game.parent, self.pristine / str(i))
        table = MovesDir(self.games[0]).load(PLAY).table
        self.passwords = dict(line.split() for line in (self.games[0] / "passwords.txt").read_text().splitlines())
        self.addresses = {s.id: s.address for s in table.seats}
        self.words, self.places = WORDS, PLACES
        self.seq = 0

    def push(self, data: bytes, knows: set[str]) -> MailTally:
        """Deliver ``data`` (a mail that gives the right passwords of the colours ``knows``) and judge."""
        tally = MailTally(mails=1)
        game = self.games[0]
        before = MovesDir(game).load(PLAY)
        self.seq += 1
        (game.parent / "maildir" / "new" / f"{1764600000 + self.seq}.F{self.seq}.fuzz").write_bytes(data)
        outbox = game / "mail" / "outbox"
        old = {p.name for p in outbox.glob("*.json")} if outbox.is_dir() else set()
        start = time.perf_counter()
        try:
            with time_limit(self.limit):
                ticks = tick([str(g) for g in self.games], NOW + timedelta(minutes=self.seq % 50))
        except TimeoutError:
            tally.found.append(MailFinding("hang", _sample(data)))
            self._restore()
            return tally
        except BaseException:
            tally.found.append(MailFinding("traceback", traceback.format_exc() + _sample(data)))
            self._restore()
            return tally
        finally:
            tally.slowest = time.perf_counter() - start
        for t in ticks:
            if t.error and ("unexpected" in t.error or t.directory == str(self.games[1])):
                tally.found.append(MailFinding("fault", f"{t.directory}: {t.error}\n{_sample(data)}"))
        after = MovesDir(game).load(PLAY)
        on_move = before.state.on_move
        moved = after.table.moves == before.table.moves + 1 and on_move in knows
        if after.text != before.text and not (moved and after.table.seats == before.table.seats):
            tally.found.append(MailFinding("changed", _sample(data)))
        new = sorted(p for p in outbox.glob("*.json") if p.name not in old) if outbox.is_dir() else []
        tally.outgoing += len(new)
        tally.stored += 1
        tally.answered += bool(new)
        sender = read_mail(data).sender
        for info in new:
            self._judge(info, dict.fromkeys(knows, sender), data, tally)
        self._restore()
        return tally

    def _judge(self, info: Path, knows: dict[str, str], data: bytes, tally: MailTally) -> None:
        doc = json.loads(info.read_text(encoding="utf-8"))
        msg = message_from_bytes(info.with_suffix(".eml").read_bytes(), policy=policy.default)
        body = msg.get_body(preferencelist=("plain",))
        text = str(body.get_content()) if body is not None else ""  # type: ignore[union-attr]
        wide = [line for line in text.splitlines() if too_wide(line)]
        if wide:
            tally.found.append(MailFinding("too-wide", f"{doc['name']}: {wide[0]!r}\n{_sample(data)}"))
        seat = doc.get("player")
        if not seat or doc.get("kind") == "report":  # a move's report is public: it goes to every player
            return
        allowed = {self.addresses.get(seat, ""), knows.get(seat, "")}
        strangers = [a for a in doc.get("to", []) if a.lower() not in {x.lower() for x in allowed if x}]
        if strangers:
            tally.found.append(MailFinding("leak", f"{doc['name']} for {seat} to {strangers}\n{_sample(data)}"))

    def _restore(self) -> None:
        for i, game in enumerate(self.games):
            shutil.rmtree(game.parent)
            shutil.copytree(self.pristine / str(i), game.parent)
