"""The caretaker of a Dampfross game on the one session (reading 97, and reading 134 for where it lives; issue 34).

The caretaker is the table's (``kernel/table.py: Table.after_period``, ``postal/periods.py: bots_in``,
``postal/caretaker.py``), as in every game of the platform; the Dampfross state keeps none (its players' caretaker
fields stay empty), and the words read it from the table (``engine/caretaker.py: with_table``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from adjudicator.dampfross.board.mapfile import parse_map, shipped_map_text
from adjudicator.dampfross.engine.caretaker import after_turn, played_by_caretaker, with_table
from adjudicator.dampfross.engine.newgame import new_game
from adjudicator.dampfross.game import dice
from adjudicator.dampfross.game.rules import load_profile
from adjudicator.dampfross.game.state import GameState
from adjudicator.kernel.commitment import commitment
from adjudicator.kernel.contacts import PlayerSpec
from adjudicator.kernel.deadline import Schedule
from adjudicator.kernel.i18n import language
from adjudicator.kernel.table import Seat, Table
from adjudicator.postal.files import sha256
from adjudicator.postal.moves import MovesDir
from tests import clock
from tests.mailservers import SmtpServer, mail_bytes, smtp_server

ANNA, BERND = "anna@example.org", "bernd@example.net"
SEED = "dampfross-caretaker"


@dataclass
class Game:
    path: Path
    maildir: Path
    passwords: dict[str, str]
    smtp: SmtpServer
    count: int = 0

    @property
    def folder(self) -> MovesDir:
        return MovesDir(self.path)

    def mail(self, seat: str, body: str, when: str) -> None:
        self.count += 1
        text = f"GAME g\nPLAYER {seat} PASSWORD {self.passwords[seat]}\n" + body
        sender = ANNA if seat == "RED" else BERND
        clock.maildir_mail(self.maildir, mail_bytes(sender, text, f"{seat} {self.count}", when), when,
                           f"M{self.count:04d}P1.mx")

    def tick(self, when: str) -> None:
        from adjudicator.dampfross.play import DampfrossPlay
        from adjudicator.postal import robot, turns
        from adjudicator.postal.loop import Tick

        robot.tick_game(str(self.path), clock.instant(when), Tick(str(self.path)), turns.MovesGame(DampfrossPlay()))

    def now(self) -> tuple[Table, GameState]:
        from adjudicator.dampfross.play import PLAY

        doc = json.loads((self.path / "game.json").read_text(encoding="utf-8"))
        return Table.from_json(doc["table"], ""), PLAY.load(doc["state"])

    def records(self) -> list[dict[str, Any]]:
        return [json.loads(p.read_text()) for p in sorted((self.path / "archive").glob("step-*/record.json"))]


@pytest.fixture
def game(tmp_path: Path) -> Iterator[Game]:
    """Two companies, RED (Anna) and BLUE (Bernd), the caretaker after one missed turn, deadlines weekly."""
    from adjudicator.dampfross.play import DampfrossPlay

    with smtp_server() as smtp:
        text = shipped_map_text("germany")
        seed = dice.seed_from_text(SEED)
        specs = [PlayerSpec.parse(f"RED:Anna:{ANNA}"), PlayerSpec.parse(f"BLUE:Bernd:{BERND}")]
        schedule = Schedule(due="2026-12-04T18:00:00+00:00", every="7d", early=True)
        state, secrets = new_game("g", parse_map(text, "germany"), "map.yaml", sha256(text),
                                  load_profile("schmidt", []), specs, seed, test_passwords=SEED)
        seats = tuple(Seat(p.id, p.name, p.email, p.password_hash, "en") for p in state.players)
        play = DampfrossPlay()
        table = Table(play.name, "g", seats, "en", commitment=commitment(seed), schedule=schedule,
                      caretaker_after=1, caretaker_level="careful")
        with language("en"):
            opening = play.words.opening(table, state, None, None)
        where, maildir = tmp_path / "g", tmp_path / "maildir"
        for sub in ("cur", "new", "tmp"):
            (maildir / sub).mkdir(parents=True)
        MovesDir(where).create(play, table, state, seed, {s: secrets[s] for s in ("RED", "BLUE")}, opening)
        (where / "mail.toml").write_text(f'from = "GM <gm@example.org>"\n\n[source]\nkind = "maildir"\npath = '
                                         f'"{maildir}"\n\n{smtp.toml()}', encoding="utf-8")
        (where / "mail.toml").chmod(0o600)
        made = Game(where, maildir, {s: secrets[s] for s in ("RED", "BLUE")}, smtp)
        made.tick("2026-12-01T08:00+00:00")
        yield made


def test_the_caretaker_of_a_dampfross_game_is_the_tables(game: Game) -> None:
    """Reading 134: BLUE misses turn 1; the table hands its seat to the caretaker, whose bot writes BLUE's orders
    of turn 2 at the period's start with the Dampfross bot's random source (the lines the Dampfross stack's
    caretaker wrote); the state keeps no caretaker, and its count of missed turns is the table's.  Bernd's own mail
    with the right password, even a CHECK, takes his company back when it arrives; the caretaker's orders of that
    turn, accepted before, still count (the turn is not missed) unless his orders replace them."""
    from adjudicator.dampfross.app.botseats import bot_lines as dampfross_bot_lines
    from adjudicator.dampfross.play import PLAY

    game.mail("RED", "START Hamburg\n", "2026-12-01T09:00+00:00")
    game.tick("2026-12-01T09:05+00:00")
    game.tick("2026-12-04T18:05+00:00")  # the deadline: turn 1 without BLUE
    table, state = game.now()
    assert state.turn == 2 and table.seat("BLUE").caretaker == "careful"
    assert all(p.caretaker is None and p.caretaker_from is None for p in state.players)
    assert state.caretaker_after is None  # the setting is the table's (its level a default nobody reads)
    assert state.player("BLUE").missed == table.missed_by("BLUE") == 1
    cared = [r for r in game.records() if r["kind"] == "orders" and r.get("caretaker")]
    assert [(r["seat"], r["move"]) for r in cared] == [("BLUE", 2)]
    accepted = table.accepted("BLUE")
    assert accepted is not None and accepted.mail == ""
    seed = game.folder.read_seed()
    assert seed
    assert list(accepted.lines) == dampfross_bot_lines(state, PLAY.gmap(state), seed, "BLUE", "careful")
    # the words' view: the table's caretaker as the Dampfross reports name it (engine/caretaker.py: with_table)
    seen = with_table(state, table)
    assert played_by_caretaker(seen, 1) == [] and seen.player("BLUE").caretaker_from == 2

    game.mail("BLUE", "CHECK\nSTART Berlin\n", "2026-12-05T09:00+00:00")
    game.tick("2026-12-05T09:05+00:00")
    table, state = game.now()
    assert table.seat("BLUE").caretaker == "" and table.accepted("BLUE") is not None  # back; the bot's orders stand
    game.mail("RED", "PASS\n", "2026-12-05T10:00+00:00")
    game.tick("2026-12-05T10:05+00:00")
    table, state = game.now()
    assert state.turn == 3 and table.missed_by("BLUE") == 0 == state.player("BLUE").missed


def test_the_words_see_the_tables_caretaker_as_the_dampfross_stack_kept_it(tmp_path: Path) -> None:
    """``with_table`` gives the state's players the table's caretaker as ``engine/caretaker.py: after_turn`` kept it
    in the state: handed over after a turn (plays from the next turn), played in a turn, and given back."""
    import shutil

    from adjudicator.dampfross.app.store import GameDir
    from tests.test_dampfross_play import GOLDEN, state_before

    shutil.copytree(GOLDEN, tmp_path / "demo")
    state = state_before(GameDir(tmp_path / "demo"), 3)
    company = state.in_play[1]
    missed = replace(state, caretaker_after=1, caretaker_level="careful",
                     players=tuple(replace(p, missed=1) if p.id == company else p for p in state.players))
    old = after_turn(missed, [p for p in state.in_play if p != company])
    seats = tuple(Seat(p.id, p.name, "", "", caretaker="careful" if p.id == company else "") for p in state.players)
    table = Table("dampfross", state.game_id, seats, moves=state.turn - 1)
    assert [(p.caretaker, p.caretaker_from) for p in with_table(state, table).players] == \
        [(p.caretaker, p.caretaker_from) for p in old.players]
    assert with_table(state, table).players == tuple(replace(p, missed=q.missed) for p, q in
                                                    zip(old.players, state.players, strict=True))
    playing = replace(table, seats=tuple(replace(s, caretaker_from=state.turn) if s.caretaker else s for s in seats))
    assert played_by_caretaker(with_table(state, playing), state.turn) == [company]
