"""One turn of the game: (state, orders, dice) -> result, whatever the phase.

``adjudicate_turn`` is the one entry point of the pure core for a turn.  It
hands the orders to the phase's engine (``adjudicator.building.turn`` or
``adjudicator.racing.turn``) and handles the change of phase: when a
building turn ends the building phase, the first races are drawn here and
printed in that turn's report.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeAlias

from adjudicator.board.model import GameMap
from adjudicator.building.turn import BuildingInput, BuildingResult, adjudicate_building_turn
from adjudicator.errors import TurnRefused
from adjudicator.game.dice import DiceRoller
from adjudicator.game.state import GameState
from adjudicator.racing.schedule import open_racing
from adjudicator.racing.turn import RacingInput, RacingResult, adjudicate_racing_turn

TurnInput: TypeAlias = BuildingInput | RacingInput
TurnResult: TypeAlias = BuildingResult | RacingResult


def adjudicate_turn(state: GameState, gmap: GameMap, orders: TurnInput, roller: DiceRoller | None) -> TurnResult:
    """Adjudicate the game's current turn with these orders and dice (``roller``: None for manual dice)."""
    if state.phase == "over":
        raise TurnRefused(f"game {state.game_id} is over")
    if isinstance(orders, RacingInput):
        return adjudicate_racing_turn(state, gmap, orders, roller)
    result = adjudicate_building_turn(state, gmap, orders, roller)
    if result.phase_end is not None:
        result = replace(result, after=open_racing(result.after, gmap, roller))
    return result
