"""International and special runs (advanced rules, rules-reference.md §5): which races, their regions, their goals.

Seed 000, Zusatzregeln: "In der Betriebsphase wird das Ziel einer
Internationalen bzw. Sonderfahrt nach einer besonderen Tabelle ermittelt.
Nennt die Tabelle dabei verschiedene Ziele, kann sich jeder Spieler den für
ihn vorteilhaftesten Ort aussuchen."  Germany: "jede zweite Fahrt ist eine
internationale Fahrt ... Beim roten Würfel gilt die Punktzahl, beim weißen
interessiert nur, ob eine gerade (G) oder ungerade (U) Zahl geworfen wurde";
France, USA East, USA West: "nach jeder dritten Fahrt ... mit nur einem
Würfel".  "In den internationalen Fahrten gelten die gleichen Fahrtkosten
und Prämien wie auf den normalen Routen."

The table is map data (``special_runs:``, ``adjudicator.dampfross.board.advanced``);
race ``n`` is special when ``n`` is a multiple of the map's ``every`` (or the
rules' ``special_every``).  The start is drawn as for any race; the
destination is a row of the table, rolled with the dice the map names.

Readings (docs/rules.md):
- a region's *destinations* are its hexes (its towns', its countries' land
  hexes) at least ``min_race_distance`` land steps from the start; a row
  whose region has none is rolled again, and so is (``redraw_unconnected``)
  a row whose destinations no track or bought ferry reaches yet, unless no
  row has any, when that check is dropped (the race may lapse);
- each entrant's route ends in a destination of its choice, and must not
  pass through the region before its last hex (it would have arrived);
- with ``chain_races`` the race after a special run starts at a drawn town;
- with manual dice the GM gives a special run as ``RACE n FROM <town>
  SPECIAL <row>`` (reading 78): the row as rolled, no dice (``given_special``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from adjudicator.dampfross.board.advanced import SpecialDestination, SpecialRuns
from adjudicator.dampfross.board.hexgrid import Hex, distance
from adjudicator.dampfross.board.model import GameMap, Town
from adjudicator.dampfross.game.dice import Die, RaceDice
from adjudicator.dampfross.game.racestate import RaceDraw, Redraw, RedrawReason
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.racing.distance import land_steps_from

MAX_ROLLS = 200  # rolls of the table before giving up (never reached with a usable table)


@dataclass(frozen=True)
class Goal:
    """Where a race ends: one hex (the destination town), or any hex of a region (a special run)."""

    hexes: frozenset[Hex]
    region: str | None = None  # the region's name (a special run)
    hex: Hex | None = None  # the destination town's hex (a normal race)

    @classmethod
    def town(cls, h: Hex) -> Goal:
        return cls(frozenset({h}), None, h)

    def __contains__(self, h: object) -> bool:
        return h in self.hexes


def special_every(gmap: GameMap, rules: Rules) -> int:
    """Every how many races a special run comes; 0 when the game has none."""
    if not rules.special_runs or gmap.special_runs is None:
        return 0
    return rules.special_every or gmap.special_runs.every


def is_special(gmap: GameMap, rules: Rules, number: int) -> bool:
    """True when race ``number`` is an international or special run."""
    every = special_every(gmap, rules)
    return bool(every) and number % every == 0


def destinations(gmap: GameMap, rules: Rules, dest: SpecialDestination, start: Hex,
                 steps: Mapping[Hex, int] | None = None) -> frozenset[Hex]:
    """The hexes of a region a train from ``start`` may end in: at least ``min_race_distance`` away.

    [reading] A hex no land route reaches (England from France, an island
    such as Falster with Gedser) lies across the water, further than any
    land distance: it counts as far enough.
    """
    steps = steps if steps is not None else land_steps_from(gmap, start)
    far = rules.min_race_distance
    return frozenset(h for h in gmap.region(dest) if h != start and steps.get(h, far) >= far)


def goal(gmap: GameMap, rules: Rules, draw: RaceDraw) -> Goal:
    """Where the trains of a drawn race may end."""
    table = gmap.special_runs
    if draw.special is None or table is None or draw.special not in table.destinations:
        return Goal.town(draw.dest_hex)
    dest = table.destinations[draw.special]
    return Goal(destinations(gmap, rules, dest, draw.start_hex), dest.name)


@dataclass(frozen=True)
class RegionDraw:
    """The destination row of a special run as rolled: the row, its destinations, the dice, the rerolls."""

    dest: SpecialDestination
    hexes: frozenset[Hex]
    dice: tuple[Die, ...]
    redraws: tuple[Redraw, ...]
    steps: Mapping[Hex, int]
    start: Hex

    @property
    def nearest(self) -> Hex:
        """The destination nearest the start by land (else by hex steps; ties by label): the draw's ``dest_hex``."""
        return min(self.hexes, key=lambda h: (h not in self.steps, self.distance(h), h))

    def distance(self, h: Hex) -> int:
        """Land steps from the start, or hex steps where no land route leads (across the water)."""
        return self.steps[h] if h in self.steps else distance(self.start, h)


def draw_region(gmap: GameMap, rules: Rules, dice: RaceDice, number: int, start: Town,
                reached: Collection[Hex] | None) -> RegionDraw | None:
    """Roll the map's table for race ``number`` from ``start`` until a row has destinations.

    ``reached``: hexes with track or at a bought ferry's far port; a row none
    of whose destinations is reached is rolled again (``None``: no check).
    ``None`` when no row of the table can be used at all (the caller draws
    a town instead).
    """
    table = gmap.special_runs
    if table is None:
        return None
    steps = land_steps_from(gmap, start.hex)
    usable = {k: destinations(gmap, rules, d, start.hex, steps) for k, d in table.destinations.items()}
    if reached is not None and not any(hexes & set(reached) for hexes in usable.values()):
        reached = None  # [reading] nothing is reached anywhere yet: roll among every row
    if not any(usable.values()):
        return None
    rolled: list[Die] = []
    redraws: list[Redraw] = []
    for attempt in range(1, MAX_ROLLS + 1):
        key, code, new = _roll(table, dice, number, attempt)
        rolled += new
        dest = table.destinations[key]
        hexes = usable[key]
        if not hexes:
            redraws.append(Redraw("dest", code, dest.name, RedrawReason.REGION_TOO_CLOSE, start.name,
                                  minimum=rules.min_race_distance))
        elif reached is not None and not hexes & set(reached):
            redraws.append(Redraw("dest", code, dest.name, RedrawReason.REGION_UNCONNECTED))
        else:
            return RegionDraw(dest, hexes, tuple(rolled), tuple(redraws), steps, start.hex)
    return None


def _roll(table: SpecialRuns, dice: RaceDice, number: int, attempt: int) -> tuple[str, int, list[Die]]:
    """One roll of the table: its key, the roll as a number (``52``: red 5, white 2), the dice."""
    if table.die == "one":
        die = dice.die(f"race{number}:region:die", attempt)
        return table.key(die.value), die.value, [die]
    red = dice.die(f"race{number}:region:red", attempt)
    white = dice.die(f"race{number}:region:white", attempt)
    return table.key(red.value, white.value), 10 * red.value + white.value, [red, white]


def given_special(gmap: GameMap, rules: Rules, number: int, start: Town, key: str) -> RaceDraw:
    """A special run as the GM gives it with physical dice (reading 78): the start town and the table's row.

    Nothing is rolled or rolled again: a row without a hex far enough from
    the start is run as given (no entry can end in it; the turn warns the GM).
    The draw's ``dest_hex`` is the region's nearest destination, else its
    nearest hex.
    """
    table = gmap.special_runs
    assert table is not None and key in table.destinations, key
    dest = table.destinations[key]
    steps = land_steps_from(gmap, start.hex)
    hexes = destinations(gmap, rules, dest, start.hex, steps) or gmap.region(dest) - {start.hex} or gmap.region(dest)
    region = RegionDraw(dest, frozenset(hexes), (), (), steps, start.hex)
    nearest = region.nearest
    return RaceDraw(number, start.name, start.numbers[0] if start.numbers else 0, dest.name, 0,
                    region.distance(nearest), (), (), start.hex, nearest, special=key)
