"""The Dampfross bots of the product (issues 26, 33): orders a player could have mailed, from what a player sees.

Every bot mail goes through ``adjudicate check``'s own reading before its
turn runs (``tools.selfplay.audit``): no line the parser or the rules refuse,
no section that does not count, and every section of every level (random
included), checked alone as its player saw the game, carried out in full, on
every map, under every profile, with the advanced rules on and off.  The
strength and speed figures are ``bench/bench_bots.py``'s (docs/bots.md),
never a test here.
"""

from __future__ import annotations

import inspect
import random
from dataclasses import replace
from pathlib import Path

import pytest

from adjudicator.dampfross.app.botseats import judged_orders
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.bots import LEVELS, SeatView, bot_orders, seat_view
from adjudicator.dampfross.game.state import GameState
from adjudicator.postal.moves import MovesDir
from tools.selfplay import play_game, session_play
from tools.selfplay.audit import Audit

SHORT = ("building_rounds=4", "races_per_turn=2", "fixed_races=4")
CASES = [  # every map with the basic and the advanced rules, every profile twice
    ("germany", "schmidt", False), ("france", "paluba", False), ("usa-east", "rr-postal", False),
    ("usa-west", "buetehorn", False), ("germany", "paluba", True), ("france", "buetehorn", True),
    ("usa-east", "schmidt", True), ("usa-west", "rr-postal", True),
]


@pytest.mark.parametrize(("map_name", "profile", "advanced"), CASES)
def test_bot_orders_pass_check_without_a_problem(tmp_path: Path, map_name: str, profile: str, advanced: bool):
    """A careful, a strong and two random companies play a short game; every mail is read as ``check`` reads it,
    and every section alone: ``check`` refuses none (issue 33: the random bot's too)."""
    audit = Audit()
    sets = SHORT + (("advanced=true",) if advanced else ())
    record = play_game(tmp_path / "g", map_name, profile=profile, players=4, seed=f"bots-{map_name}-{profile}",
                       sets=sets, check=False, run=audit, levels={"RED": "careful", "GOLD": "strong"}, joint=False)
    assert (audit.problems, audit.refused, audit.found, audit.short_alone) == (0, 0, [], {})
    assert audit.sections == dict.fromkeys(("RED", "BLUE", "GREEN", "GOLD"), audit.mails)
    assert record.refused == 0 and record.over
    assert audit.mails == record.turns >= 6


@pytest.mark.parametrize(("map_name", "profile"), [("germany", "paluba"), ("usa-west", "rr-postal"),
                                                   ("france", "schmidt")])
def test_careful_and_strong_orders_are_carried_out_in_full_on_what_they_saw(tmp_path: Path, map_name: str,
                                                                             profile: str):
    """Each careful or strong section, checked alone (as its player saw the game), would be carried out in full:
    its lines stay within the allowance (``rr-postal``: three rolls spent in order), their fees within the balance
    where debt is forbidden (``paluba``), no line after the one that connects the last town, DECLARE END only
    when the rules allow it, every race entered has a valid route.  (With the other sections a line may still be
    cut: a rival built first in the same turn.)"""
    audit = Audit()
    play_game(tmp_path / "g", map_name, profile=profile, players=4, seed=f"bots-alone-{profile}",
              sets=("fixed_races=6",), check=False, run=audit, levels={"BLUE": "careful", "GOLD": "strong"},
              joint=False)
    assert audit.mails >= 6 and audit.problems == 0
    assert audit.short_alone == {}
    if profile == "paluba":
        history = _now(tmp_path / "g")[0].history
        assert all(h.balance(p) >= 0 for h in history for p in ("BLUE", "GOLD"))


def _now(folder: Path) -> tuple[GameState, GameMap]:
    """The game's state now and its map (the one session's folder)."""
    play = session_play(folder)
    state = MovesDir(folder).load(play).state
    return state, play.gmap(state)


def _game(tmp_path: Path, turns: int) -> tuple[GameState, GameMap]:
    play_game(tmp_path / "g", "germany", players=4, seed="bots-view", sets=SHORT, check=False, max_turns=turns)
    return _now(tmp_path / "g")


@pytest.mark.parametrize("turns", [0, 2, 4])  # the opening, building, racing
def test_the_same_view_level_and_seed_give_the_same_text(tmp_path: Path, turns: int):
    state, gmap = _game(tmp_path, turns)
    view = seat_view(state, gmap, "GREEN")
    for level in LEVELS:
        texts = {tuple(judged_orders(view, level, random.Random("same"))) for _ in range(3)}
        assert len(texts) == 1 and next(iter(texts))


def test_a_bot_sees_no_secret(tmp_path: Path):
    """The view blanks every password hash, mail address and the GM's password hash; the bot's function takes
    the view, a level, a random source and ``check``'s judgement of its own orders, nothing else (no state, no
    dice, no other company's orders)."""
    state, gmap = _game(tmp_path, 2)
    assert all(p.password_hash for p in state.players) and state.gm_password_hash
    view = seat_view(state, gmap, "RED")
    assert {(p.password_hash, p.email) for p in view.state.players} == {("", "")}
    assert view.state.gm_password_hash == ""
    assert list(inspect.signature(bot_orders).parameters) == ["view", "level", "rng", "judge"]
    assert inspect.signature(bot_orders).parameters["view"].annotation in (SeatView, "SeatView")


def test_secrets_do_not_change_what_a_bot_orders(tmp_path: Path):
    """Two states that differ only in secrets give one view, and so the same orders."""
    state, gmap = _game(tmp_path, 2)
    other = replace(state, gm_password_hash="x", players=tuple(replace(p, password_hash="y", email="z@example.org")
                                                              for p in state.players))
    assert seat_view(state, gmap, "RED") == seat_view(other, gmap, "RED")


def test_a_bot_plays_only_a_seat_of_the_game(tmp_path: Path):
    state, gmap = _game(tmp_path, 0)
    with pytest.raises(KeyError):
        seat_view(state, gmap, "NOBODY")
