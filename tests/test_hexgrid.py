"""Hex geometry: labels, neighbours on odd and even rows, distance, sides, paths."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.dampfross.board.errors import LabelError
from adjudicator.dampfross.board.hexgrid import Hex, Side, distance, shortest_path, steps_between, straight_line

hexes = st.builds(Hex, st.integers(1, 40), st.integers(1, 40))


def H(label: str) -> Hex:
    return Hex.parse(label)


def test_label_round_trip_examples():
    assert Hex.parse("0712") == Hex(7, 12)
    assert Hex(7, 12).label == "0712"
    assert str(Hex(23, 7)) == "2307"


@given(hexes)
def test_label_round_trip(h):
    assert Hex.parse(h.label) == h


@pytest.mark.parametrize("bad", ["712", "07120", "ab12", "0012", "0700", "", "07 12"])
def test_bad_labels(bad):
    with pytest.raises(LabelError):
        Hex.parse(bad)


def test_neighbours_odd_row():
    # odd row: the rows above and below are shifted right, so NW/SW are at col-1
    assert set(H("0505").neighbours()) == {H("0405"), H("0605"), H("0404"), H("0504"), H("0406"), H("0506")}


def test_neighbours_even_row():
    # even row: shifted right itself, so NE/SE are at col+1
    assert set(H("0506").neighbours()) == {H("0406"), H("0606"), H("0505"), H("0605"), H("0507"), H("0607")}


def test_neighbours_clip_at_edge():
    assert set(H("0101").neighbours()) == {H("0201"), H("0102")}


@given(hexes)
def test_neighbours_are_mutual_and_at_distance_one(h):
    for n in h.neighbours():
        assert h in n.neighbours()
        assert distance(h, n) == 1
        assert h.is_adjacent(n)


@pytest.mark.parametrize(
    "a,b,d",
    [("0505", "0505", 0), ("0505", "0805", 3), ("0501", "0505", 4), ("0505", "0303", 3), ("0505", "0403", 2), ("0101", "0104", 3), ("0102", "0104", 2), ("0301", "0107", 6)],
)
def test_distance(a, b, d):
    assert distance(H(a), H(b)) == d == distance(H(b), H(a))


@given(hexes, hexes)
def test_distance_equals_bfs_steps(a, b):
    # on an open grid (generous margin so clipping at column/row 1 never matters)
    def box(h):
        return h.col <= 60 and h.row <= 60
    assert steps_between(a, b, box) == distance(a, b)


def test_side_is_unordered_and_needs_adjacency():
    assert Side(H("0712"), H("0713")) == Side(H("0713"), H("0712"))
    assert hash(Side(H("0712"), H("0713"))) == hash(Side(H("0713"), H("0712")))
    assert Side.parse("0712 0713") == Side.parse("0713-0712")
    assert Side(H("0712"), H("0713")).other(H("0712")) == H("0713")
    with pytest.raises(ValueError):
        Side(H("0712"), H("0714"))


def test_direction_names():
    h = H("0505")
    assert [h.direction_to(n) for n in h.neighbours()] == ["W", "E", "NW", "NE", "SW", "SE"]


def test_straight_line():
    assert straight_line(H("0205"), H("0505")) == [H("0205"), H("0305"), H("0405"), H("0505")]
    # down-right diagonal from an odd row: 0505 -> 0506 -> 0607 -> 0608
    assert straight_line(H("0505"), H("0608")) == [H("0505"), H("0506"), H("0607"), H("0608")]
    assert straight_line(H("0505"), H("0707")) is None


@given(hexes, hexes)
def test_straight_line_is_a_path(a, b):
    line = straight_line(a, b)
    if line is not None:
        assert line[0] == a and line[-1] == b
        assert len(line) == distance(a, b) + 1
        assert all(x.is_adjacent(y) for x, y in itertools.pairwise(line))


def test_shortest_path_avoids_blocked_hexes_and_uses_costs():
    wall = {H("0304"), H("0305"), H("0306")}
    def allowed(h):
        return h.col <= 8 and h.row <= 8 and h not in wall
    path = shortest_path(H("0205"), H("0405"), allowed)
    assert path[0] == H("0205") and path[-1] == H("0405")
    assert not wall & set(path)
    assert len(path) - 1 == 5
    # costs: make the northern detour expensive; Dijkstra goes south
    def cost(a, b):
        return 10 if b.row < 4 else 1
    south = shortest_path(H("0205"), H("0405"), allowed, cost)
    assert all(h.row >= 4 for h in south)
    assert shortest_path(H("0205"), H("0405"), lambda h: h == H("0205")) is None
