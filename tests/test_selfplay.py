"""Self-play: automatic players play short games on every shipped map; every invariant holds after every turn.

The long runs (many games, every profile) are ``bench/bench_selfplay.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.selfplay import play_game

SHORT = ("building_rounds=4", "races_per_turn=2", "fixed_races=4")


@pytest.mark.parametrize("map_name", ["germany", "france", "usa-east", "usa-west"])
def test_a_short_game_on_every_map_keeps_every_invariant(tmp_path: Path, map_name: str):
    record = play_game(tmp_path / "g", map_name, players=3, seed=f"ci-{map_name}", sets=SHORT, illegal=0.3)
    assert record.breaks == []
    assert record.over and record.winner is not None
    assert record.turns == 6  # four building rounds, two racing turns of two races


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
