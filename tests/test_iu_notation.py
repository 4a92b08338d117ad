"""The InterUrban move notation (interurban/notation.py, grammar/interurban.lark; docs/interurban-rules.md).

Opening of the catalogue (draw "first"): start tile I (lines 6 north, H west, 5 south) at (0, 0),
start tile II (lines 7 north, C east, 4 south) at (1, 0); players green, blue, red; green on move.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from adjudicator.interurban.move import apply_move
from adjudicator.interurban.notation import KEYWORDS, Code, Hint, NotationProblem, parse_move, parser
from adjudicator.interurban.state import Placement, State
from tests.catalogue.interurban_kit import Spec, finished, first, offer, opening, skip_round


def lines(text: str, start: int = 7) -> list[tuple[int, str]]:
    return list(enumerate(text.split("\n"), start))


def shown(state: State, *tiles: tuple[str, int, str]) -> State:
    """Make these (kind, value, colour) tiles face-up."""
    specs: list[Spec] = [(kind, value, colour, (0, 0), "NS") for kind, value, colour in tiles]  # type: ignore[misc]
    return offer(state, specs)[0]


def move(text: str, state: State, player: str = "green") -> tuple[Placement, ...]:
    placements, problems = parse_move(lines(text), state, player)
    assert not problems and placements is not None, problems
    return placements


def problem(text: str, state: State, player: str = "green") -> NotationProblem:
    placements, problems = parse_move(lines(text), state, player)
    assert placements is None and len(problems) == 1, problems
    return problems[0]


def test_the_example_step_A_needs_no_coordinates():
    """Seed 001, example step A: 'Ferdi legt ein Kurvenplättchen an das Startgleis 6, ein Kurvenplättchen an
    das Startgleis H und seine grüne Bahnhofskreuzung Wert 2' (catalogue IU-11 lays the same tiles by cell)."""
    s = shown(skip_round(opening()), ("curve", 1, ""), ("curve", 0, ""), ("crossing", 2, "green"))
    got = move("6 CURVE 1 LEFT\nH CURVE 0 RIGHT\n6 CROSSING 2 ALSO H", s)
    assert [(p.cell, p.orientation) for p in got] == [((0, -1), "SW"), ((-1, 0), "NE"), ((-1, -1), "+")]
    after, _ = apply_move(s, got, first)
    assert after.line("6").stations == after.line("H").stations == (("green", 2),)
    assert after.line("6").track_value == 1 and after.line("H").track_value == 0


def test_the_example_step_D_finishes_6_and_H():
    """Step D: '... Dann legt er zwei Kurvenplättchen, wodurch sowohl die bei 6 als auch die bei H beginnende
    Strecke fertig wird' (the green 4 on line C left out: it changes nothing here)."""
    s = shown(skip_round(opening()), ("curve", 1, ""), ("curve", 0, ""), ("crossing", 2, "green"))
    s, _ = apply_move(s, move("6 CURVE 1 LEFT\nH CURVE 0 RIGHT\n6 CROSSING 2 ALSO H", s), first)
    s = shown(skip_round(replace(s, moves=0)), ("curve", 0, ""), ("curve", 0, ""))
    s, _ = apply_move(s, move("6 KURVE RECHTS\nh kurve links", s), first)
    assert finished(s) == {"6", "H"}


def test_the_example_other_steps_read():
    """Steps B and C in words the notation takes: two straights and a simple 1 (B); a curve, a simple 4 and
    a curve (C).  The seed names no lines for them: here line 5 (south) and line C (east)."""
    s = shown(opening(), ("straight", 1, ""), ("straight", 0, ""), ("simple", 1, "blue"))
    got = move("5 STRAIGHT 1\n5 STRAIGHT 0\n5 STATION 1", replace(s, moves=1), "blue")
    assert [p.cell for p in got] == [(0, 1), (0, 2), (0, 3)]
    s = shown(opening(), ("curve", 1, ""), ("simple", 4, "red"), ("curve", 0, ""))
    got = move("C CURVE 1 RIGHT\nC STATION 4\nC CURVE 0 LEFT", replace(s, moves=2), "red")
    assert [(p.cell, p.orientation) for p in got] == [((2, 0), "SW"), ((2, 1), "NS"), ((2, 2), "NE")]


def test_german_keywords_colours_and_comments():
    s = shown(skip_round(opening()), ("straight", 1, ""), ("straight", 0, ""), ("simple", 4, "red"))
    got = move("# mein Zug\n7 GERADE 1   # nach Norden\n\n7 gerade 0\n7 BAHNHOF ROT 4", s)
    assert [(p.cell, p.orientation) for p in got] == [((1, -1), "NS"), ((1, -2), "NS"), ((1, -3), "NS")]
    assert got[2].tile.startswith("red-")
    assert move("7 STRAIGHT 1\n7 STRAIGHT 0\n7 STATION 4 red", s)[2].tile.startswith("red-")


def test_a_station_is_the_players_own_unless_coloured():
    s = shown(skip_round(opening()), ("straight", 1, ""), ("simple", 4, "green"), ("simple", 4, "red"))
    assert move("7 STRAIGHT 1\n7 STATION 4", s)[1].tile.startswith("green-")
    assert move("7 STRAIGHT 1\n7 STATION RED 4", s)[1].tile.startswith("red-")
    p = problem("7 STRAIGHT 1\n7 STATION 3", s)
    assert p.code == Code.NOT_FACE_UP and p.hint == Hint.FACE_UP and p.line == 8 and p.column == 3
    assert p.get("colour") == "green" and p.get("value") == 3 and ("simple", 4, "red") in p.get("face_up")


def test_a_value_is_needed_only_where_face_up_tiles_differ():
    s = shown(opening(), ("straight", 1, ""), ("straight", 1, ""), ("straight", 1, ""))
    assert move("6 STRAIGHT", s)[0].cell == (0, -1)
    s = shown(opening(), ("straight", 1, ""), ("straight", 0, ""), ("curve", 1, ""))
    p = problem("6 STRAIGHT", s)
    assert p.code == Code.WHICH_VALUE and p.get("values") == (0, 1) and p.hint == Hint.FACE_UP
    assert move("6 STRAIGHT 0", s)[0].cell == (0, -1)


def test_a_tile_laid_earlier_in_the_move_is_no_longer_face_up():
    s = shown(opening(), ("straight", 1, ""), ("curve", 1, ""), ("curve", 0, ""))
    p = problem("6 STRAIGHT 1\n6 STRAIGHT 1", s)
    assert p.code == Code.NOT_FACE_UP and p.line == 8


@pytest.mark.parametrize(("text", "code", "column", "hint", "data"), [
    ("6 STRAIGT 1", Code.MISSPELT, 3, Hint.DID_YOU_MEAN, {"word": "STRAIGT", "meant": "STRAIGHT"}),
    ("6 CURVE 1 LFET", Code.MISSPELT, 11, Hint.DID_YOU_MEAN, {"meant": "LEFT"}),
    ("6 GERDAE", Code.MISSPELT, 3, Hint.DID_YOU_MEAN, {"meant": "GERADE"}),
    ("6 STATION 1 GREEN ASLO H", Code.MISSPELT, 19, Hint.DID_YOU_MEAN, {"meant": "ALSO"}),
    ("6 STATION GREN 1", Code.MISSPELT, 11, Hint.DID_YOU_MEAN, {"meant": "GREEN"}),
    ("6 STATION PINK 1", Code.UNKNOWN_COLOUR, 11, Hint.COLOURS, {"colours": ("green", "blue", "red")}),
    ("6 STATION RED 1 BLUE", Code.TWO_COLOURS, 17, None, {}),
    ("Dear GM, here is my move", Code.UNKNOWN_ORDER, 1, Hint.FORM, {"word": "Dear"}),
    ("9 STRAIGHT", Code.UNKNOWN_LINE, 1, Hint.OPEN_LINES, {"lines": ("6", "H", "5", "7", "C", "4")}),
    ("66 STRAIGHT", Code.UNKNOWN_LINE, 1, Hint.OPEN_LINES, {"line": "66"}),
    ("6 CURVE", Code.INCOMPLETE, 8, Hint.FORM, {"expected": ("turn", "value")}),
    ("6 LEFT CURVE", Code.EXPECTED, 3, Hint.FORM, {"word": "LEFT", "expected": ("tile",)}),
    ("6 STRAIGHT 1 AT 0,-2", Code.WRONG_CELL, 14, None, {"cell": (0, -2), "expected": (0, -1)}),
    ("6 STRAIGHT 1 ALSO H", Code.ALSO_NOT_CROSSING, 19, None, {}),
    ("AT 5,5 STRAIGHT 1", Code.NO_LINE_ENDS_AT, 1, Hint.NAME_THE_LINE, {"cell": (5, 5)}),
    ("6 STATION 1", Code.REFUSED, 3, None, {"rule": "A", "cell": (0, -1)}),
    ("6 CURVE 1 RIGHT", Code.REFUSED, 3, None, {"rule": "B"}),
    ("6 STRAIGHT 1\n6 STRAIGHT 1\n6 STRAIGHT 1\n6 STRAIGHT 1", Code.TOO_MANY_TILES, 1, None, {"count": 4}),
    ("PASS\n6 STRAIGHT 1", Code.PASS_WITH_TILES, 1, None, {}),
    ("# nothing but a comment", Code.NO_MOVE, 1, Hint.FORM, {}),
    ("6 " + "x" * 300, Code.LINE_TOO_LONG, 201, None, {"limit": 200}),
])
def test_problems_carry_line_column_code_and_hint(text, code, column, hint, data):
    s = shown(opening(), ("straight", 1, ""), ("straight", 1, ""), ("curve", 1, ""))
    p = problem(text, s)
    assert (p.code, p.column, p.hint) == (code, column, hint)
    assert p.line >= 7
    for key, value in data.items():
        assert p.get(key) == value, (key, p.args)


def test_every_bad_line_is_reported_not_just_the_first():
    s = opening()
    _, problems = parse_move(lines("6 STRAIGT\nH CURV LEFT\n5 STRAIGHT"), s, "green")
    assert [(p.line, p.code) for p in problems] == [(7, Code.MISSPELT), (8, Code.MISSPELT)]


def test_two_stations_and_finished_lines():
    s = shown(skip_round(opening()), ("straight", 1, ""), ("simple", 4, "green"), ("simple", 4, "green"))
    p = problem("7 STATION 4\n7 STRAIGHT 1\n5 STATION 4", s)
    assert (p.code, p.line, p.column, p.hint) == (Code.TWO_STATIONS, 9, 3, Hint.ONE_STATION)
    s = s.with_line(replace(s.line("6"), finished=True))
    p = problem("6 STRAIGHT 1", s)
    assert p.code == Code.LINE_FINISHED and "6" not in p.get("lines") and p.hint == Hint.OPEN_LINES


def test_a_crossing_by_its_cell_and_also():
    """Where two lines end at one cell a crossing there extends both; AT names the cell, ALSO checks it."""
    s = shown(skip_round(opening()), ("curve", 1, ""), ("curve", 0, ""), ("crossing", 2, "green"))
    s, _ = apply_move(s, move("6 CURVE 1 LEFT\nH CURVE 0 RIGHT", s), first)
    s = shown(replace(s, moves=3), ("crossing", 2, "green"), ("straight", 1, ""), ("curve", 1, ""))
    assert move("AT -1,-1 CROSSING 2", s)[0].cell == (-1, -1)
    assert move("H CROSSING 2 ALSO 6", s) == move("6 CROSSING 2 AUCH H BEI -1,-1", s)
    p = problem("AT -1,-1 STRAIGHT 1", s)
    assert (p.code, p.hint, p.get("lines")) == (Code.WHICH_LINE, Hint.NAME_THE_LINE, ("6", "H"))
    p = problem("6 CROSSING 2 ALSO 5", s)
    assert (p.code, p.get("lines")) == (Code.ALSO_NOT_JOINED, ("6", "H"))


def test_pass_not_on_move_and_game_over():
    s = opening()
    assert parse_move(lines("PASSE"), s, "green") == ((), ())
    p = problem("6 STRAIGHT 1", s, "blue")
    assert p.code == Code.NOT_ON_MOVE and p.get("on_move") == "green"
    assert problem("PASS", replace(s, end="stuck")).code == Code.GAME_OVER


def test_the_grammar_and_the_keyword_table_agree():
    """Every spelling in KEYWORDS is its terminal's (the grammar gets them all when it is built), and every
    keyword terminal is in KEYWORDS."""
    terminals = {t.name: t for t in parser().terminals if t.priority == 2}
    assert set(terminals) == set(KEYWORDS)
    for name, spellings in KEYWORDS.items():
        for spelling in spellings:
            for written in (spelling, spelling.upper(), spelling.title()):
                assert re.fullmatch(terminals[name].pattern.to_regexp(), written), (name, written)


