"""Rules catalogue, rules-reference.md §4: the end of the game."""

from __future__ import annotations

from itertools import pairwise

import pytest

from adjudicator.dampfross.board.hexgrid import Side
from adjudicator.dampfross.game.dice import GivenDice
from adjudicator.dampfross.game.ledger import Books
from adjudicator.dampfross.game.racestate import RaceDraw
from adjudicator.dampfross.game.rules import load_profile
from adjudicator.dampfross.game.state import Player
from adjudicator.dampfross.game.track import Segment, TrackIndex
from adjudicator.dampfross.racing.end import check_end
from adjudicator.dampfross.racing.race import Entry
from adjudicator.dampfross.racing.turn import run_races
from adjudicator.kernel.problems import Problem
from tests.helpers import H, make_map

SCHMIDT = load_profile("schmidt")
NAMES = ("RED", "BLUE", "GREEN", "YELLOW", "BLACK", "ORANGE")


def seats(n: int) -> dict[str, int]:
    return {p: i + 1 for i, p in enumerate(NAMES[:n])}


@pytest.mark.parametrize("n,threshold", [(2, 250), (3, 250), (4, 225), (5, 200), (6, 200)])
def test_E01_threshold_by_number_of_players(n, threshold):
    """R4-E01 (seed 000: 'Die Betriebsphase ist zu Ende, sobald ein Spieler einen bestimmten Kontostand
    erreicht hat ... bei 2 oder 3 Spielern 250 Einheiten, bei 4 Spielern 225 Einheiten, bei 5 oder 6
    Spielern 200 Einheiten')."""
    s = seats(n)
    balances = dict.fromkeys(s, 100)
    balances["BLUE"] = threshold - 1
    assert check_end(balances, s, SCHMIDT, 7) is None
    balances["BLUE"] = threshold
    end = check_end(balances, s, SCHMIDT, 7)
    assert end is not None
    assert (end.winner, end.reason, end.race, end.balance, end.target) == ("BLUE", "threshold", 7, threshold, threshold)


def test_E02_several_over_the_threshold_in_one_race():
    """R4-E02 [reading] (issue 4: 'ties within one race's payments: highest balance, then seat'):
    the highest balance wins; level balances go to the lower seat, and the report names the others."""
    s = seats(3)
    end = check_end({"RED": 251, "BLUE": 260, "GREEN": 10}, s, SCHMIDT, 3)
    assert end is not None and end.winner == "BLUE" and end.level == ()
    end = check_end({"RED": 255, "BLUE": 255, "GREEN": 10}, s, SCHMIDT, 3)
    assert end is not None and end.winner == "RED" and end.level == ("BLUE",)


def test_E03_fixed_number_of_races():
    """R4-E03 (seed 000: 'daß ... 18 oder 36 Fahrten durchgeführt werden ... Nach der vorher festgelegten
    Anzahl der Fahrten gewinnt der Spieler, dessen Eisenbahngesellschaft den höchsten Kontostand erzielt
    hat'; seed 004: 'Hra končí po devíti závodech'): [reading] the threshold no longer ends the game."""
    rules = SCHMIDT.with_overrides(["fixed_races=9"])
    s = seats(3)
    assert check_end({"RED": 300, "BLUE": 20, "GREEN": 10}, s, rules, 8) is None
    end = check_end({"RED": 140, "BLUE": 180, "GREEN": 10}, s, rules, 9)
    assert end is not None and (end.winner, end.reason, end.target) == ("BLUE", "fixed_races", 9)


def test_E04_veterans_add_50():
    """R4-E04 (seed 003: 'Experienced players may want to raise these limits by 50 points'): a house rule."""
    rules = SCHMIDT.with_overrides(["win_2_3_players=300"])
    assert check_end({"RED": 250, "BLUE": 0}, seats(2), rules, 1) is None


def test_E05_the_game_ends_at_once_after_the_race():
    """R4-E05 (seed 000: 'sobald ein Spieler einen bestimmten Kontostand erreicht hat'; issue 4: 'check in
    race order'): RED reaches 250 in the turn's first race; the second race is not run."""
    gmap = make_map("\n".join(["." * 10] * 3) + "\n", towns=[("A", "0102", [11]), ("B", "0902", [12])])
    row = tuple(H(f"{c:02d}02") for c in range(1, 10))
    track = TrackIndex([Segment("RED", Side(a, b), 1) for a, b in pairwise(row)])
    s = seats(3)
    bk = Books([Player(p, p.title(), p[0], n, 240 if p == "RED" else 20, "") for p, n in s.items()], 9)
    draws = [RaceDraw(n, "A", 11, "B", 12, 8, (), (), H("0102"), H("0902")) for n in (12, 13)]
    entries = {12: [Entry(("RED",), row)], 13: [Entry(("RED",), row)]}
    result = run_races(gmap, track, SCHMIDT, draws, entries, bk, GivenDice([]), s)
    assert len(result.outcomes) == 1 and result.outcomes[0].status == "sole"
    assert result.end is not None and (result.end.winner, result.end.race, result.end.balance) == ("RED", 12, 260)
    assert result.not_run == (draws[1],)


def test_E06_fares_before_the_start_that_reach_the_threshold_end_the_game_the_race_is_not_run():
    """R4-E06 (seed 000: 'Die Betriebsphase ist zu Ende, sobald ein Spieler einen bestimmten Kontostand
    erreicht hat'; seed 003: 'Operations continue until the first player has reached the necessary points';
    seed 004: 'Hráč, který první daného počtu bodů dosáhne, je vítěz').

    BLUE has 245; RED's route uses 5 segments of BLUE's line, paid before the start: BLUE reaches 250 and
    wins at once.  The race is not run (no dice, no prizes), nor the turn's second race.
    """
    gmap = make_map("\n".join(["." * 10] * 3) + "\n", towns=[("A", "0102", [11]), ("B", "0902", [12])])
    row = tuple(H(f"{c:02d}02") for c in range(1, 10))
    track = TrackIndex([Segment("BLUE" if i < 5 else "RED", Side(a, b), 1) for i, (a, b) in enumerate(pairwise(row))])
    s = seats(3)
    bk = Books([Player(p, p.title(), p[0], n, 245 if p == "BLUE" else 20, "") for p, n in s.items()], 9)
    draws = [RaceDraw(n, "A", 11, "B", 12, 8, (), (), H("0102"), H("0902")) for n in (12, 13)]
    entries = {12: [Entry(("RED",), row), Entry(("GREEN",), row)], 13: [Entry(("RED",), row)]}
    given = GivenDice([6] * 20)
    result = run_races(gmap, track, SCHMIDT, draws, entries, bk, given, s)
    (race,) = result.outcomes
    assert race.status == "ended" and race.ended and race.rounds == () and race.placings == ()
    assert [(e.payer, e.payee, e.amount, e.reason) for e in bk.entries] == [("RED", "BLUE", 5, "fare")]
    assert given.rolled == []
    assert result.end is not None and (result.end.winner, result.end.balance, result.end.race) == ("BLUE", 250, 12)
    assert result.not_run == (draws[1],)


def test_E07_fees_while_building_after_races_that_reach_the_threshold_stop_all_building():
    """R4-E07 (seed 000: 'Die Betriebsphase ist zu Ende, sobald ein Spieler einen bestimmten Kontostand
    erreicht hat'): BLUE builds alongside RED (248) after the races and pays it 3: RED has 251 and wins at
    once; GREEN, building after BLUE, builds nothing, and the report says why.  (BLUE pays 3: 2 alongside,
    1 for joining in the town.)"""
    from adjudicator.dampfross.building.costs import BuildProblem
    from adjudicator.dampfross.building.lines import BuildContext, BuildLine
    from adjudicator.dampfross.racing.after import build_after_races
    from adjudicator.dampfross.report.phrases import line_stopped

    gmap = make_map("\n".join(["." * 10] * 5) + "\n", towns=[("A", "0102", [11]), ("B", "0902", [12])])
    row = tuple(H(f"{c:02d}02") for c in range(1, 10))
    track = TrackIndex([Segment("RED", Side(a, b), 1) for a, b in pairwise(row)]
                       + [Segment("BLUE", Side(H("0101"), H("0102")), 1), Segment("GREEN", Side(H("0105"), H("0104")), 1)])
    s = seats(3)
    bk = Books([Player(p, p.title(), p[0], n, 248 if p == "RED" else 20, "") for p, n in s.items()], 9)
    ctx = BuildContext(gmap, SCHMIDT, 9, track, bk, {}, bonuses_open=False, seats=s,
                       threshold=SCHMIDT.win_threshold(3))
    lines = {"BLUE": [BuildLine((H("0102"), H("0202")))], "GREEN": [BuildLine((H("0104"), H("0103")))]}
    blue, green = build_after_races(ctx, ["BLUE", "GREEN"], {"BLUE": 10, "GREEN": 10}, lines)
    assert blue.lines[0].complete and bk.balance("RED") == 251  # 2 alongside, 1 joining in the town
    assert green.lines[0].problem == Problem.of(BuildProblem.GAME_OVER, players=("RED",), threshold=250)
    assert line_stopped(green.lines[0]) == "0104-0103: RED reached 250: the game is over"
    end = check_end(bk.balances, s, SCHMIDT, 12)
    assert end is not None and end.winner == "RED"
