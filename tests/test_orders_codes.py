"""Codes, not sentences: the order package returns codes and data, the phrasebook words them.

Checks that every code has exactly one sentence, that the sentences are
literal templates gettext can extract, that no module of the order package
builds an English sentence, and that problem data is plain data.
"""

from __future__ import annotations

import ast
import re
import string
from enum import StrEnum
from pathlib import Path

import pytest

import adjudicator.dampfross.orders as orders_package
from adjudicator.dampfross.app.maps import read_map
from adjudicator.dampfross.orders import collect, parse_orders, resolve
from adjudicator.dampfross.orders.codes import HintCode, NoteCode, ProblemCode
from adjudicator.dampfross.orders.mistakes import MISTAKES, explain
from adjudicator.dampfross.orders.mistakes_base import ErrorContext
from adjudicator.dampfross.orders.model import OrderProblem, Pos
from adjudicator.dampfross.report import orderphrases
from adjudicator.dampfross.report.orderphrases import HINTS, NOTES, PROBLEMS
from adjudicator.dampfross.report.orderwords import hint_text, problem_message

DATA = Path(__file__).parent / "data"
TINY = read_map(DATA / "tiny.yaml")
ORDERS_DIR = Path(orders_package.__file__).parent


@pytest.mark.parametrize("enum, table", [(ProblemCode, PROBLEMS), (HintCode, HINTS), (NoteCode, NOTES)])
def test_every_code_has_a_sentence_in_the_phrasebook(enum: type[StrEnum], table: dict):
    assert set(table) == set(enum), set(enum) ^ set(table)
    for code, template in table.items():
        names = [name for _, name, _, _ in string.Formatter().parse(template) if name is not None]
        assert all(name.isidentifier() for name in names), (code, template)


def test_every_sentence_is_a_literal_marked_for_translation():
    """``N_("...")`` around a literal: what ``xgettext --keyword=N_`` extracts."""
    tree = ast.parse(Path(orderphrases.__file__).read_text(encoding="utf-8"))
    tables = {"PROBLEMS", "HINTS", "NOTES"}
    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id in tables:
            assert isinstance(node.value, ast.Dict)
            for value in node.value.values:
                assert isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "N_"
                (arg,) = value.args
                assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), ast.dump(value)
            tables.remove(node.target.id)
    assert not tables, f"tables not found: {tables}"


@pytest.mark.parametrize("enum", [ProblemCode, HintCode, NoteCode])
def test_every_code_is_used_by_the_order_package(enum: type[StrEnum]):
    """A member no module returns would be a sentence nobody can see (reading files is in app/orderfiles.py)."""
    used: set[str] = set()
    for path in [*ORDERS_DIR.glob("*.py"), ORDERS_DIR.parent / "app" / "orderfiles.py"]:
        if path.name == "codes.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute):
                used.add(node.attr)
    assert {m.name for m in enum} - used == set()


def _prose_words(text: str) -> list[str]:
    """The lower-case words of ``text`` (split at white space, punctuation around them dropped)."""
    return [w for w in (t.strip("'\".,;:?!()") for t in text.split()) if re.fullmatch(r"[a-z]{2,}", w)]


def _literals(tree: ast.Module) -> list[tuple[int, str]]:
    """String literals (f-string parts too) that are not docstrings, raise messages or sample mistakes."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):  # docstrings, also those of attributes (a string after an assignment)
            skip |= {id(s.value) for s in body if isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant)}
        if isinstance(node, ast.Raise):  # a programming error, never shown to a player
            skip |= {id(sub) for sub in ast.walk(node)}
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Mistake":
            skip |= {id(sub) for sub in ast.walk(node)}  # sample lines: order text as players write it
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
    ]


def test_the_order_package_writes_no_sentences():
    """Words only in reports: no literal of two or more English words in ``adjudicator/dampfross/orders/``.

    Keywords are upper case and codes are kebab-case, so a literal with two
    lower-case words is prose (``f"unknown order '{word}'"`` fails this).
    """
    found = [
        f"{path.name}:{line}: {text!r}"
        for path in sorted(ORDERS_DIR.glob("*.py"))
        for line, text in _literals(ast.parse(path.read_text(encoding="utf-8")))
        if len(_prose_words(text)) >= 2
    ]
    assert found == []


def test_the_prose_check_recognises_a_sentence():
    """The check above can fail: the old ``f"unknown order '{word}'"`` is caught, a docstring is not."""
    tree = ast.parse('def f(word):\n    """A docstring is allowed here."""\n    return f"unknown order \'{word}\'"\n')
    assert [(text, len(_prose_words(text))) for _, text in _literals(tree)] == [("unknown order '", 2), ("'", 0)]


def _sample_problems() -> list[OrderProblem]:
    texts = [(DATA / "orders" / name).read_text(encoding="utf-8") for name in ("mistakes.orders", "racing.orders")]
    texts += ["PLAYER RED PASSWORD x\n" + "\n".join(ex for m in MISTAKES for ex in m.examples) + "\n"]
    out: list[OrderProblem] = []
    for i, text in enumerate(texts):
        found = resolve(collect([parse_orders(text, f"{i}.orders")], turn=3), TINY, companies=("RED", "BLUE"))
        out += found.problems
    return out


def _is_data(value: object) -> bool:
    if isinstance(value, tuple):
        return all(isinstance(v, (str, int)) for v in value)
    return isinstance(value, (str, int))


def test_problem_data_is_plain_and_hashable():
    problems = _sample_problems()
    assert {p.code for p in problems} >= {ProblemCode.UNKNOWN_ORDER, ProblemCode.EXPECTED_DASH, ProblemCode.UNKNOWN_TOWN}
    for p in problems:
        hash(p)
        data = p.args + (p.hint.args if p.hint else ())
        assert all(isinstance(k, str) and _is_data(v) for k, v in data), p
        assert len({k for k, _ in p.args}) == len(p.args), p


@pytest.mark.parametrize(
    "expected, bad, message, hint",
    [
        (
            {"DIGITS", "WORD", "DASH", "ID", "ROUTE", "FOO"}, "ROUT",
            "expected a point (a hex label such as 0712, or a town name), '-', a player ID or ROUTE, not 'ROUT'",
            "did you mean ROUTE?",
        ),
        ({"DASH", "$END"}, "x", "expected '-' or the end of the line, not 'x'", None),
        ({"DIGITS"}, "", "expected a number, not the end of the line", None),
        (set(), "x", "expected something else, not 'x'", None),
    ],
)
def test_lines_the_table_does_not_foresee_name_what_the_parser_wanted(expected, bad, message, hint):
    ctx = ErrorContext("BUILD x " + bad, 9, bad, "BUILD", "BUILD", frozenset(expected))
    code, data, help_ = explain(None, ctx)
    assert code is (ProblemCode.UNEXPECTED_TEXT if bad else ProblemCode.UNEXPECTED_END)
    assert dict(data)["expected"] == tuple(sorted(expected))
    p = OrderProblem("syntax", code, Pos("t.orders", 1, 9), ctx.code, data, help_)
    assert (problem_message(p), hint_text(p)) == (message, hint)
