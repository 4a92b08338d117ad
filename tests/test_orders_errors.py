"""Typical mistakes: exact file:line:column, kind, message in player words, and the hint.

Each case is a small order file (on the map tests/data/tiny.yaml); the line
with the mistake is written out so the column can be checked by eye.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from adjudicator.app.maps import read_map
from adjudicator.orders import collect, parse_orders, resolve

DATA = Path(__file__).parent / "data"
TINY = read_map(DATA / "tiny.yaml")
NAMES = read_map(DATA / "orders" / "names.yaml")
HEAD = "PLAYER RED PASSWORD x\n"

CASES = [
    pytest.param(
        HEAD + "BIULD 0402 - 0403\n",
        ("t.orders:2:1", "syntax", "unknown order 'BIULD'", "did you mean BUILD?"),
        id="misspelt-keyword",
    ),
    pytest.param(
        HEAD + "BAUEN 0402 - 0403\n",
        ("t.orders:2:1", "syntax", "unknown order 'BAUEN'", "did you mean BAUE?"),
        id="misspelt-german-keyword",
    ),
    pytest.param(
        HEAD + "BUILD 0402 0403\n",
        ("t.orders:2:12", "syntax", "expected '-' between two points, or the end of the line", "write BUILD 0402 - 0403"),
        id="missing-dash",
    ),
    pytest.param(
        HEAD + "BUILD 0402, 0403\n",
        ("t.orders:2:11", "syntax", "expected '-' between two points, or the end of the line", "write BUILD 0402 - 0403"),
        id="comma-for-dash",
    ),
    pytest.param(
        HEAD + "BUILD Nordstadt - 0403 0404\n",
        (
            "t.orders:2:24",
            "syntax",
            "expected '-' between two points, or the end of the line",
            "write BUILD Nordstadt - 0403 - 0404",
        ),
        id="missing-dash-later-in-path",
    ),
    pytest.param(
        HEAD + "BUILD 402 - 0403\n",
        (
            "t.orders:2:7",
            "syntax",
            "'402' is not a hex label: a label has four digits, two for the column and two for the row",
            "did you mean 0402?",
        ),
        id="label-with-three-digits",
    ),
    pytest.param(
        HEAD + "BUILD 0402 - 0403 -\n",
        (
            "t.orders:2:20",
            "syntax",
            "expected a point after '-': a hex label or a town name",
            "remove the '-' at the end or add the next point",
        ),
        id="dangling-dash",
    ),
    pytest.param(
        HEAD + "BUILD 0402\n",
        ("t.orders:2:11", "syntax", "BUILD needs at least two points joined by '-'", "write BUILD 0402 - <next point>"),
        id="build-one-point",
    ),
    pytest.param(
        HEAD + "START 0402 0403\n",
        ("t.orders:2:12", "syntax", "START names a single point; expected the end of the line", "write START 0402"),
        id="start-two-points",
    ),
    pytest.param(
        HEAD + "BUILD Hamburgg - 0403\n",
        (
            "t.orders:2:7",
            "illegal",
            "no town called 'Hamburgg' on the map Tinyland",
            "the towns are Grenzdorf, Hafen, Nordstadt, Ostburg, Südheim",
        ),
        id="unknown-town",
    ),
    pytest.param(
        HEAD + "BUILD Grenzdorfhof - 0904\n",
        ("t.orders:2:7", "illegal", "no town called 'Grenzdorfhof' on the map Tinyland", "did you mean Grenzdorf?"),
        id="unknown-town-near-a-name",
    ),
    pytest.param(
        HEAD + "BUILD 1105 - 1005\n",
        (
            "t.orders:2:7",
            "illegal",
            "1105 is not on the map Tinyland (columns 01 to 10, rows 01 to 08)",
            "the nearest hex on the map is 1005",
        ),
        id="label-not-on-map",
    ),
    pytest.param(
        HEAD + "BUILD 0504 - 0509\n",
        (
            "t.orders:2:14",
            "illegal",
            "0509 is not on the map Tinyland (columns 01 to 10, rows 01 to 08)",
            "did you mean 0905? (column and row swapped)",
        ),
        id="label-column-and-row-swapped",
    ),
    pytest.param(
        HEAD + "BUILD Nordstadt - 0604\n",
        (
            "t.orders:2:19",
            "illegal",
            "Nordstadt (0402) and 0604 are not neighbours (nor on one straight hex line)",
            "the neighbours of 0402 are 0302 (W), 0502 (E), 0401 (NW), 0501 (NE), 0403 (SW), 0503 (SE)",
        ),
        id="not-adjacent",
    ),
    pytest.param(
        HEAD + "ROLL RED 4\n",
        ("t.orders:2:1", "illegal", "ROLL belongs in the GM's section", "put a line GM before the GM's ROLL lines"),
        id="roll-outside-gm-section",
    ),
    pytest.param(
        "GM\nROLL RED 13\n",
        ("t.orders:2:10", "illegal", "a roll of 13 is impossible: one die gives 1 to 6, two dice 2 to 12", None),
        id="roll-out-of-range",
    ),
    pytest.param(
        "GM\nROLL RED 0\n",
        ("t.orders:2:10", "illegal", "a roll of 0 is impossible: one die gives 1 to 6, two dice 2 to 12", None),
        id="roll-zero",
    ),
    pytest.param(
        "GM\nROLL RED\n",
        (
            "t.orders:2:9",
            "syntax",
            "expected the number rolled after the player's ID",
            "write the number in digits, e.g. ROLL RED 4",
        ),
        id="roll-without-number",
    ),
    pytest.param(
        "GM\nBUILD 0402 - 0403\n",
        (
            "t.orders:2:1",
            "illegal",
            "BUILD in the GM's section: a player's order belongs after their PLAYER line",
            "write PLAYER <ID> PASSWORD <password> before it",
        ),
        id="player-order-in-gm-section",
    ),
    pytest.param(
        "PLAYER RED\nPASS\n",
        ("t.orders:1:11", "syntax", "PLAYER line without PASSWORD", "write PLAYER RED PASSWORD <your password>"),
        id="player-without-password",
    ),
    pytest.param(
        "PLAYER RED PASWORD geheim\n",
        ("t.orders:1:12", "syntax", "expected PASSWORD after the player's ID", "did you mean PASSWORD?"),
        id="misspelt-password-keyword",
    ),
    pytest.param(
        "PLAYER RED PASSWORD\n",
        ("t.orders:1:20", "syntax", "expected the password after PASSWORD", None),
        id="password-missing",
    ),
    pytest.param(
        "TURN three\n" + HEAD,
        ("t.orders:1:6", "syntax", "expected the turn number after TURN", "write the number in digits, e.g. TURN 3"),
        id="turn-not-a-number",
    ),
    pytest.param(
        "BUILD 0402 - 0403\n" + HEAD,
        (
            "t.orders:1:1",
            "illegal",
            "BUILD before any PLAYER line: whose order is it?",
            "begin each player's orders with PLAYER <ID> PASSWORD <password>",
        ),
        id="order-before-player-line",
    ),
    pytest.param(
        HEAD + "PASS now\n",
        (
            "t.orders:2:6",
            "syntax",
            "PASS stands alone on its line; expected the end of the line",
            "put remarks after '#', which starts a comment",
        ),
        id="trailing-junk",
    ),
    pytest.param(
        HEAD + "DECLARE ENF\n",
        ("t.orders:2:9", "syntax", "expected END after DECLARE", "did you mean END?"),
        id="declare-misspelt-end",
    ),
    pytest.param(
        HEAD + "Hallo Spielleiter, hier meine Zuege:\n",
        (
            "t.orders:2:1",
            "syntax",
            "unknown order 'Hallo': an order line starts with "
            "GAME, TURN, PLAYER, START, BUILD, PASS, DECLARE END, ENTER, GM, ROLL, RACE or MOVES",
            "put remarks after '#', which starts a comment",
        ),
        id="prose",
    ),
    pytest.param(
        HEAD + "PASSWORD geheim\n",
        ("t.orders:2:1", "syntax", "PASSWORD belongs on the PLAYER line", "write PLAYER <ID> PASSWORD geheim"),
        id="password-on-its-own-line",
    ),
    pytest.param(
        HEAD + "0402 - 0403\n",
        (
            "t.orders:2:1",
            "syntax",
            "a line cannot begin with a point; an order line starts with "
            "GAME, TURN, PLAYER, START, BUILD, PASS, DECLARE END, ENTER, GM, ROLL, RACE or MOVES",
            "write BUILD 0402 - 0403",
        ),
        id="build-keyword-forgotten",
    ),
    pytest.param(
        HEAD + "BUILD 0402 - 0403 - 0403\n",
        ("t.orders:2:21", "illegal", "0403 is the same hex as the point before it", "leave one of them out"),
        id="same-point-twice",
    ),
    pytest.param(
        "TURN 3\nPLAYER RED PASSWORD x\nPASS\nTURN 2\nPLAYER BLUE PASSWORD y\nPASS\n",
        (
            "t.orders:4:6",
            "illegal",
            "TURN 2 does not match turn 3 (named at t.orders:1)",
            "are these orders from another game or an old turn?",
        ),
        id="turns-disagree-in-a-file",
    ),
]


@pytest.mark.parametrize("text, expected", CASES)
def test_typical_mistake(text, expected):
    orders = resolve(collect([parse_orders(text, "t.orders")]), TINY)
    assert len(orders.problems) == 1, orders.report()
    (p,) = orders.problems
    assert (str(p.pos), p.kind, p.message, p.suggestion) == expected


def test_ambiguous_town_lists_both():
    orders = resolve(collect([parse_orders(HEAD + "BUILD Berge - 0304\n", "t.orders")]), NAMES)
    (p,) = orders.problems
    assert (str(p.pos), p.kind) == ("t.orders:2:7", "ambiguous")
    assert p.message == "'Berge' could be Bergem (0703) or Bergen (0303)"
    assert p.suggestion == "write the town's full name or its hex label"


def test_problem_format_shows_line_caret_and_hint():
    orders = collect([parse_orders(HEAD + "BUILD 0402 0403  # to the south\n", "turn3.orders")])
    assert orders.problems[0].format() == (
        "turn3.orders:2:12: syntax: expected '-' between two points, or the end of the line\n"
        "    BUILD 0402 0403  # to the south\n"
        "               ^\n"
        "    hint: write BUILD 0402 - 0403"
    )


def test_caret_keeps_tabs_aligned():
    (p,) = collect([parse_orders(HEAD + "\tBUILD\t0402 0403\n", "t.orders")]).problems
    assert p.format().splitlines()[2] == "    \t     \t     ^"


def test_problems_name_their_section():
    text = "BUILD 0402 - 0403\nPLAYER RED PASSWORD x\nBIULD\nGM\nROLL RED 99\n"
    orders = collect([parse_orders(text, "t.orders")])
    assert [p.section for p in orders.problems] == [None, "RED", "GM"]
    assert len(orders.problems_for("red")) == 1


GOLDEN = DATA / "orders" / "mistakes.orders"


def test_all_errors_of_a_file_are_reported_in_one_pass():
    """Golden file: tests/data/orders/mistakes.orders in, mistakes.expected out, byte for byte.

    Regenerate after a deliberate change with ``UPDATE_GOLDEN=1 pytest tests/test_orders_errors.py``.
    """
    text = GOLDEN.read_text(encoding="utf-8")
    orders = resolve(collect([parse_orders(text, GOLDEN.name)], turn=3), TINY)
    report = orders.report() + "\n"
    expected_path = GOLDEN.with_suffix(".expected")
    if os.environ.get("UPDATE_GOLDEN"):
        expected_path.write_text(report, encoding="utf-8")
    assert report == expected_path.read_text(encoding="utf-8")
    assert len(orders.problems) >= 12
    assert [o.echo() for o in orders.section("RED").orders] == [
        "START Nordstadt (0402)",
        "BUILD Nordstadt (0402) - 0403 - 0404",
        "BUILD 0402 - 0605 (0402-0503-0504-0605)",
    ]
