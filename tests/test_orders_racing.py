"""The racing orders: ENTER (ROUTE, BEST, WITH, owner-named segments), the GM's RACE and MOVES.

Maps: tests/data/tiny.yaml (Nordstadt 0402, Südheim 0307, Ostburg 0805,
Hafen 0104, Grenzdorf 0905).  The game's companies are RED, BLUE and NOB
unless a test says otherwise.  Problems are checked by code and, through
the phrasebook (``adjudicator.dampfross.report.orderwords``), by their words.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.dampfross.app.maps import read_map
from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.orders import (
    DashedPoint,
    EnterOrder,
    MovesOrder,
    OrderSet,
    Point,
    Pos,
    RaceOrder,
    ResolvedPoint,
    RouteSegment,
    collect,
    parse_orders,
    resolve,
)
from adjudicator.dampfross.orders.codes import HintCode as H
from adjudicator.dampfross.orders.codes import NoteCode
from adjudicator.dampfross.orders.codes import ProblemCode as P
from adjudicator.dampfross.report.orderwords import (
    format_note,
    format_problem,
    hint_text,
    orders_report,
    problem_message,
)
from tests.helpers import accept_all

DATA = Path(__file__).parent / "data"
TINY = read_map(DATA / "tiny.yaml")
F = "t.orders"
HEAD = "PLAYER RED PASSWORD x\n"
COMPANIES = ("RED", "BLUE", "NOB")


def hexes(*labels: str) -> tuple[Hex, ...]:
    return tuple(Hex.parse(x) for x in labels)


def parsed_order(line: str):
    """The single order of RED's section, parsed (not resolved)."""
    pf = parse_orders(HEAD + line + "\n", F)
    assert pf.problems == (), [format_problem(p) for p in pf.problems]
    (order,) = pf.sections[0].orders
    return order


def resolved(text: str, companies=COMPANIES) -> OrderSet:
    return accept_all(resolve(collect([parse_orders(text, F)]), TINY, companies=companies))


def entered(line: str, companies=COMPANIES) -> tuple[EnterOrder, tuple[str, ...]]:
    """RED's single ENTER order, resolved, and the notes."""
    orders = resolved(HEAD + line + "\n", companies)
    assert orders.problems == (), orders_report(orders)
    (order,) = orders.sections[0].orders
    assert isinstance(order, EnterOrder)
    return order, tuple(format_note(n) for n in orders.notes)


def only_problem(text: str, companies=COMPANIES) -> tuple[str, str, P, str, str | None]:
    """Position, kind, code, message and hint of the single problem of ``text``."""
    orders = resolved(text, companies)
    assert len(orders.problems) == 1, orders_report(orders)
    (p,) = orders.problems
    return str(p.pos), p.kind, p.code, problem_message(p), hint_text(p)


# --- ENTER: every form and alias ---------------------------------------------------------


def test_enter_route_as_written():
    order = parsed_order("ENTER 2 ROUTE Nordstadt - 0503 - 0504")
    assert order == EnterOrder(
        race=2,
        points=(Point("Nordstadt", Pos(F, 2, 15), "town"), Point("0503", Pos(F, 2, 27)), Point("0504", Pos(F, 2, 34))),
        owners=(None, None),
        best=False,
        partner=None,
        pos=Pos(F, 2, 1),
        text="ENTER 2 ROUTE Nordstadt - 0503 - 0504",
        owner_pos=(None, None),
    )
    assert order.echo() == "ENTER 2 ROUTE Nordstadt - 0503 - 0504"
    assert order.segments == ()


@pytest.mark.parametrize(
    "line",
    [
        "ENTER 2 ROUTE 0402 - 0503",
        "FAHRE 2 STRECKE 0402 - 0503",
        "FAHRE 2 ROUTE 0402 - 0503",
        "fahre 2 strecke 0402-0503",
        "Enter 2 Route 0402 \u2013 0503",
    ],
)
def test_enter_route_aliases_and_case(line):
    order, _ = entered(line)
    assert (order.race, order.best, order.partner, order.hexes) == (2, False, None, hexes("0402", "0503"))


@pytest.mark.parametrize("line", ["ENTER 3 BEST", "FAHRE 3 BESTE", "enter 3 best", "Fahre 3 Best"])
def test_enter_best(line):
    order, _ = entered(line)
    assert (order.race, order.best, order.points, order.owners, order.hexes) == (3, True, (), (), ())
    assert order.echo() == "ENTER 3 BEST"


@pytest.mark.parametrize(
    "line, echo",
    [
        ("ENTER 2 WITH nob BEST", "ENTER 2 WITH NOB BEST"),
        ("FAHRE 2 MIT Nob BESTE", "ENTER 2 WITH NOB BEST"),
        ("ENTER 2 WITH NOB ROUTE 0402 - 0503", "ENTER 2 WITH NOB ROUTE 0402 - 0503"),
        ("FAHRE 2 MIT NOB STRECKE Nordstadt - 0503", "ENTER 2 WITH NOB ROUTE Nordstadt (0402) - 0503"),
    ],
)
def test_joint_trip_with_a_partner(line, echo):
    order, _ = entered(line)
    assert order.partner == "NOB"
    assert order.echo() == echo


def test_several_races_in_one_section_in_the_order_written():
    orders = resolved(HEAD + "ENTER 2 BEST\nBUILD 0402 - 0403\nENTER 1 ROUTE 0402 - 0503\n")
    assert orders.problems == ()
    assert [o.echo() for o in orders.sections[0].orders] == [
        "ENTER 2 BEST",
        "BUILD 0402 - 0403",
        "ENTER 1 ROUTE 0402 - 0503",
    ]


def test_a_second_enter_for_the_same_race_replaces_the_first_with_a_note():
    text = HEAD + "ENTER 1 BEST\nENTER 2 BEST\nENTER 1 ROUTE 0402 - 0503\n"
    pf = parse_orders(text, F)
    assert [o.echo() for o in pf.sections[0].orders] == ["ENTER 2 BEST", "ENTER 1 ROUTE 0402 - 0503"]
    (note,) = pf.notes
    assert (note.code, dict(note.args)) == (NoteCode.ENTRY_REPLACED, {"race": 1, "replaced": "t.orders:2"})
    assert [format_note(n) for n in pf.notes] == [
        "t.orders:4: ENTER for race 1 at t.orders:2 is replaced by this one (the last one counts)"
    ]


def test_an_unreadable_second_enter_replaces_nothing():
    pf = parse_orders(HEAD + "ENTER 1 BEST\nENTER 1 ROUTE 0402 0503\n", F)
    assert [o.echo() for o in pf.sections[0].orders] == ["ENTER 1 BEST"]
    assert [str(p.pos) for p in pf.problems] == ["t.orders:3:20"]
    assert pf.notes == ()


# --- owner-named segments ----------------------------------------------------------------


def test_owner_between_dashes_is_a_company_when_the_game_has_it():
    order, notes = entered("ENTER 2 ROUTE Nordstadt -BLUE- 0503 - 0504")
    assert order.owners == ("BLUE", None)
    assert order.hex_owners == ("BLUE", None)
    assert order.segments == (
        RouteSegment(Hex.parse("0402"), Hex.parse("0503"), "BLUE"),
        RouteSegment(Hex.parse("0503"), Hex.parse("0504"), None),
    )
    assert order.echo() == "ENTER 2 ROUTE Nordstadt (0402) -BLUE- 0503 - 0504"
    assert order.owner_pos == (Pos(F, 2, 26), None)
    assert notes == ()


@pytest.mark.parametrize("written", ["-(BLUE)-", "-(blue)-", "- (BLUE) -", "-( Blue )-", "\u2013(BLUE)\u2013"])
def test_owner_in_brackets(written):
    order, _ = entered(f"ENTER 2 ROUTE 0402 {written} 0503 - 0504")
    assert order.owners == ("BLUE", None)
    assert [s.owner for s in order.segments] == ["BLUE", None]


def test_bracketed_owner_is_an_owner_already_when_parsed():
    order = parsed_order("ENTER 2 ROUTE 0402 -(blue)- 0503")
    assert [p.text for p in order.points] == ["0402", "0503"]
    assert (order.owners, order.owner_pos) == (("BLUE",), (Pos(F, 2, 21),))


def test_a_word_between_dashes_waits_for_resolve():
    order = parsed_order("ENTER 2 ROUTE 0402-BLUE-0503")
    assert order.points[1] == DashedPoint("BLUE", Pos(F, 2, 20), "town")
    assert order.owners == (None, None)


def test_company_ids_compare_case_insensitively():
    order, _ = entered("ENTER 2 ROUTE 0402-blue-0503")
    assert order.owners == ("BLUE",)


def test_a_town_between_dashes_stays_a_town():
    order, notes = entered("ENTER 2 ROUTE 0302-Nordstadt-0503")
    assert order.hexes == hexes("0302", "0402", "0503")
    assert order.owners == (None, None)
    assert isinstance(order.points[1], ResolvedPoint) and order.points[1].town == "Nordstadt"
    assert notes == ()


def test_in_build_a_word_between_dashes_is_always_a_point():
    orders = resolved(HEAD + "BUILD 0302-Nordstadt-0503\n")
    assert orders.problems == ()
    assert orders.sections[0].orders[0].hexes == hexes("0302", "0402", "0503")


def test_a_company_sharing_a_town_name_is_the_owner_with_a_note():
    order, notes = entered("ENTER 1 ROUTE 0203 -Hafen- 0204", companies=("HAFEN", "RED"))
    assert order.hexes == hexes("0203", "0204")
    assert order.owners == ("HAFEN",)
    assert notes == (
        "t.orders:2: -Hafen- read as the owner HAFEN, not the town Hafen; for the town write ' - Hafen - ' with spaces",
    )
    order, notes = entered("ENTER 1 ROUTE 0203 - Hafen - 0204", companies=("HAFEN", "RED"))
    assert order.hexes == hexes("0203", "0104", "0204")
    assert notes == ()


def test_without_companies_a_word_between_dashes_is_a_point():
    pos, kind, code, message, _ = only_problem(HEAD + "ENTER 2 ROUTE 0402 -BLUE- 0503\n", companies=())
    assert (pos, kind, code, message) == ("t.orders:2:21", "illegal", P.UNKNOWN_TOWN, "no town called 'BLUE' on the map Tinyland")


def test_an_owner_on_a_straight_line_shorthand_applies_to_the_whole_stretch():
    order, notes = entered("ENTER 4 ROUTE 0105 -(BLUE)- 0505 -RED- 0506")
    assert order.hexes == hexes("0105", "0205", "0305", "0405", "0505", "0506")
    assert order.hex_owners == ("BLUE", "BLUE", "BLUE", "BLUE", "RED")
    assert order.echo() == "ENTER 4 ROUTE 0105 -BLUE- 0505 -RED- 0506 (0105-0205-0305-0405-0505-0506)"
    assert notes == ("t.orders:2: 0105 - 0505 taken as the straight line 0105-0205-0305-0405-0505",)


def test_segments_unpack_as_hex_pairs_with_owners():
    order, _ = entered("ENTER 1 ROUTE Ostburg -NOB- Grenzdorf")
    assert [(a.label, b.label, owner) for a, b, owner in order.segments] == [("0805", "0905", "NOB")]


def test_a_route_of_neighbours_and_a_multi_word_point():
    order, _ = entered("ENTER 1 ROUTE Südheim - 0308 - 0408")
    assert order.hexes == hexes("0307", "0308", "0408")


@pytest.mark.parametrize(
    "line, expected",
    [
        pytest.param(
            "ENTER 1 ROUTE 0402 -(GREEN)- 0503",
            (
                "t.orders:2:21",
                "illegal",
                P.UNKNOWN_COMPANY,
                "no company GREEN in this game: -(GREEN)- names the company whose line a segment uses",
                "the companies are BLUE, NOB, RED",
            ),
            id="unknown-company-in-brackets",
        ),
        pytest.param(
            "ENTER 1 ROUTE (BLUE) - 0402 - 0503",
            (
                "t.orders:2:15",
                "illegal",
                P.ROUTE_BEGINS_WITH_OWNER,
                "a route cannot begin with an owner: -(BLUE)- names whose line runs between the two points around it",
                "write the owner between two points, e.g. 0712 -(BLUE)- 0713",
            ),
            id="bracketed-owner-first",
        ),
        pytest.param(
            "ENTER 1 ROUTE 0402 - 0503 - (BLUE)",
            (
                "t.orders:2:29",
                "illegal",
                P.ROUTE_ENDS_WITH_OWNER,
                "a route cannot end with an owner: -(BLUE)- names whose line runs between the two points around it",
                "write the owner between two points, e.g. 0712 -(BLUE)- 0713",
            ),
            id="bracketed-owner-last",
        ),
        pytest.param(
            "ENTER 1 ROUTE -BLUE- 0402 - 0503",
            (
                "t.orders:2:15",
                "syntax",
                P.OWNER_BEFORE_START,
                "a route cannot begin with an owner: '-BLUE-' names whose line runs between two points",
                "write the start first: ENTER 1 ROUTE <start> -BLUE- 0402 - 0503",
            ),
            id="owner-first",
        ),
        pytest.param(
            "ENTER 1 ROUTE 0402 - 0503 -BLUE-",
            (
                "t.orders:2:33",
                "syntax",
                P.EXPECTED_POINT_AFTER_OWNER,
                "expected a point after '-BLUE-': a route ends with its destination, and an owner stands between two points",
                "add the destination or remove '-BLUE-'",
            ),
            id="owner-last",
        ),
        pytest.param(
            "ENTER 1 ROUTE 0301 -RED-BLUE- 0402",
            (
                "t.orders:2:25",
                "illegal",
                P.TWO_OWNERS,
                "two owners named for one segment: -RED- and -BLUE-",
                "name one owner between two points",
            ),
            id="two-owners-between-dashes",
        ),
        pytest.param(
            "ENTER 1 ROUTE 0402 -(RED)- -(BLUE)- 0503",
            (
                "t.orders:2:28",
                "syntax",
                P.EXPECTED_POINT_AFTER_DASH,
                "expected a point after '-': a hex label or a town name",
                None,
            ),
            id="two-bracketed-owners",
        ),
        pytest.param(
            "ENTER 1 ROUTE 0402 -(RED)-BLUE- 0503",
            (
                "t.orders:2:27",
                "illegal",
                P.TWO_OWNERS,
                "two owners named for one segment: -RED- and -BLUE-",
                "name one owner between two points",
            ),
            id="bracketed-and-dashed-owner",
        ),
        pytest.param(
            "ENTER 1 ROUTE 0402 -BLEU- 0503",
            (
                "t.orders:2:21",
                "illegal",
                P.UNKNOWN_TOWN,
                "no town called 'BLEU' on the map Tinyland",
                "did you mean the company BLUE? An owner is written -BLUE- between two points",
            ),
            id="misspelt-company",
        ),
        pytest.param(
            "ENTER 1 ROUTE 0402 - BLUE - 0503",
            (
                "t.orders:2:22",
                "illegal",
                P.UNKNOWN_TOWN,
                "no town called 'BLUE' on the map Tinyland",
                "BLUE is a company: to name the owner of a segment, write -BLUE- between two points, no spaces",
            ),
            id="company-with-spaces",
        ),
        pytest.param(
            "BUILD 0402 -(BLUE)- 0503",
            (
                "t.orders:2:13",
                "illegal",
                P.OWNER_IN_BUILD,
                (
                    "'(BLUE)' names the owner of a segment, which only a race route does (ENTER ... ROUTE); "
                    "BUILD builds your own line"
                ),
                "remove '(BLUE)' and a dash next to it",
            ),
            id="owner-in-build",
        ),
    ],
)
def test_misplaced_or_unknown_owners(line, expected):
    assert only_problem(HEAD + line + "\n") == expected


# --- partners ------------------------------------------------------------------------------


def test_riding_with_oneself_is_refused():
    assert only_problem(HEAD + "ENTER 1 WITH red BEST\n") == (
        "t.orders:2:14",
        "illegal",
        P.RIDE_WITH_ITSELF,
        "RED cannot ride with itself",
        "name the partner's company after WITH, or leave WITH out",
    )


def test_an_unknown_partner_is_refused_when_the_companies_are_known():
    assert only_problem(HEAD + "FAHRE 1 MIT Gruen BESTE\n") == (
        "t.orders:2:13",
        "illegal",
        P.UNKNOWN_PARTNER,
        "no company GRUEN in this game to ride with",
        "the companies are BLUE, NOB, RED",
    )
    assert resolved(HEAD + "FAHRE 1 MIT Gruen BESTE\n", companies=()).problems == ()


# --- the GM's RACE and MOVES -----------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "RACE 1 FROM Nordstadt TO Südheim",
        "RENNEN 1 VON Nordstadt NACH Suedheim",
        "race 1 from 0402 to 0307",
        "Rennen 1 von Nordstadt nach 0307",
    ],
)
def test_race_forms_and_aliases(line):
    orders = resolved("GM\n" + line + "\n")
    assert orders.problems == (), orders_report(orders)
    race = orders.gm.races[1]
    assert isinstance(race, RaceOrder)
    assert (race.start_hex, race.dest_hex) == (Hex.parse("0402"), Hex.parse("0307"))


def test_race_echo_and_multi_word_points_before_and_after_resolve():
    pf = parse_orders("GM\nRACE 12 FROM Nord Stadt TO 0307\n", F)
    (race,) = pf.gm_sections[0].orders
    assert race == RaceOrder(
        12, Point("Nord Stadt", Pos(F, 2, 14), "town"), Point("0307", Pos(F, 2, 28)), Pos(F, 2, 1),
        "RACE 12 FROM Nord Stadt TO 0307",
    )
    assert race.echo() == "RACE 12 FROM Nord Stadt TO 0307"
    assert race.start_hex is None
    orders = resolved("GM\nRACE 12 FROM Nordstadt TO 0307\n")
    assert orders.gm.orders[0].echo() == "RACE 12 FROM Nordstadt (0402) TO 0307"


@pytest.mark.parametrize("line", ["RACE 4 FROM Nordstadt SPECIAL 5g", "RENNEN 4 VON Nordstadt SONDERFAHRT 5G",
                                  "rennen 4 von 0402 sonder 5G", "Race 4 From Bad Nord Special 5G"])
def test_race_special_forms_and_aliases(line):
    """Reading 78: the GM gives a special run's row (parsed here; the row is checked against a map in resolve)."""
    pf = parse_orders("GM\n" + line + "\n", F)
    assert pf.problems == ()
    (race,) = pf.gm_sections[0].orders
    assert isinstance(race, RaceOrder) and (race.number, race.dest, race.special) == (4, None, "5G")
    assert race.echo() == f"RACE 4 FROM {race.start.text} SPECIAL 5G"


@pytest.mark.parametrize(
    "line,column,message",
    [
        ("RACE 4 FROM Nordstadt SPECIAL", 30,
         "expected the row of the special-run table the dice gave after SPECIAL, such as 3 or 5G"),
        ("RENNEN 4 VON Nordstadt SONDERFAHRT 7", 36,
         "expected the row of the special-run table the dice gave after SONDERFAHRT, such as 3 or 5G"),
        ("RACE 4 FROM Nordstadt SPECIAL 3 x", 33,
         "expected the end of the line after the race's destination (RACE names one start and one destination)"),
    ],
)
def test_race_special_mistakes(line, column, message):
    pf = parse_orders("GM\n" + line + "\n", F)
    (p,) = pf.problems
    assert (p.pos.column, problem_message(p)) == (column, message)


def test_a_special_row_the_map_lacks_is_refused_with_the_rows():
    (p,) = resolved("GM\nRACE 4 FROM Nordstadt SPECIAL 5G\n").problems  # the test map has no table
    assert (p.code, problem_message(p)) == (P.NO_SPECIAL_RUNS, "race 4: the map Tinyland has no special runs")


def test_words_to_and_nach_still_belong_to_town_names_in_build_and_start():
    pf = parse_orders(HEAD + "BUILD Bad To - 0402\nSTART Nach Hause\n", F)
    assert pf.problems == ()
    assert [o.echo() for o in pf.sections[0].orders] == ["BUILD Bad To - 0402", "START Nach Hause"]


@pytest.mark.parametrize("line", ["MOVES 1 red 3 5 2", "WUERFE 1 RED 3 5 2", "WÜRFE 1 RED 3 5 2", "würfe 1 Red 3 5 2"])
def test_moves_forms_and_aliases(line):
    pf = parse_orders("GM\n" + line + "\n", F)
    assert pf.problems == ()
    (moves,) = pf.gm_sections[0].orders
    assert moves == MovesOrder(1, "RED", (3, 5, 2), Pos(F, 2, 1), line)
    assert moves.echo() == "MOVES 1 RED 3 5 2"
    assert pf.gm_sections[0].moves == {(1, "RED"): (3, 5, 2)}


def test_gm_section_with_rolls_races_and_moves():
    text = "GM\nROLL RED 4\nRACE 1 FROM Nordstadt TO Südheim\nRACE 2 FROM Ostburg TO Hafen\nMOVES 1 RED 6\nMOVES 1 BLUE 1 2\n"
    orders = resolved(text)
    assert orders.problems == ()
    gm = orders.gm
    assert gm.rolls == {"RED": 4}
    assert {n: r.echo() for n, r in gm.races.items()} == {
        1: "RACE 1 FROM Nordstadt (0402) TO Südheim (0307)",
        2: "RACE 2 FROM Ostburg (0805) TO Hafen (0104)",
    }
    assert gm.moves == {(1, "RED"): (6,), (1, "BLUE"): (1, 2)}


def test_later_race_and_moves_lines_replace_earlier_ones_across_files_with_notes():
    a = parse_orders("GM\nRACE 1 FROM Nordstadt TO Südheim\nMOVES 1 RED 3\nMOVES 1 BLUE 4\n", "a.orders")
    b = parse_orders("GM\nRACE 1 FROM Ostburg TO Hafen\nMOVES 1 RED 5 6\nMOVES 2 RED 1\n", "b.orders")
    orders = accept_all(resolve(collect([a, b]), TINY))
    assert orders.gm.races[1].echo() == "RACE 1 FROM Ostburg (0805) TO Hafen (0104)"
    assert orders.gm.moves == {(1, "BLUE"): (4,), (1, "RED"): (5, 6), (2, "RED"): (1,)}
    assert [(n.code, dict(n.args)) for n in orders.notes] == [
        (NoteCode.RACE_REPLACED, {"race": 1, "replaced": "a.orders:2"}),
        (NoteCode.MOVES_REPLACED, {"player": "RED", "race": 1, "replaced": "a.orders:3"}),
    ]
    assert [format_note(n) for n in orders.notes] == [
        "b.orders:2: RACE 1 at a.orders:2 is replaced by this one",
        "b.orders:3: MOVES for RED in race 1 at a.orders:3 is replaced by this one",
    ]


def test_a_race_from_a_town_to_itself_is_refused():
    assert only_problem("GM\nRACE 1 FROM Nordstadt TO 0402\n") == (
        "t.orders:2:26",
        "illegal",
        P.RACE_TO_ITSELF,
        "race 1 cannot end where it starts, at 0402",
        "a race runs between two different towns",
    )


def test_a_race_with_an_unknown_town_is_left_out():
    orders = resolved("GM\nRACE 1 FROM Hamburg TO Südheim\nRACE 2 FROM Ostburg TO Hafen\n")
    assert list(orders.gm.races) == [2]
    (p,) = orders.problems
    assert (p.code, dict(p.args)) == (P.UNKNOWN_TOWN, {"written": "Hamburg", "map": "Tinyland"})
    assert (str(p.pos), p.section, problem_message(p)) == ("t.orders:2:13", "GM", "no town called 'Hamburg' on the map Tinyland")


@pytest.mark.parametrize(
    "text, expected",
    [
        pytest.param(
            HEAD + "RACE 1 FROM Nordstadt TO Südheim\n",
            (
                "t.orders:2:1",
                "illegal",
                P.GM_ORDER_OUTSIDE_GM_SECTION,
                "RACE belongs in the GM's section",
                "put a line GM before the GM's RACE lines",
            ),
            id="race-in-player-section",
        ),
        pytest.param(
            HEAD + "MOVES 1 RED 3 4\n",
            (
                "t.orders:2:1",
                "illegal",
                P.GM_ORDER_OUTSIDE_GM_SECTION,
                "MOVES belongs in the GM's section",
                "put a line GM before the GM's MOVES lines",
            ),
            id="moves-in-player-section",
        ),
        pytest.param(
            "GM\nENTER 1 BEST\n",
            (
                "t.orders:2:1",
                "illegal",
                P.PLAYER_ORDER_IN_GM_SECTION,
                "ENTER in the GM's section: a player's order belongs after their PLAYER line",
                "write PLAYER <ID> PASSWORD <password> before it",
            ),
            id="enter-in-gm-section",
        ),
        pytest.param(
            "GM\nMOVES 1 RED 3 0\n",
            ("t.orders:2:15", "illegal", P.IMPOSSIBLE_MOVE, "a roll of 0 is impossible: a die gives 1 to 6", None),
            id="moves-zero",
        ),
        pytest.param(
            "GM\nMOVES 1 RED 35\n",
            (
                "t.orders:2:13",
                "illegal",
                P.IMPOSSIBLE_MOVE,
                "a roll of 35 is impossible: a die gives 1 to 6",
                "write one roll per number, apart: 3 5",
            ),
            id="moves-run-together",
        ),
        pytest.param(
            "GM\nRACE 100 FROM Nordstadt TO Südheim\n",
            (
                "t.orders:2:6",
                "illegal",
                P.NO_SUCH_RACE,
                "there is no race 100: races are numbered 1 to 99",
                "write the race's number as printed in the report",
            ),
            id="race-number-too-high",
        ),
        pytest.param(
            HEAD + "ENTER 0 BEST\n",
            (
                "t.orders:2:7",
                "illegal",
                P.NO_SUCH_RACE,
                "there is no race 0: races are numbered 1 to 99",
                "write the race's number as printed in the report",
            ),
            id="enter-race-zero",
        ),
    ],
)
def test_racing_orders_in_the_wrong_place_or_out_of_range(text, expected):
    assert only_problem(text) == expected


def test_every_bad_roll_of_a_moves_line_is_reported():
    orders = resolved("GM\nMOVES 1 RED 7 3 9\n")
    assert [(p.code, dict(p.args)) for p in orders.problems] == [
        (P.IMPOSSIBLE_MOVE, {"roll": "7", "max": 6}),
        (P.IMPOSSIBLE_MOVE, {"roll": "9", "max": 6}),
    ]
    assert [(str(p.pos), problem_message(p)) for p in orders.problems] == [
        ("t.orders:2:13", "a roll of 7 is impossible: a die gives 1 to 6"),
        ("t.orders:2:17", "a roll of 9 is impossible: a die gives 1 to 6"),
    ]
    assert orders.gm.orders == ()


# --- typical racing mistakes: position, message, hint ---------------------------------------

MISTAKES = [
    pytest.param(
        HEAD + "ENTER ROUTE 0402 - 0503\n",
        (
            "t.orders:2:7",
            "syntax",
            P.EXPECTED_ENTER_RACE,
            "expected the race number after ENTER, as printed in the report",
            "write ENTER <race> ROUTE 0402 - 0503",
        ),
        id="no-race-number",
    ),
    pytest.param(
        HEAD + "ENTER 1 0402 - 0503\n",
        (
            "t.orders:2:9",
            "syntax",
            P.EXPECTED_ENTER_MODE,
            "expected ROUTE, BEST or WITH after the race number",
            "write ENTER 1 ROUTE 0402 - 0503",
        ),
        id="no-route-keyword",
    ),
    pytest.param(
        HEAD + "FAHRE 1 STRECKE Hamburgg - 0503\n",
        (
            "t.orders:2:17",
            "illegal",
            P.UNKNOWN_TOWN,
            "no town called 'Hamburgg' on the map Tinyland",
            "the towns are Grenzdorf, Hafen, Nordstadt, Ostburg, Südheim",
        ),
        id="unknown-town-in-route",
    ),
    pytest.param(
        HEAD + "ENTER 1 WITH ROUTE 0402 - 0503\n",
        (
            "t.orders:2:14",
            "syntax",
            P.EXPECTED_PARTNER,
            "expected the partner's ID after WITH: the company you ride with",
            "write ENTER 1 WITH <ID> ROUTE 0402 - 0503",
        ),
        id="with-without-partner",
    ),
    pytest.param(
        "GM\nRACE 1 FROM Nordstadt Südheim\n",
        (
            "t.orders:2:30",
            "syntax",
            P.EXPECTED_TO,
            "expected TO between the race's start and its destination",
            "did you mean RACE 1 FROM Nordstadt TO Südheim?",
        ),
        id="race-without-to",
    ),
    pytest.param(
        "GM\nMOVES 1 RED 7\n",
        ("t.orders:2:13", "illegal", P.IMPOSSIBLE_MOVE, "a roll of 7 is impossible: a die gives 1 to 6", None),
        id="moves-roll-out-of-range",
    ),
    pytest.param(
        HEAD + "FAHRE 1 STREKCE 0402 - 0503\n",
        (
            "t.orders:2:9",
            "syntax",
            P.EXPECTED_ENTER_MODE,
            "expected ROUTE, BEST or WITH after the race number",
            "did you mean STRECKE?",
        ),
        id="misspelt-route-keyword",
    ),
    pytest.param(
        HEAD + "ENTER 1 RED BEST\n",
        (
            "t.orders:2:9",
            "syntax",
            P.EXPECTED_ENTER_MODE,
            "expected ROUTE, BEST or WITH after the race number",
            "for a joint trip write ENTER 1 WITH RED BEST",
        ),
        id="partner-without-with",
    ),
    pytest.param(
        HEAD + "ENTER 1 WITH NOB 0402 - 0503\n",
        (
            "t.orders:2:18",
            "syntax",
            P.EXPECTED_PARTNER_MODE,
            "expected ROUTE or BEST after the partner's ID",
            "write ENTER 1 WITH NOB ROUTE 0402 - 0503",
        ),
        id="partner-then-no-route-keyword",
    ),
    pytest.param(
        HEAD + "ENTER 1 ROUTE\n",
        (
            "t.orders:2:14",
            "syntax",
            P.EXPECTED_ROUTE_START,
            "expected the route's start after ROUTE: a hex label such as 0712, or a town name",
            None,
        ),
        id="route-without-points",
    ),
    pytest.param(
        HEAD + "ENTER 1 ROUTE Nordstadt\n",
        (
            "t.orders:2:24",
            "syntax",
            P.ROUTE_TOO_SHORT,
            "a route needs at least two points, its start and its destination, joined by '-'",
            "write ENTER 1 ROUTE Nordstadt - <next point>",
        ),
        id="route-of-one-point",
    ),
    pytest.param(
        HEAD + "ENTER 1 WITH NOB ROUTE 0402 0503\n",
        (
            "t.orders:2:29",
            "syntax",
            P.EXPECTED_DASH,
            "expected '-' between two points, or the end of the line",
            "write ENTER 1 WITH NOB ROUTE 0402 - 0503",
        ),
        id="route-missing-dash",
    ),
    pytest.param(
        HEAD + "ENTER 1 ROUTE 0402 - 0604\n",
        (
            "t.orders:2:22",
            "illegal",
            P.NOT_NEIGHBOURS,
            "0402 and 0604 are not neighbours (nor on one straight hex line)",
            "the neighbours of 0402 are 0302 (W), 0502 (E), 0401 (NW), 0501 (NE), 0403 (SW), 0503 (SE)",
        ),
        id="route-not-adjacent",
    ),
    pytest.param(
        HEAD + "ENTER 1 BEST 0402 - 0503\n",
        (
            "t.orders:2:14",
            "syntax",
            P.TEXT_AFTER_BEST,
            "expected the end of the line after BEST: the adjudicator chooses the route",
            "to give the route yourself, write ENTER 1 ROUTE 0402 - 0503",
        ),
        id="best-with-a-route",
    ),
    pytest.param(
        "GM\nRACE 1 Nordstadt TO Südheim\n",
        (
            "t.orders:2:8",
            "syntax",
            P.EXPECTED_FROM,
            "expected FROM after the race number",
            "write RACE 1 FROM Nordstadt TO Südheim",
        ),
        id="race-without-from",
    ),
    pytest.param(
        "GM\nRENNEN 1 VOM Nordstadt NACH Südheim\n",
        ("t.orders:2:10", "syntax", P.EXPECTED_FROM, "expected FROM after the race number", "did you mean VON?"),
        id="race-misspelt-von",
    ),
    pytest.param(
        "GM\nRACE 1 FROM Nordstadt - Südheim\n",
        (
            "t.orders:2:23",
            "syntax",
            P.EXPECTED_TO,
            "expected TO between the race's start and its destination",
            "write RACE 1 FROM Nordstadt TO Südheim",
        ),
        id="race-dash-for-to",
    ),
    pytest.param(
        "GM\nRACE 1 FROM Nordstadt TO\n",
        (
            "t.orders:2:25",
            "syntax",
            P.EXPECTED_RACE_DESTINATION,
            "expected the race's destination after TO: a town name or a hex label",
            None,
        ),
        id="race-without-destination",
    ),
    pytest.param(
        "GM\nRACE Nordstadt TO Südheim\n",
        (
            "t.orders:2:6",
            "syntax",
            P.EXPECTED_RACE_NUMBER,
            "expected the race number after RACE",
            "write RACE <number> FROM <start> TO <destination>",
        ),
        id="race-without-number",
    ),
    pytest.param(
        "GM\nMOVES 1 RED 3,4,5\n",
        (
            "t.orders:2:14",
            "syntax",
            P.EXPECTED_ROLL_OR_END,
            "expected another roll or the end of the line",
            "write the rolls apart, with spaces only: MOVES 1 RED 3 4 5",
        ),
        id="moves-with-commas",
    ),
    pytest.param(
        "GM\nMOVES 1 3 4\n",
        (
            "t.orders:2:9",
            "syntax",
            P.EXPECTED_MOVES_PLAYER,
            "expected the player's ID after the race number",
            "write MOVES 1 <ID> 3 4",
        ),
        id="moves-without-player",
    ),
    pytest.param(
        "GM\nWUERFE RED 3 4\n",
        (
            "t.orders:2:8",
            "syntax",
            P.EXPECTED_RACE_NUMBER,
            "expected the race number after WUERFE",
            "write WUERFE <race> RED 3 4, e.g. WUERFE 1 RED 3 5 2",
        ),
        id="moves-without-race",
    ),
    pytest.param(
        "GM\nMOVES 1 RED\n",
        (
            "t.orders:2:12",
            "syntax",
            P.EXPECTED_MOVES_ROLLS,
            "expected the rolls after the player's ID, in digits",
            "write them one by one, e.g. MOVES 1 RED 3 5 2",
        ),
        id="moves-without-rolls",
    ),
]


@pytest.mark.parametrize("text, expected", MISTAKES)
def test_typical_racing_mistake(text, expected):
    assert only_problem(text) == expected


def test_racing_problem_format_shows_line_caret_and_hint():
    (p,) = resolved(HEAD + "ENTER ROUTE 0402 - 0503  # race 1\n").problems
    assert p.hint is not None
    assert (p.code, p.hint.code, dict(p.hint.args)) == (
        P.EXPECTED_ENTER_RACE, H.ADD_RACE_NUMBER, {"keyword": "ENTER", "rest": "ROUTE 0402 - 0503"}
    )
    assert format_problem(p) == (
        "t.orders:2:7: syntax: expected the race number after ENTER, as printed in the report\n"
        "    ENTER ROUTE 0402 - 0503  # race 1\n"
        "          ^\n"
        "    hint: write ENTER <race> ROUTE 0402 - 0503"
    )


GOLDEN = DATA / "orders" / "racing.orders"


def test_all_racing_errors_of_a_file_are_reported_in_one_pass():
    """Golden file: tests/data/orders/racing.orders in, racing.expected out, byte for byte.

    Regenerate after a deliberate change with ``UPDATE_GOLDEN=1 pytest tests/test_orders_racing.py``.
    """
    text = GOLDEN.read_text(encoding="utf-8")
    orders = accept_all(resolve(collect([parse_orders(text, GOLDEN.name)], turn=7), TINY, companies=COMPANIES))
    report = orders_report(orders) + "\n"
    expected_path = GOLDEN.with_suffix(".expected")
    if os.environ.get("UPDATE_GOLDEN"):
        expected_path.write_text(report, encoding="utf-8")
    assert report == expected_path.read_text(encoding="utf-8")
    assert [o.echo() for o in orders.section("RED").orders] == [
        "ENTER 1 ROUTE Nordstadt (0402) -BLUE- 0503 - 0504",
        "ENTER 2 WITH NOB BEST",
        "BUILD 0504 - 0505",
    ]
    assert [o.echo() for o in orders.section("BLUE").orders] == [
        "ENTER 1 ROUTE 0105 -RED- 0505 (0105-0205-0305-0405-0505)",
    ]
    assert [o.echo() for o in orders.gm.orders] == [
        "RACE 1 FROM Nordstadt (0402) TO Ostburg (0805)",
        "RACE 2 FROM Südheim (0307) TO Grenzdorf (0905)",
        "MOVES 1 RED 4 2",
    ]


# --- robustness ------------------------------------------------------------------------------------

_FRAGMENTS = [
    "ENTER", "FAHRE", "1", "2", "99", "ROUTE", "STRECKE", "BEST", "WITH", "MIT", "RED", "BLUE", "Nordstadt", "0402",
    "0503", "-", "-BLUE-", "-(BLUE)-", "(RED)", "-RED-", "-(", ")-", "RACE", "FROM", "TO", "NACH", "MOVES", "3", "7",
    ",", "#", "Bad", "0712",
]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.lists(st.sampled_from(_FRAGMENTS), max_size=9), max_size=6), st.sampled_from(["", " "]))
def test_any_racing_line_is_an_order_or_a_problem_never_an_exception(lines, joiner):
    text = "GM\n" + "\n".join(joiner.join(words) for words in lines) + "\n" + HEAD
    text += "\n".join(joiner.join(words) for words in lines) + "\n"
    orders = accept_all(resolve(collect([parse_orders(text, F)]), TINY, companies=COMPANIES))
    for p in orders.problems:
        assert p.pos.line >= 1 and p.pos.column >= 1
    for s in orders.sections:
        for o in s.orders:
            if isinstance(o, EnterOrder) and not o.best:
                assert len(o.hex_owners) == len(o.hexes) - 1 == len(o.segments)
                assert len(o.owners) == len(o.points) - 1
