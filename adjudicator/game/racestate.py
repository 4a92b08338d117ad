"""The racing part of the game file: drawn races, used numbers, results.

``GameState.races`` is a JSON mapping (so older files keep loading)::

    {"upcoming": [draw, ...],      # the races of the coming turn, as printed
     "used": [14, 65, ...],        # numbers used (numbers_once), one entry per use
     "count": 3,                   # races drawn so far (run or lapsed)
     "last_destination": 65,       # for chain_races
     "results": [{"race": 1, "turn": 5, "first": ["RED"], ...}],
     "winner": null}

Each draw's dice are in the dice log; a draw refers to them by label.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from adjudicator.game.dice import Die, DiceRoller
from adjudicator.board.hexgrid import Hex
from adjudicator.board.model import GameMap
from adjudicator.errors import MissingDice, RaceDrawError
from adjudicator.racing.draw import RaceDice, RaceDraw, RolledDice, draw_turn_races
from adjudicator.game.state import GameState


def draw_to_json(d: RaceDraw) -> dict[str, Any]:
    return {
        "number": d.number, "start": d.start_town, "start_number": d.start_number, "start_hex": d.start_hex.label,
        "dest": d.dest_town, "dest_number": d.dest_number, "dest_hex": d.dest_hex.label, "distance": d.distance,
        "dice": [x.label for x in d.dice], "redraws": list(d.redraws), "chained": d.chained,
        "notes": list(d.notes), "marks": list(d.marks),
    }


def draw_from_json(doc: Mapping[str, Any], log: Mapping[str, Die]) -> RaceDraw:
    return RaceDraw(
        number=doc["number"], start_town=doc["start"], start_number=doc["start_number"],
        dest_town=doc["dest"], dest_number=doc["dest_number"], distance=doc["distance"],
        dice=tuple(log[label] for label in doc["dice"]), redraws=tuple(doc["redraws"]),
        start_hex=Hex.parse(doc["start_hex"]), dest_hex=Hex.parse(doc["dest_hex"]), chained=doc.get("chained", False),
        notes=tuple(doc.get("notes", ())), marks=tuple(doc.get("marks", ())),
    )


def upcoming(state: GameState) -> tuple[RaceDraw, ...]:
    """The races printed for the coming turn."""
    log = {d.label: d for d in state.dice_log}
    return tuple(draw_from_json(d, log) for d in state.races.get("upcoming", []))


class MovesDice:
    """Manual movement dice: the GM's ``MOVES <race> <ID> <d> ...`` lists, used in order.

    A purpose ``race{n}:round{r}:{ID}`` or ``race{n}:tie{r}:{ID}`` takes the
    next value of ID's list for race n, so one list holds a train's rolls
    round by round, then its tie rerolls.
    """

    def __init__(self, moves: Mapping[tuple[int, str], Sequence[int]], game: str, turn: int):
        self.game = game
        self.turn = turn
        self._left = {key: list(values) for key, values in moves.items()}
        self.rolled: list[Die] = []

    def die(self, purpose: str, index: int = 1) -> Die:
        race, _, roller = purpose.split(":")
        key = (int(race.removeprefix("race")), roller)
        values = self._left.get(key)
        if not values:
            raise MissingDice(f"race {key[0]} needs another roll for {roller}: MOVES {key[0]} {roller} ...")
        die = Die(f"manual:{self.game}|turn={self.turn}|{purpose}|{index}", values.pop(0))
        self.rolled.append(die)
        return die


def race_dice(state: GameState, roller: DiceRoller | None, moves: Mapping[tuple[int, str], Sequence[int]]) -> RaceDice:
    """The game's HMAC dice for this turn, or the GM's MOVES lists (manual mode)."""
    if state.dice_mode == "manual" or roller is None:
        return MovesDice(moves, state.game_id, state.turn)
    return RolledDice(roller, state.turn)


def draw_next(state: GameState, gmap: GameMap, roller: DiceRoller | None, turn: int) -> tuple[RaceDraw, ...]:
    """Draw the races of ``turn`` (none with manual dice: the GM gives them with RACE lines)."""
    if state.dice_mode == "manual" or roller is None:
        return ()
    races = state.races
    connected = set(state.connections) if state.rules.redraw_unconnected else None
    count = state.rules.races_per_turn
    if state.rules.fixed_races:
        count = min(count, state.rules.fixed_races - races.get("count", 0))
    if count <= 0:
        return ()
    def draw(towns: set[str] | None) -> tuple[RaceDraw, ...]:
        return draw_turn_races(
            gmap, state.rules, RolledDice(roller, turn), races.get("count", 0) + 1, count=count,
            used=races.get("used", []), connected=towns, last_destination=races.get("last_destination"),
            uses_per_number=state.rules.number_uses,
        )

    try:
        return draw(connected)
    except RaceDrawError:
        if connected is None:
            raise
        # [reading] too few towns are connected for any race: draw among all towns
        # (such a race lapses unless somebody can reach both ends) rather than stall the game
        return draw(None)


def record_draws(races: Mapping[str, Any], draws: tuple[RaceDraw, ...]) -> dict[str, Any]:
    """The races mapping after drawing the coming turn's races: printed, numbers marked, counted."""
    out = {"used": [], "count": 0, "last_destination": None, "results": [], "winner": None, **races}
    out["upcoming"] = [draw_to_json(d) for d in draws]
    out["used"] = sorted(list(out["used"]) + [n for d in draws for n in d.marks])
    out["count"] = out["count"] + len(draws)
    if draws:
        out["last_destination"] = draws[-1].dest_number
    return out
