"""Issue 24: every GM command reaches a game through the registry of games (``app/plays.py``), one object per game
(``app/gm.py: GmCommands``), never by trying one game and falling back to another.  For each game the platform
serves (Dampfross, InterUrban and the tests' take-away and rock-paper-scissors, and a Dampfross game of the old format
converted by ``upgrade`` to the one session's) every GM command either works on a game folder of it or says in one line, exit status 1,
that the game has no such command; never a traceback."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.app import plays
from adjudicator.app.gm import GmCommands, NoSuchCommand
from adjudicator.kernel.errors import AdjudicatorError
from tests.conftest import ANNA, BERND, GAMES, Trial, make_trial, old_trial
from tests.helpers import invoke
from tests.mailservers import SmtpServer, smtp_server, text_of

DAMPFROSS_ONLY = {"run", "route", "report --player", "fix balance", "fix track", "fix rule", "player retire",
                  "upgrade"}
"""The commands only Dampfross has: a game of moves refuses each in one line."""
MOVES_ONLY = {"fix seat", "fix position", "standings"}
"""The commands only a game of sequential moves has: Dampfross refuses each in one line."""
BOTS_ONLY = {"caretaker", "caretaker --off"}
"""The commands of a game with bots (issue 26): the take-away, which has none, refuses each in one line."""
SIMULTANEOUS = {"run"}
"""The commands of every game of simultaneous turns (Dampfross, rock-paper-scissors): a game of sequential moves
refuses each in one line."""


SESSION = "dampfross-session"
"""The fifth kind of trial: a Dampfross game of the old format converted by ``upgrade`` to the one session's (issue
34; ``tests/fixtures/old-format/gm-correction``, both companies' orders by mail, turn 1 run at its deadline, two
corrections), whose commands are the session's with Dampfross's own (``dampfross/app/session.py``)."""
OLD_GAME = "gm-correction"
"""The old-format fixture the fifth kind is made of (``tests/conftest.py: old_trial``)."""
KINDS = (*GAMES, SESSION)


def lacking_in(kind: str) -> set[str]:
    """The commands a game of ``kind`` refuses."""
    if kind in ("dampfross", SESSION):
        return MOVES_ONLY
    return (DAMPFROSS_ONLY - (SIMULTANEOUS if kind == "rps" else set())) | (BOTS_ONLY if kind == "takeaway" else set())


def commands(trial: Trial, tmp: Path) -> list[tuple[str, list[str]]]:
    """Every GM command on the trial's game folder (its name, its arguments), in an order each can run: what only
    reads first, then the changes, ``undo`` last.  Each works on a game that has it."""
    g = str(trial.game)
    if trial.moves:  # BLUE is on move (or acts in the period on hand)
        orders = trial.envelope("BLUE") + trial.orders("BLUE")
    else:
        orders = trial.envelope("RED").replace("TURN 1", "TURN 2") + "BUILD Hamburg - 1108\n"
    (tmp / "mine.txt").write_text(orders, encoding="utf-8")
    shutil.copy(trial.game / "game.json", tmp / "position.json")
    mine = str(tmp / "mine.txt")
    return [
        ("status", ["status", g]), ("status --json", ["status", g, "--json"]), ("mail fetch", ["mail", "fetch", g]),
        ("mail send", ["mail", "send", g]), ("mail send --turn", ["mail", "send", g, "--turn", "1"]),
        ("mail send --player", ["mail", "send", g, "--player", "BLUE"]),
        ("report", ["report", g]), ("report --all", ["report", g, "--all"]),
        ("report --player", ["report", g, "--player", "RED"]), ("verify", ["verify", g]), ("reveal", ["reveal", g]),
        ("site", ["site", g, str(tmp / "site")]), ("check", ["check", mine, "--game", g]),
        ("route", ["route", g, "Hamburg", "Berlin", "--player", "RED"]),
        ("run", ["run", mine, "--game", g, "--dry-run"]),
        ("standings", ["standings", g]),
        ("deadline set", ["deadline", "set", g, "--remind", "24h"]), ("deadline extend", ["deadline", "extend", g, "1d"]),
        ("deadline hold", ["deadline", "hold", g]), ("deadline hold --release", ["deadline", "hold", g, "--release"]),
        ("player address", ["player", "address", g, "RED", "anna@example.com"]),
        ("player lang", ["player", "lang", g, "RED", "de"]),
        ("player replace", ["player", "replace", g, "BLUE", "--name", "Carla", "--email", "carla@example.com"]),
        ("fix balance", ["fix", "balance", g, "RED", "3", "--why", "a fee charged twice"]),
        ("fix track", ["fix", "track", g, "add", "RED", "1108", "1109", "--why", "built by hand"]),
        ("fix rule", ["fix", "rule", g, "fixed_races=6", "--why", "a shorter game"]),
        ("fix seat", ["fix", "seat", g, "RED", "--lang", "en", "--why", "asked for"]),
        ("fix position", ["fix", "position", g, str(tmp / "position.json"), "--why", "a lesson"]),
        ("caretaker", ["caretaker", g, "RED", "--why", "on holiday"]),
        ("caretaker --off", ["caretaker", g, "RED", "--off"]),
        ("player retire", ["player", "retire", g, "BLUE"]),
        ("undo", ["undo", g]),
        ("upgrade", ["upgrade", g]),  # Dampfross: an old folder is converted (trial_of); a session's is refused
    ]


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    with smtp_server() as server:
        yield server


def played(tmp_path: Path, kind: str, smtp: SmtpServer) -> Trial:
    """A game of ``kind`` by mail, with SMTP, one turn or move made: RED's orders (and BLUE's in Dampfross) in,
    the deadline passed."""
    trial = make_trial(tmp_path, kind)
    with (trial.game / "mail.toml").open("a", encoding="utf-8") as f:
        f.write("\n" + smtp.toml())
    trial.deliver(ANNA, trial.envelope("RED") + trial.orders("RED"), "2026-12-01T09:00+00:00", "red")
    if not trial.sequential:
        trial.deliver(BERND, trial.envelope("BLUE") + trial.orders("BLUE"), "2026-12-01T09:01+00:00", "blue")
    trial.tick("2026-12-04T18:05+00:00")
    return trial


def trial_of(tmp_path: Path, kind: str, smtp: SmtpServer) -> Trial:
    """``played`` for every kind: the converted Dampfross game is a copy of the old-format one (``OLD_GAME``),
    upgraded, run by mail from its own Maildir with SMTP."""
    if kind != SESSION:
        return played(tmp_path, kind, smtp)
    trial = old_trial(tmp_path, OLD_GAME, smtp.toml())
    assert "converted to a game of the one session" in invoke("upgrade", str(trial.game)).output
    return trial


@pytest.mark.parametrize("kind", KINDS)
def test_every_gm_command_works_or_says_in_one_line_that_the_game_has_none(tmp_path: Path, kind: str,
                                                                            smtp: SmtpServer):
    trial = trial_of(tmp_path, kind, smtp)
    lacking = lacking_in(kind)
    article = "an" if kind[0] in "aeiou" else "a"
    kind = kind.removesuffix("-session")  # a converted game is a game of Dampfross
    for name, args in commands(trial, tmp_path):
        result = invoke(*args, ok=False)
        assert "Traceback" not in result.output, (name, result.output)
        if name in lacking:
            assert result.exit_code == 1, (name, result.output)
            assert result.output.startswith(f"error: {name}: {article} {kind} game has no "), (name, result.output)
            assert result.output.count("\n") == 1, (name, result.output)
        elif name == "standings":  # a game of moves scores finished games only
            assert result.exit_code == 1 and "is not over yet" in result.output, result.output
        elif name == "upgrade" and kind == "dampfross":  # made by new, or converted already: once is enough
            assert result.exit_code == 1 and result.output.count("\n") == 1, result.output
        elif name == "check":  # its exit status is its verdict on the orders
            assert result.exit_code in (0, 1) and not result.output.startswith("error:"), result.output
        else:
            assert result.exit_code == 0 and not result.output.startswith("error:"), (name, result.output)
    assert invoke("verify", str(trial.game)).exit_code == 0  # every change the commands made is done again


@pytest.mark.parametrize("kind", KINDS)
def test_a_refused_command_changes_nothing(tmp_path: Path, kind: str, smtp: SmtpServer):
    trial = trial_of(tmp_path, kind, smtp)
    lacking = lacking_in(kind)
    before = {p: p.read_bytes() for p in trial.game.rglob("*") if p.is_file()}
    for name, args in commands(trial, tmp_path):
        if name in lacking:
            invoke(*args, ok=False)
    after = {p: p.read_bytes() for p in trial.game.rglob("*") if p.is_file()}
    assert after == before


@pytest.mark.parametrize("kind", GAMES)
def test_deadline_set_without_an_option_says_the_deadline_and_changes_nothing(tmp_path: Path, kind: str,
                                                                              smtp: SmtpServer):
    """``deadline set DIR`` alone is a question: it says the deadline, archives no step and tells no player (it had
    archived a change of nothing and queued every player a mail that the deadline had changed)."""
    trial = trial_of(tmp_path, kind, smtp)
    before = {p: p.read_bytes() for p in trial.game.rglob("*") if p.is_file()}
    said = invoke("deadline", "set", str(trial.game)).output
    assert said.startswith("deadline: 2026-12-") and said.rstrip().endswith(", every 7d"), said
    assert {p: p.read_bytes() for p in trial.game.rglob("*") if p.is_file()} == before


def test_the_registry_knows_every_game_by_name_and_a_folder_by_its_game_file(tmp_path: Path, smtp: SmtpServer):
    for kind in GAMES:
        trial = make_trial(tmp_path / kind, kind)
        assert kind in plays.names()
        game = plays.game_of(str(trial.game))
        assert game.name == kind == plays.game_named(kind).name
        assert json.loads(invoke("status", str(trial.game), "--json").output)["game"] == "g"
    assert plays.game_of(str(tmp_path / "nothing")).name == plays.DEFAULT == "dampfross"  # whose error says so
    assert plays.game_for(None).name == "dampfross"  # run and check find Dampfross's folder by the GAME line
    with pytest.raises(AdjudicatorError, match="no play 'chess': the games are dampfross, interurban, takeaway"):
        plays.game_named("chess")
    with pytest.raises(AdjudicatorError, match="cannot name a play"):
        plays.register("dampfross", "tests.games.takeaway")


def test_a_game_registered_with_its_own_commands_refuses_the_rest_in_one_line(tmp_path: Path):
    """A game need only override the commands it has: every other one of the protocol refuses, naming itself."""

    class Quiet(GmCommands):
        name = "othello"

        def status(self, directory: str) -> str:
            return f"{directory}: all quiet\n"

    game = Quiet()
    assert game.status("x") == "x: all quiet\n"
    with pytest.raises(NoSuchCommand, match=r"^undo: an othello game has no such command$"):
        game.undo("x")
    with pytest.raises(NoSuchCommand, match=r"^fix track: an othello game has no track \(a Dampfross command\)$"):
        game.fix_track("x", True, "RED", "0101", "0102", "why", "GM")


def test_a_standings_of_mixed_games_is_refused_in_one_line(tmp_path: Path):
    interurban = make_trial(tmp_path / "i", "interurban")
    takeaway = make_trial(tmp_path / "t", "takeaway")
    result = invoke("standings", str(interurban.game), str(takeaway.game), ok=False)
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert "finished games of one game of moves" in result.output


@pytest.mark.parametrize("kind", GAMES)
def test_mail_send_again_sends_a_periods_report_mail_in_every_game(tmp_path: Path, kind: str, smtp: SmtpServer):
    """``mail send --turn N --player ID`` is the platform's (``app/moves.py: moves_mail``): the report mail that told
    the seat of period N goes to its address on file again, in every game; a period nobody was told of, or a seat
    the game lacks, is refused in one line naming it."""
    trial = played(tmp_path, kind, smtp)
    count = len(smtp.mails)
    assert invoke("mail", "send", str(trial.game), "--turn", "1", "--player", "BLUE").exit_code == 0
    again = smtp.mails[count:]
    assert [str(m["To"]) for m in again] == [BERND], [str(m["To"]) for m in again]
    told = [m for m in smtp.mails[:count] if str(m["Subject"]) == str(again[0]["Subject"])]
    assert told and text_of(told[-1]) == text_of(again[0])  # the same mail
    word = "turn" if kind == "dampfross" else "move"
    refused = invoke("mail", "send", str(trial.game), "--turn", "9", "--player", "BLUE", ok=False)
    assert refused.exit_code == 1 and refused.output.startswith(f"error: no report mail of {word} 9 for BLUE")
    refused = invoke("mail", "send", str(trial.game), "--player", "NOPE", ok=False)
    assert refused.output == "error: no seat NOPE in game g\n"
