"""What a map module describes: frame, countries, mountains, rivers, towns, fixes.

Coordinates in the tables are (latitude, longitude) in degrees, as on any
atlas page; towns are looked up in GeoNames by name unless given a position.
"""

from __future__ import annotations

from dataclasses import dataclass, field

LatLon = tuple[float, float]


@dataclass(frozen=True)
class TownSpec:
    """One town of the map.

    ``geo`` is the GeoNames name when it differs from the map name (the map
    name may not contain ``- # > : , ;``); ``admin1`` picks among towns of
    the same name (a US state code, say); ``at`` gives the position for a
    place GeoNames does not list (fewer than 15,000 people).
    """

    name: str
    country: str
    numbers: tuple[int, ...] = ()
    geo: str | None = None
    admin1: str | None = None
    at: LatLon | None = None
    start: bool = False
    port: bool = False


def town(
    name: str,
    country: str,
    *numbers: int,
    geo: str | None = None,
    admin1: str | None = None,
    at: LatLon | None = None,
    start: bool = False,
    port: bool = False,
) -> TownSpec:
    """Shorthand for a table row: ``town("Lyon", "FR", 41, 42)``."""
    return TownSpec(name, country, tuple(numbers), geo, admin1, at, start, port)


@dataclass(frozen=True)
class RiverSpec:
    """A river course as waypoints from source (or map edge) to mouth.

    ``border`` = (left, right) country codes makes the river a border: the
    land hexes on its left bank (looking downstream) get the first code,
    those on its right bank the second.
    """

    name: str
    course: tuple[LatLon, ...]
    border: tuple[str, str] | None = None


@dataclass(frozen=True)
class Overrides:
    """Hand fixes applied after the data, so that regeneration reproduces them.

    ``terrain`` and ``countries`` map hex labels to characters; ``town_hex``
    moves a town to a given hex; ``rivers_drop`` removes river sides
    (``"0712 0713"``) and ``rivers_add`` adds them under a river's name.
    """

    terrain: dict[str, str] = field(default_factory=dict)
    countries: dict[str, str] = field(default_factory=dict)
    town_hex: dict[str, str] = field(default_factory=dict)
    rivers_drop: tuple[str, ...] = ()
    rivers_add: dict[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class FerrySpec:
    """A ferry line of the advanced rules: home port, far port, crossing length in die points."""

    start: str
    end: str
    length: int


@dataclass(frozen=True)
class DestinationSpec:
    """One row of a special-run table: the die roll (``"3"``, ``"5G"``), a name, towns, countries and hexes."""

    key: str
    name: str
    towns: tuple[str, ...] = ()
    countries: tuple[str, ...] = ()
    hexes: tuple[str, ...] = ()  # labels of land hexes (part of a country, where the table names one)
    comment: str = ""  # written as a comment line above the row


@dataclass(frozen=True)
class AdvancedSpec:
    """The advanced-rule data of a map (seed 000, "Zusatzregeln"), written as ``ferries:`` and ``special_runs:``.

    ``*_comment`` texts become comment lines above each block (sources and
    readings, so that the map file explains itself).
    """

    die: str  # "one" or "red+parity"
    every: int
    destinations: tuple[DestinationSpec, ...]
    special_comment: str = ""
    ferries: tuple[FerrySpec, ...] = ()
    ferries_per_player: int | None = None
    ferry_comment: str = ""


@dataclass(frozen=True)
class MapSpec:
    """Everything the generator needs to draw one map."""

    key: str  # file name in maps/ without .yaml
    name: str
    code: str
    designer: str
    header: str  # the comment block at the top of the YAML file
    notes: str
    # frame
    projection: tuple[float, float, float, float]  # lat1, lat2, lat0, lon0 (Lambert conic)
    centre: LatLon
    hex_km: float
    cols: int
    rows: int
    # countries
    home: str
    country_names: dict[str, str]
    iso_to_code: dict[str, str]  # GeoNames/ISO country code -> map letter
    # features
    mountains: dict[str, tuple[LatLon, ...]]
    valleys: dict[str, tuple[tuple[LatLon, ...], float]]  # polyline, half width in km
    rivers: tuple[RiverSpec, ...]
    towns: tuple[TownSpec, ...]
    overrides: Overrides = field(default_factory=Overrides)
    lake_min_fraction: float = 0.5  # water share of a hex that makes it water
    foreign_depth: int | None = None  # foreign land this many hexes beyond home land is left off the map
    advanced: AdvancedSpec | None = None  # ferries and special runs (advanced rules)
