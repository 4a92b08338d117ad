"""Points to hexes: labels, tolerant town names, BUILD adjacency and the straight-line shorthand."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from adjudicator.dampfross.app.maps import read_map
from adjudicator.dampfross.board.folding import edit_distance
from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.building.problems import BuildProblem
from adjudicator.dampfross.orders import BuildOrder, OrderSet, ResolvedPoint, StartOrder, collect, parse_orders, resolve
from adjudicator.dampfross.orders.codes import HintCode, NoteCode, ProblemCode
from adjudicator.dampfross.report.orderwords import format_note, hint_text, orders_report, problem_message
from adjudicator.kernel.problems import Problem

DATA = Path(__file__).parent / "data"
TINY = read_map(DATA / "tiny.yaml")
NAMES = read_map(DATA / "orders" / "names.yaml")
F = "t.orders"


def resolved(lines: str, gmap=TINY) -> OrderSet:
    return resolve(collect([parse_orders("PLAYER RED PASSWORD x\n" + lines, F)]), gmap)


def only_order(lines: str, gmap=TINY):
    orders = resolved(lines, gmap)
    assert orders.problems == (), orders_report(orders)
    (order,) = orders.sections[0].orders
    return order, orders.notes


def hexes(*labels: str) -> tuple[Hex, ...]:
    return tuple(Hex.parse(x) for x in labels)


# --- labels and towns -----------------------------------------------------------------


def test_labels_resolve_to_hexes_and_name_the_town_there():
    order, notes = only_order("BUILD 0402 - 0403\n")
    assert order.hexes == hexes("0402", "0403")
    assert order.points[0] == ResolvedPoint("0402", order.points[0].pos, "label", hex=Hex(4, 2), town="Nordstadt")
    assert notes == ()


def test_town_names_resolve_case_insensitively():
    order, notes = only_order("BUILD nordSTADT - 0403\n")
    assert order.points[0].hex == Hex(4, 2)
    assert order.points[0].town == "Nordstadt"
    assert order.points[0].understood_as is None
    assert notes == ()


@pytest.mark.parametrize("name", ["Südheim", "Suedheim", "Sudheim", "SÜDHEIM", "suedheim"])
def test_umlaut_spellings_are_exact_matches(name):
    order, notes = only_order(f"START {name}\n")
    assert isinstance(order, StartOrder)
    assert order.hex == Hex(3, 7)
    assert notes == ()


@pytest.mark.parametrize("name", ["Muenchen", "Munchen", "München", "MUENCHEN"])
def test_muenchen_munchen_muenchen(name):
    order, notes = only_order(f"START {name}\n", NAMES)
    assert (order.hex, order.point.town, notes) == (Hex(1, 1), "München", ())


@pytest.mark.parametrize(
    "typo, town",
    [("Muenchn", "München"), ("Mnchen", "München"), ("Frankfrut Oder", "Frankfurt Oder"), ("St Poelten", "St. Pölten")],
)
def test_small_typos_are_understood_and_noted(typo, town):
    order, notes = only_order(f"START {typo}\n", NAMES)
    assert order.point.town == town
    if typo == "St Poelten":  # only dots and umlauts differ: an exact match
        assert notes == ()
        return
    assert order.point.understood_as == town
    (note,) = notes
    assert (note.code, dict(note.args)) == (NoteCode.UNDERSTOOD_AS, {"written": typo, "point": f"{town} ({order.hex.label})"})
    assert format_note(note) == f"t.orders:2: '{typo}' understood as {town} ({order.hex.label})"


def test_typo_on_the_tiny_map_is_understood():
    order, notes = only_order("BUILD Nordstat - 0403\n")
    assert order.points[0].understood_as == "Nordstadt"
    assert [format_note(n) for n in notes] == ["t.orders:2: 'Nordstat' understood as Nordstadt (0402)"]


def test_multi_word_town_and_town_with_brackets_spelling():
    order, _ = only_order("BUILD Frankfurt Oder - 0502\n", NAMES)
    assert order.hexes == hexes("0501", "0502")
    order, _ = only_order("START Frankfurt(Oder)\n", NAMES)
    assert order.hex == Hex(5, 1)


def test_edit_distance_counts_a_swap_as_one():
    assert edit_distance("nordstadt", "nrodstadt") == 1
    assert edit_distance("abc", "abc") == 0
    assert edit_distance("", "abc") == 3
    assert edit_distance("hafen", "hagen") == 1


# --- BUILD paths ----------------------------------------------------------------------------


def test_build_path_of_neighbours():
    order, _ = only_order("BUILD Nordstadt - 0403 - 0404 - 0405\n")
    assert order.hexes == hexes("0402", "0403", "0404", "0405")
    assert order.segments == tuple(itertools.pairwise(order.hexes))


def test_straight_line_shorthand_along_a_row_is_expanded_and_echoed():
    order, notes = only_order("BUILD 0105 - 0505\n")
    assert order.hexes == hexes("0105", "0205", "0305", "0405", "0505")
    assert order.echo() == "BUILD 0105 - 0505 (0105-0205-0305-0405-0505)"
    assert [(n.code, dict(n.args)) for n in notes] == [
        (NoteCode.STRAIGHT_LINE, {"start": "0105", "end": "0505", "hexes": ("0105", "0205", "0305", "0405", "0505")})
    ]
    assert [format_note(n) for n in notes] == ["t.orders:2: 0105 - 0505 taken as the straight line 0105-0205-0305-0405-0505"]


def test_straight_line_shorthand_along_a_diagonal_from_a_town():
    order, notes = only_order("BUILD Nordstadt - 0605 - 0705\n")
    assert order.hexes == hexes("0402", "0503", "0504", "0605", "0705")
    assert order.echo() == "BUILD Nordstadt (0402) - 0605 - 0705 (0402-0503-0504-0605-0705)"
    assert len(notes) == 1


def test_points_neither_adjacent_nor_on_a_line_are_refused_with_neighbours():
    orders = resolved("BUILD 0402 - 0604\n")
    (kept,) = orders.sections[0].orders  # reading 79: the line stops before 0604, nothing of it to build
    assert isinstance(kept, BuildOrder) and kept.hexes == hexes("0402") and kept.cut == 1
    assert kept.stop == Problem.of(BuildProblem.NOT_NEIGHBOURS, a=Hex(4, 2), b=Hex(6, 4))
    (p,) = orders.problems
    assert (p.kind, str(p.pos)) == ("illegal", "t.orders:2:14")
    assert (p.code, dict(p.args)) == (ProblemCode.NOT_NEIGHBOURS, {"start": "0402", "end": "0604"})
    assert problem_message(p) == "0402 and 0604 are not neighbours (nor on one straight hex line)"
    assert p.hint is not None and p.hint.code is HintCode.NEIGHBOURS
    assert dict(p.hint.args)["neighbours"] == ("0302", "0502", "0401", "0501", "0403", "0503")
    assert dict(p.hint.args)["between"] == ()
    assert hint_text(p) == "the neighbours of 0402 are 0302 (W), 0502 (E), 0401 (NW), 0501 (NE), 0403 (SW), 0503 (SE)"


def test_two_apart_off_line_names_the_hexes_between():
    orders = resolved("BUILD 0402 - 0404\n")
    (p,) = orders.problems
    assert p.hint is not None and dict(p.hint.args)["between"] == ("0403", "0503")
    assert (hint_text(p) or "").endswith("; between 0402 and 0404 lie 0403 and 0503")


def test_same_hex_twice_is_refused():
    orders = resolved("BUILD Nordstadt - 0402\n")
    (p,) = orders.problems
    assert (p.code, dict(p.args)) == (ProblemCode.SAME_HEX, {"point": "0402"})
    assert (str(p.pos), problem_message(p)) == ("t.orders:2:19", "0402 is the same hex as the point before it")


def test_straight_line_leaving_the_map_is_refused():
    orders = resolved("BUILD 0402 - 0802\n", NAMES)  # 0602 is a hole in that map
    (p,) = orders.problems
    assert (p.code, dict(p.args)) == (ProblemCode.LINE_LEAVES_MAP, {"start": "0402", "end": "0802", "off": "0602"})
    assert (str(p.pos), problem_message(p)) == ("t.orders:2:14", "the straight line from 0402 to 0802 leaves the map at 0602")


def test_every_bad_point_of_a_line_is_reported():
    orders = resolved("BUILD Hamburgg - 1205 - 0403\n")
    assert [str(p.pos) for p in orders.problems] == ["t.orders:2:7", "t.orders:2:18"]


def test_resolve_leaves_good_orders_and_drops_bad_ones():
    orders = resolved("BUILD 0402 - 0403\nSTART Hamburgg\nPASS\n")
    assert [o.echo() for o in orders.sections[0].orders] == ["BUILD 0402 - 0403", "PASS"]
    assert all(isinstance(o, BuildOrder) or o.echo() == "PASS" for o in orders.sections[0].orders)
    assert orders.problems_for("RED") == orders.problems


def test_a_build_line_is_kept_up_to_its_first_bad_point():
    """Reading 79: the points before the bad one are built; the rest, as written, is not."""
    orders = resolved("BUILD 0402 - 0403 - Hamburgg - 0404\n")
    (order,) = orders.sections[0].orders
    assert isinstance(order, BuildOrder)
    assert (order.hexes, order.cut, order.rest) == (hexes("0402", "0403"), 2, ("Hamburgg", "0404"))
    assert order.stop == Problem.of(BuildProblem.UNKNOWN_POINT, written="Hamburgg")
    assert order.echo() == "BUILD 0402 - 0403 - Hamburgg - 0404"
    assert [p.code for p in orders.problems] == [ProblemCode.UNKNOWN_TOWN]
    off = resolved("BUILD 0402 - 0403 - 0413\n").sections[0].orders[0]
    assert off.stop == Problem.of(BuildProblem.OFF_MAP, hex="0413") and off.rest == ("0413",)
    twice = resolved("BUILD 0402 - 0403 - 0403 - 0404\n").sections[0].orders[0]
    assert twice.stop == Problem.of(BuildProblem.SAME_POINT, hex=Hex(4, 3)) and twice.hexes == hexes("0402", "0403")
    first = resolved("BUILD Hamburgg - 0402\n").sections[0].orders[0]
    assert (first.hexes, first.cut, first.rest) == ((), 0, ("Hamburgg", "0402"))
    straight = resolved("BUILD 0402 - 0605 - 0607\n").sections[0].orders[0]
    assert straight.hexes == hexes("0402", "0503", "0504", "0605") and straight.cut == 2
    assert straight.echo() == "BUILD 0402 - 0605 - 0607 (0402-0503-0504-0605)"
