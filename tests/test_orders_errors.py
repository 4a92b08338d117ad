"""Typical mistakes: exact file:line:column, kind, problem code, message in player words, and the hint.

Each case is a small order file (on the map tests/data/tiny.yaml); the line
with the mistake is written out so the column can be checked by eye.  The
order package gives codes and data; the words come from the phrasebook
(``adjudicator.dampfross.report.orderwords``), checked here too.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from adjudicator.dampfross.app.maps import read_map
from adjudicator.dampfross.orders import Hint, collect, parse_orders, resolve
from adjudicator.dampfross.orders.codes import HintCode as H
from adjudicator.dampfross.orders.codes import ProblemCode as P
from adjudicator.dampfross.report.orderwords import format_problem, hint_text, orders_report, problem_message

DATA = Path(__file__).parent / "data"
TINY = read_map(DATA / "tiny.yaml")
NAMES = read_map(DATA / "orders" / "names.yaml")
HEAD = "PLAYER RED PASSWORD x\n"

CASES = [
    pytest.param(
        HEAD + "BIULD 0402 - 0403\n",
        ("t.orders:2:1", "syntax", P.MISSPELT_ORDER, "unknown order 'BIULD'", "did you mean BUILD?"),
        id="misspelt-keyword",
    ),
    pytest.param(
        HEAD + "BAUEN 0402 - 0403\n",
        ("t.orders:2:1", "syntax", P.MISSPELT_ORDER, "unknown order 'BAUEN'", "did you mean BAUE?"),
        id="misspelt-german-keyword",
    ),
    pytest.param(
        HEAD + "BUILD 0402 0403\n",
        (
            "t.orders:2:12",
            "syntax",
            P.EXPECTED_DASH,
            "expected '-' between two points, or the end of the line",
            "write BUILD 0402 - 0403",
        ),
        id="missing-dash",
    ),
    pytest.param(
        HEAD + "BUILD 0402, 0403\n",
        (
            "t.orders:2:11",
            "syntax",
            P.EXPECTED_DASH,
            "expected '-' between two points, or the end of the line",
            "write BUILD 0402 - 0403",
        ),
        id="comma-for-dash",
    ),
    pytest.param(
        HEAD + "BUILD Nordstadt - 0403 0404\n",
        (
            "t.orders:2:24",
            "syntax",
            P.EXPECTED_DASH,
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
            P.NOT_A_LABEL,
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
            P.EXPECTED_POINT_AFTER_DASH,
            "expected a point after '-': a hex label or a town name",
            "remove the '-' at the end or add the next point",
        ),
        id="dangling-dash",
    ),
    pytest.param(
        HEAD + "BUILD 0402\n",
        (
            "t.orders:2:11",
            "syntax",
            P.TOO_FEW_POINTS,
            "BUILD needs at least two points joined by '-'",
            "write BUILD 0402 - <next point>",
        ),
        id="build-one-point",
    ),
    pytest.param(
        HEAD + "START 0402 0403\n",
        (
            "t.orders:2:12",
            "syntax",
            P.SINGLE_POINT,
            "START names a single point; expected the end of the line",
            "write START 0402",
        ),
        id="start-two-points",
    ),
    pytest.param(
        HEAD + "BUILD Hamburgg - 0403\n",
        (
            "t.orders:2:7",
            "illegal",
            P.UNKNOWN_TOWN,
            "no town called 'Hamburgg' on the map Tinyland",
            "the towns are Grenzdorf, Hafen, Nordstadt, Ostburg, Südheim",
        ),
        id="unknown-town",
    ),
    pytest.param(
        HEAD + "BUILD Grenzdorfhof - 0904\n",
        (
            "t.orders:2:7",
            "illegal",
            P.UNKNOWN_TOWN,
            "no town called 'Grenzdorfhof' on the map Tinyland",
            "did you mean Grenzdorf?",
        ),
        id="unknown-town-near-a-name",
    ),
    pytest.param(
        HEAD + "BUILD 1105 - 1005\n",
        (
            "t.orders:2:7",
            "illegal",
            P.NOT_ON_MAP,
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
            P.NOT_ON_MAP,
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
            P.NOT_NEIGHBOURS,
            "Nordstadt (0402) and 0604 are not neighbours (nor on one straight hex line)",
            "the neighbours of 0402 are 0302 (W), 0502 (E), 0401 (NW), 0501 (NE), 0403 (SW), 0503 (SE)",
        ),
        id="not-adjacent",
    ),
    pytest.param(
        HEAD + "ROLL RED 4\n",
        (
            "t.orders:2:1",
            "illegal",
            P.GM_ORDER_OUTSIDE_GM_SECTION,
            "ROLL belongs in the GM's section",
            "put a line GM before the GM's ROLL lines",
        ),
        id="roll-outside-gm-section",
    ),
    pytest.param(
        "GM\nROLL RED 13\n",
        (
            "t.orders:2:10",
            "illegal",
            P.IMPOSSIBLE_ROLL,
            "a roll of 13 is impossible: one die gives 1 to 6, two dice 2 to 12",
            None,
        ),
        id="roll-out-of-range",
    ),
    pytest.param(
        "GM\nROLL RED 0\n",
        (
            "t.orders:2:10",
            "illegal",
            P.IMPOSSIBLE_ROLL,
            "a roll of 0 is impossible: one die gives 1 to 6, two dice 2 to 12",
            None,
        ),
        id="roll-zero",
    ),
    pytest.param(
        "GM\nROLL RED\n",
        (
            "t.orders:2:9",
            "syntax",
            P.EXPECTED_ROLL_NUMBER,
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
            P.PLAYER_ORDER_IN_GM_SECTION,
            "BUILD in the GM's section: a player's order belongs after their PLAYER line",
            "write PLAYER <ID> PASSWORD <password> before it",
        ),
        id="player-order-in-gm-section",
    ),
    pytest.param(
        "PLAYER RED\nPASS\n",
        (
            "t.orders:1:11",
            "syntax",
            P.PLAYER_WITHOUT_PASSWORD,
            "PLAYER line without PASSWORD",
            "write PLAYER RED PASSWORD <your password>",
        ),
        id="player-without-password",
    ),
    pytest.param(
        "PLAYER RED PASWORD geheim\n",
        (
            "t.orders:1:12",
            "syntax",
            P.EXPECTED_PASSWORD_KEYWORD,
            "expected PASSWORD after the player's ID",
            "did you mean PASSWORD?",
        ),
        id="misspelt-password-keyword",
    ),
    pytest.param(
        "PLAYER RED PASSWORD\n",
        ("t.orders:1:20", "syntax", P.EXPECTED_PASSWORD, "expected the password after PASSWORD", None),
        id="password-missing",
    ),
    pytest.param(
        "TURN three\n" + HEAD,
        (
            "t.orders:1:6",
            "syntax",
            P.EXPECTED_TURN_NUMBER,
            "expected the turn number after TURN",
            "write the number in digits, e.g. TURN 3",
        ),
        id="turn-not-a-number",
    ),
    pytest.param(
        "BUILD 0402 - 0403\n" + HEAD,
        (
            "t.orders:1:1",
            "illegal",
            P.ORDER_BEFORE_PLAYER,
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
            P.STANDS_ALONE,
            "PASS stands alone on its line; expected the end of the line",
            "put remarks after '#', which starts a comment",
        ),
        id="trailing-junk",
    ),
    pytest.param(
        HEAD + "DECLARE ENF\n",
        ("t.orders:2:9", "syntax", P.EXPECTED_END, "expected END after DECLARE", "did you mean END?"),
        id="declare-misspelt-end",
    ),
    pytest.param(
        HEAD + "Hallo Spielleiter, hier meine Zuege:\nPASS\n",  # among the orders; around them it is ignored
        (
            "t.orders:2:1",
            "syntax",
            P.UNKNOWN_ORDER,
            ("unknown order 'Hallo': an order line starts with "
             "GAME, TURN, PLAYER, START, BUILD, PASS, DECLARE END, ENTER, POWERS, BUY FERRY, PRESS, GM, ROLL, RACE, "
             "MOVES, HOLD PRESS or STANDING"),
            "put remarks after '#', which starts a comment",
        ),
        id="prose",
    ),
    pytest.param(
        HEAD + "PASSWORD geheim\n",
        (
            "t.orders:2:1",
            "syntax",
            P.PASSWORD_OFF_PLAYER_LINE,
            "PASSWORD belongs on the PLAYER line",
            "write PLAYER <ID> PASSWORD ******",  # the password is never shown, not even in a hint
        ),
        id="password-on-its-own-line",
    ),
    pytest.param(
        HEAD + "0402 - 0403\n",
        (
            "t.orders:2:1",
            "syntax",
            P.LINE_BEGINS_WITH_POINT,
            ("a line cannot begin with a point; an order line starts with "
             "GAME, TURN, PLAYER, START, BUILD, PASS, DECLARE END, ENTER, POWERS, BUY FERRY, PRESS, GM, ROLL, RACE, "
             "MOVES, HOLD PRESS or STANDING"),
            "write BUILD 0402 - 0403",
        ),
        id="build-keyword-forgotten",
    ),
    pytest.param(
        HEAD + "BUILD 0402 - 0403 - 0403\n",
        ("t.orders:2:21", "illegal", P.SAME_HEX, "0403 is the same hex as the point before it", "leave one of them out"),
        id="same-point-twice",
    ),
    pytest.param(
        "TURN 3\nPLAYER RED PASSWORD x\nPASS\nTURN 2\nPLAYER BLUE PASSWORD y\nPASS\n",
        (
            "t.orders:4:6",
            "illegal",
            P.TURN_MISMATCH,
            "TURN 2 does not match turn 3 (named at t.orders:1)",
            "are these orders from another game or an old turn?",
        ),
        id="turns-disagree-in-a-file",
    ),
]


@pytest.mark.parametrize("text, expected", CASES)
def test_typical_mistake(text, expected):
    orders = resolve(collect([parse_orders(text, "t.orders")]), TINY)
    assert len(orders.problems) == 1, orders_report(orders)
    (p,) = orders.problems
    assert (str(p.pos), p.kind, p.code, problem_message(p), hint_text(p)) == expected


def test_ambiguous_town_lists_both():
    orders = resolve(collect([parse_orders(HEAD + "BUILD Berge - 0304\n", "t.orders")]), NAMES)
    (p,) = orders.problems
    assert (str(p.pos), p.kind) == ("t.orders:2:7", "ambiguous")
    assert (p.code, dict(p.args)) == (P.AMBIGUOUS_TOWN, {"written": "Berge", "candidates": ("Bergem (0703)", "Bergen (0303)")})
    assert problem_message(p) == "'Berge' could be Bergem (0703) or Bergen (0303)"
    assert p.hint is not None and p.hint.code is H.FULL_NAME_OR_LABEL
    assert hint_text(p) == "write the town's full name or its hex label"


def test_problem_format_shows_line_caret_and_hint():
    orders = collect([parse_orders(HEAD + "BUILD 0402 0403  # to the south\n", "turn3.orders")])
    (p,) = orders.problems
    assert (p.code, p.hint) == (P.EXPECTED_DASH, Hint(H.WRITE, (("line", "BUILD 0402 - 0403"),)))
    assert format_problem(p) == (
        "turn3.orders:2:12: syntax: expected '-' between two points, or the end of the line\n"
        "    BUILD 0402 0403  # to the south\n"
        "               ^\n"
        "    hint: write BUILD 0402 - 0403"
    )


def test_caret_keeps_tabs_aligned():
    (p,) = collect([parse_orders(HEAD + "\tBUILD\t0402 0403\n", "t.orders")]).problems
    assert format_problem(p).splitlines()[2] == "    \t     \t     ^"


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
    report = orders_report(orders) + "\n"
    expected_path = GOLDEN.with_suffix(".expected")
    if os.environ.get("UPDATE_GOLDEN"):
        expected_path.write_text(report, encoding="utf-8")
    assert report == expected_path.read_text(encoding="utf-8")
    assert len(orders.problems) >= 12
    assert [o.echo() for o in orders.section("RED").orders] == [
        "START Nordstadt (0402)",
        "BUILD Nordstadt (0402) - 0403 - 0404",
        "BUILD 0402 - 0605 (0402-0503-0504-0605)",
        "BUILD Hamburgg - 0403",  # reading 79: kept up to the bad point, to say publicly why nothing is built
        "BUILD 1105 - 1005",
        "BUILD 0402 - 0604",
    ]
