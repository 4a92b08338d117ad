"""Rules catalogue, rules-reference.md §5 "Across borders" (advanced rules) and the switch that turns them on.

German map, Dutch border near Emmerich: 0316 and 0416 are German plain
hexes, 0315 (Netherlands) lies across the border from both, and 0314 is
Dutch too.  French map: Strasbourg (36, 2718) is French (issue 17); a
numbered town abroad is taken from a variant of the French map on which
Strasbourg's hex is German, across the Rhine from the French hex 2717.
"""

from __future__ import annotations

from adjudicator.dampfross.board.mapfile import load_map, parse_map, shipped_map_text
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.building.borders import segment_allowed
from adjudicator.dampfross.building.costs import BuildProblem
from adjudicator.dampfross.game.rules import Rules, load_profile
from adjudicator.dampfross.report.phrases import build_problem
from adjudicator.kernel.problems import Problem
from tests.helpers import H, board, build

SCHMIDT = load_profile("schmidt")
ADVANCED = SCHMIDT.with_overrides(["advanced=true"])
GERMANY = load_map("germany")
FRANCE = load_map("france")


def _strasbourg_abroad() -> GameMap:
    """The French map with Strasbourg's hex (2718: row 18, column 27) in country D, as it was before issue 17."""
    lines = shipped_map_text("france").split("\n")
    first = lines.index("countries: |") + 1
    row = lines[first + 17]
    assert row[2 + 26] == "F"
    lines[first + 17] = row[:2 + 26] + "D" + row[2 + 27:]
    return parse_map("\n".join(lines))


STRASBOURG_ABROAD = _strasbourg_abroad()


def test_B01_crossing_a_border_costs_no_extra_point():
    """R5-B01 (seed 000, Zusatzregeln: 'Die Eisenbahnen werden in die Nachbarländer hinein gebaut. Das
    Überschreiten der Grenze kostet dabei keinen zusätzlichen Würfelpunkt'): plain to plain across the
    Dutch border costs 1, as at home; under the basic rules it is refused."""
    ctx = board(GERMANY, [("RED", "0416", "0316")], ADVANCED)
    out = build(ctx, "RED", "0316", "0315")
    assert out.complete and [b.cost.points for b in out.built] == [1]
    basic = build(board(GERMANY, [("RED", "0416", "0316")], SCHMIDT), "RED", "0316", "0315")
    assert basic.problem == Problem.of(BuildProblem.BORDER, a=H("0316"), b=H("0315"))


def test_B02_the_line_ends_in_the_first_hex_beyond_the_border():
    """R5-B02 (seed 000: 'Die Bahnstrecke muß auf dem ersten Feld jenseits der Grenze enden'; 002: 'De
    spoorlijn moet telkens op het eerste veld aan elke kant van de grens eindigen') [reading]: no segment
    leaves a hex beyond the border, deeper into the neighbour or back home."""
    ctx = board(GERMANY, [("RED", "0416", "0316")], ADVANCED)
    out = build(ctx, "RED", "0316", "0315", "0314")
    assert [(b.a.label, b.b.label) for b in out.built] == [("0316", "0315")]
    assert out.problem == Problem.of(BuildProblem.BEYOND_BORDER, hex=H("0315"), country="Niederlande")
    assert build_problem(out.problem) == ("0315 lies beyond the border (Niederlande): a line across the border "
                                          "ends in the first hex beyond it")
    back = build(ctx, "RED", "0315", "0216")
    assert back.problem is not None and back.problem.code is BuildProblem.BEYOND_BORDER
    assert segment_allowed(GERMANY, H("0316"), H("0315"), ADVANCED)
    assert not segment_allowed(GERMANY, H("0315"), H("0314"), ADVANCED)


def test_B03_no_bonus_for_reaching_a_neighbouring_country():
    """R5-B03 (seed 000: 'Prämien gibt es für den Anschluß der Nachbarländer nicht'): a numbered town
    beyond the border (Strasbourg on the variant map): reaching it is recorded but pays no bonus; on the
    shipped French map Strasbourg is French and pays its bonus."""
    ctx = board(STRASBOURG_ABROAD, [("RED", "2617", "2717")], ADVANCED)
    out = build(ctx, "RED", "2717", "2718")
    assert out.complete and out.built[0].bonus == 0 and out.built[0].cost.points == 3  # the Rhine
    assert ctx.connections["Strasbourg"].bonus == 0
    assert not [e for e in ctx.books.entries if e.reason == "town-bonus"]
    home = build(board(FRANCE, [("RED", "2617", "2717")], ADVANCED), "RED", "2717", "2718")
    assert home.complete and home.built[0].bonus > 0


def test_B04_a_numbered_town_abroad_need_not_be_connected():
    """R5-B04 [reading] (seed 000: no bonus for the neighbours; under the basic rules a town beyond the
    border cannot be reached at all): the building phase ends when every numbered town at home is
    connected."""
    home = {t.name for t in STRASBOURG_ABROAD.home_numbered_towns}
    assert "Strasbourg" not in home and len(home) == len(STRASBOURG_ABROAD.numbered_towns) - 1
    assert FRANCE.home_numbered_towns == FRANCE.numbered_towns
    assert GERMANY.home_numbered_towns == GERMANY.numbered_towns


def test_B05_advanced_switches_on_every_advanced_rule():
    """R5-B05 (seed 000: 'Sobald Sie mit den Grundregeln vertraut sind, können Sie die nachfolgenden
    Zusatzregeln einführen'): --set advanced=true turns on borders, special runs and ferries; each can
    also be set alone or left out."""
    assert (ADVANCED.border_crossing, ADVANCED.special_runs, ADVANCED.ferries) == (True, True, True)
    no_ferries = SCHMIDT.with_overrides(["advanced=true", "ferries=false"])
    assert (no_ferries.border_crossing, no_ferries.special_runs, no_ferries.ferries) == (True, True, False)
    only = SCHMIDT.with_overrides(["ferries=true"])
    assert (only.advanced, only.border_crossing, only.special_runs, only.ferries) == (False, False, False, True)
    off = ADVANCED.with_overrides(["advanced=false"])
    assert (off.border_crossing, off.special_runs, off.ferries) == (False, False, False)
    # the game file keeps the rules of a basic game as before (the later keys only when set)
    assert "advanced" not in SCHMIDT.to_json() and ADVANCED.to_json()["advanced"] is True
    assert Rules.from_dict(ADVANCED.to_json()) == ADVANCED and Rules.from_dict(SCHMIDT.to_json()) == SCHMIDT
    assert Rules.from_dict(no_ferries.to_json()) == no_ferries
