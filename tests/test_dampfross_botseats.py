"""Dampfross bot seats and the caretaker (issue 26): the pure rule of who plays a company, the bots' random domain,
the game file, undo.  The rules' cases are tests/catalogue/test_r13_bots.py; the game by mail is
tests/test_dampfross_bots_postal.py."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

from adjudicator.dampfross.app.botseats import bot_lines, bot_seats
from adjudicator.dampfross.app.store import GameDir
from adjudicator.dampfross.engine.caretaker import after_turn, hand_over, played_by_caretaker
from adjudicator.dampfross.game import dice, gamefile
from adjudicator.dampfross.game.state import GameState
from adjudicator.kernel.commitment import digests
from adjudicator.postal.botseats import bot_rng
from tests.helpers import invoke

TINY = str(Path(__file__).parent / "data" / "tiny.yaml")


def _game(tmp_path: Path, *extra: str) -> Path:
    game = tmp_path / "g"
    invoke("new", str(game), "--id", "g", "--map", TINY, "--seed", "u", "--unsafe-test-passwords", "u",
           "--player", "RED:Anna", "--player", "BLUE:Bernd", "--player", "GREEN:bot=careful", *extra)
    return game


def _missed(state: GameState, **missed: int) -> GameState:
    return replace(state, players=tuple(replace(p, missed=missed.get(p.id, 0)) for p in state.players))


def test_after_turn_hands_over_at_the_limit_and_back_on_the_owners_orders(tmp_path: Path):
    state = GameDir(_game(tmp_path, "--caretaker-after", "2")).load_state()
    after = after_turn(_missed(replace(state, turn=4), RED=1, BLUE=2, GREEN=5), owners=set())
    assert [(p.id, p.caretaker, p.caretaker_from) for p in after.players] == [
        ("RED", None, None), ("BLUE", "careful", 4), ("GREEN", None, None)]  # a bot seat has no caretaker
    assert played_by_caretaker(after, 3) == [] and played_by_caretaker(replace(after, turn=5), 4) == ["BLUE"]
    kept = after_turn(replace(after, turn=5), owners={"RED"})
    assert kept.player("BLUE").caretaker_from == 4  # it goes on from the turn it began
    back = after_turn(replace(after, turn=5), owners={"BLUE"})
    assert (back.player("BLUE").caretaker, back.player("BLUE").caretaker_from) == (None, None)


def test_after_turn_leaves_retired_companies_games_over_and_games_without_the_setting(tmp_path: Path):
    state = GameDir(_game(tmp_path, "--caretaker-after", "1")).load_state()
    retired = replace(state, players=tuple(replace(p, retired=1) if p.id == "RED" else p for p in state.players))
    assert after_turn(_missed(retired, RED=3), set()).player("RED").caretaker is None
    assert after_turn(_missed(replace(state, phase="over"), RED=3), set()).player("RED").caretaker is None
    assert after_turn(_missed(replace(state, caretaker_after=None), RED=9), set()).player("RED").caretaker is None
    levelled = hand_over(hand_over(state.player("RED"), "careful", 2), "strong", 5)
    assert (levelled.caretaker, levelled.caretaker_from) == ("strong", 2)  # a new level keeps the first turn


def test_bot_seats_this_turn(tmp_path: Path):
    state = GameDir(_game(tmp_path)).load_state()
    players = tuple(replace(p, caretaker="random", caretaker_from=1) if p.id == "RED" else p for p in state.players)
    state = replace(state, players=players)
    assert bot_seats(state, counted=()) == [("RED", "random", True), ("GREEN", "careful", False)]
    assert bot_seats(state, counted=("RED", "GREEN")) == [("GREEN", "careful", False)]  # a bot seat always plays


def test_the_bots_random_source_is_a_domain_of_its_own(tmp_path: Path):
    """``GAME|bot|turn=N|SEAT``: no die's label (``GAME|turn=N|purpose|index``); another turn or seat draws
    otherwise, and the same draws the same."""
    game = _game(tmp_path)
    gdir = GameDir(game)
    state, seed = gdir.load_state(), gdir.read_seed() or ""
    label = "g|bot|turn=1|GREEN"
    assert not label.startswith("g|turn=") and dice.label("g", 1, "bot", 1) != label
    first = bot_rng(seed, "g", 1, "GREEN", unit="turn").random()
    assert first == bot_rng(seed, "g", 1, "GREEN", unit="turn").random()
    assert first == random.Random(int.from_bytes(next(digests(seed, label)), "big")).random()
    assert first not in (bot_rng(seed, "g", 2, "GREEN", unit="turn").random(),
                         bot_rng(seed, "g", 1, "GREEN").random(), bot_rng(seed, "g", 1, "RED", unit="turn").random())
    gmap = gdir.load_map(state)
    assert bot_lines(state, gmap, seed, "GREEN", "careful") == bot_lines(state, gmap, seed, "GREEN", "careful")


def test_the_game_file_keeps_the_setting_and_each_seat(tmp_path: Path):
    game = _game(tmp_path, "--caretaker-after", "3", "--caretaker-level", "strong")
    doc = json.loads((game / "game.json").read_text())
    assert doc["caretaker"] == {"after": 3, "level": "strong"}
    state = gamefile.loads((game / "game.json").read_text())
    assert (state.caretaker_after, state.caretaker_level, state.player("GREEN").bot) == (3, "strong", "careful")
    handed = replace(state, players=tuple(hand_over(p, "random", 2) if p.id == "RED" else p for p in state.players))
    again = gamefile.loads(gamefile.dumps(handed))
    assert (again.player("RED").caretaker, again.player("RED").caretaker_from) == ("random", 2)
    out = invoke("new", str(tmp_path / "x"), "--map", TINY, "--player", "RED", "--player", "BLUE",
                 "--caretaker-after", "2", "--caretaker-level", "genius", ok=False)
    assert out.exit_code == 1 and "--caretaker-level: no bot level 'genius'" in out.output


def test_undo_takes_the_caretaker_back_and_a_turn_run_again_gets_the_same_bot_orders(tmp_path: Path):
    game = _game(tmp_path)
    invoke("caretaker", str(game), "RED", "--why", "away")
    assert GameDir(game).load_state().player("RED").caretaker == "careful"
    invoke("undo", str(game))
    assert GameDir(game).load_state().player("RED").caretaker is None
    (tmp_path / "none.orders").write_text("GAME g\nTURN 1\n", encoding="utf-8")
    invoke("run", str(tmp_path / "none.orders"), "--game", str(game))
    first = sorted((game / "turns" / "turn-001" / "orders").iterdir())
    texts = [p.read_text() for p in first]
    invoke("undo", str(game))
    invoke("run", str(tmp_path / "none.orders"), "--game", str(game))
    assert [p.read_text() for p in sorted((game / "turns" / "turn-001" / "orders").iterdir())] == texts
    assert any("PLAYER GREEN" in t for t in texts)


def test_verify_fails_a_turn_whose_bot_orders_are_not_the_seeds(tmp_path: Path, monkeypatch):
    """A run whose bot wrote other orders than the seed gives (here: its random source drawn from another label)
    is a consistent archive that replays to the same states; only writing the bots' orders again finds it."""
    game = tmp_path / "r"
    invoke("new", str(game), "--id", "g", "--map", "germany", "--seed", "u", "--player", "RED:Anna",
           "--player", "GREEN:bot=random")
    (tmp_path / "none.orders").write_text("GAME g\nTURN 1\n", encoding="utf-8")
    real = bot_rng
    monkeypatch.setattr("adjudicator.postal.botseats.bot_rng",
                        lambda seed, game, move, seat, unit="move": real(seed, game, move + 101, seat, unit))
    invoke("run", str(tmp_path / "none.orders"), "--game", str(game))
    monkeypatch.undo()
    gdir = GameDir(game)
    before, _ = gdir.archived_state(gdir.archive_path(1), "before")
    written = (game / "turns" / "turn-001" / "orders" / "02-bot-001-GREEN.txt").read_text().splitlines()[3:]
    assert written != bot_lines(before, gdir.load_map(before), gdir.read_seed() or "", "GREEN", "random")
    out = invoke("verify", str(game), ok=False).output
    assert "FAILED: turn-001: the orders of GREEN's bot (random) are not those its bot writes from the seed" in out
    assert "OK: the seed matches the commitment" in out
