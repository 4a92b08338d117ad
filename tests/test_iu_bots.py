"""InterUrban bots (issue 26): the bot's move is legal in every position of self-played games and read like a
player's mail, the same for the same seed, blind to the hidden draw; bot seats of ``adjudicate new`` and a game
of one player and two bots by mail on real IMAP/SMTP, replayed by ``verify``."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from adjudicator.interurban.bots import LEVELS, bot_move
from adjudicator.interurban.move import apply_move, setup
from adjudicator.interurban.notation import written
from adjudicator.interurban.play import PLAY
from adjudicator.interurban.shuffle import SeededDraw, seed_from_text
from adjudicator.kernel.contacts import PlayerSpec
from adjudicator.postal.moves import MovesDir
from tests.helpers import invoke
from tests.mailservers import imap_server, mail_bytes, sent, smtp_server, text_of
from tools.selfplay.interurban import random_move as selfplay_move

SEATS = ("RED", "BLUE", "GREEN", "YELLOW", "PURPLE")


@pytest.mark.parametrize(("players", "seed"), [(2, "a"), (3, "b"), (3, "c"), (4, "d"), (5, "e")])
def test_every_bot_move_of_a_bot_game_is_read_and_played(players: int, seed: str):
    """Bots of both levels play every seat to the end of a game: each move's lines are read by the play as a
    player's mail would be (``PLAY.read``: the notation and the whole move checked), in every position."""
    draw = SeededDraw(seed_from_text(seed))
    seats = SEATS[:players]
    state = setup(seed, seats, draw)
    rng = random.Random(seed)
    moves = 0
    while not state.over:
        seat = state.on_move
        lines = bot_move(state, seat, LEVELS[moves % len(LEVELS)], rng)
        made, problems = PLAY.read(state, seat, list(enumerate(lines, 1)))
        assert made is not None, (moves, lines, problems)
        state, _ = apply_move(state, made, draw)
        moves += 1
        assert moves < 42 + 10 * players
    assert all(line.finished for line in state.lines)


def test_the_bots_answer_every_position_of_random_games():
    """In every position of self-played random games (tools/selfplay), each level's move is read and played."""
    for seed in ("p1", "p2", "p3"):
        draw = SeededDraw(seed_from_text(seed))
        state = setup(seed, SEATS[:3], draw)
        rng = random.Random(seed)
        while not state.over:
            for level in LEVELS:
                lines = bot_move(state, state.on_move, level, random.Random(1))
                assert PLAY.read(state, state.on_move, list(enumerate(lines, 1)))[0] is not None, (level, lines)
            move = selfplay_move(state, rng)
            assert written(state, move, state.on_move) is not None
            state, _ = apply_move(state, move, draw)


def test_a_bot_move_depends_on_its_seed_only_and_not_on_the_hidden_tiles():
    """The same position and the same seed give the same lines; the order of the hidden piles (what will be
    drawn) changes nothing; a bot of a seat not on move is refused (``ValueError``)."""
    state = setup("s", SEATS[:3], SeededDraw(seed_from_text("s")))
    hidden = replace(state, track_hidden=tuple(reversed(state.track_hidden)),
                     stations_hidden=tuple(reversed(state.stations_hidden)))
    for level in LEVELS:
        for n in range(5):
            lines = bot_move(state, "RED", level, random.Random(n))
            assert lines == bot_move(state, "RED", level, random.Random(n))
            assert lines == bot_move(hidden, "RED", level, random.Random(n))
    assert len({bot_move(state, "RED", "random", random.Random(n)) for n in range(10)}) > 1
    with pytest.raises(ValueError):
        bot_move(state, "BLUE", "careful", random.Random(0))
    with pytest.raises(ValueError):
        bot_move(state, "RED", "brilliant", random.Random(0))


def test_the_careful_bot_beats_random_bots_in_a_few_games():
    """The careful bot scores more than either random bot in most of six three-player games (the bench
    ``bench/bench_iu_bots.py`` measures it over many)."""
    from adjudicator.interurban.scoring import score

    won = 0
    for g in range(6):
        draw = SeededDraw(seed_from_text(f"w{g}"))
        state = setup(f"w{g}", SEATS[:3], draw)
        levels = dict(zip(SEATS[:3], ("random", "careful", "random"), strict=True))
        rng = random.Random(g)
        while not state.over:
            lines = bot_move(state, state.on_move, levels[state.on_move], rng)
            made, _ = PLAY.read(state, state.on_move, list(enumerate(lines, 1)))
            assert made is not None
            state, _ = apply_move(state, made, draw)
        totals = score(state)[1]
        won += totals["BLUE"] > max(totals["RED"], totals["GREEN"])
    assert won >= 4


def test_a_bot_seat_as_new_reads_it():
    """``ID:bot=LEVEL`` is a bot seat; ``ID:Bot`` and ``ID:Bot:EMAIL`` are a player's company named Bot (issue 33)."""
    assert PlayerSpec.parse("BLUE:bot=careful") == PlayerSpec("BLUE", "Bot", bot="careful")
    assert PlayerSpec.parse("blue:BOT=Careful") == PlayerSpec("BLUE", "Bot", bot="careful")
    assert PlayerSpec.parse("BLUE:Bottrop").bot is None
    assert PlayerSpec.parse("BLUE:Bot") == PlayerSpec("BLUE", "Bot")
    assert PlayerSpec.parse("BLUE:bot:bot@example.org") == PlayerSpec("BLUE", "bot", "bot@example.org")


def test_new_with_bot_seats(tmp_path: Path):
    """A bot seat has no address and no password; a wrong level and a game of bots only are one line each (Dampfross
    bot seats: tests/catalogue/test_r13_bots.py)."""
    game = tmp_path / "g"
    invoke("new", str(game), "--play", "interurban", "--seed", "n", "--player", "RED:Anna:a@x.org",
           "--player", "BLUE:bot=careful", "--player", "GREEN:bot=random")
    doc = json.loads((game / "game.json").read_text())
    seats = {s["id"]: s for s in doc["table"]["seats"]}
    assert seats["BLUE"]["bot"] == "careful" and seats["GREEN"]["bot"] == "random" and "bot" not in seats["RED"]
    assert seats["BLUE"]["address"] == "" and seats["BLUE"]["password_hash"] == ""
    assert [line.split()[0] for line in (game / "passwords.txt").read_text().splitlines()] == ["RED"]
    status = json.loads(invoke("status", str(game), "--json").output)
    assert [s.get("bot") for s in status["seats"]] == [None, "careful", "random"]
    for players, said in ((["RED:A", "BLUE:bot=brilliant"], "'brilliant' is not one of random, careful"),
                          (["RED:bot=careful", "BLUE:bot=careful"], "every seat is a bot")):
        out = invoke("new", str(tmp_path / "x"), "--play", "interurban",
                     *[a for p in players for a in ("--player", p)], ok=False)
        assert out.exit_code == 1 and said in out.output and "Traceback" not in out.output


def test_one_player_and_two_bots_play_interurban_by_mail(tmp_path: Path):
    """BLUE (careful bot) opens at the first tick (RED's deadline stays the one ``new`` set), RED (Anna) mails her
    moves over real IMAP, GREEN (random bot) follows: each
    tick plays Anna's move and both bots' moves at once, every report goes to Anna alone (none to nobody, no
    receipt for a bot), the GM's lines name the bots' moves, the archive keeps the bots' orders, and ``verify``
    plays every step again from the seed, the bots' moves too."""
    with imap_server(tmp_path) as imap, smtp_server() as smtp, pytest.MonkeyPatch.context() as mp:
        mp.setenv("TEST_IMAP_PASSWORD", imap.password)
        game = tmp_path / "tram"
        invoke("new", str(game), "--play", "interurban", "--id", "tram", "--seed", "iu-bots",
               "--unsafe-test-passwords", "iu", "--player", "BLUE:bot=careful",
               "--player", "RED:Anna:anna@example.org", "--player", "GREEN:bot=random", "--every", "2d",
               "--deadline", "2026-12-04 18:00")
        (game / "mail.toml").write_text(
            'from = "InterUrban GM <gm@example.org>"\n\n'
            + imap.toml() + smtp.toml(), encoding="utf-8")
        client = imap.client()
        password = (game / "passwords.txt").read_text().split()[1]
        when = datetime.fromisoformat("2026-12-01T09:00+00:00")
        out = invoke("tick", str(game), "--now", when.isoformat()).output
        assert "move 1 made by the bot of BLUE (careful): " in out
        opened = MovesDir(game).load(PLAY)
        assert opened.state.on_move == "RED" and opened.table.schedule.due == "2026-12-04T18:00:00+00:00"
        rng = random.Random(26)
        n = 0
        while True:
            loaded = MovesDir(game).load(PLAY)
            if loaded.state.over:
                break
            n += 1
            assert n < 40
            state = loaded.state
            assert state.on_move == "RED"
            lines = written(state, selfplay_move(state, rng), "RED") or ("PASS",)
            body = f"PLAYER RED PASSWORD {password}\n" + "".join(f"{line}\n" for line in lines)
            when += timedelta(hours=1)
            client.append("INBOX", mail_bytes("anna@example.org", body, f"m{n}"), msg_time=when)
            out = invoke("tick", str(game), "--now", when.isoformat()).output
            move = loaded.table.moves + 1
            assert f"move {move} made by RED" in out, out
            after = MovesDir(game).load(PLAY)
            if not after.state.over:
                assert f"move {move + 1} made by the bot of GREEN (random)" in out, out
                assert f"move {move + 2} made by the bot of BLUE (careful)" in out, out
                assert after.table.moves == move + 2
        final = MovesDir(game).load(PLAY)
        assert final.table.schedule.due is None
        assert all(rcpts and all("@" in r for r in rcpts) for _, rcpts in smtp.envelopes)
        names = smtp.names()
        assert not [m for m in names if m.endswith(("-BLUE", "-GREEN"))], names
        receipts = sent(smtp, "receipt-", "anna@example.org")
        assert len(receipts) == n and all("played as move" in text_of(r) for r in receipts)
        report = text_of(sent(smtp, "move-001-RED", "anna@example.org")[0])
        assert "This move was played by the bot of Bot (BLUE) (level: careful)." in " ".join(report.split())
        bots = [json.loads((s / "record.json").read_text()) for s in MovesDir(game).steps()[1:]]
        assert {r.get("bot") for r in bots} == {None, "careful", "random"}
        checks = invoke("verify", str(game)).output.splitlines()
        assert all(c.startswith("OK: ") for c in checks) and len(checks) == final.table.moves + 3, checks


class Killed(Exception):
    """The tick dies here."""


def _bot_game(where: Path) -> tuple[Path, str]:
    """RED (a@x.org) against BLUE's careful bot, a move every two days, by mail from the Maildir ``where/in``;
    RED's password."""
    game = where / "g"
    invoke("new", str(game), "--play", "interurban", "--id", "g", "--seed", "bots", "--unsafe-test-passwords", "b",
           "--player", "RED:Anna:a@x.org", "--player", "BLUE:bot=careful", "--deadline", "2026-12-03 09:00",
           "--every", "2d")
    for sub in ("cur", "new", "tmp"):
        (where / "in" / sub).mkdir(parents=True, exist_ok=True)
    (game / "mail.toml").write_text(f'from = "gm@x.org"\n\n[source]\nkind = "maildir"\npath = "{where / "in"}"\n')
    return game, (game / "passwords.txt").read_text().split()[1]


def test_a_tick_killed_after_the_bots_move_does_not_play_the_mail_again(tmp_path: Path, monkeypatch):
    """Killed after the bot's answer was archived but before its report was queued, the next tick queues it and
    answers the player's mail with its receipt: the player's move is not played a second time."""
    from adjudicator.postal import robot, turns
    from adjudicator.postal.loop import Tick

    game, password = _bot_game(tmp_path)
    state = MovesDir(game).load(PLAY).state
    lines = written(state, selfplay_move(state, random.Random(1)), "RED")
    assert lines
    body = f"PLAYER RED PASSWORD {password}\n" + "".join(f"{line}\n" for line in lines)
    arrived = int(datetime.fromisoformat("2026-12-01T08:30+00:00").timestamp())
    (tmp_path / "in" / "new" / f"{arrived}.1.m").write_bytes(mail_bytes("a@x.org", body, "move"))  # its time
    real_mails = turns.report_mails

    def kill_mails(folder: MovesDir, play: object, loaded: object, *rest: object) -> set[str]:
        if MovesDir(game).load(PLAY).table.moves == 2:  # the bot has answered: killed before its mails
            raise Killed
        return real_mails(folder, play, loaded, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(turns, "report_mails", kill_mails)
    with pytest.raises(Killed):
        robot.tick_game(str(game), datetime.fromisoformat("2026-12-01T09:00+00:00"), Tick(str(game)),
                        turns.MovesGame(PLAY))
    monkeypatch.undo()
    invoke("tick", str(game), "--now", "2026-12-01T09:05+00:00")
    assert MovesDir(game).load(PLAY).table.moves == 2
    outbox = game / "mail" / "outbox"
    assert {p.name for p in outbox.glob("move-*.json")} == {"move-002-RED.json"}  # one mail of both moves
    told = json.loads((outbox / "move-002-RED.json").read_text())
    assert told["moves"] == [1, 2] and "moves 1 to 2" in told["subject"]
    receipts = [p.with_suffix(".eml").read_text() for p in outbox.glob("receipt-*.json")]
    assert len(receipts) == 1 and "played as move 1" in receipts[0]
    assert all(line.startswith("OK: ") for line in invoke("verify", str(game)).output.splitlines())


def test_after_a_missed_move_the_bot_plays_at_once(tmp_path: Path):
    """RED sends nothing: at the deadline RED's move is missed (IU-13) and BLUE's bot plays the next move in the
    same tick; RED's next deadline runs from the missed one."""
    game, _password = _bot_game(tmp_path)
    out = invoke("tick", str(game), "--now", "2026-12-03T10:00+00:00").output
    assert "move 1: RED missed the deadline" in out and "move 2 made by the bot of BLUE (careful)" in out
    loaded = MovesDir(game).load(PLAY)
    assert loaded.table.moves == 2 and loaded.state.on_move == "RED"
    assert loaded.table.schedule.due == "2026-12-05T09:00:00+00:00"
    assert all(line.startswith("OK: ") for line in invoke("verify", str(game)).output.splitlines())


def test_a_bot_seat_has_no_player_to_correct(tmp_path: Path):
    """``player replace``, ``player address`` and ``fix seat`` refuse a bot seat in one line (handing a seat from a
    bot to a player is the caretaker's business, not a correction); the game is unchanged."""
    game, _password = _bot_game(tmp_path)
    before = (game / "game.json").read_text()
    for args in (("player", "replace", str(game), "BLUE", "--name", "Dora", "--email", "d@x.org", "--why", "x"),
                 ("player", "address", str(game), "BLUE", "d@x.org"),
                 ("fix", "seat", str(game), "BLUE", "--lang", "de", "--why", "x")):
        out = invoke(*args, ok=False)
        assert out.exit_code == 1 and "BLUE is a bot seat (careful)" in out.output, (args, out.output)
    assert (game / "game.json").read_text() == before


def test_a_bots_move_taken_back_is_played_again_the_same(tmp_path: Path):
    """``undo`` of the bot's move: the bot is on move again, and the next tick plays the same move (its random
    source is the seed's, for that move)."""
    game, _password = _bot_game(tmp_path)
    invoke("tick", str(game), "--now", "2026-12-03T10:00+00:00")  # RED misses move 1, the bot plays move 2
    played = MovesDir(game).load(PLAY)
    assert played.table.moves == 2
    assert "move 2 taken back" in invoke("undo", str(game)).output
    assert MovesDir(game).load(PLAY).state.on_move == "BLUE"
    out = invoke("tick", str(game), "--now", "2026-12-03T11:00+00:00").output
    assert "move 2 made by the bot of BLUE" in out
    assert MovesDir(game).load(PLAY).state == played.state
    assert all(line.startswith("OK: ") for line in invoke("verify", str(game)).output.splitlines())


def test_verify_plays_the_bot_again_from_the_seed(tmp_path: Path, monkeypatch):
    """``verify`` recomputes each bot's orders from the seed: with another random source for the bots (as if the
    bot had drawn from anything but the game's commitment) the random bot's steps are named as not the same."""
    from adjudicator.postal import botseats

    game = tmp_path / "g"
    invoke("new", str(game), "--play", "interurban", "--id", "g", "--seed", "v", "--player", "RED:bot=random",
           "--player", "BLUE:Bernd", "--deadline", "2026-12-03 09:00", "--every", "2d")
    for sub in ("cur", "new", "tmp"):
        (tmp_path / "in" / sub).mkdir(parents=True, exist_ok=True)
    (game / "mail.toml").write_text(f'from = "gm@x.org"\n\n[source]\nkind = "maildir"\npath = "{tmp_path / "in"}"\n')
    invoke("tick", str(game), "--now", "2026-12-10T10:00+00:00")  # the bot opens, BLUE misses, the bot, ...
    assert MovesDir(game).load(PLAY).table.moves >= 6
    assert all(line.startswith("OK: ") for line in invoke("verify", str(game)).output.splitlines())
    monkeypatch.setattr(botseats, "bot_rng", lambda seed, game, move, seat, unit="move": random.Random(move))
    failed = [line for line in invoke("verify", str(game), ok=False).output.splitlines() if line.startswith("FAILED")]
    assert failed and all("the bot of RED, played again from the seed, writes other orders" in f for f in failed)
