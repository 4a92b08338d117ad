"""The rules catalogue, R14: answers true (issue 35; docs/rules.md readings 125-131).

Two players and a GM tried a game by real local mail: the rules were right, what the robot said was not.  Each case
here is one reading of how the robot reads a mail or what it says about it: several orders on one line (R14-L), a
hint that is an order (R14-H), a question for the GM (R14-Q), a receipt's first line counted from its lines
(R14-R), a BUILD after the last race (R14-B), the caretaker named where it plays (R14-C), and what still counts
after a wrong password (R14-P).  The whole trial on the tick path: ``tests/test_answers_true.py``.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from adjudicator.dampfross.building.problems import BuildProblem
from adjudicator.dampfross.game.rules import load_profile
from adjudicator.dampfross.orders import parse_orders
from adjudicator.dampfross.orders.codes import HintCode, NoteCode, ProblemCode
from adjudicator.dampfross.orders.commas import split_orders
from adjudicator.dampfross.orders.line import parse_line
from adjudicator.dampfross.racing.after import no_building_after
from adjudicator.dampfross.report.botwords import orders_heading
from adjudicator.dampfross.report.fates import Fate, fate_lines, headline
from adjudicator.dampfross.report.i18n import language
from tests.catalogue.test_r13_bots import new, turn
from tests.conftest import ANNA, make_trial
from tests.helpers import dampfross_game, invoke

HEAD = "PLAYER RED PASSWORD x\n"


def _echo(text: str) -> list[str]:
    (section,) = parse_orders(HEAD + text, "t").sections
    return section.echo()


def test_L01_commas_and_semicolons_between_orders_read_as_line_breaks():
    """R14-L01 (reading 125): a comma or semicolon ends an order when an order's keyword follows it, in any
    language; after a BUILD line a path (points joined by dashes) is another BUILD line, its head (``BUILD WITH
    <ID>`` too) repeated; a comma at the end is left out.  Each order keeps its column in the line."""
    assert _echo("start Nord, build Nord-0403, 0403-0404\n") == ["START Nord", "BUILD Nord - 0403",
                                                                "BUILD 0403 - 0404"]
    assert _echo("STARTE Nord; BAUE Nord - 0403\n") == ["START Nord", "BUILD Nord - 0403"]
    assert _echo("BUILD WITH BLUE 0402 - 0403, 0403 - 0404, ENTER 1 BEST\n") == [
        "BUILD WITH BLUE 0402 - 0403", "BUILD WITH BLUE 0403 - 0404", "ENTER 1 BEST"]
    assert _echo("BUILD 0402 - 0403,\n") == ["BUILD 0402 - 0403"]
    pieces = split_orders("start boston, build boston-2707, 2707-2607")
    assert [p.index(p.strip()) for p in pieces] == [0, 14, 0]  # the continuation carries its head at column 1
    assert pieces[2].endswith("2707-2607") and len(pieces[2]) == len("start boston, build boston-2707, 2707-2607")


def test_L02_what_reads_today_reads_as_before():
    """R14-L02 (reading 125): a line the grammar reads whole is never split, nor a line that may hold a password; a
    comma that no order follows stays in the line, which is refused with its hint as before; prose with commas
    stays prose."""
    assert split_orders("PLAYER RED PASSWORD a,b, START Nord") == ()
    assert parse_line("GAME a,b", "t", 1).item is not None  # a game id may hold a comma: read whole
    problems = parse_orders(HEAD + "MOVES 1 RED 3, 4\n", "t").problems
    assert [p.code for p in problems] == [ProblemCode.EXPECTED_ROLL_OR_END]
    assert problems[0].hint is not None and problems[0].hint.code is HintCode.ROLLS_APART
    parsed = parse_orders("Hi Anna, build is dear these days\n" + HEAD + "PASS\n", "t")
    assert parsed.problems == () and [n.code for n in parsed.notes] == [NoteCode.IGNORED_TEXT]


def test_H01_a_hint_is_an_order():
    """R14-H01 (reading 126): the robot's "write ..." is a line the parser reads: a comma for a dash is mended to
    dashes all along (``build boston 2707, 2607`` -> ``build boston - 2707 - 2607``, the trial's robot said ``build
    boston - 2707, 2607``); a lone label earns no "write BUILD 2607"; a keyword's "did you mean" keeps its first
    letter (``RACE 1 Nord TO Süd`` is told to add FROM, not "did you mean OD?").  Every sample of the mistakes
    table: ``tests/test_hints_are_orders.py``."""
    (p,) = parse_line("build boston 2707, 2607", "t", 1).problems
    assert p.hint is not None and dict(p.hint.args)["line"] == "build boston - 2707 - 2607"
    assert parse_line("build boston - 2707 - 2607", "t", 1).problems == ()
    (lone,) = parse_line("2607", "t", 1).problems
    assert lone.hint is None or lone.hint.code is not HintCode.WRITE
    (race,) = parse_line("RACE 1 Nord TO Süd", "t", 1).problems
    assert race.hint is not None and dict(race.hint.args) == {"line": "RACE 1 FROM Nord TO Süd"}


def test_Q01_a_question_among_the_orders_is_prose_for_the_gm():
    """R14-Q01 (reading 127): among the orders every line counts, but a line not meant as an order that asks
    something (a question mark) is prose: not a problem, noted with the other lines that are no orders (the front
    door sends it to the GM: ``tests/test_answers_true.py``).  A misspelt order with a question mark stays a
    problem."""
    parsed = parse_orders(HEAD + "START Nord\nCan I build through the Alps?\nBUILD Nord - 0403\n", "t")
    assert parsed.problems == () and [n.code for n in parsed.notes] == [NoteCode.IGNORED_TEXT]
    assert parsed.sections[0].echo() == ["START Nord", "BUILD Nord - 0403"]
    assert [p.code for p in parse_orders(HEAD + "START Nord\nBIULD Nord - 0403?\nPASS\n", "t").problems] == [
        ProblemCode.MISSPELT_ORDER]


FATES = [Fate(4, "START Nord", "yes"), Fate(5, "BUILD Nord - 0403", "part", "costs 3, only 2 left"),
         Fate(6, "ENTER 1 BEST", "no", "ignored in the building phase")]


@pytest.mark.parametrize(("fates", "first"), [
    (FATES[:1], "Your order for turn 3 would be carried out as it stands below."),
    (FATES[:1] * 2, "All 2 of your orders for turn 3 would be carried out as they stand below."),
    (FATES, ("1 of your 3 orders for turn 3 would be carried out; these would not, or not in full: line 5 (BUILD "
             "Nord - 0403), line 6 (ENTER 1 BEST).")),
    (FATES[2:], "Nothing would be built: your order for turn 3 would not be carried out: line 6 (ENTER 1 BEST)."),
    (FATES[1:2], "Your order for turn 3 would be carried out only in part: line 5 (BUILD Nord - 0403)."),
    (FATES[1:], ("None of your 2 orders for turn 3 would be carried out in full: line 5 (BUILD Nord - 0403), line 6 "
                 "(ENTER 1 BEST).")),
    ((), "Nothing would be built: your section for turn 3 holds no orders."),
])
def test_R01_a_receipts_headline_is_counted_from_its_fates(fates: tuple[Fate, ...], first: str):
    """R14-R01 (reading 128): the headline is made from the same fates as the orders shown under it: all would be
    carried out, some (naming those that would not, or not in full), none in full but some in part (never "nothing
    would be built": reading 94), or none (nothing would be built; in a racing turn nothing entered either); under
    each order not carried out in full, why."""
    with language("en"):
        assert headline(fates, 3, racing=False) == first
        shown = fate_lines(fates)
    assert len([line for line in shown if not line.startswith("  ")]) == len(fates)
    assert len([line for line in shown if line.startswith("  ")]) == sum(f.done != "yes" for f in fates)
    if fates and all(f.done == "no" for f in fates):
        with language("en"):
            assert headline(fates, 3, racing=True).startswith("No race would be entered and nothing would be built")


@pytest.mark.parametrize(("lang", "first"), [
    ("de", "1 Ihrer 3 Befehle für Zug 3 würde ausgeführt; diese nicht oder nicht ganz:"),
    ("nl", "1 van uw 3 opdrachten voor beurt 3 zou worden uitgevoerd; deze niet, of niet volledig:"),
    ("cs", "Z Vašich 3 příkazů pro tah 3 by se provedl 1; tyto ne, nebo ne celé:"),
])
def test_R01_each_half_of_the_headline_agrees_with_its_own_number(lang: str, first: str):
    """R14-R01 in German, Dutch and Czech: "1 of your 3 orders would be carried out; these would not" agrees with
    1 in its first half and with 2 in its second (the whole sentence had agreed with the orders not carried out:
    "1 Ihrer 3 Befehle ... würden ausgeführt")."""
    with language(lang):
        assert headline(FATES, 3, racing=False).startswith(first), headline(FATES, 3, racing=False)


def test_R02_a_receipt_under_which_nothing_is_built_warns_first(tmp_path: Path):
    """R14-R02 (readings 94, 128): a receipt of orders that would build nothing opens with it, naming each order,
    and says that the mail counts but builds nothing; the German receipt alike."""
    trial = make_trial(tmp_path, "dampfross", red_lang="de")
    trial.deliver(ANNA, trial.envelope("RED") + "BAUE 2021 - 2022\n", "2026-12-01T09:00+00:00")
    trial.tick("2026-12-01T09:05+00:00")
    ((_, msg),) = trial.mails(ANNA, "receipt-")
    text = " ".join(str(msg.get_body(preferencelist=("plain",)).get_content()).split())  # type: ignore[union-attr]
    assert ("Nichts würde gebaut: Ihr Befehl für Zug 1 würde nicht ausgeführt: Zeile 4 (BAUE 2021 - 2022). Ihre Mail "
            "gilt für Zug 1, baut aber nichts") in text, text


def test_B01_nothing_is_built_after_the_last_race_and_the_receipt_says_so():
    """R14-B01 (reading 129): a BUILD line of the turn of the game's last race (``fixed_races``) is not built, and
    says why, known when the mail is answered (``no_building_after``: also a turn of the 10 % variant without
    building); a turn whose races end the game builds nothing, each line saying why in the reports (the threshold
    reached: its players and the threshold).  On the tick path, receipt and report: ``tests/test_answers_true.py``."""
    rules = replace(load_profile("schmidt"), fixed_races=8)
    assert no_building_after(rules, [7, 8]) is not None and no_building_after(rules, [6, 7]) is None
    why = no_building_after(rules, [7, 8])
    assert why is not None and why.code is BuildProblem.LAST_RACE and dict(why.args) == {"race": 8}
    ten = replace(load_profile("schmidt"), build_budget="ten_percent", ten_percent_every=2)
    late = no_building_after(ten, [3])
    assert late is not None and late.code is BuildProblem.NO_BUILDING_NOW


def test_B02_the_report_says_why_an_order_of_another_phase_was_not_carried_out(tmp_path: Path):
    """R14-B02 (reading 129): an order the turn leaves out in its phase (an ENTER in a building turn) is shown in the
    private report with why, as the receipt showed it; the orders carried out stand as before."""
    trial = make_trial(tmp_path, "dampfross")
    trial.deliver(ANNA, trial.envelope("RED") + "START Hamburg\nENTER 1 BEST\n", "2026-12-01T09:00+00:00")
    trial.tick("2026-12-01T09:05+00:00")
    ((_, msg),) = trial.mails(ANNA, "receipt-")
    receipt = str(msg.get_body(preferencelist=("plain",)).get_content())  # type: ignore[union-attr]
    assert "  ENTER 1 BEST\n    not carried out: ignored in the building phase\n" in receipt
    trial.tick("2026-12-04T18:05+00:00")
    private = invoke("report", str(trial.game), "--turn", "1", "--player", "RED").output
    assert ("  START Hamburg (1108)\n  ENTER 1 BEST\n    not carried out: ignored in the building phase\n"
            in private), private


def test_C01_the_caretakers_orders_are_never_the_players_own(tmp_path: Path):
    """R14-C01 (reading 130): a private report of a turn the caretaker played heads its orders "Orders the caretaker
    (LEVEL) wrote for your company", a bot seat's "Orders the bot (LEVEL) wrote for ID"; the company's own orders
    stay "Your orders as understood".  (Reminders and the GM's note: ``tests/test_answers_true.py``.)"""
    game = new(tmp_path, "RED:Anna", "BLUE:Bernd", "GREEN:bot=careful", extra=("--caretaker-after", "1"))
    turn(game, {"RED": ["START Nordstadt"]})
    turn(game, {"RED": ["PASS"]})
    table, after = dampfross_game(game)  # the caretaker that plays a seat is the table's (the words read it there)
    after = replace(after, players=tuple(replace(p, caretaker=table.seat(p.id).caretaker or None,
                                                 caretaker_from=table.seat(p.id).caretaker_from or None)
                                         for p in after.players))
    with language("en"):
        assert orders_heading(after, "BLUE", 2) == ("Orders the caretaker (careful) wrote for your company: no orders "
                                                    "of yours counted")
        assert orders_heading(after, "GREEN", 2) == "Orders the bot (careful) wrote for GREEN"
        assert orders_heading(after, "RED", 2) == "Your orders as understood"
    private = invoke("report", str(game), "--turn", "2", "--player", "BLUE").output
    assert "Orders the caretaker (careful) wrote for your company" in private
    assert "Your orders as understood" not in private


def test_P01_a_wrong_password_says_what_still_counts(tmp_path: Path):
    """R14-P01 (reading 131): a section refused for its password, from the address on file of the company it names,
    is answered with what counts for the company this turn: its earlier mail (by its arrival), or none yet; a
    sender on file for another company learns nothing of it."""
    trial = make_trial(tmp_path, "dampfross")
    trial.deliver(ANNA, trial.envelope("RED") + "START Hamburg\n", "2026-12-01T09:00+00:00", "right")
    trial.deliver(ANNA, trial.envelope("RED", "wrong") + "START Berlin\n", "2026-12-01T09:30+00:00", "wrong")
    trial.tick("2026-12-01T09:35+00:00")
    ((_, msg),) = trial.mails(ANNA, "receipt-mail-00002")
    text = " ".join(str(msg.get_body(preferencelist=("plain",)).get_content()).split())  # type: ignore[union-attr]
    assert "Your mail of 1 Dec 09:00 still counts for RED in turn 1: this one changes nothing of it." in text
