"""Standing orders in the order language (issue 27): STANDING lines read, echoed, explained, and what a section sets.

The rules (readings 110-114) are the catalogue's: tests/catalogue/test_r12_standing_orders.py.
"""

from __future__ import annotations

import pytest

from adjudicator.dampfross.game.standing import DEFAULT_MIN_PROFIT, Standing
from adjudicator.dampfross.orders import parse_orders
from adjudicator.dampfross.orders.codes import HintCode, ProblemCode
from adjudicator.dampfross.orders.line import order_parser
from adjudicator.dampfross.orders.mistakes import KEYWORDS
from adjudicator.dampfross.orders.model import StandingOrder
from adjudicator.dampfross.orders.standing import standing_lines, standing_of
from adjudicator.dampfross.report.i18n import language
from adjudicator.dampfross.report.orderwords import format_problem, hint_text, order_text
from adjudicator.dampfross.report.standingwords import standing_line


def orders_of(*lines: str) -> list[StandingOrder]:
    parsed = parse_orders("PLAYER RED PASSWORD x\n" + "".join(f"{line}\n" for line in lines), "m")
    assert parsed.problems == (), [format_problem(p) for p in parsed.problems]
    return standing_lines(parsed.sections[0])


@pytest.mark.parametrize(("line", "echo"), [
    ("STANDING ENTER ALL BEST MIN 5", "STANDING ENTER ALL BEST MIN 5"),
    ("standing enter all best", f"STANDING ENTER ALL BEST MIN {DEFAULT_MIN_PROFIT}"),
    ("STANDING ENTER ALL BEST MIN 0", "STANDING ENTER ALL BEST MIN 0"),
    ("Dauerauftrag fahre alle beste min 7", "STANDING ENTER ALL BEST MIN 7"),
    ("STANDING PASS", "STANDING PASS"),
    ("DAUERAUFTRAG PASSE", "STANDING PASS"),
    ("STANDING CANCEL", "STANDING CANCEL"),
    ("DAUERAUFTRAG AUFHEBEN", "STANDING CANCEL"),
    ("Dauerauftrag Storno # nicht mehr", "STANDING CANCEL"),
])
def test_standing_lines_in_english_and_german(line: str, echo: str) -> None:
    (order,) = orders_of(line)
    assert order.echo() == echo


@pytest.mark.parametrize("keyword", ["STANDING", "ALL", "MIN", "CANCEL"])
def test_every_spelling_of_the_table_is_in_the_grammar(keyword: str) -> None:
    template = {"STANDING": "{} PASS", "ALL": "STANDING ENTER {} BEST", "MIN": "STANDING ENTER ALL BEST {} 3",
                "CANCEL": "STANDING {}"}[keyword]
    for spelling in KEYWORDS[keyword]:
        tree = order_parser().parse(template.format(spelling.lower()))
        assert keyword in [t.type for t in tree.scan_values(lambda v: hasattr(v, "type"))]


def test_a_town_may_still_be_called_all_or_min() -> None:
    parsed = parse_orders("PLAYER RED PASSWORD x\nBUILD Min - All - Cancel\n", "m")
    assert [o.echo() for o in parsed.sections[0].orders] == ["BUILD Min - All - Cancel"]


@pytest.mark.parametrize(("lines", "standing"), [
    (("STANDING ENTER ALL BEST MIN 4",), Standing(4)),
    (("STANDING PASS", "STANDING ENTER ALL BEST MIN 4"), Standing(4, True)),
    (("STANDING ENTER ALL BEST MIN 4", "STANDING ENTER ALL BEST MIN 9"), Standing(9)),
    (("STANDING PASS", "STANDING CANCEL"), None),
    (("STANDING PASS", "STANDING CANCEL", "STANDING ENTER ALL BEST MIN 2"), Standing(2)),
])
def test_a_section_sets_its_standing_lines_read_in_order(lines: tuple[str, ...], standing: Standing | None) -> None:
    """Reading 110: CANCEL drops the lines above it, a later ENTER replaces an earlier one."""
    assert standing_of(orders_of(*lines)) == standing


@pytest.mark.parametrize(("line", "code", "hint"), [
    ("STANDING", ProblemCode.EXPECTED_STANDING_ORDER,
     "write STANDING ENTER ALL BEST MIN <n>, STANDING PASS or STANDING CANCEL"),
    ("STANDING BUILD 0712 - 0713", ProblemCode.EXPECTED_STANDING_ORDER, None),
    ("STANDING ENTER 2 BEST", ProblemCode.EXPECTED_STANDING_ALL_BEST, None),
    ("STANDING ENTER ALL", ProblemCode.EXPECTED_STANDING_ALL_BEST, None),
    ("STANDING ENTER ALL BEST 5", ProblemCode.EXPECTED_STANDING_MIN, "write STANDING ENTER ALL BEST MIN 5"),
    ("STANDING ENTER ALL BEST MIN", ProblemCode.EXPECTED_STANDING_MIN, None),
    ("STANDING ENTER ALL BEST MIN -5", ProblemCode.EXPECTED_STANDING_MIN, None),
    ("STANDING CANCEL all", ProblemCode.TEXT_AFTER_STANDING, "remove 'all' or put it after '#'"),
    ("STANDING ENTER ALL BEST MIN 100", ProblemCode.STANDING_MIN_TOO_HIGH, None),
    ("STANDING ENTER ALL BEST MIN 1234567", ProblemCode.NUMBER_TOO_LONG, None),
])
def test_a_wrong_standing_line_is_one_problem(line: str, code: ProblemCode, hint: str | None) -> None:
    parsed = parse_orders(f"PLAYER RED PASSWORD x\n{line}\n", "m")
    (problem,) = parsed.problems
    assert problem.code is code
    if hint is not None:
        assert hint_text(problem) == hint
    assert problem.hint is None or problem.hint.code in set(HintCode)


def test_a_misspelt_standing_keyword_earns_did_you_mean() -> None:
    parsed = parse_orders("PLAYER RED PASSWORD x\nSTANDNG PASS 3\n", "m")
    (problem,) = parsed.problems
    assert problem.code is ProblemCode.MISSPELT_ORDER and hint_text(problem) == "did you mean STANDING?"


def test_the_words_of_standing_orders_in_german() -> None:
    with language("de"):
        assert order_text("STANDING ENTER ALL BEST MIN 5") == "DAUERAUFTRAG FAHRE ALLE BESTE MIN 5"
        assert standing_line(None, Standing(5, True)).startswith("Daueraufträge")
        assert standing_line(Standing(1), None) != standing_line(None, Standing(1))
    assert standing_line(None, None) == ""


def test_the_players_page_examples_read_without_a_problem() -> None:
    """docs/players.md's examples of standing orders (English and German) are orders as written."""
    from pathlib import Path

    page = (Path(__file__).parent.parent / "docs" / "players.md").read_text(encoding="utf-8")
    blocks = page.split("### Standing orders", 1)[1].split("```")[1:4:2]
    echoes = []
    for block in blocks:
        parsed = parse_orders(block, "players.md")
        assert parsed.problems == (), [format_problem(p) for p in parsed.problems]
        echoes += [o.echo() for o in parsed.sections[0].orders]
    assert echoes == ["ENTER 2 BEST", "STANDING ENTER ALL BEST MIN 5", "STANDING PASS"]
