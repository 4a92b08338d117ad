"""Which races a turn runs: drawing the coming turn's races and recording them in the state.

A racing turn runs the races printed in the previous report
(``RaceState.upcoming``); at its end (and at the end of the building phase)
the next turn's races are drawn here.  With manual dice nothing is drawn:
the GM gives each turn's races with RACE lines.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.game.dice import DiceRoller, MovesDice, RaceDice, RolledDice
from adjudicator.dampfross.game.errors import RaceDrawError
from adjudicator.dampfross.game.racestate import RaceDraw, RaceState
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.racing.draw import draw_turn_races, used_after


def race_dice(state: GameState, roller: DiceRoller | None, moves: Mapping[tuple[int, str], Sequence[int]]) -> RaceDice:
    """The game's HMAC dice for this turn, or the GM's MOVES lists (manual mode)."""
    if state.dice_mode == "manual" or roller is None:
        return MovesDice(moves, state.game_id, state.turn)
    return RolledDice(roller, state.turn)


def draw_next(state: GameState, gmap: GameMap, roller: DiceRoller | None, turn: int) -> tuple[RaceDraw, ...]:
    """Draw the races of ``turn`` (none with manual dice: the GM gives them with RACE lines)."""
    if state.dice_mode == "manual" or roller is None:
        return ()
    races = state.races or RaceState()
    connected = set(state.connections) if state.rules.redraw_unconnected else None
    count = state.rules.races_per_turn
    if state.rules.fixed_races:
        count = min(count, state.rules.fixed_races - races.count)
    if count <= 0:
        return ()

    dest_counts = destination_counts(races)
    reached = reached_hexes(state, gmap) if state.rules.redraw_unconnected else None

    def draw(towns: set[str] | None) -> tuple[RaceDraw, ...]:
        return draw_turn_races(
            gmap, state.rules, RolledDice(roller, turn), races.count + 1, count=count,
            used=races.used, connected=towns, last_destination=races.last_destination,
            uses_per_number=state.rules.number_uses, dest_counts=dest_counts, reached=reached,
        )

    try:
        return draw(connected)
    except RaceDrawError:
        if connected is None:
            raise
        # [reading] too few towns are connected for any race: draw among all towns
        # (such a race lapses unless somebody can reach both ends) rather than stall the game
        return draw(None)


def destination_counts(races: RaceState) -> Counter[str]:
    """How often each town has been a destination: every race drawn, a carried-over race once."""
    done = {r.race: r.dest for r in races.results if r.status != "carried"}
    out = Counter(done.values())
    out.update(d.dest_town for d in races.upcoming if d.number not in done)
    return out


def reached_hexes(state: GameState, gmap: GameMap) -> set[Hex]:
    """Hexes a train could end in today: every hex with track, and the far ports of bought ferries."""
    out = {h for s in state.track for h in s.side.hexes}
    bought = {f.ferry for f in state.ferries}
    out |= {f.b for f in gmap.ferries if f.name in bought}
    return out


def record_draws(races: RaceState | None, draws: tuple[RaceDraw, ...],
                 carried: tuple[RaceDraw, ...] = ()) -> RaceState:
    """The race state after drawing the coming turn's races: printed, numbers marked, counted.

    ``carried`` races (run again, nobody entered them) come first and keep their numbers and marks.
    """
    races = races or RaceState()
    return replace(
        races,
        upcoming=carried + draws,
        used=used_after(races.used, draws),
        count=races.count + len(draws),
        last_destination=_last_destination(races, draws),
    )


def open_racing(state: GameState, gmap: GameMap, roller: DiceRoller | None) -> GameState:
    """The state as the building phase ends: the first races drawn, printed and their dice logged."""
    draws = draw_next(state, gmap, roller, state.turn)
    return replace(state, races=record_draws(state.races, draws),
                   dice_log=state.dice_log + tuple(d for draw in draws for d in draw.dice))


def _last_destination(races: RaceState, draws: tuple[RaceDraw, ...]) -> int | None:
    """The number the next chained race starts from: none after a special run (its end is a region)."""
    if not draws:
        return races.last_destination
    return None if draws[-1].special is not None else draws[-1].dest_number
