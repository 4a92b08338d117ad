"""Self-play: automatic players play short games on every shipped map; every invariant holds after every turn.

The long runs (many games, every profile) are ``bench/bench_selfplay.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.dampfross.app.archive import changes_text
from adjudicator.dampfross.app.store import GameDir
from adjudicator.dampfross.app.verify import verify_step
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
    gdir = GameDir(game)
    steps = gdir.steps()
    assert len(steps) == record.turns + 1  # every turn, and the opening (turn-000)
    for step in steps:
        state = gamefile.loads(gdir.archived_text(step, "after"), str(step))
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
    """Issue 18: self-play checks only the new link of the chain each turn (it verified the whole chain, a cost
    growing with the game); the new link's check still finds changed archive and a die the seed does not
    give, even with the SHA-256 of the changed state written into the archive (a careful forger)."""
    game = tmp_path / "g"
    play_game(game, "germany", players=2, seed="link", sets=SHORT, max_turns=2)
    gdir = GameDir(game)
    steps = gdir.steps()
    assert verify_step(str(game), steps[2], steps[1]) == []
    changes = steps[2] / "changes.json"
    text = changes.read_text(encoding="utf-8")
    for key in ("was", "set"):  # the value it had, the value it has
        doc = json.loads(text)
        doc["changes"][0][key] = 99
        changes.write_text(json.dumps(doc), encoding="utf-8")
        (problem,) = verify_step(str(game), steps[2], steps[1])
        assert problem.startswith("turn-002: ") and "changes" in problem
    changes.write_text(text, encoding="utf-8")
    before, after = gdir.archived_text(steps[2], "before"), json.loads(gdir.archived_text(steps[2], "after"))
    die = after["dice"]["log"][-1]
    die["value"] = die["value"] % die.get("sides", 6) + 1
    forged = json.dumps(after, ensure_ascii=False, indent=1) + "\n"
    (steps[2] / "changes.json").write_text(changes_text(before, forged), encoding="utf-8")
    problems = verify_step(str(game), steps[2], steps[1])
    real = (die["value"] - 2) % die.get("sides", 6) + 1
    assert problems == [f"turn-002: die {die['label']}: recorded {die['value']}, the seed gives {real}"]
