"""Rules catalogue: bot seats and the caretaker of a Dampfross game (issues 26, 33; readings 97-99, 123, 124).

Cases R13-C01..C05 (the caretaker, reading 97), R13-B01..B04 (when and how a
bot writes a seat's orders, reading 98), R13-B05..B07 (a bot mails only orders
``check`` accepts and builds after races only what the turn can pay, reading
123), R13-S01..S04 (a bot seat, readings 99 and 124).  The seed is the postal
practice of RULES.md section 7: a company whose player misses turns (NMR) is
handed to a stand-by after the second miss; the caretaker is a bot that stands
in until the player writes again; issue 33 and docs/bots.md ("no illegal or
refused order", random bots included).  Played on the tiny test map through
the GM's commands (turns run with ``adjudicate run``; R13-B05 on the German
map; the postal loop's own share is tests/test_dampfross_bots_postal.py).
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from adjudicator.dampfross.app.botseats import judged_orders
from adjudicator.dampfross.app.gm import commands_of
from adjudicator.dampfross.bots import LEVELS, bot_orders, judged, seat_view
from adjudicator.dampfross.bots.careful import likely_income
from adjudicator.dampfross.bots.paths import builds_after_races
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.play import DampfrossPlay
from adjudicator.kernel.table import Table
from adjudicator.postal.botseats import bot_lines
from adjudicator.postal.loop import Tick
from adjudicator.postal.moves import MovesDir
from tests.helpers import dampfross_game, invoke

TINY = str(Path(__file__).parent.parent / "data" / "tiny.yaml")
SHORT = ("--set", "building_rounds=3", "--set", "races_per_turn=2", "--set", "fixed_races=2")


def new(where: Path, *players: str, extra: tuple[str, ...] = ()) -> Path:
    game = where / "g"
    invoke("new", str(game), "--id", "g", "--map", TINY, "--seed", "r13", "--unsafe-test-passwords", "r13",
           *[a for p in players for a in ("--player", p)], *SHORT, *extra)
    return game


def turn(game: Path, sections: dict[str, list[str]] | None = None) -> str:
    """Run the game's current turn with these players' sections (none: nobody mails); the public report."""
    state, secrets = dampfross_game(game)[1], MovesDir(game).read_passwords()
    text = f"GAME g\nTURN {state.turn}\n" + "".join(
        f"PLAYER {pid} PASSWORD {secrets[pid]}\n" + "".join(f"{line}\n" for line in lines)
        for pid, lines in (sections or {}).items())
    path = game.parent / f"t{state.turn}.orders"
    path.write_text(text, encoding="utf-8")
    invoke("run", str(path), "--game", str(game))
    return (game / "reports" / f"move-{state.turn:03d}.txt").read_text(encoding="utf-8")


def bot_steps(game: Path, number: int) -> list[tuple[dict[str, object], str]]:
    """The steps of turn ``number`` whose orders a bot wrote (a bot seat's, the caretaker's): record, orders."""
    folder = MovesDir(game)
    out = []
    for step in folder.steps():
        record = folder.record(step)
        if record.get("kind") == "orders" and record.get("move") == number and record.get("bot"):
            out.append((record, (step / "orders.txt").read_text(encoding="utf-8")))
    return out


def bots_of(game: Path, number: int) -> list[tuple[str, str, bool]]:
    """Who played which seat by a bot in turn ``number``: (seat, level, the caretaker)."""
    return [(str(r["seat"]), str(r["bot"]), bool(r.get("caretaker"))) for r, _ in bot_steps(game, number)]


def player(game: Path, pid: str) -> tuple[int, str, int]:
    """The company's missed turns in a row, the caretaker's level (``""``: its player plays it) and the turn the
    caretaker began playing it (0: none yet), as the table keeps them."""
    table = dampfross_game(game)[0]
    seat = table.seat(pid)
    return table.missed_by(pid), seat.caretaker, seat.caretaker_from


def bot_rng_of(seed: str, label: str) -> random.Random:
    """The random source of ``HMAC(seed, label)``, as a bot's is made (``postal/botseats.py: bot_rng``)."""
    from adjudicator.kernel.commitment import digests

    return random.Random(int.from_bytes(next(digests(seed, label)), "big"))


def written(game: Path) -> tuple[DampfrossPlay, Table, GameState, str]:
    """The play, the table, the state and the seed: what a bot's orders are written from."""
    play = commands_of(str(game)).dplay
    loaded = MovesDir(game).load(play)
    return play, loaded.table, loaded.state, MovesDir(game).read_seed()


@pytest.fixture
def humans(tmp_path: Path) -> Path:
    """RED, BLUE and GREEN are players; the caretaker (careful) plays a company after two missed turns."""
    return new(tmp_path, "RED:Anna", "BLUE:Bernd", "GREEN:Carla", extra=("--caretaker-after", "2"))


def test_C01_after_n_missed_turns_the_caretaker_plays_from_the_next_turn(humans: Path):
    """R13-C01 (reading 97): a company without orders for ``caretaker_after`` turns in a row is played by the
    caretaker from the next turn on (that turn's report says from when); the caretaker's orders count as orders
    (its missed count goes back to 0), and the report says "BLUE: played by the caretaker"."""
    turn(humans, {"RED": ["START Nordstadt"], "BLUE": ["START Nordstadt"], "GREEN": ["START Nordstadt"]})
    turn(humans, {"RED": ["PASS"], "GREEN": ["PASS"]})
    assert player(humans, "BLUE")[:2] == (1, "")
    report = turn(humans, {"RED": ["PASS"], "GREEN": ["PASS"]})
    assert player(humans, "BLUE")[:2] == (2, "careful")
    assert "BLUE: played by the caretaker from turn 4" in report and bots_of(humans, 3) == []
    report = turn(humans, {"RED": ["PASS"], "GREEN": ["PASS"]})
    assert bots_of(humans, 4) == [("BLUE", "careful", True)]
    assert "BLUE: played by the caretaker" in report
    assert player(humans, "BLUE") == (0, "careful", 4)


def test_C02_the_owners_orders_take_the_company_back_that_turn(humans: Path):
    """R13-C02 (reading 97): orders of the company's owner that count end the caretaking in the turn they are
    for: his orders are carried out, no bot writes for the company, the report has no caretaker line."""
    turn(humans, {"RED": ["START Nordstadt"], "GREEN": ["START Nordstadt"]})
    turn(humans, {"RED": ["PASS"], "GREEN": ["PASS"]})
    assert player(humans, "BLUE")[1] == "careful"
    report = turn(humans, {"RED": ["PASS"], "BLUE": ["START Nordstadt"], "GREEN": ["PASS"]})
    assert player(humans, "BLUE") == (0, "", 0)
    assert dampfross_game(humans)[1].player("BLUE").start_town == "Nordstadt"  # his orders carried out
    assert bots_of(humans, 3) == [] and "caretaker" not in report


def test_C03_a_wrong_password_does_not_take_the_company_back(humans: Path):
    """R13-C03 (reading 97): only orders that count end the caretaking: a section with a wrong password does not,
    and the caretaker plays the turn."""
    turn(humans, {"RED": ["START Nordstadt"], "GREEN": ["START Nordstadt"]})
    turn(humans, {"RED": ["PASS"], "GREEN": ["PASS"]})
    state = dampfross_game(humans)[1]
    path = humans.parent / "wrong.orders"
    path.write_text(f"GAME g\nTURN {state.turn}\nPLAYER BLUE PASSWORD not-his\nSTART Nordstadt\n", encoding="utf-8")
    invoke("run", str(path), "--game", str(humans))
    assert bots_of(humans, 3) == [("BLUE", "careful", True)] and player(humans, "BLUE")[1] == "careful"


def test_C04_the_gm_hands_a_company_over_and_takes_it_back(humans: Path):
    """R13-C04 (reading 97): ``adjudicate caretaker DIR ID [--level L] [--off]`` is a correction: recorded,
    printed in the next report, replayed by ``verify``; the caretaker plays from the turn the game is at.  A bot
    seat has no player for a caretaker to stand in for."""
    said = invoke("caretaker", str(humans), "GREEN", "--level", "strong", "--why", "on holiday").output
    assert "GREEN is played by the caretaker (strong) from turn 1; correction 1" in said
    report = turn(humans, {"RED": ["START Nordstadt"], "BLUE": ["START Nordstadt"]})
    assert "GREEN is played by the caretaker (strong) from now on: on holiday" in " ".join(report.split())
    assert bots_of(humans, 1) == [("GREEN", "strong", True)] and "GREEN: played by the caretaker" in report
    said = invoke("caretaker", str(humans), "GREEN", "--off").output
    assert "GREEN is played by its owner again from turn 2" in said
    report = turn(humans, {"RED": ["PASS"], "BLUE": ["PASS"]})
    assert bots_of(humans, 2) == [] and "GREEN is played by its owner again, not by the caretaker" in report
    out = invoke("caretaker", str(humans), "GREEN", "--off", ok=False)
    assert out.exit_code == 1 and "GREEN is not played by the caretaker" in out.output
    assert all(line.startswith("OK: ") for line in invoke("verify", str(humans)).output.splitlines())


def test_C05_final_standings_name_the_turn_the_caretaker_took_over(tmp_path: Path):
    """R13-C05 (reading 97): a company that ends the game under the caretaker is marked in the final standings
    "played by the caretaker from turn N" (as postal zines print "dropped out round 8")."""
    game = new(tmp_path, "RED:Anna", "BLUE:bot=careful", extra=("--caretaker-after", "1"))
    for _ in range(20):
        if dampfross_game(game)[1].phase == "over":
            break
        report = turn(game)
    assert dampfross_game(game)[1].phase == "over"
    standings = report[report.index("Final standings:"):]
    assert "played by the caretaker from turn 2" in standings and standings.count("played by the caretaker") == 1


def test_B01_the_bots_write_when_the_turn_runs_from_the_seed_in_their_own_domain(tmp_path: Path):
    """R13-B01 (reading 98): when the turn runs, each seat a bot plays gets the order file its bot writes from the
    state before the turn (what the seat's player sees) and the random source ``GAME|bot|turn=N|SEAT`` of the
    game's seed: a player's mail with its password, after the files given, archived with the turn."""
    game = new(tmp_path, "RED:Anna", "BLUE:bot=careful", "GREEN:bot=random")
    play, table, before, seed = written(game)
    assert seed
    turn(game, {"RED": ["START Nordstadt"]})
    assert bots_of(game, 1) == [("BLUE", "careful", False), ("GREEN", "random", False)]
    (record, archived), _green = bot_steps(game, 1)
    lines = bot_lines(play, table, before, "BLUE", seed)
    assert archived == "".join(f"{x}\n" for x in lines) and record["mail"] == ""  # no player's mail
    assert lines and any(x.startswith("START") for x in lines)
    view = seat_view(before, play.gmap(before), "BLUE")  # from what the seat's player sees, GAME|bot|turn=1|BLUE
    assert list(lines) == judged_orders(view, "careful", bot_rng_of(seed, "g|bot|turn=1|BLUE"))
    folder = MovesDir(game)
    kinds = [(folder.record(step)["kind"], folder.record(step).get("seat")) for step in folder.steps()]
    assert kinds == [("opening", None), ("orders", "RED"), ("orders", "BLUE"), ("orders", "GREEN"), ("move", "")]


def test_B02_verify_refuses_a_bot_file_the_bot_would_not_write(tmp_path: Path):
    """R13-B02 (reading 98): ``verify`` writes each bot's orders again from the seed; an archived bot file that
    differs is refused (its password aside: the GM's file holds the seat's password of today)."""
    game = new(tmp_path, "RED:Anna", "BLUE:bot=careful")
    turn(game, {"RED": ["START Nordstadt"]})
    assert all(line.startswith("OK: ") for line in invoke("verify", str(game)).output.splitlines())
    folder = MovesDir(game)
    step = next(p for p in folder.steps() if folder.record(p).get("bot") == "careful")
    path = step / "orders.txt"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "PASS\n", encoding="utf-8")
    out = invoke("verify", str(game), ok=False).output
    assert f"FAILED: {step.name}: archive/{step.name}/orders.txt" in out
    path.write_text(text, encoding="utf-8")
    assert all(line.startswith("OK: ") for line in invoke("verify", str(game)).output.splitlines())
    # the archive made whole again around other lines (a careful forger): verify writes the bot's orders again
    # from the seed (tests/test_dampfross_botseats.py: test_verify_fails_a_turn_whose_bot_orders_are_not_the_seeds)


def test_B03_the_turn_never_waits_for_a_bot(tmp_path: Path):
    """R13-B03 (reading 98): with ``--early`` a turn runs as soon as every player's orders count: bot seats and
    companies the caretaker plays count as in."""
    game = new(tmp_path, "RED:Anna", "BLUE:bot=careful", extra=("--early", "--every", "7d"))
    when = datetime(2026, 1, 1, tzinfo=UTC)
    for sub in ("new", "cur", "tmp"):  # a game run by mail, from a maildir no mail has come to
        (tmp_path / "in" / sub).mkdir(parents=True)
    mail = f'from = "GM <gm@example.org>"\n\n[source]\nkind = "maildir"\npath = "{tmp_path / "in"}"\n'
    (game / "mail.toml").write_text(mail, encoding="utf-8")
    commands_of(str(game)).tick(str(game), when, Tick(str(game)))
    table, state = dampfross_game(game)
    assert table.schedule.early and table.schedule.due
    assert (table.moves, state.turn) == (0, 1) and table.accepted("BLUE") is not None  # RED has not mailed
    assert table.accepted("RED") is None
    solo = new(tmp_path / "solo", "RED:bot=careful", "BLUE:bot=random", extra=("--early", "--every", "7d"))
    (solo / "mail.toml").write_text(mail, encoding="utf-8")
    commands_of(str(solo)).tick(str(solo), when, Tick(str(solo)))
    table, state = dampfross_game(solo)
    assert table.moves > 0 and state.turn > 1  # the bots' turns ran at once, no deadline waited for


def test_B04_a_bot_plays_under_the_rules_of_any_phase_to_the_end(tmp_path: Path):
    """R13-B04 (reading 98): a game of bot seats runs turn after turn to its end without a mail, and ``verify``
    replays it, the bots' orders too."""
    game = new(tmp_path, "RED:bot=strong", "BLUE:bot=random")
    for _ in range(20):
        if dampfross_game(game)[1].phase == "over":
            break
        turn(game)
    assert dampfross_game(game)[1].phase == "over"
    checks = invoke("verify", str(game)).output.splitlines()
    assert all(c.startswith("OK: ") for c in checks), checks


def test_S01_a_bot_seat_in_the_game_file(tmp_path: Path):
    """R13-S01 (readings 99, 124): ``--player ID:bot=LEVEL`` (random, careful, strong; any case) makes a bot seat:
    the game file records its level and no address; ``status`` names it and does not wait for it."""
    game = new(tmp_path, "RED:Anna:anna@example.org", "BLUE:bot=careful", "GREEN:bot=Strong")
    doc = json.loads((game / "game.json").read_text())["table"]
    assert [(p["id"], p.get("bot"), p["address"]) for p in doc["seats"]] == [
        ("RED", None, "anna@example.org"), ("BLUE", "careful", ""), ("GREEN", "strong", "")]
    assert "caretaker_after" not in doc and "caretaker_level" not in doc
    status = json.loads(invoke("status", str(game), "--json").output)
    assert status["missing"] == ["RED"] and status["bots"] == {"BLUE": "careful", "GREEN": "strong"}
    assert "BLUE: a bot seat (careful)" in invoke("status", str(game)).output


@pytest.mark.parametrize(("extra", "said"), [
    (("--player", "BLUE:bot=brilliant"), "--player BLUE: no bot level 'brilliant'; choose one of random, careful"),
    (("--player", "BLUE:bot=careful", "--dice", "manual"), "bot seats and --caretaker-after need committed dice"),
    (("--player", "BLUE:Bernd", "--caretaker-after", "0"), "--caretaker-after 0: give a number of missed turns"),
])
def test_S02_a_bot_seat_or_caretaker_new_cannot_make_is_one_line(tmp_path: Path, extra: tuple[str, ...], said: str):
    """R13-S02 (reading 99): a level that does not exist, bots with manual dice (no seed to draw from) and a
    caretaker after 0 turns are refused in one line."""
    out = invoke("new", str(tmp_path / "x"), "--map", TINY, "--player", "RED:Anna", *extra, ok=False)
    assert out.exit_code == 1 and said in out.output and "Traceback" not in out.output
    assert len(out.output.strip().splitlines()) == 1


def test_S03_a_bot_seat_has_no_player_to_correct(tmp_path: Path):
    """R13-S03 (reading 99): a bot seat takes no stand-by, no address and no caretaker: each refused in one line,
    the game unchanged."""
    game = new(tmp_path, "RED:Anna", "BLUE:bot=careful")
    before = (game / "game.json").read_text()
    for args, said in ((("player", "replace", str(game), "BLUE", "--name", "Bert", "--email", "b@x.org",
                         "--why", "x"), "BLUE is a bot seat (careful): no stand-by is needed"),
                       (("player", "address", str(game), "BLUE", "b@x.org"), "BLUE is a bot seat"),
                       (("caretaker", str(game), "BLUE"), "BLUE is a bot seat (careful)")):
        out = invoke(*args, ok=False)
        assert out.exit_code == 1 and said in out.output, out.output
    assert (game / "game.json").read_text() == before


def test_B05_every_bot_file_of_a_mixed_game_passes_check_and_verify(tmp_path: Path):
    """R13-B05 (reading 123; issue 33, docs/bots.md): a bot writes only orders ``check`` accepts.  The issue's game:
    Germany, seed kb-de-1, seats RED random, BLUE careful, GREEN strong, GOLD careful (the old default), 37 turns.
    Each bot file, before its turn runs, passes ``adjudicate check`` (exit 0: every line carried out in full); the
    turn archives that very file; ``verify`` replays every turn and writes every bot file again from the seed.
    (Before the fix 12 of the 37 sections of RED's random bot were refused in this game: BUILD lines longer than
    its allowance, DECLARE END before the rules let it, ENTER n BEST without a valid route.)"""
    game = tmp_path / "kb"
    invoke("new", str(game), "--id", "g", "--map", "germany", "--seed", "kb-de-1", "--unsafe-test-passwords", "kb",
           "--player", "RED:bot=random", "--player", "BLUE:bot=careful", "--player", "GREEN:bot=strong",
           "--player", "GOLD:bot=careful")
    passwords = MovesDir(game).read_passwords()
    checked = 0
    for _ in range(37):
        play, table, state, seed = written(game)
        if state.phase == "over":
            break
        files = {s.id: bot_lines(play, table, state, s.id, seed) for s in table.seats}
        for pid, lines in files.items():
            text = f"GAME g\nTURN {state.turn}\nPLAYER {pid} PASSWORD {passwords[pid]}\n" + "".join(
                f"{line}\n" for line in lines)
            path = tmp_path / f"bot-{state.turn:03d}-{pid}.txt"
            path.write_text(text, encoding="utf-8")
            out = invoke("check", str(path), "--game", str(game), ok=False)
            assert out.exit_code == 0, f"turn {state.turn} {pid} ({table.seat(pid).bot}):\n{text}\n{out.output}"
            checked += 1
        turn(game)
        archived = bot_steps(game, state.turn)
        assert [(r["seat"], r["bot"]) for r, _ in archived] == [(s.id, s.bot) for s in table.seats]
        assert [text for _, text in archived] == ["".join(f"{line}\n" for line in lines) for lines in files.values()]
    assert checked == 4 * 37
    checks = invoke("verify", str(game)).output.splitlines()
    assert checks and all(c.startswith("OK: ") for c in checks), checks


def test_B06_a_line_check_refuses_is_never_mailed(tmp_path: Path):
    """R13-B06 (reading 123; issue 33, docs/bots.md): each level's plan goes through ``check``'s own judgement of
    the seat's section (``check_judge``, against what the seat sees) before it is mailed.  A line it refuses is
    dropped, the careful levels plan a line to another town instead, and a plan of which no line is left is PASS."""
    game = new(tmp_path, "RED:Anna", "BLUE:bot=careful")
    play, _table, state, _seed = written(game)
    view = seat_view(state, play.gmap(state), "BLUE")
    judge = play.judge(view.state, view.seat)
    assert judge(["START Nordstadt", "BUILD 0402 - 0403"]) and not judge(["START Nordstadt", "BUILD 0402 - 0805"])
    assert not judge(["START Nordstadt", "DECLARE END"])  # more than one town left
    for level in LEVELS:
        plan = bot_orders(view, level, random.Random(1), judge)
        assert plan[0] == "START Nordstadt" and judge(plan), (level, plan)
        assert bot_orders(view, level, random.Random(1), lambda lines: False) == ["PASS"]
        first = next(line for line in plan if line.startswith("BUILD"))
        again = bot_orders(view, level, random.Random(1),
                           lambda lines, first=first: first not in lines and judge(lines))
        assert first not in again and judge(again)
        if level != "random":  # the careful levels plan a line to another town
            assert any(line.startswith("BUILD") for line in again), (level, again)
    assert judged(["START Nordstadt", "BUILD 0402 - 0805", "BUILD 0402 - 0403", "DECLARE END"], judge) == [
        "START Nordstadt", "BUILD 0402 - 0403"]


def test_B07_after_races_a_bot_builds_only_what_the_turn_can_pay(tmp_path: Path):
    """R13-B07 (reading 123; issue 33: the strong bot ordered the same BUILD line every racing turn while it entered
    two races in eleven turns, and the turn built nothing; ``check`` cannot know the income).  A bot writes a line
    after races only when the turn builds: not in the turn of the game's last race (``fixed_races``), not in a
    turn of the 10 % variant without building; the careful levels cut it to the prize money the races they enter
    pay with at least even chance, and a company no race pays on its prizes alone enters those whose prize would
    pay for a line worth building."""
    game = tmp_path / "g"
    invoke("new", str(game), "--id", "g", "--map", TINY, "--seed", "r10", "--unsafe-test-passwords", "r13",
           *[a for p in ("RED:bot=strong", "BLUE:bot=careful", "GREEN:bot=careful", "GOLD:bot=random")
             for a in ("--player", p)])
    entered: dict[str, int] = {}
    found = None
    while (now := written(game))[2].phase != "over":
        play, table, state, seed = now
        gmap = play.gmap(state)
        for s in table.seats:
            lines = bot_lines(play, table, state, s.id, seed)
            entered[s.id] = entered.get(s.id, 0) + sum(line.startswith("ENTER") for line in lines)
            if state.phase == "racing" and s.bot != "random" and any(x.startswith("BUILD") for x in lines):
                assert any(x.startswith("ENTER") for x in lines), lines  # an income to build from
                found = found or (state, gmap, s.id)
        turn(game)
    assert all(n > 0 for n in entered.values()), entered  # every seat raced (before: BLUE and GREEN never did)
    assert found is not None
    state, gmap, seat = found
    rules, last = state.rules, max(d.number for d in state.race_state.upcoming)
    for changed in (replace(rules, fixed_races=last),  # the game ends after this turn's last race
                    replace(rules, build_budget="ten_percent", ten_percent_every=last + 1)):  # no building now
        later = replace(state, rules=changed)
        assert not builds_after_races(later)
        view = seat_view(later, gmap, seat)
        for level in LEVELS:
            assert not any(x.startswith("BUILD") for x in judged_orders(view, level, random.Random(2))), level
    assert builds_after_races(state)
    assert likely_income([((20, 0.125), (10, 0.375))]) == 10  # placed with even chance: the second prize
    assert likely_income([((20, 0.1), (10, 0.2))]) == 0  # likely no prize: no line
    assert likely_income([((20, 0.6), (10, 0.2))]) == 20
    assert likely_income([((20, 0.3), (10, 0.2))] * 2) == 20  # two races: 0.55 to win at least one
    assert likely_income([((20, 0.2), (10, 0.2))] * 2) == 10


def test_S04_a_bot_seat_is_written_bot_equals_level_and_bot_is_a_name(tmp_path: Path):
    """R13-S04 (reading 124; issue 33): ``--player ID:bot=LEVEL`` makes a bot seat; any other second field is the
    company's name, ``Bot`` in any case too: ``RED:Bot`` and ``RED:Bot:bot@example.org`` are a player's company
    named Bot, with a password and the address given.  The form before (``ID:bot:LEVEL``) is refused in one line
    that shows the form to write, as are a bot seat without a level and one with an address."""
    game = new(tmp_path, "RED:Bot:bot@example.org", "BLUE:bot=strong", "GREEN:BOT")
    doc = json.loads((game / "game.json").read_text())["table"]
    assert [(p["id"], p["name"], p.get("bot"), p["address"]) for p in doc["seats"]] == [
        ("RED", "Bot", None, "bot@example.org"), ("BLUE", "Bot", "strong", ""), ("GREEN", "BOT", None, "")]
    assert sorted(line.split()[0] for line in (game / "passwords.txt").read_text().splitlines()
                  if line.split()[0] != "GM") == ["BLUE", "GREEN", "RED"]
    status = json.loads(invoke("status", str(game), "--json").output)
    assert status["bots"] == {"BLUE": "strong"} and status["missing"] == ["RED", "GREEN"]
    for given, said in (("BLUE:bot:careful", "(a bot seat is written BLUE:bot=careful)"),
                        ("BLUE:bot=", "player BLUE: give the bot's level, e.g. BLUE:bot=careful"),
                        ("BLUE:bot=careful:b@x.org", "player BLUE: a bot seat has no address; give BLUE:bot=careful")):
        out = invoke("new", str(tmp_path / "x"), "--map", TINY, "--player", "RED:Anna", "--player", given, ok=False)
        assert out.exit_code == 1 and said in out.output and len(out.output.strip().splitlines()) == 1, out.output
