"""Rules catalogue R11: orders that think for the player (issue 27, readings 100-109).

BUILD CHEAPEST FROM <point> TO <point> [MAX n] and IF <condition> THEN ... [ELSE ...] END.  The seeds:
RULES.md section 2 ("One turn's points may be spent on several pieces anywhere on the player's own
network"; players build in seat order), section 7 ("NMR ... a stand-by is named ... Other players may
make orders conditional on that"; "everything else is carried out as written where possible, and what
cannot be done is reported with the reason").
"""

from __future__ import annotations

from dataclasses import replace

from adjudicator.dampfross.board.hexgrid import Side
from adjudicator.dampfross.building.cheapest import CheapestCode
from adjudicator.dampfross.building.problems import BuildProblem
from adjudicator.dampfross.building.thinking import Why
from adjudicator.dampfross.building.turn import BuildingInput, adjudicate_building_turn
from adjudicator.dampfross.engine.preview import preview_building, preview_each
from adjudicator.dampfross.game.state import Correction
from adjudicator.dampfross.game.track import Segment
from adjudicator.dampfross.orders import collect, parse_orders, resolve
from adjudicator.dampfross.orders.codes import ProblemCode
from adjudicator.dampfross.orders.translate import building_orders
from adjudicator.dampfross.report.check import check_reports
from adjudicator.dampfross.report.lines import line_context
from adjudicator.dampfross.report.thinkwords import verdict_text
from adjudicator.kernel.i18n import language
from adjudicator.kernel.problems import Problem
from tests.helpers import H, make_map, manual_game

# Row 2 runs west-east from Alt (0102) to Burg (0702); a mountain at 0402 blocks the straight line.
GMAP = make_map(
    """\
........
...^....
........
........
""",
    towns=[("Alt", "0102", [11]), ("Burg", "0702", [12]), ("Cell", "0104", [13]), ("Dorf", "0804", [14])],
    starts=["Alt", "Cell"],
)


def orders_of(text: str, player: str = "RED"):
    o = resolve(collect([parse_orders(f"PLAYER {player} PASSWORD x\n{text}", "t.orders")]), GMAP,
                companies=("RED", "BLUE"))
    assert not o.problems, o.problems
    return building_orders(o.sections[0], [])


def state_with(track=(), starts=None, **changes):
    state = manual_game(GMAP)
    starts = starts or {"RED": "Alt", "BLUE": "Cell"}
    players = tuple(replace(p, start_town=starts.get(p.id)) for p in state.players)
    segments = tuple(Segment(o, Side(H(a), H(b)), 1) for o, a, b in track)
    return replace(state, players=players, track=segments, **changes)


def play(state, texts: dict[str, str], rolls: dict[str, int]):
    orders = {pid: orders_of(t, pid) for pid, t in texts.items()}
    return adjudicate_building_turn(state, GMAP, BuildingInput(state.turn, orders, {}, rolls), None)


def segs(outcome) -> list[str]:
    return [f"{b.a}-{b.b}" for b in outcome.built]


# --- BUILD CHEAPEST -------------------------------------------------------------------------------------------


def test_C01_the_cheapest_line_goes_round_the_mountain_and_ties_go_to_the_labels_that_sort_first():
    """R11-C01 [reading 100] (RULES §2: the terrain costs; one turn's points on pieces of the own network).

    Straight on, Alt-Burg crosses the mountain at 0402 (3 + 3 points); round it, by row 1 or row 3, costs 7
    points over 7 plain segments either way: the line whose hex labels, read from the start, sort first is
    built (0201 before 0202 and 0203)."""
    r = play(state_with(), {"RED": "BUILD CHEAPEST FROM Alt TO Burg\n"}, {"RED": 6, "BLUE": 1})
    (line,) = r.outcomes[0].lines
    path = ("0102", "0201", "0301", "0401", "0501", "0502", "0602", "0702")
    assert line.choice == Problem.of(CheapestCode.CHOSEN, points=7, fees=0, segments=7, own=0, path=path)
    assert segs(line)[0] == "0102-0201" and len(line.built) == 6  # 6 points: built as far as they go
    assert line.problem is not None and line.problem.code is BuildProblem.POINTS_SHORT


def test_C02_fewer_fees_beat_fewer_labels_and_max_caps_the_points():
    """R11-C02 [reading 100]: of lines as cheap in points, the one owing rivals less in fees; MAX n caps the
    points, and a dearer line is not built at all (the report says why)."""
    blue = [("BLUE", "0201", "0301")]  # BLUE's track across the row-1 way: a fee to cross it
    r = play(state_with(blue), {"RED": "BUILD CHEAPEST FROM Alt TO Burg MAX 7\n"}, {"RED": 6, "BLUE": 1})
    (line,) = r.outcomes[0].lines
    assert line.choice is not None and dict(line.choice.args)["fees"] == 0
    assert dict(line.choice.args)["path"][1] != "0201"
    r = play(state_with(), {"RED": "BUILD CHEAPEST FROM Alt TO Burg MAX 6\n"}, {"RED": 6, "BLUE": 1})
    (line,) = r.outcomes[0].lines
    assert line.built == () and line.choice is not None and line.choice.code is CheapestCode.OVER_MAX
    assert line_context(line)["note"] == ("the cheapest line (0102-0201-0301-0401-0501-0502-0602-0702) costs 7 "
                                          "points, more than MAX 6: nothing built")


def test_C03_own_track_on_the_way_is_free_and_the_line_is_built_in_pieces():
    """R11-C03 [reading 100] (RULES §2: 'One turn's points may be spent on several pieces anywhere on the
    player's own network'): the company's own track costs nothing and is not built again."""
    own = [("RED", "0102", "0201"), ("RED", "0201", "0301"), ("RED", "0301", "0401"), ("RED", "0401", "0501")]
    r = play(state_with(own), {"RED": "BUILD CHEAPEST FROM Alt TO Burg\n"}, {"RED": 6, "BLUE": 1})
    (line,) = r.outcomes[0].lines
    assert line.complete and segs(line) == ["0501-0502", "0502-0602", "0602-0702"]
    assert dict(line.choice.args if line.choice else ())["own"] == 4
    joined = play(state_with(own), {"RED": "BUILD CHEAPEST FROM Alt TO 0501\n"}, {"RED": 6, "BLUE": 1})
    assert joined.outcomes[0].lines[0].choice == Problem.of(CheapestCode.JOINED, start=H("0102"), goal=H("0501"))


def test_C04_a_rivals_track_laid_earlier_in_the_same_turn_counts():
    """R11-C04 [reading 101] (RULES §2: players build in turn; reading 2: fees against the track as it stands):
    BLUE builds first this turn across row 1; RED's cheapest line, chosen when RED's turn comes, avoids the fee."""
    state = replace(state_with(starts={"RED": "Alt", "BLUE": "Alt"}), start_player="BLUE")
    texts = {"BLUE": "BUILD 0102 - 0201 - 0301\n", "RED": "BUILD CHEAPEST FROM Alt TO 0501\n"}
    r = play(state, texts, {"RED": 6, "BLUE": 2})
    red = next(o for o in r.outcomes if o.player == "RED")
    path = dict(red.lines[0].choice.args if red.lines[0].choice else ())["path"]
    assert "0201" not in path and "0301" not in path
    alone = play(state_with(), {"RED": "BUILD CHEAPEST FROM Alt TO 0501\n"}, {"RED": 6, "BLUE": 1})
    assert dict(alone.outcomes[0].lines[0].choice.args if alone.outcomes[0].lines[0].choice else ())["path"][1] \
        == "0201"


def test_C05_under_simultaneous_building_the_line_is_chosen_against_the_track_at_the_start_of_the_turn():
    """R11-C05 [reading 101] (reading 31: every company builds against the track as it stood): BLUE's pieces of
    the same turn are not seen, and RED's line runs where BLUE's does."""
    state = replace(state_with(starts={"RED": "Alt", "BLUE": "Alt"}), start_player="BLUE")
    state = replace(state, rules=state.rules.with_overrides(["simultaneous=true"]))
    texts = {"BLUE": "BUILD 0102 - 0201 - 0301\n", "RED": "BUILD CHEAPEST FROM Alt TO 0501\n"}
    r = play(state, texts, {"RED": 6, "BLUE": 2})
    red = next(o for o in r.outcomes if o.player == "RED")
    assert segs(red.lines[0])[:2] == ["0102-0201", "0201-0301"]


def test_C06_the_reports_show_the_line_built_and_why():
    """R11-C06 [reading 104] (RULES §7: 'Each report prints: every build with its cost'): the private report
    and ``check`` show BUILD CHEAPEST as understood, the line chosen with its cost, and the segments built (the
    public report the line built alone: R11-C10)."""
    r = play(state_with(), {"RED": "BUILD CHEAPEST FROM Alt TO Burg\n"}, {"RED": 6, "BLUE": 1})
    context = line_context(r.outcomes[0].lines[0])
    assert context["text"] == "BUILD CHEAPEST FROM Alt (0102) TO Burg (0702)"
    assert context["note"] == "the cheapest line now: 0102-0201-0301-0401-0501-0502-0602-0702, 7 points, fees 0"
    assert context["unbuilt"] == "0602-0702"


# --- IF ... THEN ... ELSE ... END ---------------------------------------------------------------------------------

IF_TAKEN = """IF 0201 TAKEN THEN
  BUILD 0102 - 0202
ELSE
  BUILD 0102 - 0201
END
"""


def test_I01_taken_is_judged_when_the_orders_come_to_be_built():
    """R11-I01 [readings 102, 103] (RULES §7: 'Other players may make orders conditional'): BLUE builds before
    RED this turn and takes 0201; RED's IF, judged when RED's turn comes, sees it and runs THEN; the private
    report says why."""
    state = replace(state_with(starts={"RED": "Alt", "BLUE": "Alt"}), start_player="BLUE")
    r = play(state, {"BLUE": "BUILD 0102 - 0201\n", "RED": IF_TAKEN}, {"RED": 1, "BLUE": 1})
    red = next(o for o in r.outcomes if o.player == "RED")
    assert [segs(line) for line in red.lines] == [["0102-0202"]]
    (v,) = red.verdicts
    assert v.holds and v.why == Problem.of(Why.TAKEN_BY, where=("0201",), by=("BLUE",))
    assert verdict_text(v) == ("line 2: IF 0201 TAKEN: yes, 0201 was taken by BLUE: the orders after THEN were "
                               "carried out")
    with language("nl"):  # the condition in the reader's keywords, as the rest of the line
        assert verdict_text(v).startswith("regel 2: ALS 0201 BEZET: ja"), verdict_text(v)
    first = play(state_with(starts={"RED": "Alt", "BLUE": "Alt"}), {"BLUE": "BUILD 0102 - 0201\n", "RED": IF_TAKEN},
                 {"RED": 1, "BLUE": 1})  # RED builds first: 0201 is free when RED's turn comes
    red = next(o for o in first.outcomes if o.player == "RED")
    assert [segs(line) for line in red.lines] == [["0102-0201"]] and not red.verdicts[0].holds


def test_I02_each_condition_is_judged_once_in_order_an_if_not_reached_is_not_judged():
    """R11-I02 [reading 103]: conditions are judged in the order written, each the first time a line inside it
    comes to be built, against the board as it stands then (the company's own earlier lines count)."""
    text = """BUILD 0102 - 0103 - 0104
IF NOT Cell CONNECTED THEN
  IF BALANCE AT LEAST 1 THEN
    BUILD 0102 - 0202
  END
ELSE
  IF BALANCE AT LEAST 1000 THEN
    BUILD 0104 - 0203
  ELSE
    BUILD 0104 - 0204
  END
END
"""
    r = play(state_with(), {"RED": text}, {"RED": 6, "BLUE": 1})
    red = r.outcomes[0]
    assert [segs(line) for line in red.lines] == [["0102-0103", "0103-0104"], ["0104-0204"]]
    assert [(v.test.line, v.holds) for v in red.verdicts] == [(3, False), (8, False)]
    assert red.verdicts[0].why == Problem.of(Why.CONNECTED, town="Cell")
    assert red.verdicts[1].why == Problem.of(Why.BALANCE, balance=26, amount=1000)  # 20 and Cell's bonus


def test_I03_a_stand_by_having_taken_a_seat():
    """R11-I03 [reading 102] (RULES §7: 'a second miss hands the company to the stand-by. Other players may make
    orders conditional on that')."""
    state = state_with()
    text = "IF STANDBY BLUE THEN\n BUILD 0102 - 0202\nELSE\n BUILD 0102 - 0201\nEND\n"
    r = play(state, {"RED": text}, {"RED": 1, "BLUE": 1})
    assert segs(r.outcomes[0].lines[0]) == ["0102-0201"]
    handed = Correction(1, 3, "replace", "gm", "2026-01-01T00:00", "NMR", player="BLUE", manager="Eve")
    r = play(replace(state, corrections=(handed,)), {"RED": text}, {"RED": 1, "BLUE": 1})
    assert segs(r.outcomes[0].lines[0]) == ["0102-0202"]
    assert r.outcomes[0].verdicts[0].why == Problem.of(Why.STANDBY, company="BLUE", turn=3)


def test_I04_a_race_condition_never_holds_in_a_building_turn():
    """R11-I04 [reading 102]: no race is drawn in a building turn, so RACE n FROM/TO is false there."""
    r = play(state_with(), {"RED": "IF RACE 1 TO Burg THEN\nBUILD 0102 - 0202\nEND\n"}, {"RED": 1, "BLUE": 1})
    assert r.outcomes[0].lines == () and r.outcomes[0].verdicts[0].why == Problem.of(Why.NO_RACE, race=1)


def test_I05_german_keywords():
    """R11-I05 [reading 105]: WENN, DANN, SONST, ENDE, NICHT, BESETZT, ANGESCHLOSSEN, KONTO MINDESTENS, RENNEN,
    ERSATZ; BAUE BILLIGSTE (GÜNSTIGSTE) VON ... NACH ... HÖCHSTENS."""
    text = ("WENN NICHT 0201 BESETZT DANN\n BAUE GÜNSTIGSTE VON Alt NACH Burg HÖCHSTENS 9\nSONST\n"
            " BAUE BILLIGSTE VON Alt NACH 0103\nENDE\n")
    r = play(state_with(), {"RED": text}, {"RED": 6, "BLUE": 1})
    assert r.outcomes[0].lines[0].line.cheapest is not None and len(r.outcomes[0].lines[0].built) == 6


def _problems(text: str):
    return resolve(collect([parse_orders("PLAYER RED PASSWORD x\n" + text, "t.orders")]), GMAP,
                   companies=("RED", "BLUE")).problems


def test_I06_bounds_each_with_its_line():
    """R11-I06 [reading 106]: IFs nest at most 3 deep, a section holds at most 20 IF lines and 10 BUILD CHEAPEST
    lines, and one IF ... END at most 40 orders; ELSE without IF, a second ELSE, an IF not closed, an order that cannot stand inside; a
    conditional with any problem inside is not carried out at all (RULES §7: what cannot be done is reported
    with the reason)."""
    deep = "".join(f"IF {c}01 TAKEN\n" for c in ("01", "02", "03", "04")) + "BUILD 0102 - 0202\n" + "END\n" * 4
    codes = [(p.pos.line, p.code) for p in _problems(deep)]
    assert (5, ProblemCode.IF_TOO_DEEP) in codes and (2, ProblemCode.CONDITIONAL_DROPPED) in codes
    many = "".join("IF 0101 TAKEN\nBUILD 0102 - 0202\nEND\n" for _ in range(21))
    assert [(p.pos.line, p.code) for p in _problems(many)] == [(62, ProblemCode.TOO_MANY_CONDITIONS),
                                                               (62, ProblemCode.CONDITIONAL_DROPPED)]
    long_ = "IF 0101 TAKEN\n" + "BUILD 0102 - 0202\n" * 41 + "END\n"
    assert [(p.pos.line, p.code) for p in _problems(long_)] == [(2, ProblemCode.CONDITIONAL_DROPPED),
                                                                (43, ProblemCode.CONDITIONAL_TOO_LONG)]
    cheap = "BUILD CHEAPEST FROM Alt TO Burg\n" * 11
    assert [(p.pos.line, p.code) for p in _problems(cheap)] == [(12, ProblemCode.TOO_MANY_CHEAPEST)]
    assert [p.code for p in _problems("ELSE\n")] == [ProblemCode.ELSE_WITHOUT_IF]
    assert {p.code for p in _problems("IF 0101 TAKEN\nELSE\nELSE\nEND\n")} == {ProblemCode.SECOND_ELSE,
                                                                                ProblemCode.CONDITIONAL_DROPPED}
    assert [(p.pos.line, p.code) for p in _problems("IF 0101 TAKEN\nBUILD 0102 - 0202\n")] == [
        (2, ProblemCode.IF_NOT_CLOSED)]
    assert {p.code for p in _problems("IF 0101 TAKEN\nSTART Alt\nEND\n")} == {ProblemCode.NOT_IN_CONDITIONAL,
                                                                             ProblemCode.CONDITIONAL_DROPPED}
    assert {p.code for p in _problems("IF Xyzzy CONNECTED\nBUILD 0102 - 0202\nEND\n")} == {
        ProblemCode.UNKNOWN_TOWN, ProblemCode.CONDITIONAL_DROPPED}
    assert {p.code for p in _problems("IF 0201 CONNECTED\nEND\n")} == {ProblemCode.CONDITION_NEEDS_TOWN,
                                                                      ProblemCode.CONDITIONAL_DROPPED}


def test_I07_a_mistyped_if_line_is_a_positioned_problem_with_a_hint_and_its_block_is_not_carried_out():
    """R11-I07 [reading 106] (STYLE 5, 7: file:line:column and a hint from the table of sample mistakes)."""
    problems = _problems("IF 0201 TAKN THEN\nBUILD 0102 - 0202\nEND\nBUILD 0102 - 0201\n")
    assert [(str(p.pos), p.code) for p in problems] == [("t.orders:2:9", ProblemCode.EXPECTED_CONDITION)]
    problems = _problems("BUILD CHEAPEST FROM Alt Burg\n")
    assert [(str(p.pos), p.code) for p in problems] == [("t.orders:2:29", ProblemCode.EXPECTED_CHEAPEST_TO)]
    o = resolve(collect([parse_orders("PLAYER RED PASSWORD x\nIF 0201 TAKN THEN\nBUILD 0102 - 0202\nEND\n"
                                      "BUILD 0102 - 0201\n", "t.orders")]), GMAP)
    assert [x.echo() for x in o.sections[0].orders] == ["BUILD 0102 - 0201"]  # the IF's block is not carried out


def test_C07_check_prices_the_orders_as_if_nobody_else_built_and_says_so():
    """R11-C07 [reading 104]: ``check`` judges BUILD CHEAPEST and IF against the board as it is, the other
    companies building nothing, prints the line chosen and every IF judged, and says how it judged them."""
    state = replace(state_with(starts={"RED": "Alt", "BLUE": "Alt"}), start_player="BLUE")
    text = "IF 0201 TAKEN THEN\nBUILD CHEAPEST FROM Alt TO 0501\nEND\nBUILD CHEAPEST FROM Alt TO 0501\n"
    result, _ = preview_building(state, GMAP, BuildingInput(state.turn, {"RED": orders_of(text)}, {}, {"RED": 3}))
    report, _ = check_reports(result, GMAP, {"RED": [text]})["RED"]
    said = " ".join(report.split())
    assert ("line 2: IF 0201 TAKEN: no, no other company had track at 0201: the orders after ELSE were carried "
            "out, if any") in said
    assert "the cheapest line now: 0102-0201-0301-0401-0501, 4 points, fees 0" in " ".join(report.split())
    assert "as if no other company built before you this turn" in " ".join(report.split())


def test_C09_check_of_a_file_of_several_companies_prices_each_alone_as_its_footer_says():
    """R11-C09 [reading 104] (RULES §2: players build in seat order; §7 orders conditional): a file holds
    BLUE's orders (BLUE builds first this turn and takes 0201) and RED's, whose IF asks whether 0201 is taken.
    ``check`` prices each company alone, as its footer says ("judged here as if no other company built before
    you this turn"): RED's IF is judged "no" and its line pays BLUE no fee; it used to count BLUE's builds of
    the same file and say "yes" under that footer.  The turn itself judges it when RED builds: "yes"."""
    state = replace(state_with(starts={"RED": "Alt", "BLUE": "Alt"}), start_player="BLUE")
    texts = {"BLUE": "BUILD 0102 - 0201 - 0301\n", "RED": IF_TAKEN + "BUILD CHEAPEST FROM Alt TO 0401\n"}
    orders = {pid: orders_of(t, pid) for pid, t in texts.items()}
    rolls = {"RED": 6, "BLUE": 6}
    results, _ = preview_each(state, GMAP, BuildingInput(state.turn, orders, {}, rolls))
    red = next(o for o in results["RED"].outcomes if o.player == "RED")
    assert [(v.test.line, v.holds) for v in red.verdicts] == [(2, False)]
    assert [segs(line) for line in red.lines] == [["0102-0201"], ["0201-0301", "0301-0401"]]
    assert not [e for e in results["RED"].entries if e.payer == "RED" and e.payee == "BLUE"]
    report, _ = check_reports(results["RED"], GMAP, {"RED": [texts["RED"]]})["RED"]
    said = " ".join(report.split())
    assert "IF 0201 TAKEN: no, no other company had track at 0201" in said
    assert "as if no other company built before you this turn" in said
    turn = adjudicate_building_turn(state, GMAP, BuildingInput(state.turn, orders, {}, rolls), None)
    red = next(o for o in turn.outcomes if o.player == "RED")
    assert [(v.test.line, v.holds) for v in red.verdicts] == [(2, True)]


def test_C10_the_public_report_shows_the_lines_built_numbered_without_gaps_and_never_how_they_were_chosen():
    """R11-C10 [reading 122] (RULES §7: "Each report prints: every build with its cost"; the public report is
    read by every rival): RED's mail holds an IF (line 2, its ELSE branch runs), a BUILD CHEAPEST with its
    MAX (line 7), one whose MAX stops it (line 8) and a BUILD line (line 9).  The public report shows the three
    lines that built, each as a BUILD line of its hexes, numbered 1, 2, 3: no IF, no CHEAPEST, no MAX, no
    note on how a line was chosen, no line numbers that leave gaps for the orders that think.  RED's private
    report keeps the mail's line numbers, the lines as written and the trace."""
    from adjudicator.dampfross.report.building import building_report, private_report

    text = (IF_TAKEN + "BUILD CHEAPEST FROM 0201 TO 0501 MAX 12\nBUILD CHEAPEST FROM 0501 TO 0701 MAX 1\n"
            "BUILD 0501 - 0601\n")
    orders = resolve(collect([parse_orders(f"PLAYER RED PASSWORD x\n{text}", "t.orders")]), GMAP,
                     companies=("RED", "BLUE"))
    r = play(state_with(), {"RED": text}, {"RED": 6, "BLUE": 1})
    public = building_report(r, GMAP)
    red = public.split("RED (Red)")[1].split("BLUE (Blue)")[0]
    assert [line.strip() for line in red.splitlines() if line.startswith("  BUILD")] == [
        "BUILD 0102 - 0201   [line 1]", "BUILD 0201 - 0301 - 0401 - 0501   [line 2]", "BUILD 0501 - 0601   [line 3]"]
    for secret in ("CHEAPEST", "MAX", "IF", "cheapest line", "[line 4]", "[line 5]", "[line 7]", "[line 9]"):
        assert secret not in public, secret
    own = " ".join(private_report(r, GMAP, "RED", orders).split("Builds")[0].split())
    assert "line 2: IF 0201 TAKEN: no" in own
    assert "BUILD CHEAPEST FROM 0201 TO 0501 MAX 12 [line 7]" in own and "[line 8]" in own and "[line 9]" in own


def test_C11_a_cheapest_line_built_in_pieces_shows_as_a_build_line_for_each_piece():
    """R11-C11 [readings 100, 122]: a BUILD CHEAPEST line runs along RED's own track on the way (0201-0301),
    so it is built in two pieces (reading 100); the public report shows a BUILD line for each piece, as a
    player who wrote them would have, not one line whose middle was skipped."""
    from adjudicator.dampfross.report.lines import public_lines

    state = state_with(track=[("RED", "0201", "0301")])
    r = play(state, {"RED": "BUILD CHEAPEST FROM 0102 TO 0501\n"}, {"RED": 6, "BLUE": 1})
    (line,) = r.outcomes[0].lines if r.outcomes[0].player == "RED" else r.outcomes[1].lines
    shown = public_lines((line,), GMAP)
    assert [(x["text"], x["line"], [b["seg"] for b in x["built"]]) for x in shown] == [
        ("BUILD Alt (0102) - 0201", 1, ["0102-0201"]), ("BUILD 0301 - 0401 - 0501", 2, ["0301-0401", "0401-0501"])]


def test_I08_in_a_racing_turn_entries_are_judged_once_the_races_are_drawn():
    """R11-I08 [reading 103] (RULES §3: races are drawn, then entered; §7: orders conditional): an ENTER inside
    IF RACE n FROM/TO is judged after the turn's races are drawn, before the first runs; a BUILD line inside an
    IF after the races, on the board as they left it; the private report traces both."""
    from adjudicator.dampfross.app.maps import read_map
    from adjudicator.dampfross.orders.translate import racing_orders
    from adjudicator.dampfross.racing.turn import RacingInput, adjudicate_racing_turn
    from adjudicator.dampfross.report.racing import private_racing_report
    from tests.test_raceturn import built_game

    tiny = read_map("tests/data/tiny.yaml")
    state = built_game()
    text = ("PLAYER RED PASSWORD x\nIF RACE 1 FROM 0402 THEN\n  ENTER 1 BEST\nELSE\n  ENTER 2 BEST\nEND\n"
            "IF BALANCE AT LEAST 1 THEN\n  BUILD 0307 - 0308\nEND\n")
    orders = resolve(collect([parse_orders(text, "t.orders")]), tiny, companies=("RED", "BLUE"))
    assert not orders.problems
    red = racing_orders(orders.sections[0], [])
    r = adjudicate_racing_turn(state, tiny, RacingInput(2, {"RED": red}, {}, {1: (H("0402"), H("0307"))}, {}),
                               None)
    assert r.races[0].status == "sole"  # RED entered race 1 (and no race 2 was drawn)
    assert [(v.test.line, v.holds) for v in r.verdicts["RED"]] == [(2, True), (7, True)]
    assert r.verdicts["RED"][0].why.code is Why.RACE
    red_build = next(b for b in r.builds if b.player == "RED")
    assert [segs(line) for line in red_build.lines] == [["0307-0308"]]
    report = " ".join(private_racing_report(r, tiny, "RED", orders, None).split())
    assert "line 2: IF RACE 1 FROM 0402: yes, race 1 ran from" in report


def test_C08_check_of_a_racing_turn_prices_the_entries_their_ifs_let_stand():
    """R11-C08 [readings 103, 104]: in a racing turn ``check`` judges the IFs around ENTER lines with the races
    known, as the turn will, and prices only the entries that stand."""
    from adjudicator.dampfross.app.maps import read_map
    from adjudicator.dampfross.engine.preview import preview_racing
    from adjudicator.dampfross.orders.translate import racing_orders
    from adjudicator.dampfross.racing.turn import RacingInput
    from tests.test_raceturn import built_game

    tiny = read_map("tests/data/tiny.yaml")
    text = "PLAYER RED PASSWORD x\nIF RACE 1 FROM Südheim THEN\n  ENTER 1 BEST\nELSE\n  ENTER 2 BEST\nEND\n"
    orders = resolve(collect([parse_orders(text, "t.orders")]), tiny, companies=("RED", "BLUE"))
    red = racing_orders(orders.sections[0], [])
    (preview,) = preview_racing(built_game(), tiny, RacingInput(2, {"RED": red}, {}, {1: (H("0402"), H("0307"))}))
    assert [e.entry.race for e in preview.entries] == [2] and not preview.entries[0].race_exists
