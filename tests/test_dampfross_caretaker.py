"""The caretaker of a Dampfross game on the one session (reading 97, and reading 134 for where it lives; issue 34).

The caretaker is the table's (``kernel/table.py: Table.after_period``, ``postal/periods.py: bots_in``,
``postal/caretaker.py``), as in every game of the platform; the Dampfross state keeps none (its players' caretaker
fields stay empty), and the words read it from the table (``engine/caretaker.py: with_table``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from adjudicator.dampfross.engine.caretaker import after_turn, played_by_caretaker, with_table
from adjudicator.dampfross.game.state import GameState
from adjudicator.kernel.table import Seat, Table
from tests.mailservers import smtp_server
from tests.test_dampfross_session import Game, _start

SEED = "dampfross-caretaker"


class CaretakerGame(Game):
    """The session tests' Dampfross game, with a mail from a seat and the game as it stands."""

    def mail(self, seat: str, body: str, when: str) -> None:
        self.orders(seat, body, when, f"{seat} {self.count + 1}")

    def now(self) -> tuple[Table, GameState]:
        from adjudicator.dampfross.play import PLAY

        doc = self.doc()
        return Table.from_json(doc["table"], ""), PLAY.load(doc["state"])


@pytest.fixture
def game(tmp_path: Path) -> Iterator[CaretakerGame]:
    """Two companies, RED (Anna) and BLUE (Bernd), the caretaker after one missed turn, deadlines weekly."""
    with smtp_server() as smtp:
        made = _start(tmp_path, smtp, caretaker_after=1, seed_text=SEED, kind=CaretakerGame)
        assert isinstance(made, CaretakerGame)
        made.tick("2026-12-01T08:00+00:00")
        yield made


def test_the_caretaker_of_a_dampfross_game_is_the_tables(game: CaretakerGame) -> None:
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

    from adjudicator.dampfross.app.oldformat import OldGame
    from tests.test_dampfross_play import GOLDEN, state_before

    shutil.copytree(GOLDEN, tmp_path / "demo")
    state = state_before(OldGame(tmp_path / "demo"), 3)
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
