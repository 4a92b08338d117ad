"""Self-play: automatic players play short games on every shipped map; every invariant holds after every turn.

The long runs (many games, every profile) are ``bench/bench_selfplay.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.dampfross.play import DampfrossPlay
from adjudicator.postal.moves import MovesDir
from adjudicator.postal.moveverify import verify_step
from tools.selfplay import play_game

SHORT = ("building_rounds=4", "races_per_turn=2", "fixed_races=4")


@pytest.mark.parametrize("map_name", ["germany", "france", "usa-east", "usa-west"])
def test_a_short_game_on_every_map_keeps_every_invariant(tmp_path: Path, map_name: str):
    record = play_game(tmp_path / "g", map_name, players=3, seed=f"ci-{map_name}", sets=SHORT, illegal=0.3)
    assert record.breaks == []
    assert record.over and record.winner is not None
    assert record.turns == 6  # four building rounds, two racing turns of two races


@pytest.mark.parametrize("profile", ["paluba", "rr-postal"])
def test_a_game_under_each_new_profile_plays_to_its_end(tmp_path: Path, profile: str):
    """Issue 11: a whole game under ``paluba`` (nine races, shared two-dice rolls, joint lines now and then)
    and under ``rr-postal`` (postal rolls, six building and six racing rounds, running powers), committed
    dice, the bots' orders with deliberate mistakes; every archived state loads with balances equal to the
    ledger."""
    from adjudicator.dampfross.game import gamefile

    game = tmp_path / "g"
    record = play_game(game, "germany", profile=profile, players=4, seed=f"ci-{profile}", illegal=0.2, max_turns=60)
    assert record.breaks == []
    assert record.over and record.winner is not None
    folder = MovesDir(game)
    steps = folder.steps()
    kinds = [folder.record(step)["kind"] for step in steps]
    assert kinds[0] == "opening" and kinds.count("move") == record.turns  # every turn, and the opening (move-000)
    assert set(kinds) == {"opening", "orders", "move"}  # each company's orders accepted, then the turn
    for step in steps:
        doc = json.loads((step / "game-after.json").read_text(encoding="utf-8"))
        state = gamefile.from_json(doc["state"], str(step))
        assert state.balances_from_ledger() == {p.id: p.balance for p in state.players}
        assert state.rules.name == profile
    inbox = "".join(p.read_text(encoding="utf-8") for p in sorted((game / "inbox").iterdir()))
    assert ("BUILD WITH" in inbox) if profile == "paluba" else ("POWERS" in inbox)


ADVANCED = {"germany": "ci2-adv-germany", "france": "ci-adv-france", "usa-east": "ci-adv-usa-east",
            "usa-west": "ci-adv-usa-west"}


@pytest.mark.parametrize("map_name", sorted(ADVANCED))
def test_a_short_game_with_the_advanced_rules_on_every_map_keeps_every_invariant(tmp_path: Path, map_name: str):
    """Borders, special runs and (Germany, France) ferries in play; every die verified after every turn."""
    record = play_game(tmp_path / "g", map_name, players=3, seed=ADVANCED[map_name], sets=SHORT + ("advanced=true",),
                       illegal=0.3)
    assert record.breaks == []
    assert record.over and record.winner is not None
    assert record.turns == 6 and record.races == 4
    assert record.special_runs >= 1  # Germany: races 2 and 4; the other maps: race 4
    if map_name in ("germany", "france"):
        assert record.ferries >= 1


def test_a_short_game_in_german_leaves_no_english_word_in_any_report(tmp_path: Path):
    """Issue 9: every report of every turn of a German game (advanced rules: ferries, special runs) is checked
    for English words left over, names and the bots' own quoted lines aside (``tools.i18n.english_left``)."""
    record = play_game(tmp_path / "g", "germany", players=5, seed="ci-de", sets=SHORT + ("advanced=true",),
                       illegal=0.3, lang="de")
    assert record.breaks == []
    assert record.over and record.turns == 6


def test_each_turns_check_finds_a_broken_link_or_a_false_die(tmp_path: Path):
    """Issue 18: self-play checks only the new steps of the chain each turn (it verified the whole chain, a cost
    growing with the game; ``postal/moveverify.py: verify_step``); the new step's check still finds changed
    archive and a die the seed does not give, even with the changed state written both into the archive and
    into the game file, so that every link holds (a careful forger)."""
    game = tmp_path / "g"
    play_game(game, "germany", players=2, seed="link", sets=SHORT, max_turns=2)
    folder, play = MovesDir(game), DampfrossPlay()
    seed = folder.read_seed()
    steps = folder.steps()
    last = len(steps) - 1  # turn 2
    assert folder.record(steps[last])["kind"] == "move"
    assert all(verify_step(folder, play, seed, n) == [] for n in range(len(steps)))
    after = steps[last] / "game-after.json"
    text = after.read_text(encoding="utf-8")
    doc = json.loads(text)
    doc["state"]["players"][0]["balance"] += 99  # the archive changed, the game file not
    after.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    (problem,) = verify_step(folder, play, seed, last)
    assert problem.startswith(f"{steps[last].name}: game.json or archive/{steps[last].name}/game-after.json was "
                              "changed after it was written")
    doc = json.loads(text)
    die = doc["state"]["dice"]["log"][-1]
    die["value"] = die["value"] % die.get("sides", 6) + 1
    forged = json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
    after.write_text(forged, encoding="utf-8")
    folder.game_file.write_text(forged, encoding="utf-8")  # the game file the same: every link holds
    assert verify_step(folder, play, seed, last - 1) == []
    forged_line = f"{steps[last].name}: move resolved again: NOT the same as archived"
    assert verify_step(folder, play, seed, last) == [forged_line]
    after.write_text(text, encoding="utf-8")
    folder.game_file.write_text(text, encoding="utf-8")
    assert verify_step(folder, play, seed, last) == []
