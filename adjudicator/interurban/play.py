"""InterUrban as a play of the postal loop (``kernel/play.py``): the rules core behind the kernel's protocol.

``adjudicate new DIR --play interurban`` starts a game of it; ``tick`` runs
it by mail (``postal/turns.py``).  Reading a move checks it as the move
itself will (``preview.check``), so a move that reaches ``move`` is never
refused and a player's mistakes all come back in the receipt.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from adjudicator.interurban import ahead, bots, codec, move, notation, preview
from adjudicator.interurban.rules import Problem
from adjudicator.interurban.shuffle import SeededDraw
from adjudicator.interurban.state import Placement, State
from adjudicator.interurban.svg import svg
from adjudicator.interurban.words.mail import MailWords
from adjudicator.kernel.play import Draw, Lines, SequentialPlay
from adjudicator.kernel.table import Moves


class InterUrban(SequentialPlay[State, tuple[Placement, ...], Any]):
    """The play: setup, reading, moves and missed moves, the state as JSON (a game of sequential moves: the turn
    protocol's ``to_act``, ``ready``, ``missing`` and ``resolve`` come from ``SequentialPlay``)."""

    name = "interurban"
    title = "InterUrban"

    def __init__(self) -> None:
        self.words = MailWords()

    def setup(self, game: str, seats: Sequence[str], draw: Draw) -> State:
        return move.setup(game, seats, draw)

    def draw(self, seed: str) -> SeededDraw:
        return SeededDraw(seed)

    def load(self, doc: Mapping[str, Any]) -> State:
        return codec.load(doc)

    def dump(self, state: State) -> dict[str, Any]:
        return codec.dump(state)

    def on_move(self, state: State) -> str | None:
        return None if state.over else state.on_move

    def order_line(self, line: str) -> bool:
        return notation.order_like(line)

    def read(self, state: State, seat: str, lines: Lines) -> tuple[tuple[Placement, ...] | None, tuple[Any, ...]]:
        placements, problems = notation.parse_move(lines, state, seat)
        if placements is None:
            return None, problems
        checked = preview.check(state, seat, placements)
        if not isinstance(checked, preview.Preview):
            return None, (checked,)
        return placements, ()

    def split(self, state: State, seat: str, lines: Lines) -> tuple[Lines, Moves | None, tuple[Any, ...]]:
        return ahead.split(lines, state)

    def preview(self, state: State, seat: str, made: tuple[Placement, ...]) -> preview.Preview | Problem:
        return preview.check(state, seat, made)

    def move(self, state: State, seat: str, made: tuple[Placement, ...], draw: Draw) -> tuple[State, Any]:
        return move.apply_move(state, made, draw)

    def miss(self, state: State, seat: str) -> tuple[State, Any]:
        return move.miss(state)

    def picture(self, state: State) -> str:
        return svg(state)

    bot_levels = bots.LEVELS

    def bot(self, state: State, seat: str, level: str, rng: random.Random) -> tuple[str, ...]:
        return bots.bot_move(state, seat, level, rng)


PLAY = InterUrban()
