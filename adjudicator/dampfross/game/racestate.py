"""The racing part of the game state: drawn races, used numbers, results, the winner.

Value types only.  Races are drawn by ``adjudicator.dampfross.racing.draw`` and
scheduled turn by turn by ``adjudicator.dampfross.racing.schedule``; the game file
reads and writes these types in ``adjudicator.dampfross.game.gamefile``.

Why a number was drawn again is data (``Redraw`` with a ``RedrawReason``);
the report layer says it in words.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.game.dice import Die

DrawWhat = Literal["start", "dest"]
RaceStatus = Literal["lapsed", "sole", "run", "ended", "carried"]
EndReason = Literal["threshold", "fixed_races", "racing_turns"]


class RedrawReason(StrEnum):
    """Why a drawn town number was drawn again."""

    NO_TOWN = "no-town"  # no town has the number
    UNCONNECTED = "unconnected"  # the town has no track yet
    NONE_FREE = "none-free"  # numbers_once: used, and no number is free
    START_ITSELF = "start-itself"  # the destination drawn is the start town
    NO_LAND_ROUTE = "no-land-route"  # no land route from the start
    TOO_CLOSE = "too-close"  # fewer than min_race_distance hexes from the start
    NO_DESTINATION = "no-destination"  # a start from which no destination is far enough
    USED = "used"  # numbers_once with used_number: reroll (seed 003): a used number is rolled again
    DEST_USED = "dest-used"  # dest_uses_per_town: the town has been a destination often enough
    GRID_FULL = "grid-full"  # numbers_once: no start (or destination) is left on the grid: each number once more
    REGION_UNCONNECTED = "region-unconnected"  # special run: no track in any hex of the region yet
    REGION_TOO_CLOSE = "region-too-close"  # special run: no hex of the region min_race_distance from the start


@dataclass(frozen=True)
class Redraw:
    """One number drawn again: for the start or the destination, the number, its town and why.

    For the destination of a special run, ``number`` is the roll (``52``: red
    5, white 2; ``3``: one die) and ``town`` the name of the region rolled.
    """

    what: DrawWhat
    number: int
    town: str | None
    reason: RedrawReason
    start: str | None = None  # NO_LAND_ROUTE, TOO_CLOSE: the start town
    distance: int | None = None  # TOO_CLOSE: the land distance
    minimum: int | None = None  # TOO_CLOSE: the distance the rules require


@dataclass(frozen=True)
class NumberReplaced:
    """``numbers_once``: a used number was drawn and the next free number taken instead."""

    drawn: int
    taken: int
    town: str


@dataclass(frozen=True)
class RaceDraw:
    """One drawn race: start and destination, the dice behind them and why any were redrawn.

    A special run (``special`` set: advanced rules) goes to a region of the
    map's table, not a town: ``dest_town`` is the region's name,
    ``dest_number`` 0, ``dest_hex`` and ``distance`` those of the region's
    nearest hex; each entrant picks its own destination in the region
    (``adjudicator.dampfross.racing.specials.goal``).
    """

    number: int  # the race's number in the game, from 1
    start_town: str
    start_number: int
    dest_town: str
    dest_number: int
    distance: int  # fewest land hex steps from start to destination
    dice: tuple[Die, ...]
    redraws: tuple[Redraw, ...]
    start_hex: Hex
    dest_hex: Hex
    chained: bool = False  # the start is the previous race's destination
    notes: tuple[NumberReplaced, ...] = ()
    marks: tuple[int, ...] = ()  # numbers this draw marks as used (numbers_once)
    carried: bool = False  # carry_over: nobody entered it last turn, it is run again
    special: str | None = None  # an international or special run: the key of the map's table (``5G``, ``3``)

    def __str__(self) -> str:
        dest = self.dest_town if self.special else f"{self.dest_town} ({self.dest_number})"
        return f"race {self.number}: {self.start_town} ({self.start_number}) to {dest}, {self.distance} hexes"


@dataclass(frozen=True)
class RaceResult:
    """A race as it went, kept in the game file: who came first and second (two riders on a joint trip)."""

    race: int
    turn: int
    status: RaceStatus
    start: str
    dest: str
    first: tuple[str, ...] = ()
    second: tuple[str, ...] = ()


@dataclass(frozen=True)
class Winner:
    """The end of the game: who won, why, after which race, with what balance."""

    player: str
    reason: EndReason
    race: int
    balance: int


@dataclass(frozen=True)
class RaceState:
    """Everything about races between two turns (``GameState.races``; ``None`` before the racing phase)."""

    upcoming: tuple[RaceDraw, ...] = ()  # the races of the coming turn, as printed
    used: tuple[int, ...] = ()  # numbers used (numbers_once), one entry per use, sorted
    count: int = 0  # races drawn so far (run or lapsed)
    last_destination: int | None = None  # for chain_races
    results: tuple[RaceResult, ...] = ()
    winner: Winner | None = None
