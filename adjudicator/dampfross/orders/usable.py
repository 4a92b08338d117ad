"""Whether a turn's orders can make a turn at all, and whose of them count: pure order logic (issue 24 moved it
out of the application layer, the old ``app/run.py``, removed in issue 34).

A turn is refused as a whole (nothing changes) when its orders cannot make
one: the game is over, an order file named could not be read, the orders are
for another game, or all of them for other turns.  The refusal is a code
with its data; the GM's sentence for it is the report layer's
(``report/orderwords.py: unusable_text``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from enum import StrEnum

from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.engine.turn import TurnInput
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.orders.codes import ProblemCode
from adjudicator.dampfross.orders.model import OrderProblem
from adjudicator.dampfross.orders.resolve import resolve
from adjudicator.dampfross.orders.sections import OrderSet
from adjudicator.dampfross.orders.standing import standing_notes, with_standing
from adjudicator.dampfross.orders.translate import GMNote, engine_input, settle_orders

FILE_PROBLEMS = frozenset({ProblemCode.UNREADABLE_FILE, ProblemCode.MISSING_FILE, ProblemCode.NO_ORDER_FILES})
"""Problems that mean an order file named on the command line could not be read: the run is refused."""


class Why(StrEnum):
    """Why a turn's orders cannot make a turn."""

    OVER = "over"
    UNREADABLE = "unreadable"  # problems: the files that could not be read
    OTHER_GAME = "other-game"  # problems: the GAME lines of another game
    OTHER_TURN = "other-turn"  # turns: the turns the orders are for


@dataclass(frozen=True)
class Unusable:
    """A refused turn: why, and its data."""

    why: Why
    game: str
    turn: int
    problems: tuple[OrderProblem, ...] = ()
    turns: tuple[int, ...] = ()


@dataclass(frozen=True)
class Settled:
    """Orders that make a turn: whose count, the engine's input, the GM's notes."""

    orders: OrderSet
    turn_input: TurnInput
    notes: tuple[GMNote, ...]


def unreadable(orders: OrderSet, state: GameState | None = None) -> Unusable | None:
    """Orders of which a file cannot be read (missing, a directory without order files, too big)."""
    found = tuple(p for p in orders.problems if p.code in FILE_PROBLEMS)
    if not found:
        return None
    return Unusable(Why.UNREADABLE, state.game_id if state else "", state.turn if state else 0, found)


def unusable(state: GameState, orders: OrderSet) -> Unusable | None:
    """Orders that cannot make a turn: the game over, unreadable files, another game, only other turns."""
    if state.phase == "over":
        return Unusable(Why.OVER, state.game_id, state.turn)
    refused = unreadable(orders, state)
    if refused is not None:
        return refused
    wrong_game = tuple(p for p in orders.problems if p.code is ProblemCode.GAME_MISMATCH)
    if wrong_game:
        return Unusable(Why.OTHER_GAME, state.game_id, state.turn, wrong_game)
    turns = {s.turn for s in orders.sections if s.turn is not None}
    if turns and state.turn not in turns:
        return Unusable(Why.OTHER_TURN, state.game_id, state.turn, turns=tuple(sorted(turns)))
    return None


def settle(state: GameState, gmap: GameMap, raw: OrderSet, trust: bool, gm_files: tuple[str, ...],
           standing: bool = True, accepted: Mapping[str, Collection[str]] | None = None) -> Settled | Unusable:
    """The orders on the map, refused if they cannot make a turn, settled (whose count), as the engine's input;
    ``standing``: with the standing orders of the companies without a section that counts (a turn's, not a
    mail's check); ``accepted``: the sections accepted by mail (``settle_orders``)."""
    orders = resolve(raw, gmap, companies=state.player_ids)
    refused = unusable(state, orders)
    if refused is not None:
        return refused
    settled, notes = settle_orders(state, orders, trust, gm_files, accepted)
    turn_input, more = engine_input(state, settled)
    if standing:
        turn_input = with_standing(state, gmap, settled, turn_input)  # standing orders (issue 27)
        more = standing_notes(state, settled, more)
    return Settled(settled, turn_input, tuple(notes + more))
