"""A whole game by mail on the tiny map: one building round, two races, a winner, every die verified."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.dampfross.play import DampfrossPlay
from tests.helpers import dampfross_state, invoke

TINY = str(Path(__file__).parent / "data" / "tiny.yaml")


def orders(tmp: Path, name: str, turn: int, red: str, blue: str) -> str:
    pw = dict(line.split() for line in (tmp / "g" / "passwords.txt").read_text().splitlines())
    (tmp / name).write_text(
        f"GAME g\nTURN {turn}\nPLAYER RED PASSWORD {pw['RED']}\n{red}\nPLAYER BLUE PASSWORD {pw['BLUE']}\n{blue}\n"
    )
    return name


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("race")
    old = Path.cwd()
    import os

    os.chdir(tmp)
    try:
        invoke("new", "g", "--map", TINY, "--player", "RED", "--player", "BLUE", "--seed", "s7",
               "--set", "building_rounds=1", "--set", "min_race_distance=2", "--set", "fixed_races=2",
               "--set", "allowance_dice=2")
        invoke(orders(tmp, "t1.orders", 1,
                      "START Nordstadt\nBUILD Nordstadt - 0403 - 0404 - 0405 - 0306 - Südheim",
                      "START Nordstadt\nBUILD Nordstadt - 0502 - 0503 - 0404 - 0405 - 0505 - 0605 - 0705 - Ostburg"))
        invoke(orders(tmp, "t2.orders", 2, "ENTER 1 BEST\nBUILD 0405 - 0505",
                      "FAHRE 1 STRECKE Nordstadt - 0502 - 0503 - 0404 - 0405 - 0505 - 0605 - 0705 - Ostburg"))
        invoke(orders(tmp, "t3.orders", 3, "ENTER 2 ROUTE Südheim - 0306 - 0405 - 0404 - 0403 - Nordstadt",
                      "ENTER 2 BEST"))
    finally:
        os.chdir(old)
    return tmp / "g"


def test_last_building_report_announces_the_first_race(played: Path):
    text = (played / "reports" / "move-001.txt").read_text()
    # Grenzdorf (41) lies beyond the border: it need not be connected (docs/rules.md, reading 5)
    assert "The building phase is over: every town is connected" in text
    assert "race 1: Nordstadt (11) to Ostburg (31), 5 hexes apart" in text


def test_racing_report_shows_fares_rounds_and_prizes(played: Path):
    text = (played / "reports" / "move-002.txt").read_text()
    assert "fares: RED pays BLUE 4" in text
    assert "Round RED           BLUE" in text and "(die>position, * arrived)" in text
    assert "1. BLUE, arrived in round 3" in text and "prize 20" in text
    assert "RED: income 10, spent 5" in text
    private = invoke("report", str(played), "--player", "RED", "--turn", "2").output
    assert "race 1: valid" in private and "ENTER 1 BEST (route chosen by the adjudicator)" in private


def test_the_game_ends_with_a_winner_and_the_seed_revealed(played: Path):
    state = dampfross_state(played)
    assert state.phase == "over" and state.race_state.winner is not None and state.race_state.winner.player == "BLUE"
    text = (played / "reports" / "move-003.txt").read_text()
    seed = (played / "seed.txt").read_text().strip()
    assert "THE GAME IS OVER: BLUE (BLUE) wins, all 2 races are run." in text
    assert f"The dice seed is revealed:\n  {seed}\n" in text
    said = invoke("verify", str(played), "--seed", seed).output.splitlines()
    assert said[0] == "OK: the seed matches the commitment published at the start"
    assert said[-1] == "OK: game.json is the game after the last step" and all(line.startswith("OK") for line in said)


def test_money_is_conserved_and_balances_match_the_ledger(played: Path):
    paths = [played / "game.json", *sorted(played.glob("archive/step-*/game-*.json"))]
    assert len(paths) > 10
    for path in paths:
        s = DampfrossPlay().load(json.loads(path.read_text())["state"])
        bank = sum(e.amount for e in s.ledger if e.payer == "BANK") - sum(e.amount for e in s.ledger if e.payee == "BANK")
        assert sum(p.balance for p in s.players) == bank


def test_a_finished_game_refuses_more_turns(played: Path):
    result = invoke(str(played.parent / "t3.orders"), "--game", str(played), ok=False)
    assert result.exit_code == 1 and "is over" in result.output


def test_route_advisor_and_report_replay(played: Path):
    out = invoke("route", str(played), "Nordstadt", "Ostburg", "--player", "RED").output
    assert "1. 0402-0403-0404-0405-0505 RED, 0505-0605-0705-0805 BLUE" in out and "expected rounds" in out
    assert invoke("report", str(played), "--turn", "2").output == (played / "reports" / "move-002.txt").read_text()


def test_manual_dice_racing_turn(tmp_path: Path, monkeypatch):
    """--dice manual: the GM gives the race (RACE) and every movement roll (MOVES); missing rolls refuse the turn."""
    monkeypatch.chdir(tmp_path)
    invoke("new", "g", "--map", TINY, "--player", "RED", "--player", "BLUE", "--dice", "manual",
           "--set", "building_rounds=1", "--set", "min_race_distance=2")
    orders(tmp_path, "t1.orders", 1, "START Nordstadt\nBUILD Nordstadt - 0403 - 0404 - 0405 - 0306 - Südheim",
           "START Nordstadt\nBUILD Nordstadt - 0403")
    (tmp_path / "gm1.orders").write_text("GM\nROLL RED 6\nROLL BLUE 1\n")
    invoke("t1.orders", "--gm", "gm1.orders")
    race = "ENTER 1 ROUTE Nordstadt - 0403 - 0404 - 0405 - 0306 - Südheim"
    name = orders(tmp_path, "t2.orders", 2, race, "PASS")
    path = tmp_path / name
    gm_pw = dict(line.split() for line in (tmp_path / "g" / "passwords.txt").read_text().splitlines())["GM"]
    path.write_text(path.read_text() + f"GM PASSWORD {gm_pw}\nRENNEN 1 VON Nordstadt NACH Südheim\n")
    result = invoke(name, "--dry-run")
    assert "Race 1: Nordstadt (11) to Südheim (21)" in result.output and "sole entrant" in result.output
    path.write_text(path.read_text().replace("\nPASS\n", f"\n{race}\n") + "MOVES 1 RED 3\n")
    result = invoke(name, ok=False)
    assert result.exit_code == 1 and "MOVES 1 BLUE" in result.output
    path.write_text(path.read_text() + "MOVES 1 RED 3 2\nWUERFE 1 BLUE 6\n")
    result = invoke(name)
    assert "Round RED           BLUE" in result.output and "fares: BLUE pays RED 4" in result.output
