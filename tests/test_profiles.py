"""The shipped rules profiles: complete, loadable, printed in full by ``adjudicate rules show``."""

from __future__ import annotations

import dataclasses

import pytest

from adjudicator.dampfross.game.rules import Rules, load_profile, profile_names
from tests.helpers import invoke


def test_the_shipped_profiles():
    assert profile_names() == ["buetehorn", "paluba", "rr-postal", "schmidt"]


@pytest.mark.parametrize("name", ["schmidt", "buetehorn", "paluba", "rr-postal"])
def test_rules_show_prints_every_key_of_a_profile(name: str):
    out = invoke("rules", "show", name).output
    assert out.splitlines()[0] == f"# rules of profile {name}"
    shown = dict(line.split(": ", 1) for line in out.splitlines()[1:])
    assert list(shown) == [f.name for f in dataclasses.fields(Rules)]
    assert shown["name"] == name


def test_the_profiles_differ_from_schmidt_where_their_seeds_do():
    paluba, postal = load_profile("paluba"), load_profile("rr-postal")
    assert (paluba.allowance, paluba.allowance_dice, paluba.debt_allowed, paluba.fare_cap_rule, paluba.uphill,
            paluba.tie, paluba.fixed_races, paluba.number_grid, paluba.build_order, paluba.declare_end) == (
        "shared", 2, False, "overall", "any_to_mountain", "reroll", 9, "paired_tens", "after_second", "player")
    assert (postal.allowance, postal.postal_rolls, postal.building_rounds, postal.racing_turns, postal.races_per_turn,
            postal.max_entries, postal.carry_over, postal.fare_cap_rule, postal.fare_cap, postal.tie,
            postal.dest_uses_per_town, postal.running_powers) == (
        "postal", 3, 6, 6, 7, 4, True, "hexes", 10, "split", 2, True)


def test_a_game_file_stores_new_keys_only_when_they_differ():
    stored = load_profile("schmidt").to_json()
    assert not Rules.LATER_KEYS & set(stored)
    assert Rules.from_dict(stored) == load_profile("schmidt")
    paluba = load_profile("paluba")
    assert Rules.from_dict(paluba.to_json()) == paluba
