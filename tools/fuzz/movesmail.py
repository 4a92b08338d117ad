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

from datetime import UTC, datetime
from pathlib import Path

from adjudicator.app.plays import tick
from adjudicator.interurban.play import PLAY
from adjudicator.postal.loop import Tick
from adjudicator.postal.moves import Loaded, MovesDir
from tests.helpers import invoke
from tools.fuzz.mail import TickTarget

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


class MovesTarget(TickTarget):
    """Two InterUrban games by mail; a mail changes the game only by a move of the player on move, with his
    password.  A move's report is public (it goes to every player)."""

    def __init__(self, work: Path, limit: float = 20.0):
        self.work, self.limit, self.base_time = work, limit, NOW
        self.games = [new_game(work / "a"), new_game(work / "b")]
        tick([str(g) for g in self.games], NOW)  # the openings queued: the pristine games
        self.keep_pristine(work)
        self.addresses = {s.id: s.address for s in MovesDir(self.games[0]).load(PLAY).table.seats}
        self.words, self.places = WORDS, PLACES

    def tick(self, directories: list[str], now: datetime) -> list[Tick]:
        return tick(directories, now)

    def snapshot(self) -> Loaded:
        return MovesDir(self.games[0]).load(PLAY)

    def changed_rightly(self, before: object, after: object, knows: set[str]) -> bool:
        assert isinstance(before, Loaded) and isinstance(after, Loaded)
        if after.text == before.text:
            return True
        return after.table.moves == before.table.moves + 1 and before.state.on_move in knows and \
            after.table.seats == before.table.seats

    def readers(self, doc: dict[str, object], after: object, knows: dict[str, str]) -> set[str] | None:
        return None if doc.get("kind") == "report" else super().readers(doc, after, knows)
