"""Dampfross bot seats and the caretaker (issue 26): the pure rule of who plays a company, the bots' random domain,
the game file, undo.  The rules' cases are tests/catalogue/test_r13_bots.py; the game by mail is
tests/test_dampfross_bots_postal.py."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

from adjudicator.dampfross.app.gm import commands_of
from adjudicator.dampfross.engine.caretaker import hand_over
from adjudicator.dampfross.game import dice
from adjudicator.kernel.commitment import digests
from adjudicator.kernel.table import Accepted, Table
from adjudicator.postal.botseats import bot_lines, bot_rng
from adjudicator.postal.moves import MovesDir
from adjudicator.postal.periods import accepted_orders, bot_orders_of
from tests.helpers import dampfross_game, invoke

TINY = str(Path(__file__).parent / "data" / "tiny.yaml")


def _game(tmp_path: Path, *extra: str) -> Path:
    game = tmp_path / "g"
    invoke("new", str(game), "--id", "g", "--map", TINY, "--seed", "u", "--unsafe-test-passwords", "u",
           "--player", "RED:Anna", "--player", "BLUE:Bernd", "--player", "GREEN:bot=careful", *extra)
    return game


def _period(table: Table, acted: tuple[str, ...], *sent: str) -> Table:
    """The table after a period in which the seats ``sent`` had orders accepted (the others missed it)."""
    for sid in sent:
        table = table.with_orders(sid, Accepted("", 0, ("PASS",)))
    return table.after_period(acted, tuple(sid for sid in acted if sid not in sent))


def test_after_turn_hands_over_at_the_limit_and_back_on_the_owners_orders(tmp_path: Path):
    """Reading 97 on the one session (reading 134: the table's, ``Table.after_period``): a company that missed
    ``caretaker_after`` turns in a row goes to the caretaker, a bot seat never; the caretaker plays it from the next
    turn, which is noted as the turn it began; its orders count as orders; its owner's take it back."""
    table, _state = dampfross_game(_game(tmp_path, "--caretaker-after", "2"))
    acted = ("RED", "BLUE", "GREEN")
    table = _period(table, acted, "RED", "GREEN")  # turn 1: BLUE misses
    assert (table.missed_by("BLUE"), table.seat("BLUE").caretaker) == (1, "")
    table = _period(table, acted)  # turn 2: everybody misses, GREEN's bot too (its orders refused, say)
    assert [(s.id, s.caretaker, s.caretaker_from, table.missed_by(s.id)) for s in table.seats] == [
        ("RED", "", 0, 1), ("BLUE", "careful", 0, 2), ("GREEN", "", 0, 1)]  # a bot seat has no caretaker
    table = _period(table, acted, "RED", "BLUE", "GREEN")  # turn 3: the caretaker's orders for BLUE
    assert [(s.id, s.caretaker, s.caretaker_from) for s in table.seats] == [
        ("RED", "", 0), ("BLUE", "careful", 3), ("GREEN", "", 0)]
    assert table.missed_by("BLUE") == 0
    table = _period(table, acted, "RED", "BLUE", "GREEN")
    assert table.seat("BLUE").caretaker_from == 3  # it goes on from the turn it began
    back = table.with_caretaker("BLUE", "")  # his own orders take it back (postal/caretaker.py: back_by_mail)
    back = _period(back, acted, "RED", "BLUE", "GREEN")
    assert (back.seat("BLUE").caretaker, back.seat("BLUE").caretaker_from) == ("", 0)


def test_after_turn_leaves_retired_companies_games_over_and_games_without_the_setting(tmp_path: Path):
    state = dampfross_game(_game(tmp_path, "--caretaker-after", "1"))[1]
    play = commands_of(str(tmp_path / "g")).dplay
    retired = replace(state, players=tuple(replace(p, retired=1) if p.id == "RED" else p for p in state.players))
    assert "RED" not in play.to_act(retired)  # a retired company acts in no period: nothing hands it over
    assert play.to_act(replace(state, phase="over")) == ()  # nor once the game is over
    without, _ = dampfross_game(_game(tmp_path / "w"))
    assert without.caretaker_after == 0
    for _ in range(9):
        without = _period(without, ("RED", "BLUE", "GREEN"))
    assert without.seat("RED").caretaker == "" and without.missed_by("RED") == 9
    levelled = hand_over(hand_over(state.player("RED"), "careful", 2), "strong", 5)
    assert (levelled.caretaker, levelled.caretaker_from) == ("strong", 2)  # a new level keeps the first turn


def test_bot_seats_this_turn(tmp_path: Path):
    """The seats a bot plays in a period: a bot seat always; a company under the caretaker unless its owner's
    orders were accepted (``postal/periods.py: bot_orders_of``, what ``bots_accepted`` accepts)."""
    game = _game(tmp_path)
    play = commands_of(str(game)).dplay
    loaded = MovesDir(game).load(play)
    seed = MovesDir(game).read_seed()
    cared = replace(loaded, table=loaded.table.with_caretaker("RED", "random"))
    assert sorted(bot_orders_of(play, cared, seed)) == ["GREEN", "RED"]
    own = replace(cared, table=cared.table.with_orders("RED", Accepted("", 0, ("PASS",))))
    assert sorted(bot_orders_of(play, own, seed)) == ["GREEN"]
    assert sorted(accepted_orders(play, own.state, own.table)) == ["RED"]  # the owner's orders count
    bots = replace(own, table=own.table.with_orders("GREEN", Accepted("", 0, ("PASS",))))
    assert bot_orders_of(play, bots, seed) == {}  # orders accepted: nothing more to write


def test_the_bots_random_source_is_a_domain_of_its_own(tmp_path: Path):
    """``GAME|bot|turn=N|SEAT``: no die's label (``GAME|turn=N|purpose|index``); another turn or seat draws
    otherwise, and the same draws the same."""
    game = _game(tmp_path)
    play = commands_of(str(game)).dplay
    table, state = MovesDir(game).load(play).table, MovesDir(game).load(play).state
    seed = MovesDir(game).read_seed()
    label = "g|bot|turn=1|GREEN"
    assert not label.startswith("g|turn=") and dice.label("g", 1, "bot", 1) != label
    first = bot_rng(seed, "g", 1, "GREEN", unit="turn").random()
    assert first == bot_rng(seed, "g", 1, "GREEN", unit="turn").random()
    assert first == random.Random(int.from_bytes(next(digests(seed, label)), "big")).random()
    assert first not in (bot_rng(seed, "g", 2, "GREEN", unit="turn").random(),
                         bot_rng(seed, "g", 1, "GREEN").random(), bot_rng(seed, "g", 1, "RED", unit="turn").random())
    assert bot_lines(play, table, state, "GREEN", seed) == bot_lines(play, table, state, "GREEN", seed)


def test_the_game_file_keeps_the_setting_and_each_seat(tmp_path: Path):
    """The table keeps the caretaker's setting and each seat (reading 134: the state keeps none of it)."""
    game = _game(tmp_path, "--caretaker-after", "3", "--caretaker-level", "strong")
    doc = json.loads((game / "game.json").read_text())
    assert doc["table"]["caretaker"] == {"after": 3, "level": "strong"}
    assert doc["table"]["seats"][2]["bot"] == "careful" and "caretaker" not in doc["state"]
    table, state = dampfross_game(game)
    assert (table.caretaker_after, table.caretaker_level, table.seat("GREEN").bot) == (3, "strong", "careful")
    assert state.caretaker_after is None and all(p.caretaker is None for p in state.players)
    handed = table.with_caretaker("RED", "random")
    handed = replace(handed, seats=tuple(replace(s, caretaker_from=2) if s.id == "RED" else s for s in handed.seats))
    again = Table.from_json(json.loads(json.dumps(handed.to_json())), "")
    assert (again.seat("RED").caretaker, again.seat("RED").caretaker_from) == ("random", 2)
    out = invoke("new", str(tmp_path / "x"), "--map", TINY, "--player", "RED", "--player", "BLUE",
                 "--caretaker-after", "2", "--caretaker-level", "genius", ok=False)
    assert out.exit_code == 1 and "--caretaker-level: no bot level 'genius'" in out.output


def _bot_texts(game: Path, move: int) -> list[tuple[str, str]]:
    """The bots' orders of turn ``move`` as archived: (seat, orders.txt), in the order written."""
    folder = MovesDir(game)
    return [(str(folder.record(p)["seat"]), (p / "orders.txt").read_text()) for p in folder.steps()
            if folder.record(p).get("kind") == "orders" and folder.record(p).get("move") == move
            and folder.record(p).get("bot")]


def test_undo_takes_the_caretaker_back_and_a_turn_run_again_gets_the_same_bot_orders(tmp_path: Path):
    game = _game(tmp_path)
    invoke("caretaker", str(game), "RED", "--why", "away")
    assert dampfross_game(game)[0].seat("RED").caretaker == "careful"
    invoke("undo", str(game))
    assert dampfross_game(game)[0].seat("RED").caretaker == ""
    (tmp_path / "none.orders").write_text("GAME g\nTURN 1\n", encoding="utf-8")
    invoke("run", str(tmp_path / "none.orders"), "--game", str(game))
    texts = _bot_texts(game, 1)
    while dampfross_game(game)[0].moves or len(MovesDir(game).steps()) > 1:  # the turn and its bot's orders
        invoke("undo", str(game))
    assert _bot_texts(game, 1) == []
    invoke("run", str(tmp_path / "none.orders"), "--game", str(game))
    assert _bot_texts(game, 1) == texts
    assert [seat for seat, _ in texts] == ["GREEN"] and texts[0][1]


def test_verify_fails_a_turn_whose_bot_orders_are_not_the_seeds(tmp_path: Path, monkeypatch):
    """A run whose bot wrote other orders than the seed gives (here: its random source drawn from another label)
    is a consistent archive that replays to the same states; only writing the bots' orders again finds it."""
    game = tmp_path / "r"
    invoke("new", str(game), "--id", "g", "--map", "germany", "--seed", "u", "--player", "RED:Anna",
           "--player", "GREEN:bot=random")
    (tmp_path / "none.orders").write_text("GAME g\nTURN 1\n", encoding="utf-8")
    play = commands_of(str(game)).dplay
    before = MovesDir(game).load(play)
    real = bot_rng
    monkeypatch.setattr("adjudicator.postal.botseats.bot_rng",
                        lambda seed, game, move, seat, unit="move": real(seed, game, move + 101, seat, unit))
    invoke("run", str(tmp_path / "none.orders"), "--game", str(game))
    monkeypatch.undo()
    ((seat, text),) = _bot_texts(game, 1)
    assert seat == "GREEN"
    assert tuple(text.splitlines()) != bot_lines(play, before.table, before.state, "GREEN", MovesDir(game).read_seed())
    out = invoke("verify", str(game), ok=False).output
    assert "FAILED: step-001: the bot of GREEN, played again from the seed, writes other orders" in out
    assert "OK: the seed matches the commitment" in out
    assert "OK: step-002: move resolved again: the same" in out  # the archive itself is consistent
