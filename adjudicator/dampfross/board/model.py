"""The map model: terrain, towns, rivers and countries as frozen values with geometry queries.

A ``GameMap`` is what the rest of the program sees of a map; it knows
nothing of games, files or YAML (``adjudicator.dampfross.board.mapfile`` builds one
from a map file and checks it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property, lru_cache

from adjudicator.dampfross.board.advanced import Ferry, SpecialDestination, SpecialRuns
from adjudicator.dampfross.board.folding import fold_name, name_keys
from adjudicator.dampfross.board.hexgrid import Hex, Side

VALID_NUMBERS = frozenset(10 * a + b for a in range(1, 7) for b in range(1, 7))


class Terrain(Enum):
    """What a hex is made of."""

    PLAIN = "."
    MOUNTAIN = "^"
    WATER = "~"

    @property
    def word(self) -> str:
        return self.name.lower()


@dataclass(frozen=True)
class Town:
    """A named place in one hex; ``numbers`` are its town numbers (11..66)."""

    name: str
    hex: Hex
    numbers: tuple[int, ...] = ()
    start: bool = False
    port: bool = False
    aliases: tuple[str, ...] = ()  # other names players use (docs/maps.md ``aliases:``): Munich, Cologne

    @property
    def spellings(self) -> tuple[str, ...]:
        """The town's name and its aliases: every name it answers to."""
        return (self.name, *self.aliases)

    @property
    def numbered(self) -> bool:
        return bool(self.numbers)

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, eq=False)
class GameMap:
    """A loaded, valid map.  Pure data with geometry queries; knows nothing of games."""

    name: str
    code: str
    terrain: Mapping[Hex, Terrain]
    towns: tuple[Town, ...]
    rivers: frozenset[Side] = frozenset()
    countries: Mapping[Hex, str] = field(default_factory=dict)
    country_names: Mapping[str, str] = field(default_factory=dict)
    home: str | None = None
    designer: str = ""
    source: str = ""
    ferries: tuple[Ferry, ...] = ()  # advanced rules: ferry lines (docs/maps.md ``ferries:``)
    ferries_per_player: int | None = None  # how many ferries one player may own; None: no limit
    ferry_port_bonus: bool = True  # False: a ferry's home port pays no town bonus when ferries are in play
    special_runs: SpecialRuns | None = None  # advanced rules: the table of international or special runs

    # --- geometry -------------------------------------------------------
    @cached_property
    def width(self) -> int:
        return max(h.col for h in self.terrain)

    @cached_property
    def height(self) -> int:
        return max(h.row for h in self.terrain)

    def on_map(self, h: Hex) -> bool:
        return h in self.terrain

    def terrain_at(self, h: Hex) -> Terrain | None:
        return self.terrain.get(h)

    def is_land(self, h: Hex) -> bool:
        t = self.terrain.get(h)
        return t is not None and t is not Terrain.WATER

    def neighbours(self, h: Hex) -> tuple[Hex, ...]:
        """Adjacent hexes that are on the map."""
        found = self._adjacent.get(h)
        return found if found is not None else tuple(n for n in h.neighbours() if n in self.terrain)

    @cached_property
    def _adjacent(self) -> dict[Hex, tuple[Hex, ...]]:
        """Every map hex's neighbours on the map, worked out once (searches ask for them thousands of times); each
        neighbour is the map's own ``Hex`` object, so the parsed map kept in the cache on disk (``app/session.py:
        _parsed_map``) pickles each hex once: a third smaller, read in half the time."""
        own = {h: h for h in self.terrain}
        return {h: tuple(own[n] for n in h.neighbours() if n in own) for h in self.terrain}

    def has_river(self, a: Hex, b: Hex) -> bool:
        return Side(a, b) in self.rivers

    def is_border(self, a: Hex, b: Hex) -> bool:
        """True when a national border runs along the side between ``a`` and ``b``."""
        ca, cb = self.countries.get(a), self.countries.get(b)
        return ca is not None and cb is not None and ca != cb

    def country_of(self, h: Hex) -> str | None:
        """The country code of a hex (``None`` when the map has no countries grid)."""
        return self.countries.get(h)

    def abroad(self, h: Hex) -> bool:
        """True for a hex of another country than the map's home country (never without ``home``)."""
        c = self.countries.get(h)
        return self.home is not None and c is not None and c != self.home

    @cached_property
    def borders(self) -> frozenset[Side]:
        """Every side between land hexes of different countries (derived, never listed).

        Sides at sea are left out: nothing is built there, and a map should not
        show borders across the water.
        """
        out = set()
        for h in self.terrain:
            for n in self.neighbours(h):
                if h < n and self.is_border(h, n) and self.is_land(h) and self.is_land(n):
                    out.add(Side(h, n))
        return frozenset(out)

    # --- towns ----------------------------------------------------------
    @cached_property
    def _town_at(self) -> dict[Hex, Town]:
        return {t.hex: t for t in self.towns}

    def town_at(self, h: Hex) -> Town | None:
        return self._town_at.get(h)

    def is_town(self, h: Hex) -> bool:
        return h in self._town_at

    def town_steps(self, a: Hex, b: Hex) -> int | None:
        """The fewest steps over land hexes (track or no track) between two towns (``None``: no way over land,
        or not two towns): the measure of a race's distance (``racing.distance``)."""
        i, j = self._town_numbers.get(a), self._town_numbers.get(b)
        if i is None or j is None:
            return None
        steps = self._town_steps[i][j]
        return steps if steps >= 0 else None

    @cached_property
    def _town_numbers(self) -> dict[Hex, int]:
        return {t.hex: i for i, t in enumerate(self.towns)}

    @cached_property
    def _town_steps(self) -> tuple[tuple[int, ...], ...]:
        """The steps from every town to every town (in the order of ``towns``; -1: not over land), worked out
        once with the map and kept with it (numbers only: quick to read back)."""
        _, number, steps_to = _land_graph(self)
        rows = []
        for town in self.towns:
            dist = _breadth_first(steps_to, number.get(town.hex))
            rows.append(tuple(dist[number[t.hex]] if t.hex in number else -1 for t in self.towns))
        return tuple(rows)

    def land_steps_from(self, start: Hex) -> dict[Hex, int]:
        """The fewest steps over land hexes (track or no track) from ``start`` to every land hex it reaches."""
        land, number, steps_to = _land_graph(self)
        if start not in number:  # a hex that is no land: its land neighbours are one step away
            seeds = [number[n] for n in self.neighbours(start) if n in number]
            dist = _breadth_first(steps_to, None, seeds)
            return {start: 0} | {land[i]: d + 1 for i, d in enumerate(dist) if d >= 0}
        return {land[i]: d for i, d in enumerate(_breadth_first(steps_to, number[start])) if d >= 0}

    @cached_property
    def _by_number(self) -> dict[int, Town]:
        return {n: t for t in self.towns for n in t.numbers}

    def town_by_number(self, number: int) -> Town | None:
        return self._by_number.get(number)

    @cached_property
    def numbered_towns(self) -> tuple[Town, ...]:
        return tuple(t for t in self.towns if t.numbers)

    @cached_property
    def home_numbered_towns(self) -> tuple[Town, ...]:
        """Numbered towns of the home country: those the building phase must connect.

        [reading] A numbered town beyond the border pays no bonus (seed 000:
        "Prämien gibt es für den Anschluß der Nachbarländer nicht") and, like
        an unnumbered place, need not be connected to end the building phase.
        """
        return tuple(t for t in self.numbered_towns if not self.abroad(t.hex))

    @cached_property
    def start_towns(self) -> tuple[Town, ...]:
        return tuple(t for t in self.towns if t.start)

    def town_named(self, name: str) -> Town | None:
        """Exact match of the name or an alias after folding case and umlaut spellings (see ``fold_name``)."""
        return self._by_folded.get(fold_name(name))

    @cached_property
    def _by_folded(self) -> dict[str, Town]:
        out: dict[str, Town] = {}
        for t in self.towns:
            for key in (k for spelling in t.spellings for k in name_keys(spelling)):
                out.setdefault(key, t)
        return out

    # --- advanced rules ---------------------------------------------------
    def ferry_between(self, a: Hex, b: Hex) -> Ferry | None:
        """The ferry line between two port hexes, either way, if the map has one."""
        return next((f for f in self.ferries if f.links(a, b)), None)

    def region(self, dest: SpecialDestination) -> frozenset[Hex]:
        """Every hex of a special-run destination: its towns' hexes, its countries' land hexes and its own hexes."""
        out = {t.hex for name in dest.towns if (t := self.town_named(name)) is not None}
        codes = set(dest.countries)
        out |= {h for h, c in self.countries.items() if c in codes and self.is_land(h)}
        out |= {h for h in dest.hexes if self.is_land(h)}
        return frozenset(out)

    @property
    def is_standard(self) -> bool:
        """True when the towns hold the 36 numbers 11..66 exactly once each."""
        nums = sorted(n for t in self.towns for n in t.numbers)
        return nums == sorted(VALID_NUMBERS)

    @property
    def missing_numbers(self) -> tuple[int, ...]:
        """The town numbers 11..66 that no town holds."""
        used = {n for t in self.towns for n in t.numbers}
        return tuple(sorted(VALID_NUMBERS - used))

    def __repr__(self) -> str:
        return f"GameMap({self.code} {self.name!r}, {self.width}x{self.height}, {len(self.towns)} towns)"


@lru_cache(maxsize=4)
def _land_graph(gmap: GameMap) -> tuple[list[Hex], dict[Hex, int], list[list[int]]]:
    """The map's land hexes, each one's number, and each one's land neighbours by number (not kept with the map:
    only the searches over land need it, ``GameMap.town_steps`` and ``land_steps_from``)."""
    land = [h for h in gmap.terrain if gmap.is_land(h)]
    number = {h: i for i, h in enumerate(land)}
    return land, number, [[number[n] for n in gmap.neighbours(h) if n in number] for h in land]


def _breadth_first(steps_to: list[list[int]], start: int | None, seeds: Iterable[int] = ()) -> list[int]:
    """The fewest steps from ``start`` (or, all at 0, from ``seeds``) to every node (-1: not reached)."""
    dist = [-1] * len(steps_to)
    queue = [start] if start is not None else list(dict.fromkeys(seeds))
    for i in queue:
        dist[i] = 0
    for i in queue:  # breadth first: the list grows behind the loop
        d = dist[i] + 1
        for j in steps_to[i]:
            if dist[j] < 0:
                dist[j] = d
                queue.append(j)
    return dist
