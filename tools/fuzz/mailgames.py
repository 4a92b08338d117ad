"""The games the mail fuzzer plays against (``tools/fuzz/mail.py``), by name: what each supplies and nothing more.

Each is a ``mail.MailGame``: how a game by mail is set up, its order words, the heading and the orders of a
section, what a mail may change in it, and which orders count.  Everything else (the mails, the tick, the
judging) is the same for every game.

* ``dampfross``: the example of ``examples/postal`` (three companies on the German map, turn 1, before the
  deadline; RED and BLUE have orders that count).  A mail may change an address or a password, nothing else
  (turn, phase, balances, track); the orders that count are the companies whose sections would be used if the
  turn ran now (passwords checked).
* ``interurban``: a new InterUrban game of three colours.  A mail changes the game only by one move of the
  player on move, with his password; the orders that count are the moves made.  A move's report is public.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from adjudicator.app.plays import tick
from tests.helpers import invoke
from tools.fuzz.mail import MailGame, MailTarget


@dataclass
class Dampfross:
    name: str = "dampfross"
    gm: str = "gm@dampfross.example.org"
    words: tuple[str, ...] = (
        "BUILD", "BAUE", "START", "STARTE", "PASS", "PASSE", "ENTER", "FAHRE", "DECLARE END", "PRESS", "END PRESS",
        "PRESS ANONYMOUS", "HELP", "HILFE", "MAP", "KARTE", "STATUS", "REPORT", "RULES", "SET ADDRESS",
        "PASSWORD RESET", "NEUES PASSWORT", "ROLL", "RACE", "MOVES", "HOLD PRESS", "GAME", "TURN", "ZUG", "END")
    places: tuple[str, ...] = ("Hamburg", "Berlin", "München", "Rostok", "1108", "1408", "0712", "9999", "12", "Köln",
                               "ﾊﾝﾌﾞﾙｸﾞ")
    when: datetime = datetime(2025, 11, 20, 11, 0, tzinfo=UTC)

    def new_game(self, where: Path) -> Path:
        from tests.postal_game import setup_game

        game = setup_game(where)
        invoke("tick", str(game), "--now", self.when.isoformat())  # the example's own mails answered once
        return game

    def _loaded(self, game: Path) -> Any:
        from adjudicator.dampfross.app.gm import commands_of
        from adjudicator.postal.moves import MovesDir

        return MovesDir(game).load(commands_of(str(game)).dplay)

    def addresses(self, game: Path) -> dict[str, str]:
        return {s.id: s.address for s in self._loaded(game).table.seats}

    def heading(self, game: Path) -> list[str]:
        state = self._loaded(game).state
        return [f"GAME {state.game_id}", f"TURN {state.turn}"]

    def orders(self, rng: random.Random, game: Path, player: str) -> list[str]:
        start = rng.choice(("Hamburg", "Berlin", "München", "Köln", "Leipzig"))
        return rng.choice(([f"START {start}", f"BUILD {start} - {rng.choice(self.places)}"], ["PASS"],
                           [f"BUILD {rng.choice(self.places)} - {rng.choice(self.places)}"]))

    def snapshot(self, game: Path) -> object:
        state = self._loaded(game).state
        return state.turn, state.phase, [p.balance for p in state.players], state.track

    def changed_rightly(self, before: object, after: object, knows: set[str]) -> bool:
        return before == after

    def accepted(self, game: Path) -> set[str]:
        """The companies whose orders the session accepted for the turn on hand (passwords checked): those the
        turn would use if it ran now."""
        loaded = self._loaded(game)
        return {f"{sid} turn {loaded.state.turn}" for sid, _accepted in loaded.table.orders}

    def public(self, doc: dict[str, object]) -> bool:
        return doc.get("kind") == "forward"


@dataclass
class InterUrban:
    name: str = "interurban"
    gm: str = "gm@interurban.example.org"
    words: tuple[str, ...] = (
        "6 CURVE 1 LEFT", "H STRAIGHT", "5 STATION 3", "7 CROSSING 2 ALSO C", "AT -1,-1 CROSSING 2", "PASS", "PASSE",
        "KURVE", "GERADE RECHTS", "BAHNHOF ROT 4", "CHECK", "PRÜFE", "MOVE 1", "ZUG 2", "MOVE 99999", "GAME iu",
        "SPIEL x", "END", "ENDE", "4 CURVE", "C STRAIGHT 2", "S CURVE 0 RIGHT")
    places: tuple[str, ...] = ("1", "0", "2", "3", "4", "LEFT", "RIGHT", "LINKS", "RED", "BLUE", "GREEN", "ROT", "AT",
                               "ALSO", "-1,2", "9999")
    when: datetime = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)

    def new_game(self, where: Path) -> Path:
        game = where / "game"
        invoke("new", str(game), "--play", "interurban", "--id", "iu", "--seed", f"fuzz-{where.name}",
               "--unsafe-test-passwords", "fuzz", "--player", "RED:Anna:anna@example.org",
               "--player", "BLUE:Bernd:bernd@example.net", "--player", "GREEN:Carla:carla@example.com",
               "--deadline", "2026-12-20 18:00", "--every", "3d")
        for sub in ("cur", "new", "tmp"):
            (where / "maildir" / sub).mkdir(parents=True)
        (game / "mail.toml").write_text(f'from = "InterUrban GM <{self.gm}>"\n\n[source]\nkind = "maildir"\n'
                                        f'path = "{where / "maildir"}"\n', encoding="utf-8")
        tick([str(game)], self.when)  # the openings queued
        return game

    def _loaded(self, game: Path) -> Any:
        from adjudicator.interurban.play import PLAY
        from adjudicator.postal.moves import MovesDir

        return MovesDir(game).load(PLAY)

    def addresses(self, game: Path) -> dict[str, str]:
        return {s.id: s.address for s in self._loaded(game).table.seats}

    def heading(self, game: Path) -> list[str]:
        loaded = self._loaded(game)
        return [f"GAME {loaded.table.game}", f"MOVE {loaded.table.moves + 1}"]

    def orders(self, rng: random.Random, game: Path, player: str) -> list[str]:
        from adjudicator.interurban.notation import written
        from tools.selfplay.interurban import random_move

        state = self._loaded(game).state
        if state.on_move != player or state.over:
            return [rng.choice(self.words)]
        return list(written(state, random_move(state, rng), player) or ("PASS",)) or ["PASS"]

    def snapshot(self, game: Path) -> object:
        return self._loaded(game)

    def changed_rightly(self, before: object, after: object, knows: set[str]) -> bool:
        b: Any = before
        a: Any = after
        if a.text == b.text:
            return True
        return bool(a.table.moves == b.table.moves + 1 and b.state.on_move in knows and a.table.seats == b.table.seats)

    def accepted(self, game: Path) -> set[str]:
        return {f"move {n}" for n in range(1, self._loaded(game).table.moves + 1)}

    def public(self, doc: dict[str, object]) -> bool:
        return doc.get("kind") == "report"


GAMES: dict[str, MailGame] = {"dampfross": Dampfross(), "interurban": InterUrban()}
"""The games the mail fuzzer knows, by name."""


def mail_target(name: str, work: Path, limit: float = 20.0, budgets: bool | None = None) -> MailTarget:
    """Two games of ``name`` (of ``GAMES``) by mail in ``work``, ready for mails (``budgets``: the switch, by
    default ``mail.BUDGETS``)."""
    from tools.fuzz import mail

    return MailTarget(GAMES[name], work, limit, mail.BUDGETS if budgets is None else budgets)
