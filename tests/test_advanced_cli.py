"""The advanced rules through the command line: new with --set advanced=true, check, route, map list and show.

A German game of three bots is played to the end of building (four rounds,
seed ``ci2-adv-germany``): GREEN has bought the Puttgarden ferry and race 2
of the coming turn is an international run (2U, Österreich).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import invoke
from tools.selfplay import play_game

SETS = ("building_rounds=4", "races_per_turn=2", "fixed_races=4", "advanced=true")


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    where = tmp_path_factory.mktemp("adv") / "g"
    record = play_game(where, "germany", players=3, seed="ci2-adv-germany", sets=SETS, max_turns=4)
    assert record.breaks == [] and record.ferries == 1
    return where


def test_opening_report_states_the_advanced_rules(game: Path):
    opening = (game / "reports" / "move-000.txt").read_text(encoding="utf-8")
    opening = opening.replace("\n      ", " ")  # the Rules section folds at 72 columns (issue 35)
    assert "Borders: track may cross into a neighbouring country at no extra cost" in opening
    assert "Special runs: every race whose number is a multiple of 2" in opening
    assert "Ferries: BUY FERRY <port> for 6 once your track reaches the port, at most 1" in opening
    assert "= ferry for sale" in opening and "Ferries: Puttgarden-Gedser =, Rostock-Gedser =" in opening


def test_rules_show_lists_the_advanced_keys(game: Path):
    out = invoke("rules", "show", str(game)).output
    for key in ("advanced", "border_crossing", "special_runs", "ferries", "ferry_price", "ferry_fare"):
        assert key in out


def test_check_says_what_a_special_runs_entrants_may_choose(game: Path):
    pw = dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())
    orders = game.parent / "c.orders"
    orders.write_text(f"GAME g\nTURN 5\nPLAYER GREEN PASSWORD {pw['GREEN']}\nENTER 2 BEST\nBUY FERRY Rostock\n")
    out = invoke("check", str(orders), "--game", str(game), ok=False).output
    assert "special run 2U (red 2, white 1): end in any hex of Österreich" in out
    assert "BUY FERRY Rostock (1606): not bought: Rostock-Gedser: a player may own\n        at most 1" in out


def test_route_crosses_on_the_ferry(game: Path):
    out = invoke("route", str(game), "Lübeck", "Gedser", "--player", "GREEN").output
    assert "1405~1504 ferry GREEN" in out and "7 die points" in out and "valid" in out
    rival = invoke("route", str(game), "Lübeck", "Gedser", "--player", "RED").output
    assert "ferry\n      3 to GREEN" in rival  # folded to 72 columns


def test_map_list_names_the_four_maps_with_their_start_towns():
    out = invoke("map", "list").output
    for name in ("germany", "france", "usa-east", "usa-west"):
        assert name in out
    assert "start: Hamburg, Berlin, München" in out and "start: Paris" in out
    assert all(len(line) <= 78 for line in out.splitlines())


@pytest.mark.parametrize("name", ["germany", "france", "usa-east", "usa-west"])
def test_map_show_split_fits_80_columns(name):
    out = invoke("map", "show", name, "--split").output
    assert max(len(line) for line in out.splitlines()) <= 80
    if name in ("germany", "france"):
        assert "Ferries:" in out
