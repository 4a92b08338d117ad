"""One turn of the game: (state, orders, dice) -> result, whatever the phase.

``adjudicate_turn`` is the one entry point of the pure core for a turn.  It
hands the orders to the phase's engine (``adjudicator.dampfross.building.turn`` or
``adjudicator.dampfross.racing.turn``) and handles the change of phase: when a
building turn ends the building phase, the first races are drawn here and
printed in that turn's report.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from typing import TYPE_CHECKING, TypeAlias

from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.building.turn import BuildingInput, BuildingResult, adjudicate_building_turn
from adjudicator.dampfross.game.dice import DiceRoller
from adjudicator.dampfross.game.state import GameState
from adjudicator.kernel.errors import TurnRefused

if TYPE_CHECKING:  # racing is imported when a turn needs it: a building turn's process does without it
    from adjudicator.dampfross.racing.turn import RacingInput, RacingResult

TurnInput: TypeAlias = "BuildingInput | RacingInput"
TurnResult: TypeAlias = "BuildingResult | RacingResult"


def adjudicate_turn(state: GameState, gmap: GameMap, orders: TurnInput, roller: DiceRoller | None) -> TurnResult:
    """Adjudicate the game's current turn with these orders and dice (``roller``: None for manual dice)."""
    if state.phase == "over":
        raise TurnRefused(f"game {state.game_id} is over")
    result: TurnResult
    if isinstance(orders, BuildingInput):
        result = adjudicate_building_turn(state, gmap, orders, roller)
        if result.phase_end is not None:
            from adjudicator.dampfross.racing.schedule import open_racing  # only the last building turn draws races

            result = replace(result, after=open_racing(result.after, gmap, roller))
    else:
        from adjudicator.dampfross.racing.turn import adjudicate_racing_turn  # not imported by a building turn

        result = adjudicate_racing_turn(state, gmap, orders, roller)
    return replace(result, after=count_missed(result.after, orders.orders))


def count_missed(state: GameState, sent: Collection[str]) -> GameState:
    """Turns in a row without orders (no moves received): 0 for a company whose orders counted, one more for
    any other; a retired company's count stays as it was."""
    players = tuple(p if p.retired is not None else replace(p, missed=0 if p.id in sent else p.missed + 1)
                    for p in state.players)
    return replace(state, players=players)
