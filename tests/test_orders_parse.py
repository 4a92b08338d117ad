"""The order language: every order form, aliases, mail clutter, sections (no map needed)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import UnexpectedInput

from adjudicator.dampfross.orders import (
    BuildOrder,
    DeclareEndOrder,
    PassOrder,
    Point,
    Pos,
    PowersOrder,
    RollOrder,
    StartOrder,
    collect,
    parse_line,
    parse_orders,
)
from adjudicator.dampfross.orders.codes import NoteCode, ProblemCode
from adjudicator.dampfross.orders.line import order_parser
from adjudicator.dampfross.orders.mistakes import EXAMPLES, KEYWORDS, MISTAKES
from adjudicator.dampfross.orders.reader import PlayerLine
from adjudicator.dampfross.report.orderwords import format_note, format_problem, note_text, problem_message
from tests.helpers import accept_all

F = "t.orders"


def one_order(line: str):
    """The single order of a one-player file whose second line is ``line``."""
    pf = parse_orders(f"PLAYER RED PASSWORD x\n{line}\n", F)
    assert pf.problems == (), [format_problem(p) for p in pf.problems]
    (section,) = pf.sections
    (order,) = section.orders
    return order


# --- every order form --------------------------------------------------------


def test_build_with_spaces_around_dashes():
    order = one_order("BUILD 0712 - 0713 - 0714")
    assert isinstance(order, BuildOrder)
    assert [p.text for p in order.points] == ["0712", "0713", "0714"]
    assert [p.kind for p in order.points] == ["label"] * 3
    assert order.pos == Pos(F, 2, 1)
    assert [p.pos.column for p in order.points] == [7, 14, 21]
    assert order.text == "BUILD 0712 - 0713 - 0714"


def test_build_without_spaces_around_dashes():
    order = one_order("BUILD 0712-0713-0714")
    assert [p.text for p in order.points] == ["0712", "0713", "0714"]
    assert [p.pos.column for p in order.points] == [7, 12, 17]


def test_build_with_multi_word_town_names_between_dashes():
    order = one_order("BUILD Frankfurt Oder-0712 - Bad  Homburg vor der Höhe")
    assert [(p.text, p.kind) for p in order.points] == [
        ("Frankfurt Oder", "town"),
        ("0712", "label"),
        ("Bad Homburg vor der Höhe", "town"),
    ]
    assert order.points[2].pos.column == 29


def test_build_accepts_en_and_em_dashes_from_mail_programs():
    order = one_order("BUILD 0712 \u2013 0713 \u2014 0714")
    assert [p.text for p in order.points] == ["0712", "0713", "0714"]


def test_start_with_town_and_with_label():
    assert one_order("START Nordstadt") == StartOrder(Point("Nordstadt", Pos(F, 2, 7), "town"), Pos(F, 2, 1), "START Nordstadt")
    assert one_order("START 0402").point == Point("0402", Pos(F, 2, 7), "label")


def test_pass_and_declare_end():
    assert isinstance(one_order("PASS"), PassOrder)
    assert isinstance(one_order("DECLARE END"), DeclareEndOrder)
    assert isinstance(one_order("ERKLÄRE ENDE"), DeclareEndOrder)


def test_bare_end_is_a_sign_off_after_the_orders_and_a_problem_among_them():
    """'Ende' signs many German mails off: alone it never declares the end of building (issue 10)."""
    signed = parse_orders("PLAYER RED PASSWORD x\nPASS\nEnde\n", F)
    assert signed.problems == ()
    assert [n.code for n in signed.notes] == [NoteCode.IGNORED_TEXT, NoteCode.BARE_END_IGNORED]
    assert [type(o) for o in signed.sections[0].orders] == [PassOrder]
    among = parse_orders("PLAYER RED PASSWORD x\nEND\nPASS\n", F)
    assert [p.code for p in among.problems] == [ProblemCode.BARE_END]
    assert [type(o) for o in among.sections[0].orders] == [PassOrder]


def test_prose_around_the_orders_is_one_note_and_a_typo_among_them_a_problem():
    mail = ("Hallo Spielleiter,\n\nhier meine Befehle.\nPLAYER RED PASSWORD x\nBIULD 0503 - 0504\nPASS\n\n"
            "Viele Grüße\nHans\n")
    pf = parse_orders(mail, F)
    assert [(p.code, p.pos.line) for p in pf.problems] == [(ProblemCode.MISSPELT_ORDER, 5)]
    (note,) = pf.notes
    assert note.code is NoteCode.IGNORED_TEXT and dict(note.args)["ranges"] == ("1-3", "8-9")
    assert format_note(note).endswith("lines 1-3 and 8-9 are not orders: ignored (greetings and remarks are "
                                      "welcome there)")


def test_player_line_opens_a_section_with_password():
    pf = parse_orders("PLAYER ravel PASSWORD Geheim!42\nPASS\n", F)
    (s,) = pf.sections
    assert (s.player, s.password, s.pos) == ("RAVEL", "Geheim!42", Pos(F, 1, 1))


def test_game_and_turn_lines():
    pf = parse_orders("GAME DP-7\nTURN 3\nPLAYER RED PASSWORD x\nPASS\n", F)
    (s,) = pf.sections
    assert (s.game, s.turn) == ("DP-7", 3)
    assert [(h.word, h.value, h.player) for h in pf.headers] == [("GAME", "DP-7", "RED"), ("TURN", 3, "RED")]


def test_turn_written_after_the_player_line_belongs_to_that_section():
    pf = parse_orders("PLAYER RED PASSWORD x\nTURN 4\nPASS\n", F)
    assert pf.sections[0].turn == 4


def test_gm_section_with_rolls():
    pf = parse_orders("GM\nROLL RED 4\nROLL blue 12\n", F)
    assert pf.problems == ()
    (gm,) = pf.gm_sections
    assert gm.orders == (RollOrder("RED", 4, Pos(F, 2, 1), "ROLL RED 4"), RollOrder("BLUE", 12, Pos(F, 3, 1), "ROLL blue 12"))
    assert gm.rolls == {"RED": 4, "BLUE": 12}


# --- aliases, case, comments ----------------------------------------------------


@pytest.mark.parametrize(
    "line, kind",
    [
        ("BAUE 0712 - 0713", BuildOrder),
        ("BAU 0712 - 0713", BuildOrder),
        ("PASSE", PassOrder),
        ("STARTE Nordstadt", StartOrder),
        ("ERKLÄRE ENDE", DeclareEndOrder),
        ("ERKLAERE ENDE", DeclareEndOrder),
        ("build 0712 - 0713", BuildOrder),
        ("Build 0712 - 0713", BuildOrder),
        ("bAuE 0712 - 0713", BuildOrder),
        ("pass", PassOrder),
        ("declare end", DeclareEndOrder),
        ("erkläre ende", DeclareEndOrder),
    ],
)
def test_german_aliases_and_any_case(line, kind):
    assert isinstance(one_order(line), kind)


def test_german_header_lines():
    pf = parse_orders("SPIEL DP7\nZUG 3\nSPIELER rot PASSWORT geheim\nBAUE 0712-0713\nSPIELLEITER\nWURF ROT 5\n", F)
    assert pf.problems == ()
    assert (pf.sections[0].player, pf.sections[0].password, pf.sections[0].turn) == ("ROT", "geheim", 3)
    assert pf.gm_sections[0].rolls == {"ROT": 5}


@pytest.mark.parametrize(
    "keyword, template",
    [
        ("GAME", "{} DP7"),
        ("TURN", "{} 3"),
        ("PLAYER", "{} RED PASSWORD x"),
        ("PASSWORD", "PLAYER RED {} x"),
        ("GM", "{}"),
        ("START", "{} 0402"),
        ("BUILD", "{} 0402 - 0403"),
        ("PASS", "{}"),
        ("DECLARE", "{} END"),
        ("END", "DECLARE {}"),
        ("ROLL", "{} RED 4"),
        ("ENTER", "{} 1 BEST"),
        ("ROUTE", "ENTER 1 {} 0402 - 0403"),
        ("BEST", "ENTER 1 {}"),
        ("WITH", "ENTER 1 {} RED BEST"),
        ("RACE", "{} 1 FROM 0402 TO 0307"),
        ("FROM", "RACE 1 {} 0402 TO 0307"),
        ("TO", "RACE 1 FROM Nordstadt {} Südheim"),
        ("MOVES", "{} 1 RED 4 2"),
        ("POWERS", "{} 1 WITH RED"),
    ],
)
def test_every_keyword_spelling_of_the_table_is_in_the_grammar(keyword, template):
    """mistakes.KEYWORDS (used for "did you mean") and the grammar's terminals agree."""
    for spelling in KEYWORDS[keyword]:
        for written in (spelling, spelling.lower(), spelling.title()):
            tree = order_parser().parse(template.format(written))
            assert keyword in [t.type for t in tree.scan_values(lambda v: hasattr(v, "type"))]


def test_the_keyword_table_covers_every_keyword_of_the_grammar():
    keywords = {t.name for t in order_parser().terminals if t.priority == 2}
    assert keywords == set(KEYWORDS)


def test_a_keyword_must_end_at_a_word_boundary():
    with pytest.raises(UnexpectedInput):
        order_parser().parse("BUILDING 0712 - 0713")


def test_comments_are_ignored_anywhere():
    text = (
        "# my orders\nPLAYER RED PASSWORD x # company RED\nBUILD 0712 - 0713 # to the coast\n"
        "   # indented comment\nPASS#no space\n"
    )
    pf = parse_orders(text, F)
    assert pf.problems == ()
    assert [o.pos.line for o in pf.sections[0].orders] == [3, 5]


def test_blank_lines_and_whitespace_variants():
    pf = parse_orders("\n\n  PLAYER RED PASSWORD x  \n\tBUILD\t0712 -\u00a00713\r\n\n", F)
    assert pf.problems == ()
    (order,) = pf.sections[0].orders
    assert order.pos == Pos(F, 4, 2)


# --- mail clutter: quotes, headers, signatures ---------------------------------------


def test_quoted_reply_lines_are_ignored_and_line_numbers_kept():
    text = "PLAYER RED PASSWORD x\n> BUILD 0101 - nonsense\n  > > PASS 12\nBUILD 0712 - 0713\n"
    pf = parse_orders(text, F)
    assert pf.problems == ()
    (order,) = pf.sections[0].orders
    assert order.pos.line == 4


def test_mail_header_lines_are_ignored():
    text = "From: Anna <anna@example.org>\nSubject: Dampfross turn 3\nBetreff: Züge\nPLAYER RED PASSWORD x\nPASS\n"
    pf = parse_orders(text, F)
    assert pf.problems == ()
    assert pf.sections[0].orders[0].pos.line == 5


def test_everything_after_the_signature_is_ignored():
    text = "PLAYER RED PASSWORD x\nBUILD 0712 - 0713\n-- \nAnna Schmidt\nTel. 0711 - 1234\nBUILD 0101 - 0102\n"
    pf = parse_orders(text, F)
    assert pf.problems == ()
    assert len(pf.sections[0].orders) == 1
    (note,) = pf.notes
    assert note.pos.line == 6
    assert (note.code, dict(note.args)) == (NoteCode.SIGNATURE_IGNORES, {"lines": (6,), "signature": 3})
    assert "line 6 looks like an order but is ignored" in note_text(note)


@pytest.mark.parametrize("sig", ["-- ", "--", "--   ", "-- \t"])
def test_signature_line_variants(sig):
    pf = parse_orders(f"PLAYER RED PASSWORD x\nPASS\n{sig}\nGreetings, nonsense BUILD\n", F)
    assert pf.problems == ()


def test_a_line_with_dashes_and_text_is_not_a_signature():
    pf = parse_orders("PLAYER RED PASSWORD x\n-- greetings\nPASS\n", F)
    assert [p.pos for p in pf.problems] == [Pos(F, 2, 1)]
    assert [type(o) for o in pf.sections[0].orders] == [PassOrder]


def test_line_numbers_after_signature_and_quotes_stay_those_of_the_mail():
    text = "\n".join(
        [
            "PLAYER RED PASSWORD x",  # 1
            "> quoted",  # 2
            "BUILD 0712 0713",  # 3: error
            "-- ",  # 4
            "Anna",  # 5
            "",  # 6
            "PLAYER BLUE PASSWORD y",  # 7: the next mail
            "BIULD 0101 - 0102",  # 8: error
        ]
    )
    pf = parse_orders(text, F)
    assert [str(p.pos) for p in pf.problems] == ["t.orders:3:12", "t.orders:8:1"]


def test_signature_ends_only_its_own_mail_when_mails_are_pasted_together():
    text = (
        "GAME DP7\nTURN 3\nPLAYER RED PASSWORD x\nBUILD 0712 - 0713\n-- \nAnna\nSpieler des Jahres\n\n"
        "GAME DP7\nTURN 3\nPLAYER BLUE PASSWORD y\nPASS\n-- \nBen\n"
    )
    pf = parse_orders(text, F)
    assert pf.problems == ()
    assert [(s.player, s.game, s.turn) for s in pf.sections] == [("RED", "DP7", 3), ("BLUE", "DP7", 3)]
    assert [h.pos.line for h in pf.headers] == [1, 2, 9, 10]


# --- sections ----------------------------------------------------------------------


def test_several_players_in_one_file():
    text = "PLAYER RED PASSWORD a\nBUILD 0712-0713\nPLAYER BLUE PASSWORD b\nPASS\nPLAYER GREEN PASSWORD c\nDECLARE END\n"
    pf = parse_orders(text, F)
    assert [(s.player, len(s.orders)) for s in pf.sections] == [("RED", 1), ("BLUE", 1), ("GREEN", 1)]


def test_a_player_twice_in_one_file_the_last_counts():
    pf = parse_orders("PLAYER RED PASSWORD a\nPASS\nPLAYER red PASSWORD a\nBUILD 0712-0713\n", F)
    orders = accept_all(collect([pf]))
    (s,) = orders.sections
    assert isinstance(s.orders[0], BuildOrder)
    (note,) = orders.notes
    assert (note.code, dict(note.args)) == (NoteCode.SECTION_REPLACED, {"player": "RED", "replaced": "t.orders:1"})
    assert format_note(note) == "t.orders:3: the section for RED at t.orders:1 is replaced by this one (the last one counts)"


def test_a_section_without_orders_earns_a_note():
    pf = parse_orders("PLAYER RED PASSWORD a\n", F)
    assert pf.sections[0].orders == ()
    assert [(n.code, dict(n.args)) for n in pf.notes] == [(NoteCode.SECTION_EMPTY, {"player": "RED"})]
    assert [note_text(n) for n in pf.notes] == ["the section for RED holds no orders"]


def test_gm_section_ends_at_next_player_line():
    pf = parse_orders("GM\nROLL RED 3\nPLAYER RED PASSWORD a\nPASS\n", F)
    assert pf.problems == ()
    assert pf.gm_sections[0].rolls == {"RED": 3}
    assert isinstance(pf.sections[0].orders[0], PassOrder)


def test_roll_accepts_one_to_twelve():
    pf = parse_orders("GM\nROLL A 1\nROLL B 6\nROLL C 12\n", F)
    assert pf.problems == ()


# --- the table of sample mistakes ------------------------------------------------------


@pytest.mark.parametrize("mistake", MISTAKES, ids=lambda m: m.label)
def test_every_sample_mistake_fails_and_is_recognised_as_itself(mistake):
    for example in mistake.examples:
        with pytest.raises(UnexpectedInput) as info:
            order_parser().parse(example)
        label = info.value.match_examples(order_parser().parse, EXAMPLES, token_type_match_fallback=True, use_accepts=False)
        assert label == mistake.label, example


def test_a_line_error_is_a_problem_not_an_exception():
    res = parse_line("BUILD 0712 0713", F, 9)
    assert res.item is None
    (p,) = res.problems
    assert (p.kind, p.pos) == ("syntax", Pos(F, 9, 12))


def test_player_line_without_password_still_opens_the_section():
    res = parse_line("PLAYER RED", F, 1)
    assert res.item == PlayerLine("RED", None, Pos(F, 1, 1), "PLAYER RED")
    assert [p.code for p in res.problems] == [ProblemCode.PLAYER_WITHOUT_PASSWORD]
    assert [problem_message(p) for p in res.problems] == ["PLAYER line without PASSWORD"]


# --- robustness ---------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=200))
def test_any_text_parses_without_raising(text):
    pf = parse_orders(text, F)
    lines = re.split(r"\r\n|\r|\n", text.removeprefix("\ufeff"))  # a lone CR ends a line too (old Mac mail)
    for p in pf.problems:
        assert 1 <= p.pos.line <= len(lines)
        assert p.pos.column >= 1


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            ["PLAYER RED PASSWORD x", "BUILD 0712 - 0713", "BIULD 1", "> quote", "-- ", "GM", "ROLL RED 9", "PASS", "", "TURN 3"]
        ),
        max_size=20,
    )
)
def test_orders_never_vanish_silently(lines):
    """Every line that looks like an order is an order, a problem, or noted as ignored."""
    pf = parse_orders("\n".join(lines), F)
    accounted = {o.pos.line for s in pf.sections for o in s.orders}
    accounted |= {o.pos.line for g in pf.gm_sections for o in g.orders}
    accounted |= {p.pos.line for p in pf.problems}
    accounted |= {h.pos.line for h in pf.headers}
    accounted |= {s.pos.line for s in pf.sections} | {g.pos.line for g in pf.gm_sections}
    for n in pf.notes:
        m = re.match(r"lines? ([\d, ]+) looks? like", note_text(n))
        if m:
            accounted |= {int(x) for x in m.group(1).split(", ")}
        if n.code is NoteCode.SIGNATURE_IGNORES:
            lines_ = dict(n.args)["lines"]
            assert isinstance(lines_, tuple) and m is not None and {int(x) for x in m.group(1).split(", ")} == set(lines_)
    after_signature = False
    for number, line in enumerate(lines, start=1):
        after_signature = after_signature or line == "-- "
        if line in ("", "> quote", "-- ") or (after_signature and line == "BIULD 1"):
            continue  # prose after a signature is dropped without a word
        assert number in accounted, (number, line)


def test_joint_building_and_running_powers_in_english_and_german():
    """BUILD WITH <ID> (joint building) and POWERS <race> WITH <ID> (running powers), with German aliases."""
    pf = parse_orders("PLAYER RED PASSWORD x\nBUILD WITH blue 0402 - 0403\nbaue mit BLUE Nordstadt - 0403\n"
                      "POWERS 3 WITH BLUE\nFahrrechte 4 mit blue\n", F)
    assert pf.problems == ()
    build, baue, powers, fahrrechte = pf.sections[0].orders
    assert isinstance(build, BuildOrder) and build.partner == "BLUE" and build.echo() == "BUILD WITH BLUE 0402 - 0403"
    assert isinstance(baue, BuildOrder) and baue.partner == "BLUE"
    assert isinstance(powers, PowersOrder) and (powers.race, powers.partner) == (3, "BLUE")
    assert isinstance(fahrrechte, PowersOrder) and fahrrechte.echo() == "POWERS 4 WITH BLUE"


@pytest.mark.parametrize("attribution", [
    "On Tue, 24 Nov 2026, Dampfross GM <gm@example.org> wrote:",
    "On 24 Nov 2026 at 10:02, GM wrote:",
    "Am 24.11.2026 um 10:00 schrieb Dampfross GM:",
    "Am Di., 24. Nov. 2026 um 10:00 Uhr schrieb Spielleiter <gm@example.org>:",
    "Le mar. 24 nov. 2026, GM a écrit :",
])
def test_a_replys_attribution_line_is_not_read_as_orders(attribution):
    """Issue 15: "On Tue, 24 Nov 2026, X wrote:" above the quoted report was read as orders ("2026" as a hex label).
    The line before a quote (a blank line between allowed) is mail clutter, blanked like the quote."""
    text = f"PLAYER RED PASSWORD x\nPASS\n\n{attribution}\n\n> Allowances for turn 2\n> RED 4\n"
    pf = parse_orders(text, F)
    assert pf.problems == () and pf.notes == ()
    assert len(pf.sections[0].orders) == 1


@pytest.mark.parametrize("attribution", [
    "On Tue, 24 Nov 2026 at 10:02, Dampfross GM <gm@dampfross.example.org>\nwrote:",
    "Am Di., 24. Nov. 2026 um 10:00 Uhr schrieb Dampfross Spielleiter\n<gm@dampfross.example.org>:",
])
def test_a_wrapped_attribution_line_is_not_read_as_orders(attribution):
    """A long attribution is wrapped by the mail program (Gmail at 78 characters): both halves are clutter."""
    text = f"PLAYER RED PASSWORD x\nPASS\n\n{attribution}\n\n> Allowances for turn 2\n> RED 4\n"
    pf = parse_orders(text, F)
    assert pf.problems == () and pf.notes == ()
    assert len(pf.sections[0].orders) == 1


@pytest.mark.parametrize("attribution", ["On Tue, 24 Nov 2026, GM wrote:", "Am 24.11.2026 um 10:00 schrieb GM:"])
def test_an_attribution_line_at_the_end_of_the_mail_is_not_read_as_orders(attribution):
    """The quote left out (or stripped by the mail program): the attribution is the last line."""
    pf = parse_orders(f"PLAYER RED PASSWORD x\nPASS\n\n{attribution}\n", F)
    assert pf.problems == () and len(pf.sections[0].orders) == 1


def test_a_line_ending_in_wrote_without_a_quote_after_it_is_still_read():
    pf = parse_orders("PLAYER RED PASSWORD x\nBUILD 0712 - 0713 wrote:\nPASS\n", F)
    assert [p.pos.line for p in pf.problems] == [2]


@pytest.mark.parametrize("line", ["-----Original Message-----", "----- Ursprüngliche Nachricht -----"])
def test_an_outlook_reply_separator_ends_the_orders_like_a_signature(line):
    pf = parse_orders(f"PLAYER RED PASSWORD x\nPASS\n{line}\nFrom: GM\nAllowances for turn 2: RED 4\n", F)
    assert pf.problems == ()
