"""Rock-paper-scissors with a referee: the tests' game of a GM's own section (``kernel/gmorders.py``).

As ``tests/games/rps.py``, but a round where both throw the same is the
GM's to rule: it waits (even at its deadline) until a section ``PLAYER GM
PASSWORD <secret>`` says ``RULING RED``, ``RULING BLUE`` or ``RULING NONE``,
and the seat he names wins the round.  A ruling sent before the throws are
in is kept and used when they tie; the last one of a round counts.  The
whole game is this subclass: the platform keeps, archives, verifies and
undoes the GM's section as it does a seat's orders.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from adjudicator.kernel.declare import Declaration, Seats
from adjudicator.kernel.play import Draw, Lines
from adjudicator.kernel.table import Table
from tests.games.rps import RockPaperScissors, State, Words


class RefereedWords(Words):
    """The words of rock-paper-scissors, and the receipts of the GM's section (English only: a test game)."""

    def receipt(self, table: Table, state: Any, code: str, data: Mapping[str, Any]) -> str:
        if code == "gm-accepted":
            replaced = f" It replaces your ruling of an earlier mail: {' / '.join(data['replaced'])}." \
                if data.get("replaced") else ""
            return f"Your ruling for round {data['move']} is in.{replaced}\n"
        if code == "gm-refused":
            return "Not taken: write RULING RED, RULING BLUE or RULING NONE.\n"
        return super().receipt(table, state, code, data)


class Refereed(RockPaperScissors):
    name = "refereed"
    title = "RPS+GM"
    words = RefereedWords()
    declaration = Declaration("refereed", "RPS+GM", Seats(2, 2, bots=("random", "careful")))

    def read_gm(self, state: State, lines: Lines) -> tuple[str | None, tuple[Any, ...]]:
        words = [text.split() for _, text in lines]
        if len(words) != 1 or len(words[0]) != 2 or words[0][0].upper() != "RULING" or \
                words[0][1].upper() not in (*state.seats, "NONE"):
            return None, tuple((n, text) for n, text in lines) or ((0, ""),)
        return words[0][1].upper(), ()

    def _tied(self, state: State, orders: Mapping[str, str]) -> bool:
        throws = [orders.get(seat) for seat in state.seats]
        return throws[0] is not None and throws[0] == throws[1]

    def wanting(self, state: State, orders: Mapping[str, str], gm: str | None) -> tuple[Any, ...]:
        return (("ruling", state.round),) if gm is None and self._tied(state, orders) else ()

    def resolve_gm(self, state: State, orders: Mapping[str, str], gm: str | None,
                   draw: Draw) -> tuple[State, dict[str, Any]]:
        after, events = self.resolve(state, orders, draw)
        if not self._tied(state, orders) or gm in (None, "NONE"):
            return after, events
        wins = tuple(w + (seat == gm) for seat, w in zip(state.seats, state.wins, strict=True))
        over = max(wins) >= 2 or state.round >= 5
        return replace(after, round=state.round + (not over), wins=wins, over=over), {**events, "won": gm}


PLAY = Refereed()
