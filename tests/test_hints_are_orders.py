"""A hint is an order (issue 35, STYLE 27): every "write ..." or "did you mean ...?" the robot gives for a line of
the mistakes table is a line the parser reads, and ``check`` accepts it on the map the samples name.

Each sample line of every mistake of ``orders/mistakes*.py`` is parsed as a player would mail it; each problem's hint
is turned into the line(s) it tells the player to write (a form's placeholders filled in with the samples' own
points, companies and numbers), and each of those is parsed again: no syntax problem, and read as an order or a
heading.  Then the whole table's WRITE lines are checked against the tiny map (``check``: no problem at all where
their points are the map's).  Also the line of issue 35's trial: ``build boston 2707, 2607`` was told to write
``build boston - 2707, 2607``, itself refused.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from lark import UnexpectedInput

from adjudicator.dampfross.orders.codes import HintCode as H
from adjudicator.dampfross.orders.line import order_parser, parse_line
from adjudicator.dampfross.orders.mistakes import EXAMPLES
from adjudicator.dampfross.orders.model import OrderProblem
from adjudicator.dampfross.orders.parse import parse_orders
from adjudicator.dampfross.report.orderwords import hint_text

FILL = {"<ID>": "RED", "<race>": "1", "<start>": "Nord", "<destination>": "Süd", "<next point>": "0713",
        "<password>": "x", "<your password>": "x", "<number>": "4", "<point>": "0712", "<port>": "Calais", "<n>": "5",
        "<rolls>": "3 5 2"}
"""What a form's placeholders are filled with (points and companies as the samples write them)."""


def _filled(line: str) -> str:
    for placeholder, value in FILL.items():
        line = line.replace(placeholder, value)
    return line


def _swap(p: OrderProblem, option: str) -> str:
    """The line with the word the problem points at replaced by ``option`` (did you mean ...?)."""
    text = p.line_text
    start = p.pos.column - 1
    word = re.match(r"\S*", text[start:])
    end = start + (len(word.group(0)) if word else 0)
    return text[:start] + option + text[end:]


def _removed(p: OrderProblem, what: str) -> str:
    """The line without ``what``, which stands where the problem points."""
    at = p.pos.column - 1
    assert p.line_text[at:].startswith(what), (p, what)
    return re.sub(r"\s+", " ", p.line_text[:at] + p.line_text[at + len(what):]).strip()


def _commented(p: OrderProblem, what: str) -> str:
    at = p.pos.column - 1
    return p.line_text[:at] + "# " + p.line_text[at:]


LINES: dict[H, Callable[[OrderProblem, dict[str, object]], list[str]]] = {
    H.WRITE: lambda p, a: [str(a["line"])],
    H.DID_YOU_MEAN: lambda p, a: [_swap(p, str(o)) for o in a["options"]],  # type: ignore[attr-defined]
    H.REMOVE: lambda p, a: [_removed(p, str(a["text"]))],
    H.REMOVE_OR_COMMENT: lambda p, a: [_removed(p, str(a["text"])), _commented(p, str(a["text"]))],
    H.MOVE_TO_PLAYER_LINE: lambda p, a: [_filled(f"PLAYER <ID> {a['line']}")],
    H.ADD_NEXT_POINT: lambda p, a: [_filled(f"{a['line']} - <next point>")],
    H.NUMBER_IN_DIGITS: lambda p, a: [str(a["example"])],
    H.EXAMPLE: lambda p, a: [str(a["example"])],
    H.PLAYER_LINE_FORM: lambda p, a: [_filled(f"{a['keyword']} <ID> PASSWORD <password>")],
    H.ADD_PASSWORD: lambda p, a: [_filled(f"{a['line']} PASSWORD <your password>")],
    H.DECLARE_END_FORM: lambda p, a: ["DECLARE END", "ERKLÄRE ENDE"],
    H.ROLL_FORM: lambda p, a: [_filled(f"{a['keyword']} <ID> <number>"), f"{a['keyword']} RED 4"],
    H.STANDING_FORM: lambda p, a: [f"{a['keyword']} ENTER ALL BEST MIN 5", f"{a['keyword']} PASS",
                                   f"{a['keyword']} CANCEL"],
    H.FERRY_FORM: lambda p, a: [f"{a['keyword']} FERRY Calais", f"{a['keyword']} FERRY Calais - Dover"],
    H.ADD_RACE_NUMBER: lambda p, a: [_filled(f"{a['keyword']} <race> {a['rest']}")],
    H.ENTER_FORM: lambda p, a: [_filled(f"{a['keyword']} <race> ROUTE <start> - 0712 - <destination>")],
    H.ROUTE_OR_BEST: lambda p, a: [_filled(f"{a['line']} ROUTE <start> - 0712 - <destination>"), f"{a['line']} BEST"],
    H.JOINT_TRIP: lambda p, a: [str(a["line"])],
    H.ADD_ID: lambda p, a: [_filled(f"{a['line']} <ID> {a['rest']}")],
    H.ADD_PARTNER_AND_ROUTE: lambda p, a: [_filled(f"{a['line']} <ID> ROUTE <start> - 0712 - <destination>")],
    H.START_FIRST: lambda p, a: [_filled(f"{a['line']} <start> {a['route']}")],
    H.GIVE_ROUTE: lambda p, a: [str(a["line"])],
    H.RACE_FORM: lambda p, a: [_filled(f"{a['keyword']} <number> FROM <start> TO <destination>")],
    H.ADD_FROM: lambda p, a: [_filled(f"{a['line']} FROM <start> {a['rest']}")],
    H.ADD_FROM_AND_TO: lambda p, a: [_filled(f"{a['line']} FROM <start> TO <destination>")],
    H.ADD_TO: lambda p, a: [_filled(f"{a['line']} TO <destination>")],
    H.ADD_MOVES_RACE: lambda p, a: [_filled(f"{a['keyword']} <race> {a['rest']}"), f"{a['keyword']} 1 RED 3 5 2"],
    H.MOVES_FORM: lambda p, a: [_filled(f"{a['keyword']} <race> <ID> <rolls>"), f"{a['keyword']} 1 RED 3 5 2"],
    H.ROLLS_ONE_BY_ONE: lambda p, a: [f"{a['line']} 3 5 2"],
    H.ROLLS_APART: lambda p, a: [str(a["line"])],
    H.ONE_ROLL_PER_NUMBER: lambda p, a: [str(a["line"])],
    H.BUILD_WITH_FORM: lambda p, a: [_filled(f"{a['keyword']} WITH <ID> <point> - 0713")],
    H.POWERS_FORM: lambda p, a: [_filled(f"{a['keyword']} <race> WITH <ID>")],
    H.CHEAPEST_FORM: lambda p, a: [_filled(f"{a['keyword']} CHEAPEST FROM <point> TO 0713"),
                                   _filled(f"{a['keyword']} CHEAPEST FROM <point> TO 0713 MAX <n>")],
    H.CONDITION_FORMS: lambda p, a: [_filled(f"IF {c} THEN") for c in (
        "<point> TAKEN", "<point> - 0713 TAKEN", "Nord CONNECTED", "BALANCE AT LEAST <n>", "RACE <n> FROM Nord",
        "RACE <n> TO Nord", "STANDBY <ID>", "NOT <point> TAKEN")],
    H.CONDITIONAL_FORM: lambda p, a: ["IF 0712 TAKEN THEN", "ELSE"],  # and END, read by the IF it closes
}
"""The lines a hint tells the player to write, by its code (its data ``a``; ``p`` the problem it helps)."""

NO_LINE = {H.COMMENT_REMARKS, H.REMOVE_TRAILING_DASH, H.ADD_DESTINATION_OR_REMOVE_OWNER, H.RACE_AS_PRINTED,
           H.REMOVE_OWNER_FROM_BUILD, H.OWNER_BETWEEN_POINTS, H.ONE_OWNER, H.LABEL_FORM, H.BEGIN_WITH_PLAYER,
           H.PLAYER_LINE_BEFORE, H.ADD_GM_LINE, H.ONLY_BUILD_OR_ENTER}
"""Hints that name no line to write (where to put a remark, what to leave out of a line that has no sample here,
what a line may hold)."""

SAMPLES = [(label, sample) for label, samples in EXAMPLES.items() for sample in samples]


def _mends(p: OrderProblem, line: str) -> bool:
    """Whether ``line`` mends the problem ``p``: it reads as an order, or what still stops it is the player's own
    text after the place the hint mended (a sample's junk such as ``x``, kept as the player wrote it): its first
    problem stands, counted back into the player's line, beyond ``p``'s column."""
    res = parse_line(line, "t", 1)
    if res.item is not None and not res.problems:
        return True
    try:  # the grammar reads it: what is left is a value the player wrote (a label "5"), as the line had it
        order_parser().parse(line)
        return True
    except UnexpectedInput:
        pass
    if not res.problems:
        return False
    shift = len(line.strip()) - len(p.line_text.strip())
    return res.problems[0].pos.column - shift > p.pos.column


def _problems(line: str) -> tuple[OrderProblem, ...]:
    return parse_line(line, "t", 1).problems


@pytest.mark.parametrize("label, sample", SAMPLES, ids=[f"{label}:{sample}" for label, sample in SAMPLES])
def test_every_hint_of_the_mistakes_table_is_a_line_the_parser_reads(label: str, sample: str):
    for p in _problems(sample):
        if p.hint is None:
            continue
        code, data = p.hint.code, dict(p.hint.args)
        assert code in LINES or code in NO_LINE, (code, sample)
        for line in LINES.get(code, lambda p, a: [])(p, data):
            assert _mends(p, line), (sample, hint_text(p), line, parse_line(line, "t", 1).problems)


def test_the_hint_of_issue_35s_trial_is_an_order():
    """``build boston 2707, 2607`` (a comma for a dash): the hint is ``build boston - 2707 - 2607`` (it was ``build
    boston - 2707, 2607``, which the robot refused in turn)."""
    (p,) = _problems("build boston 2707, 2607")
    assert p.hint is not None and hint_text(p) == "write build boston - 2707 - 2607"
    (q,) = _problems("build boston-2707, 2607")
    assert q.hint is not None and hint_text(q) == "write build boston-2707 - 2607"


def test_a_hint_that_would_not_read_is_not_given():
    """A line beginning with a lone label earns "write BUILD <the line>" only when that is a BUILD line: ``2607``
    alone would make ``BUILD 2607``, a line of one point."""
    (p,) = _problems("2607")
    assert p.hint is None or all(parse_line(line, "t", 1).item is not None
                                 for line in LINES.get(p.hint.code, lambda p, a: [])(p, dict(p.hint.args)))


def test_hints_in_a_mail_are_orders_too():
    """The same through a whole mail (``parse_orders``: sections, prose, the lines of a line of several orders)."""
    text = "PLAYER RED PASSWORD x\nBIULD 0712 - 0713\nSTART Nord, BUILD Nord 0713\n"
    for p in parse_orders(text, "t").problems:
        assert p.hint is not None
        for line in LINES[p.hint.code](p, dict(p.hint.args)):
            assert parse_line(line, "t", 1).item is not None, (p, line)
