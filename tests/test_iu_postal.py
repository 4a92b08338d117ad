"""Issue 16, done when: ``adjudicate new DIR --play interurban`` starts a game that a GM runs by mail with ``tick``
exactly as a Dampfross game.  A real IMAP server (pymap) and a real SMTP server (aiosmtpd) on localhost."""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from adjudicator.interurban.play import PLAY
from adjudicator.interurban.state import State
from adjudicator.postal.loop import Tick
from adjudicator.postal.moves import MovesDir
from tests import clock
from tests.helpers import invoke
from tests.mailservers import imap_server, mail_bytes, sent, smtp_server, text_of

ZONE = "+00:00"








def a_move(state: State, seat: str) -> str:
    """A line of notation that ``seat`` may play now (tried through the play's own reading)."""
    for line in state.lines:
        if line.finished:
            continue
        for tile in state.track_face_up:
            kind = tile.kind.upper()
            for turn in (["LEFT", "RIGHT"] if tile.kind == "curve" else [""]):
                text = f"{line.label} {kind} {tile.value} {turn}".strip()
                made, _ = PLAY.read(state, seat, [(4, text)])
                if made is not None:
                    return text
    raise AssertionError("no move found")


def new_game(where: Path) -> Path:
    game = where / "tram"
    out = invoke("new", str(game), "--play", "interurban", "--id", "tram", "--seed", "iu-postal",
                 "--unsafe-test-passwords", "iu", "--player", "RED:Anna:anna@example.org",
                 "--player", "BLUE:Bernd:bernd@example.net", "--player", "GREEN:Carla:carla@example.com",
                 "--deadline", "2026-12-04 18:00", "--every", "2d")
    assert "InterUrban" in out.output
    return game


def test_new_writes_a_game_of_interurban_with_hashed_passwords(tmp_path: Path):
    game = new_game(tmp_path)
    doc = json.loads((game / "game.json").read_text())
    assert doc["play"] == "interurban" and [s["id"] for s in doc["table"]["seats"]] == ["RED", "BLUE", "GREEN"]
    secrets = (game / "passwords.txt").read_text()
    assert all(line.split()[1] not in (game / "game.json").read_text() for line in secrets.splitlines())
    assert oct((game / "passwords.txt").stat().st_mode & 0o777) == "0o600"
    loaded = MovesDir(game).load(PLAY)
    assert loaded.state.on_move == "RED" and loaded.table.schedule.due == "2026-12-04T18:00:00+00:00"
    assert "RED" in invoke("status", str(game)).output
    assert "InterUrban" in invoke("report", str(game), "--turn", "0").output
    secret = dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())["RED"]
    (tmp_path / "ok.txt").write_text(f"PLAYER RED PASSWORD {secret}\n{a_move(loaded.state, 'RED')}\n")
    (tmp_path / "bad.txt").write_text(f"PLAYER RED PASSWORD {secret}\n6 CURVY\n")
    assert "nothing is carried out" in invoke("check", str(tmp_path / "ok.txt"), "--game", str(game)).output
    bad = invoke("check", str(tmp_path / "bad.txt"), "--game", str(game), ok=False)
    assert bad.exit_code == 1 and "line 2" in bad.output
    assert "z@x.org" in invoke("player", "address", str(game), "BLUE", "z@x.org").output
    assert "in de" in invoke("player", "lang", str(game), "BLUE", "de").output
    assert MovesDir(game).load(PLAY).table.seat("BLUE").address == "z@x.org"
    assert "no report of move 3" in invoke("report", str(game), "--turn", "3", ok=False).output
    doc = json.loads(invoke("status", str(game), "--json").output)
    assert (doc["play"], doc["on_move"], doc["moves"], doc["due"]) == ("interurban", "RED", 0, "2026-12-04T18:00:00+00:00")


def test_a_game_of_interurban_runs_by_mail(tmp_path: Path):
    with imap_server(tmp_path) as imap, smtp_server() as smtp, pytest.MonkeyPatch.context() as mp:
        mp.setenv("TEST_IMAP_PASSWORD", imap.password)
        game = new_game(tmp_path)
        (game / "mail.toml").write_text(
            'from = "InterUrban GM <gm@example.org>"\n\n'
            + imap.toml() + smtp.toml(), encoding="utf-8")
        client = imap.client()
        secrets = dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())

        def deliver(sender: str, body: str, subject: str, when: str) -> None:
            client.append("INBOX", mail_bytes(sender, body, subject), msg_time=datetime.fromisoformat(when + ZONE))

        def tick(when: str) -> str:
            return invoke("tick", str(game), "--now", when + ZONE).output

        tick("2026-12-01T09:00")
        opening = text_of(sent(smtp, "opening-RED", "anna@example.org")[0])
        assert secrets["RED"] in opening and secrets["BLUE"] not in opening
        assert sent(smtp, "opening-BLUE", "bernd@example.net") and sent(smtp, "opening-GREEN", "carla@example.com")
        assert tick("2026-12-01T09:05") == ""  # a second tick changes and sends nothing

        state = MovesDir(game).load(PLAY).state
        move = a_move(state, "RED")
        # BLUE writes out of turn, a stranger guesses RED's password, RED first mistypes, then plays
        deliver("bernd@example.net", f"GAME tram\nPLAYER BLUE PASSWORD {secrets['BLUE']}\n{a_move(state, 'RED')}\n",
                "early", "2026-12-01T10:00")
        deliver("mallory@example.com", f"PLAYER RED PASSWORD wrong-pass\n{move}\n", "guess", "2026-12-01T10:01")
        deliver("anna@example.org", f"PLAYER RED PASSWORD {secrets['RED']}\n6 CURVY 1 LEFT\n", "typo",
                "2026-12-01T10:02")
        deliver("anna@example.org", f"PLAYER RED PASSWORD {secrets['RED']}\nCHECK\n{move}\n", "check",
                "2026-12-01T10:02")
        deliver("anna@example.org", f"Hello all,\n\nPLAYER RED PASSWORD {secrets['RED']}\nMOVE 1\n{move}\n\n-- \nAnna",
                "move 1", "2026-12-01T10:03")
        out = tick("2026-12-01T10:10")
        assert "move 1 made by RED" in out

        (early,) = sent(smtp, "receipt-", "bernd@example.net")
        assert "It is not your move: Anna (RED) is on move" in text_of(early)
        (guess,) = sent(smtp, "", "mallory@example.com")  # a stranger: the front door's one notice, nothing of the mail
        assert "not on file" in text_of(guess) and move not in text_of(guess) and "anna" not in str(guess["To"])
        typo, checked, played = sorted(sent(smtp, "receipt-", "anna@example.org"),
                                       key=lambda m: str(m["X-Dampfross"]))
        assert "nothing is carried out" in text_of(checked) and "Lines" in text_of(checked), text_of(checked)
        assert "could not be played" in text_of(typo) and re.search(r"line 2\b", text_of(typo)), text_of(typo)
        assert "CURVE" in text_of(typo)  # did you mean
        assert "played as move 1" in text_of(played)
        for address in ("anna@example.org", "bernd@example.net", "carla@example.com"):
            (report,) = sent(smtp, "move-001-", address)
            assert "Bernd (BLUE) is on move" in text_of(report)
            assert max(len(line) for line in text_of(report).splitlines()) <= 80

        after = MovesDir(game).load(PLAY)
        assert after.table.moves == 1 and after.state.on_move == "BLUE"
        assert after.table.schedule.due == "2026-12-03T10:03:00+00:00"  # two days after the move's mail arrived

        # BLUE misses the deadline: nothing laid, GREEN is on move; the game goes on
        out = tick("2026-12-03T10:11")
        assert "move 2: BLUE missed the deadline" in out
        missed = MovesDir(game).load(PLAY)
        assert missed.state.on_move == "GREEN" and missed.state.board == after.state.board
        assert missed.table.missed_by("BLUE") == 1
        (notice,) = sent(smtp, "move-002-", "bernd@example.net")
        assert "no valid orders by the deadline" in text_of(notice)

        # the site: every move's public report and its layout, nothing secret
        site = tmp_path / "site"
        assert "wrote 4 pages" in invoke("site", str(game), str(site)).output
        pages = {p.name: p.read_text() for p in site.iterdir()}
        assert sorted(pages) == ["index.html", "move-000.html", "move-001.html", "move-002.html"]
        assert "<svg" in pages["move-001.html"] and "Bernd (BLUE) is on move" in pages["move-001.html"]
        assert not any(secret in page for secret in secrets.values() for page in pages.values())
        assert (game / "seed.txt").read_text().strip() not in "".join(pages.values())

        # commands by mail from an address on file: public things, no password needed; a stranger gets nothing
        deliver("carla@example.com", "HELP\nSTATUS\nMAP\nREPORT 1\nREPORT 9\n", "commands", "2026-12-03T10:20")
        deliver("mallory@example.com", "STATUS\n", "stranger", "2026-12-03T10:21")
        tick("2026-12-03T10:25")
        (answer,) = sent(smtp, "answer-", "carla@example.com")
        said = text_of(answer)
        assert "REPORT n" in said and "Carla (GREEN) is on move" in said and "Lines (value" in said
        assert "Bernd (BLUE) has missed the last 1 moves" in said and "There is no report of move 9" in said
        assert not sent(smtp, "answer-", "mallory@example.com") and "@" not in said.split("Lines")[0].replace(
            "carla@example.com", "")

        # every step checks: the chain, the commitment, the opening's draws and each move played again
        lines = invoke("verify", str(game)).output.splitlines()
        assert lines and all(line.startswith("OK: ") for line in lines) and len(lines) == 5, lines

        # the GM takes the missed move back and gives BLUE another chance
        with clock.at("2026-12-03T10:30+00:00"):  # undo gives a new deadline from the clock (it has no --now)
            undone = invoke("undo", str(game)).output
        assert "move 2 taken back; BLUE is on move again, until 2026-12-05T10:30:00+00:00" in undone
        assert MovesDir(game).load(PLAY).state.on_move == "BLUE"
        assert all(line.startswith("OK: ") for line in invoke("verify", str(game)).output.splitlines())

        # the GM holds the game, a stand-by takes BLUE (the mail with the new password goes out), the game goes on
        assert "(held)" in invoke("deadline", "hold", str(game)).output
        assert "missed" not in tick("2026-12-09T10:00")  # held: no move is missed (the news of the hold goes out)
        out = invoke("player", "replace", str(game), "BLUE", "--name", "Dora", "--email", "dora@example.com").output
        assert "queued" in out
        assert "deadline: 2026-12-" in invoke("deadline", "set", str(game), "--due", "2026-12-12 18:00").output
        assert "2026-12-13T18:00" in invoke("deadline", "extend", str(game), "1d").output
        assert "(held)" not in invoke("deadline", "hold", str(game), "--release").output
        tick("2026-12-09T10:05")
        news = [text_of(m) for m in sent(smtp, "deadline-", "carla@example.com")]
        assert len(news) == 4 and "holds the game" in news[0] and "until Sun 13 Dec 2026 18:00" in news[-1], news
        (takeover,) = sent(smtp, "takeover-BLUE", "dora@example.com")
        new_blue = re.search(r"Your password: ([a-z0-9-]{19})", text_of(takeover))
        assert new_blue and new_blue.group(1) != secrets["BLUE"]
        state = MovesDir(game).load(PLAY).state
        deliver("bernd@example.net", f"PLAYER BLUE PASSWORD {secrets['BLUE']}\n{a_move(state, 'BLUE')}\n", "old",
                "2026-12-09T11:00")
        deliver("dora@example.com", f"PLAYER BLUE PASSWORD {new_blue.group(1)}\n{a_move(state, 'BLUE')}\n", "new",
                "2026-12-09T11:01")
        assert "move 2 made by BLUE" in tick("2026-12-09T11:05")
        # BLUE's old address is no longer on file: the front door's one notice, nothing of BLUE's
        assert "not on file" in text_of(sent(smtp, "notice-", "bernd@example.net")[-1])
        assert all(line.startswith("OK: ") for line in invoke("verify", str(game)).output.splitlines())

        # a changed archive is caught
        step = game / "archive" / "step-001" / "game-after.json"
        step.write_text(step.read_text().replace('"moves": 1', '"moves": 2', 1))
        result = invoke("verify", str(game), ok=False)
        assert result.exit_code == 1 and "FAILED: step-001" in result.output


def test_a_damaged_game_file_is_one_error_line(tmp_path: Path):
    game = new_game(tmp_path)
    (game / "mail.toml").write_text('from = "gm@example.org"\n\n[source]\nkind = "maildir"\npath = "in"\n')
    for sub in ("cur", "new", "tmp"):
        (game / "in" / sub).mkdir(parents=True)
    (game / "game.json").write_text('{"play": "interurban", "table": {"format": 1}, "state": {}}')
    result = invoke("tick", str(game), ok=False)
    assert result.exit_code == 1 and "the table is damaged" in result.output and "Traceback" not in result.output
    result = invoke("status", str(game), ok=False)
    assert result.exit_code == 1 and "the table is damaged" in result.output and "Traceback" not in result.output


def test_every_mail_of_a_german_game_is_german(tmp_path: Path):
    from adjudicator.interurban.notation import parse_move
    from adjudicator.kernel.i18n import language
    from tools import i18n

    game = tmp_path / "bahn"
    invoke("new", str(game), "--play", "interurban", "--lang", "de", "--seed", "de", "--player", "RED:Anna:a@x.org",
           "--player", "BLUE:Bernd:b@x.org", "--every", "2d")
    folder = MovesDir(game)
    loaded = folder.load(PLAY)
    table, state = loaded.table, loaded.state
    _, problems = parse_move([(3, "6 KURVY 1 LINKS")], state, "RED")
    after, events = PLAY.move(state, "RED", PLAY.read(state, "RED", [(3, a_move(state, "RED"))])[0], PLAY.draw("00"))
    missed, missed_events = PLAY.miss(after, "BLUE")
    words = PLAY.words
    with language("de"):
        texts = [words.opening(table, state, "RED", "abcd-efgh-jkmn-pqrs"), words.status(table, state),
                 words.move_report(table, state, after, "RED", events, False, None),
                 words.move_report(table, after, missed, "BLUE", missed_events, True, None),
                 *(words.receipt(table, state, code, data) for code, data in [
                     ("moved", {"move": 1}), ("refused", {"problems": problems}), ("not-on-move", {"on_move": "RED"}),
                     ("password", {"seat": "RED"}), ("over", {}), ("stale", {"given": 3, "move": 1}),
                     ("no-section", {}), ("reminder", {}), ("deadline", {"why": "Urlaub"})]),
                 words.answer(table, missed, [("help", None), ("status", None), ("map", None), ("report", 7)], {})]
    for text in texts:
        assert i18n.english_left(text, ["Anna", "Bernd", "RED", "BLUE", "bahn", "KURVY", "abcd-efgh-jkmn-pqrs"], "de",
                                 i18n.INTERURBAN) == [], text
        assert max(len(line) for line in text.splitlines()) <= 80
    assert "SPIELER RED PASSWORT" in texts[0] and "Sie spielen" in texts[0]  # the register is "Sie", as Dampfross's
    with language("de"):
        site = words.site(table, [(0, texts[1], state), (1, texts[2], after)])
    for page in site.values():
        shown = re.sub(r"<svg.*?</svg>|<style>.*?</style>|<script.*?</script>|<[^>]+>", " ", page, flags=re.S)
        assert i18n.english_left(shown, ["Anna", "Bernd", "RED", "BLUE", "bahn", "InterUrban"], "de",
                                 i18n.INTERURBAN) == [], shown


def test_a_whole_game_of_interurban_by_mail_to_its_final_report(tmp_path: Path):
    """Every move of a whole game sent as a mail (random legal moves, written in the notation) into a Maildir and
    played by ``tick``: the game ends, the final report goes to every player with the seed revealed, and
    ``verify`` replays every step from it."""
    import random

    from adjudicator.interurban.notation import written
    from tools.selfplay.interurban import random_move

    game = tmp_path / "g"
    invoke("new", str(game), "--play", "interurban", "--id", "g", "--seed", "whole", "--unsafe-test-passwords", "w",
           "--player", "RED:A:a@x.org", "--player", "BLUE:B:b@x.org", "--every", "2d")
    for sub in ("cur", "new", "tmp"):
        (tmp_path / "in" / sub).mkdir(parents=True)
    (game / "mail.toml").write_text(f'from = "gm@x.org"\n\n[source]\nkind = "maildir"\npath = "{tmp_path / "in"}"\n')
    secrets = dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())
    rng = random.Random(16)
    when = datetime.fromisoformat("2026-12-01T09:00+00:00")
    for n in range(1, 200):
        state = MovesDir(game).load(PLAY).state
        if state.over:
            break
        seat = state.on_move
        lines = written(state, random_move(state, rng), seat)
        assert lines is not None
        body = f"PLAYER {seat} PASSWORD {secrets[seat]}\nMOVE {n}\n" + "".join(f"{line}\n" for line in lines)
        now = when.replace(minute=n % 60)  # within the hour: no deadline passes
        (tmp_path / "in" / "new" / f"{int(now.timestamp())}.{n}.mail").write_bytes(
            mail_bytes(f"{seat.lower()[0]}@x.org", body, f"m{n}"))  # delivered at ``now`` (the name's time)
        out = invoke("tick", str(game), "--now", now.isoformat()).output
        assert f"move {n} made by {seat}" in out, (n, lines, out)
    final = MovesDir(game).load(PLAY)
    assert final.state.over and final.table.schedule.due is None
    outbox = {p.name: p for p in (game / "mail" / "outbox").glob("move-*.eml")}
    last = sorted(n for n in outbox if n.endswith("-RED.eml"))[-1]
    text = outbox[last].read_text(encoding="utf-8", errors="replace")
    assert (game / "seed.txt").read_text().strip() in text.replace("=\n", "")
    lines = invoke("verify", str(game)).output.splitlines()
    assert all(line.startswith("OK: ") for line in lines) and len(lines) == final.table.moves + 3


def test_a_flood_of_password_guesses_gets_no_flood_of_receipts(tmp_path: Path):
    """After ``MAX_GUESSES`` wrong passwords from one sender during a move, that sender's mails are read only for
    the colour whose address it is: a stranger gets one notice, the player's own orders still count."""
    from adjudicator.kernel.envelope import MAX_GUESSES

    game = tmp_path / "g"
    invoke("new", str(game), "--play", "interurban", "--id", "g", "--seed", "flood", "--player", "RED:A:a@x.org",
           "--player", "BLUE:B:b@x.org")
    for sub in ("cur", "new", "tmp"):
        (tmp_path / "in" / sub).mkdir(parents=True)
    (game / "mail.toml").write_text(f'from = "gm@x.org"\n\n[source]\nkind = "maildir"\npath = "{tmp_path / "in"}"\n')
    guesses = "".join(f"PLAYER RED PASSWORD guess-{i}\n6 CURVE\n" for i in range(12))
    for n in range(MAX_GUESSES // 12 + 2):
        clock.maildir_mail(tmp_path / "in", mail_bytes("mallory@example.com", guesses, f"g{n}"),
                           f"2026-12-01T08:{30 + n}+00:00", f"{n}.m")
    secret = dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())["RED"]
    state = MovesDir(game).load(PLAY).state
    clock.maildir_mail(tmp_path / "in", mail_bytes("a@x.org", f"PLAYER RED PASSWORD {secret}\n"
                                                   f"{a_move(state, 'RED')}\n", "mine"), "2026-12-01T08:50+00:00", "z.m")
    out = invoke("tick", str(game), "--now", "2026-12-01T09:00+00:00").output
    assert "more than" in out and "move 1 made by RED" in out
    to_mallory = [p for p in (game / "mail" / "outbox").glob("*.json") if "mallory" in p.read_text()]
    assert MAX_GUESSES == 20 and len(to_mallory) == 1  # a stranger: one notice a move, whatever it sends


def test_the_player_on_move_is_reminded_once_before_the_deadline(tmp_path: Path):
    game = tmp_path / "g"
    invoke("new", str(game), "--play", "interurban", "--id", "g", "--seed", "remind", "--player", "RED:A:a@x.org",
           "--player", "BLUE:B:b@x.org", "--deadline", "2026-12-04 18:00", "--every", "2d", "--remind", "12h")
    for sub in ("cur", "new", "tmp"):
        (tmp_path / "in" / sub).mkdir(parents=True)
    (game / "mail.toml").write_text(f'from = "gm@x.org"\n\n[source]\nkind = "maildir"\npath = "{tmp_path / "in"}"\n')
    outbox = game / "mail" / "outbox"
    assert "reminders" not in invoke("tick", str(game), "--now", "2026-12-04T05:00+00:00").output
    assert "reminders for move 1 queued for RED" in invoke("tick", str(game), "--now", "2026-12-04T07:00+00:00").output
    assert "reminders" not in invoke("tick", str(game), "--now", "2026-12-04T08:00+00:00").output
    (reminder,) = outbox.glob("reminder-*.json")
    assert reminder.name == "reminder-001-RED.json" and "a@x.org" in reminder.read_text()
    assert "it is your move" in reminder.with_suffix(".eml").read_text()


def _maildir_game(tmp_path: Path, seed: str) -> tuple[Path, dict[str, str]]:
    game = tmp_path / "g"
    invoke("new", str(game), "--play", "interurban", "--id", "g", "--seed", seed, "--unsafe-test-passwords", seed,
           "--player", "RED:A:a@x.org", "--player", "BLUE:B:b@x.org")
    for sub in ("cur", "new", "tmp"):
        (tmp_path / "in" / sub).mkdir(parents=True)
    (game / "mail.toml").write_text(f'from = "gm@x.org"\n\n[source]\nkind = "maildir"\npath = "{tmp_path / "in"}"\n')
    return game, dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())


class Killed(BaseException):
    """A tick killed at a chosen point (as by SIGKILL: nothing after it runs)."""


@pytest.mark.parametrize("where", ["before-the-game-file", "before-the-mails"])
def test_a_tick_killed_in_the_middle_of_a_move_loses_nothing(tmp_path: Path, monkeypatch, where: str):
    """Killed after the move was archived but before game.json was written, the step is taken back and the move
    made again from its mail; killed after game.json but before the mails were queued, the next tick queues the
    report mails and answers the mail with its receipt (not 'not your move').  Either way the game ends as an
    undisturbed one, and verify agrees."""
    from adjudicator.postal import moves, robot, turns

    game, secrets = _maildir_game(tmp_path, "kill")
    state = MovesDir(game).load(PLAY).state
    body = f"PLAYER RED PASSWORD {secrets['RED']}\n{a_move(state, 'RED')}\n"
    (tmp_path / "in" / "new" / "1.m").write_bytes(mail_bytes("a@x.org", body, "move"))
    if where == "before-the-game-file":
        real = moves.atomic_write

        def kill(path: Path, text: str, mode: int = 0o644) -> None:
            if path.name == "game.json":
                raise Killed
            real(path, text, mode)

        monkeypatch.setattr(moves, "atomic_write", kill)
    else:
        real_mails = turns.report_mails

        def kill_mails(folder: MovesDir, play: object, game: Any, *rest: Any) -> set[str]:
            if game.table.moves:  # the move is made and game.json written: killed before its mails
                raise Killed
            return real_mails(folder, play, game, *rest)

        monkeypatch.setattr(turns, "report_mails", kill_mails)
    with pytest.raises(Killed):
        robot.tick_game(str(game), datetime.fromisoformat("2026-12-01T09:00+00:00"), Tick(str(game)),
                        turns.MovesGame(PLAY))
    monkeypatch.undo()
    moved = MovesDir(game).load(PLAY).table.moves
    assert moved == (0 if where == "before-the-game-file" else 1) and len(MovesDir(game).steps()) == 2
    out = invoke("tick", str(game), "--now", "2026-12-01T09:05+00:00").output
    assert MovesDir(game).load(PLAY).table.moves == 1
    outbox = game / "mail" / "outbox"
    assert {p.name for p in outbox.glob("move-001-*.json")} == {"move-001-RED.json", "move-001-BLUE.json"}
    receipts = [p.with_suffix(".eml").read_text() for p in outbox.glob("receipt-*.json")]
    assert len(receipts) == 1 and "played as move 1" in receipts[0], (out, receipts)
    assert all(line.startswith("OK: ") for line in invoke("verify", str(game)).output.splitlines())


def test_a_tournament_of_one_game_per_start_player(tmp_path: Path):
    """Seed 001: the tournament is one game per start player, the points summed; standings scores finished
    games of the same players together (and refuses a game not over, or other players)."""
    import random

    from adjudicator.interurban.move import apply_move
    from adjudicator.interurban.scoring import score
    from tools.selfplay.interurban import random_move

    orders = (["RED:A", "BLUE:B", "GREEN:C"], ["BLUE:B", "GREEN:C", "RED:A"], ["GREEN:C", "RED:A", "BLUE:B"])
    games, sums = [], {"RED": 0, "BLUE": 0, "GREEN": 0}
    for n, players in enumerate(orders, 1):
        game = tmp_path / f"t{n}"
        invoke("new", str(game), "--play", "interurban", "--id", f"t{n}", "--seed", f"t{n}",
               *(a for p in players for a in ("--player", p)))
        folder = MovesDir(game)
        loaded = folder.load(PLAY)
        state, rng = loaded.state, random.Random(n)
        while not state.over:
            state, _ = apply_move(state, random_move(state, rng), PLAY.draw(folder.read_seed()))
        folder.commit(PLAY, loaded, loaded.table, state, {"kind": "test"})  # played out by hand, not by mail
        for colour, points in score(state)[1].items():
            sums[colour] += points
        games.append(str(game))
    text = invoke("standings", *games).output
    assert "tournament of 3 games" in text and "start player B (BLUE)" in text
    assert f"A (RED) {sums['RED']}" in text.split("Sums:")[1]
    invoke("new", str(tmp_path / "open"), "--play", "interurban", "--player", "RED", "--player", "BLUE")
    assert "not over yet" in invoke("standings", games[0], str(tmp_path / "open"), ok=False).output


def test_the_interurban_example_script_plays_four_moves_by_mail(tmp_path: Path):
    """``bash examples/interurban.sh DIR``: a game by mail through a Maildir, four moves, the report of move 4;
    the passwords in the script are the ones --unsafe-test-passwords derives."""
    import os
    import subprocess
    import sys

    script = Path(__file__).resolve().parent.parent / "examples" / "interurban.sh"
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run(["bash", str(script), "run"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert "game tram: move 4" in done.stdout and "Anna (RED) is on move" in done.stdout
    game = tmp_path / "run" / "tram"
    assert MovesDir(game).load(PLAY).table.moves == 4
    assert all(line.startswith("OK: ") for line in invoke("verify", str(game)).output.splitlines())


@pytest.mark.parametrize("damage", ["not json", '{"chain": {}}', '["a list"]'])
def test_a_damaged_archive_step_is_a_failed_line_not_a_traceback(tmp_path: Path, damage: str):
    game, secrets = _maildir_game(tmp_path, "damage")
    state = MovesDir(game).load(PLAY).state
    (tmp_path / "in" / "new" / "1.m").write_bytes(mail_bytes("a@x.org", f"PLAYER RED PASSWORD {secrets['RED']}\n"
                                                             f"{a_move(state, 'RED')}\n", "m"))
    invoke("tick", str(game), "--now", "2026-12-01T09:00+00:00")
    (game / "archive" / "step-001" / "game-after.json").write_text(damage)
    result = invoke("verify", str(game), ok=False)
    assert result.exit_code == 1 and "FAILED: step-001" in result.output and "Traceback" not in result.output


def test_a_careful_forger_who_changes_the_table_in_both_places_is_caught(tmp_path: Path):
    """The last move's archived game and game.json changed the same way (a seat's password hash swapped for one
    the forger knows): the chain links still hold, but the move played again gives another table."""
    game, secrets = _maildir_game(tmp_path, "forge")
    state = MovesDir(game).load(PLAY).state
    (tmp_path / "in" / "new" / "1.m").write_bytes(mail_bytes("a@x.org", f"PLAYER RED PASSWORD {secrets['RED']}\n"
                                                             f"{a_move(state, 'RED')}\n", "m"))
    invoke("tick", str(game), "--now", "2026-12-01T09:00+00:00")
    for path in (game / "game.json", game / "archive" / "step-001" / "game-after.json"):
        doc = json.loads(path.read_text())
        doc["table"]["seats"][1]["password_hash"] = doc["table"]["seats"][0]["password_hash"]
        path.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n")
    result = invoke("verify", str(game), ok=False)
    assert result.exit_code == 1 and "FAILED: step-001" in result.output and "table" in result.output


def test_orders_count_only_for_the_move_on_hand(tmp_path: Path):
    """Reading IU-14: orders of a player not on move are answered 'not your move' and not kept; orders pinned to
    another move (MOVE n) are refused; nothing is played from either."""
    game, secrets = _maildir_game(tmp_path, "hand")
    state = MovesDir(game).load(PLAY).state
    move = a_move(state, "RED")
    (tmp_path / "in" / "new" / "1.m").write_bytes(mail_bytes("b@x.org", f"PLAYER BLUE PASSWORD {secrets['BLUE']}\n"
                                                             f"{move}\n", "early"))
    (tmp_path / "in" / "new" / "2.m").write_bytes(mail_bytes("a@x.org", f"PLAYER RED PASSWORD {secrets['RED']}\n"
                                                             f"MOVE 5\n{move}\n", "stale"))
    invoke("tick", str(game), "--now", "2026-12-01T09:00+00:00")
    assert MovesDir(game).load(PLAY).table.moves == 0
    texts = [p.with_suffix(".eml").read_text() for p in (game / "mail" / "outbox").glob("receipt-*.json")]
    assert any("It is not your move" in t for t in texts)
    assert any("Your orders are for move 5, but the move to play is 1" in t for t in texts)
