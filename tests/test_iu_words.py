"""InterUrban's words (interurban/words): every code has its sentence, reports fit 80 columns, German is German."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from adjudicator.interurban import move as move_module
from adjudicator.interurban import rules as rules_module
from adjudicator.interurban.move import apply_move, legal_first, setup
from adjudicator.interurban.notation import Code, Hint, parse_move
from adjudicator.interurban.preview import check
from adjudicator.interurban.rules import Problem
from adjudicator.interurban.shuffle import SeededDraw, commitment, seed_from_text
from adjudicator.interurban.words import problems, reports
from adjudicator.kernel.i18n import language
from tests.catalogue.interurban_kit import opening
from tests.catalogue.test_iu2_scoring import FERDI, LUCY, REY, with_lines
from tools import i18n

NAMES = {FERDI: "Ferdi", LUCY: "Lucy", REY: "Rey"}


def engine_codes() -> set[str]:
    """Every code the rules and the move give a ``Problem`` (the string literals of ``Problem(...)``)."""
    codes = set()
    for module in (move_module, rules_module):
        for node in ast.walk(ast.parse(Path(module.__file__ or "").read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Problem" and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant):
                    codes.add(first.value)
                elif isinstance(first, ast.Name):  # Problem(rule, ...) with a rule letter of station_problem
                    codes |= set("DGHIJ")
    return codes


def test_every_code_has_its_words():
    assert engine_codes() | {"not-on-move"} <= set(problems.REFUSALS)
    assert {"A", "B", "C", "E", "F", "line-finished", "can-lay"} <= engine_codes()  # the scan can fail
    assert set(problems.NOTATION) == set(Code) and set(problems.HINTS) == set(Hint)


def played(seed_text: str, players=("green", "blue", "red")):
    """A random legal game: every (before, after, events), and the seed."""
    seed = seed_from_text(seed_text)
    draw = SeededDraw(seed)
    state = setup(seed_text, players, draw)
    rng = random.Random(seed_text)
    steps = []
    while not state.over:
        options = list(legal_first(state))
        before = state
        state, events = apply_move(state, [rng.choice(options)] if options else [], draw)
        steps.append((before, state, events))
    return seed, steps


@pytest.mark.parametrize("lang", ["en", "de"])
def test_reports_fit_a_mail_and_german_is_german(lang):
    seed, steps = played("words")
    with language(lang):
        texts = [reports.opening(steps[0][0], commitment(seed), {"green": "Ferdi"})]
        texts += [reports.move(b, a, e, {"green": "Ferdi"}) for b, a, e in steps]
        texts.append(reports.final(steps[-1][1], seed, commitment(seed)))
        before = steps[3][0]
        options = list(legal_first(before))
        texts.append(reports.check(before, before.on_move, check(before, before.on_move, options[:1])))
        texts.append(reports.check(before, before.on_move, Problem("C", (("cell", (2, 3)),))))
    for text in texts:
        assert all(len(line.encode("utf-8")) <= 80 for line in text.splitlines()), text
    if lang == "de":
        left = [found for text in texts for found in i18n.english_left(text, ["Ferdi", "words"], "de", i18n.INTERURBAN)]
        assert left == []
        assert "Strecke" in texts[1] and "Wirtschaftswert" in texts[-3]


def test_the_final_report_of_the_worked_example():
    """Seed 001, SPIELWERTUNG: line by line, then Ferdi 35, Lucy 26, Rey 21."""
    s = with_lines(opening((FERDI, LUCY, REY)), **{
        "6": (0, 2, 1, ((FERDI, 2),)), "5": (2, 2, 2, ((LUCY, 3), (REY, 2))),
        "7": (3, 1, 3, ((LUCY, 1), (REY, 2), (LUCY, 3), (FERDI, 4))),
        "C": (3, 4, 5, ((REY, 4), (FERDI, 4), (REY, 3), (LUCY, 4), (REY, 2), (FERDI, 1))),
        "4": (2, 2, 2, ((FERDI, 3), (LUCY, 4), (REY, 2), (FERDI, 1))), "H": (0, 2, 0, ((FERDI, 2),))})
    text = reports.final(s, "00" * 32, commitment("00" * 32), NAMES)
    assert "Line 6: value 7 (start number 6, track tiles 1)." in text
    assert "Line C: value 9 (start number C = 4 curves, track tiles 5)." in text
    assert "Line H: value 7 (start number H = 7, the highest start number, track\n  tiles 0)." in text  # at 72
    line7 = text[text.index("Line 7:"):text.index("Line C:")]
    assert line7.splitlines()[1:] == ["  Ferdi (green): economic value 4, 10 points",
                                      "  Lucy (blue): economic value 4, 10 points",
                                      "  Rey (red): economic value 2, 5 points"]
    assert "Totals: Ferdi (green) 35, Lucy (blue) 26, Rey (red) 21." in text
    assert "The winner is Ferdi (green)." in text and "0" * 64 in text
    with language("de"):
        german = reports.final(s, "00" * 32, commitment("00" * 32), NAMES)
    assert "Summen: Ferdi (grün) 35, Lucy (blau) 26, Rey (rot) 21." in german
    assert "  Rey (rot): Wirtschaftswert 2, 5 Siegpunkte" in german


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_notation_problem_is_said_with_its_hint(lang):
    s = opening()
    mails = ["6 STRAIGT 1", "6 STATION PINK 1", "9 STRAIGHT", "6 CURVE", "6 LEFT CURVE", "Dear GM",
             "6 STRAIGHT 1 AT 0,-2", "6 STATION 1", "6 STATION 4", "PASS\n6 STRAIGHT 0",
             "6 STRAIGHT 1 ALSO H", "AT 5,5 STRAIGHT 1"]
    with language(lang):
        for mail in mails:
            lines = list(enumerate(mail.split("\n"), 5))
            _, found = parse_move(lines, s, "green")
            assert found, mail
            for p in found:
                said = problems.notation_lines(p, dict(lines).get(p.line))
                assert all(len(line.encode("utf-8")) <= 80 for line in said)
                assert said[0].startswith(("Mail line", "Zeile")) and "{" not in "\n".join(said)
                if lang == "de":
                    assert i18n.english_left("\n".join(said[:1]), mail.split(), "de", i18n.INTERURBAN) == []
    assert problems.notation_lines(parse_move([(5, "6 STRAIGT 1")], s, "green")[1][0], "6 STRAIGT 1") == [
        "Mail line 5, column 3: \"STRAIGT\" is not understood. Did you mean", "  STRAIGHT?", "    6 STRAIGT 1",
        "      ^"]  # folded at 72 columns, the hint's hang (2) apart from the quoted line (4)


def test_the_catalogue_is_complete():
    untranslated = [m.id for m in i18n.read("de", i18n.INTERURBAN)
                    if m.id and not all(m.string if m.pluralizable else [m.string])]
    assert untranslated == [] and i18n.stale() == []
    assert {"value", "line", "finished", "station"} <= i18n.english_only_words("de", i18n.INTERURBAN)  # can fail


def test_the_german_says_sie_as_dampfross_does():
    """One register per language (issue 25): InterUrban's German addresses the reader as "Sie", never "du"."""
    du = re.compile(r"\b(?:du|dich|dir|dein\w*|Du|Dich|Dir|Dein\w*)\b")
    said = [text for m in i18n.read("de", i18n.INTERURBAN) if m.id
            for text in (m.string if isinstance(m.string, tuple) else (m.string,))]
    assert said and [s for s in said if du.search(s)] == []
    assert du.search("Meintest du CURVE?") and not du.search("Meinten Sie CURVE?")  # the check can fail
