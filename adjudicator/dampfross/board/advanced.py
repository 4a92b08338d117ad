"""What a map holds for the advanced rules (Zusatzregeln): ferries and the special-run table.

Seed 000, "Zusatzregeln für erfahrene Dampfross-Spieler": on the German and
French maps ferries can be bought once a player's track reaches a ferry
port; on every map some races go to a *region* drawn from the map's own
table (the German "internationale Fahrten" by the red die and the white
die's parity, the French, USA East and USA West ones by one die).  These
are map data, not rules: the map file lists them (``ferries:`` and
``special_runs:``, see ``docs/maps.md``), ``adjudicator.dampfross.board.advancedfile``
reads and checks them, and the engines look them up here.  Whether a game
uses them is a rules option (``ferries``, ``special_runs``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from adjudicator.dampfross.board.hexgrid import Hex

SpecialDie = Literal["one", "red+parity"]
"""How a special run's destination is rolled: one die (1..6), or the red die and the white die's parity."""

EVEN, ODD = "G", "U"
"""The parity letters of the German table: *gerade* (even) and *ungerade* (odd)."""


@dataclass(frozen=True)
class Ferry:
    """A ferry line: two port towns across the water and the length of the crossing.

    ``start`` is the home port (the map file's ``from:``), where a buyer's
    track must arrive; ``end`` the port across the water.  ``length`` is
    the crossing in die points before loading and unloading (seed 000:
    Cherbourg-Southampton 5, plus 2 = 7; the German ferries 3, plus 2 = 5).
    ``path`` is the way across the water as drawn on the ASCII map: the two
    ports and the water hexes between (one shortest way over water).
    """

    start: str
    end: str
    length: int
    a: Hex
    b: Hex
    path: tuple[Hex, ...] = ()

    @property
    def name(self) -> str:
        """The ferry's name in orders, reports and the game file: ``Puttgarden-Gedser``."""
        return f"{self.start}-{self.end}"

    @property
    def ports(self) -> tuple[Hex, Hex]:
        return self.a, self.b

    def links(self, x: Hex, y: Hex) -> bool:
        """True when the ferry runs between ``x`` and ``y`` (either way)."""
        return {x, y} == {self.a, self.b}

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class SpecialDestination:
    """One entry of a special-run table: a region named by towns, countries, hexes or any of them.

    The region is every hex of the towns named, every land hex of the
    countries named and the land hexes listed (``GameMap.region``).  Hexes
    name part of a country where the table does (seed 000, USA East:
    "das Gebiet zwischen Huronsee, Erie- und Ontariosee zwischen den Orten
    Buffalo und Detroit", not all of Canada).
    """

    key: str  # "5G" (German table) or "3" (one die)
    name: str
    towns: tuple[str, ...] = ()
    countries: tuple[str, ...] = ()
    hexes: tuple[Hex, ...] = ()


@dataclass(frozen=True)
class SpecialRuns:
    """A map's table of international or special runs and how often they come.

    ``every``: race ``n`` is a special run when ``n`` is a multiple of it
    (Germany 2: "jede zweite Fahrt"; the other maps 4: "nach jeder dritten
    Fahrt", races 4, 8, 12, ...).  A game may override it (rules key
    ``special_every``).
    """

    die: SpecialDie
    every: int
    destinations: Mapping[str, SpecialDestination] = field(default_factory=dict)

    def key(self, red: int, white: int | None = None) -> str:
        """The table key rolled: ``"3"`` for one die, ``"5G"``/``"5U"`` for red 5 and an even/odd white die."""
        if self.die == "one":
            return str(red)
        assert white is not None
        return f"{red}{EVEN if white % 2 == 0 else ODD}"


def table_keys(die: SpecialDie) -> tuple[str, ...]:
    """Every key a table rolled this way must have, in table order."""
    if die == "one":
        return tuple(str(d) for d in range(1, 7))
    return tuple(f"{d}{p}" for d in range(1, 7) for p in (EVEN, ODD))
