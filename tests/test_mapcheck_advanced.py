"""The map file's advanced-rule keys (``ferries:``, ``special_runs:``): parsed into the model, every problem with its line."""

from __future__ import annotations

import pytest

from adjudicator.dampfross.board.errors import MapError
from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.mapfile import parse_map

GOOD = """\
name: Fährland
code: FL
terrain: |
  ..~~~..
  ..~~~..
  .......
countries: |
  AAAAABB
  AAAAABB
  AAAAABB
country_names: {A: Alpha, B: Beta}
home: A
towns:
  - {name: Westhafen, hex: "0201", numbers: [11], port: true}
  - {name: Nordhafen, hex: "0202", numbers: [12], port: true}
  - {name: Osthafen, hex: "0601", numbers: [], port: true}
  - {name: Binnen, hex: "0103", numbers: [13]}
ferries:
  per_player: 1
  lines:
    - {from: Westhafen, to: Osthafen, length: 3}
    - {from: Nordhafen, to: Osthafen, length: 4}
special_runs:
  die: one
  every: 3
  destinations:
    "1": {name: Beta, countries: [B]}
    "2": {name: Häfen, towns: [Westhafen, Nordhafen]}
    "3": {name: Beta, countries: [B]}
    "4": {name: Beta, countries: [B]}
    "5": {name: Beta, countries: [B]}
    "6": {name: Alle, towns: [Binnen], countries: [B]}
"""


def problems(text: str) -> list[str]:
    with pytest.raises(MapError) as info:
        parse_map(text, "broken.yaml")
    return [str(p) for p in info.value.problems]


def test_ferries_and_special_runs_are_read():
    m = parse_map(GOOD)
    assert [(f.name, f.length, f.a, f.b) for f in m.ferries] == [
        ("Westhafen-Osthafen", 3, Hex(2, 1), Hex(6, 1)), ("Nordhafen-Osthafen", 4, Hex(2, 2), Hex(6, 1))]
    assert m.ferries[0].path[0] == Hex(2, 1) and m.ferries[0].path[-1] == Hex(6, 1)
    assert all(m.terrain_at(h).value == "~" for h in m.ferries[0].path[1:-1])  # type: ignore[union-attr]
    assert m.ferries_per_player == 1 and m.ferry_port_bonus is True
    assert parse_map(GOOD.replace("  per_player: 1", "  per_player: 1\n  port_bonus: false")).ferry_port_bonus is False
    assert m.ferry_between(Hex(6, 1), Hex(2, 1)) is m.ferries[0]
    table = m.special_runs
    assert table is not None and (table.die, table.every) == ("one", 3)
    assert table.key(6) == "6" and table.destinations["2"].towns == ("Westhafen", "Nordhafen")
    assert m.region(table.destinations["6"]) == {Hex(1, 3), Hex(6, 1), Hex(7, 1), Hex(6, 2), Hex(7, 2),
                                                 Hex(6, 3), Hex(7, 3)}


def test_a_destination_may_list_hexes_part_of_a_country():
    """``hexes:`` (USA East's "land between the lakes"): those land hexes, with the towns named, and no more."""
    m = parse_map(GOOD.replace('"1": {name: Beta, countries: [B]}', '"1": {name: Ecke, towns: [Binnen], '
                                                                  'hexes: ["0603", "0703"]}'))
    dest = m.special_runs.destinations["1"]  # type: ignore[union-attr]
    assert dest.hexes == (Hex(6, 3), Hex(7, 3)) and dest.countries == ()
    assert m.region(dest) == {Hex(1, 3), Hex(6, 3), Hex(7, 3)}


@pytest.mark.parametrize(
    "old,new,expected",
    [
        ("    - {from: Westhafen, to: Osthafen, length: 3}", "    - {from: Binnen, to: Osthafen, length: 3}",
         "line 21: Binnen-Osthafen: ferry port Binnen is not a port (give it 'port: true')"),
        ("    - {from: Westhafen, to: Osthafen, length: 3}", "    - {from: Atlantis, to: Osthafen, length: 3}",
         "line 21: Atlantis-Osthafen: ferry port 'Atlantis' is not a town of the map"),
        ("    - {from: Westhafen, to: Osthafen, length: 3}", "    - {from: Westhafen, to: Osthafen, length: 0}",
         "line 21: Westhafen-Osthafen: ferry length 0 must be a whole number of at least 1"),
        ("    - {from: Nordhafen, to: Osthafen, length: 4}", "    - {from: Osthafen, to: Westhafen, length: 4}",
         "line 22: Osthafen-Westhafen: a second ferry between Osthafen and Westhafen"),
        ("  per_player: 1", "  per_player: none", "line 19: ferries per_player 'none' must be a whole number"),
        ("  per_player: 1", "  each: 1", "line 19: unknown ferries key 'each:'"),
        ("  per_player: 1", "  per_player: 1\n  port_bonus: maybe",
         "line 20: ferries port_bonus 'maybe' must be true or false"),
        ("  die: one", "  die: two", "line 24: special_runs die 'two' must be one of one, red+parity"),
        ("  every: 3", "  every: 0", "line 25: special_runs every 0 must be a whole number of at least 1"),
        ('    "6": {name: Alle, towns: [Binnen], countries: [B]}\n', "",
         "line 26: special_runs has no destination for 6"),
        ('    "6": {name: Alle', '    "7": {name: Alle', "line 32: special_runs key '7' cannot be rolled with die one"),
        ("towns: [Westhafen, Nordhafen]", "towns: [Westhafen, Südhafen]",
         "line 28: 2: destination town 'Südhafen' is not a town of the map"),
        ('"1": {name: Beta, countries: [B]}', '"1": {name: Beta, countries: [Q]}',
         "line 27: 1: destination country 'Q' is not in country_names"),
        ('"1": {name: Beta, countries: [B]}', '"1": {name: Beta, countries: [A]}',
         "line 27: 1: destination country 'A' is the home country"),
        ('"1": {name: Beta, countries: [B]}', '"1": {name: Beta}',
         "line 27: 1: a destination needs 'towns:', 'countries:' or 'hexes:'"),
        ('"1": {name: Beta, countries: [B]}', '"1": {name: Beta, hexes: [0603]}',
         "line 27: 1: destination 'hexes:' must be a list of quoted hex labels such as \"1607\""),
        ('"1": {name: Beta, countries: [B]}', '"1": {name: Beta, hexes: ["0301"]}',
         "line 27: 1: destination hex 0301 is water"),
        ('"1": {name: Beta, countries: [B]}', '"1": {name: Beta, hexes: ["0904"]}',
         "line 27: 1: destination hex 0904 is not on the map"),
        ('"1": {name: Beta, countries: [B]}', '"1": {name: Beta, hexes: ["6x"]}',
         "line 27: 1: destination hex '6x' is not a hex label (CCRR)"),
        ('"1": {name: Beta, countries: [B]}', '"1": {name: Beta, hexes: ["0603", "0603"]}',
         "line 27: 1: destination hex 0603 is listed twice"),
    ],
)
def test_each_problem_names_its_line(old, new, expected):
    assert old in GOOD
    found = problems(GOOD.replace(old, new))
    assert any(expected in p for p in found), found


def test_a_ferry_needs_water_between_its_ports():
    text = GOOD.replace('numbers: [13]}', 'numbers: [13], port: true}').replace(
        "to: Osthafen, length: 3", "to: Binnen, length: 3")
    assert any("Westhafen-Binnen: no way over water between Westhafen (0201) and Binnen (0103)" in p
               for p in problems(text))
    neighbours = GOOD.replace("to: Osthafen, length: 3", "to: Nordhafen, length: 3")
    assert any("Westhafen-Nordhafen: the ports are neighbours; a ferry crosses water" in p
               for p in problems(neighbours))


def test_german_parity_table_needs_twelve_rows():
    text = GOOD.replace("  die: one", "  die: red+parity")
    found = problems(text)
    assert any("special_runs key '1' cannot be rolled with die red+parity" in p for p in found)
    assert any("special_runs has no destination for 1G, 1U" in p for p in found)
