"""One turn of the game: (state, orders, dice) -> result, whatever the phase.

``adjudicate_turn`` is the one entry point of the pure core for a turn.  It
hands the orders to the phase's engine (``adjudicator.dampfross.building.turn`` or
``adjudicator.dampfross.racing.turn``) and handles the change of phase: when a
building turn ends the building phase, the first races are drawn here and
printed in that turn's report.  Each engine is imported when a turn needs it:
a turn's process loads the engine of the game's phase only (``building_turn``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, TypeAlias

from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.game.dice import DiceRoller
from adjudicator.dampfross.game.standing import Standing
from adjudicator.dampfross.game.state import GameState
from adjudicator.kernel.errors import TurnRefused

if TYPE_CHECKING:  # the engines are imported when a turn needs them: a turn's process does without the other
    from typing_extensions import TypeIs

    from adjudicator.dampfross.building.turn import BuildingInput, BuildingResult
    from adjudicator.dampfross.racing.turn import RacingInput, RacingResult

TurnInput: TypeAlias = "BuildingInput | RacingInput"
TurnResult: TypeAlias = "BuildingResult | RacingResult"


def adjudicate_turn(state: GameState, gmap: GameMap, orders: TurnInput, roller: DiceRoller | None) -> TurnResult:
    """Adjudicate the game's current turn with these orders and dice (``roller``: None for manual dice)."""
    if state.phase == "over":
        raise TurnRefused(f"game {state.game_id} is over")
    result: TurnResult
    if building_turn(orders, state.phase):
        from adjudicator.dampfross.building.turn import adjudicate_building_turn  # not imported by a racing turn

        result = adjudicate_building_turn(state, gmap, orders, roller)
        if result.phase_end is not None:
            from adjudicator.dampfross.racing.schedule import open_racing  # only the last building turn draws races

            result = replace(result, after=open_racing(result.after, gmap, roller))
    else:
        from adjudicator.dampfross.racing.turn import adjudicate_racing_turn  # not imported by a building turn

        result = adjudicate_racing_turn(state, gmap, orders, roller)
    return replace(result, after=set_standing(count_missed(result.after, orders.orders), orders.standing))


def building_turn(value: TurnInput | TurnResult, phase: str) -> TypeIs[BuildingInput | BuildingResult]:
    """Whether ``value`` (a turn's input or result) is a building turn's, in a game that was in ``phase`` before
    the turn.  Only that phase's engine is imported to tell: a value of the other phase is known by not being of
    this phase's types (orders of the wrong phase go to the other engine, which refuses them, as they always did)."""
    if phase == "racing":
        from adjudicator.dampfross.racing.turn import RacingInput, RacingResult  # a racing turn imports only racing

        return not isinstance(value, (RacingInput, RacingResult))
    from adjudicator.dampfross.building.turn import BuildingInput, BuildingResult  # a building turn: no racing

    return isinstance(value, (BuildingInput, BuildingResult))


def set_standing(state: GameState, standing: Mapping[str, Standing | None]) -> GameState:
    """The companies' standing orders after a turn: those a mail of the turn set (``None``: cancelled) replace
    the ones on file (reading 110); the others stand."""
    if not standing:
        return state
    players = tuple(replace(p, standing=standing[p.id]) if p.id in standing else p for p in state.players)
    return replace(state, players=players)


def count_missed(state: GameState, sent: Collection[str]) -> GameState:
    """Turns in a row without orders (no moves received): 0 for a company whose orders counted, one more for
    any other; a retired company's count stays as it was."""
    players = tuple(p if p.retired is not None else replace(p, missed=0 if p.id in sent else p.missed + 1)
                    for p in state.players)
    return replace(state, players=players)
