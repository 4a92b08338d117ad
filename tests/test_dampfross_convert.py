"""``adjudicate upgrade``: a Dampfross folder of the old format (read by ``dampfross/app/oldformat.py: OldGame``)
converted once into a game of the one session (``postal/moves.py: MovesDir``, play ``dampfross``;
``dampfross/app/convert.py``).

The example game as the old format wrote it (``tests/fixtures/old-format/example``, seven turns, building and
racing) converted: the session's verify passes, every report is the old one byte for byte, the state after each
turn is the old one (as ``tests/test_dampfross_play.py`` compares it: the chain aside, and the schedule and
caretaker, which the table keeps); games run by mail converted in the middle of and after a turn (deadlines, a bot
seat, a GM's correction), games of manual dice and turns run with the GM's own file, each an old-format game the
old code made (``tests/fixtures/old-format/README.md``), go on and verify; a converted folder is refused in one
line; a failed conversion leaves every byte; a GM's ordinary command upgrades an old folder once.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from adjudicator.dampfross.app import convert
from adjudicator.dampfross.app.oldformat import OldGame
from adjudicator.dampfross.game import gamefile
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.play import DampfrossPlay
from adjudicator.kernel.errors import AdjudicatorError
from adjudicator.kernel.table import Table
from adjudicator.postal.moves import MovesDir
from adjudicator.postal.moveverify import verify
from tests.conftest import BERND, Trial, old_trial
from tests.helpers import invoke

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "old-format"
GOLDEN = FIXTURES / "example"
"""The example game (``tests/golden/example``) as the old format wrote it."""


def records(game: Path) -> list[dict[str, Any]]:
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted((game / "archive").glob("step-*/record.json"))]


def checked(game: Path) -> list[str]:
    """The session's verify of a converted game (every check must pass), its lines."""
    said = verify(MovesDir(game), convert.converted_play(game), None)
    assert all(ok for ok, _ in said), [line for ok, line in said if not ok]
    return [line for _, line in said]


def snapshot(root: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``root`` with its bytes and mode, and every folder (its mode)."""
    return {str(p.relative_to(root)): (p.read_bytes() if p.is_file() else b"<dir>", p.stat().st_mode)
            for p in sorted(root.rglob("*"))}


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the example game, converted."""
    where = tmp_path_factory.mktemp("example") / "demo"
    shutil.copytree(GOLDEN, where)
    said = invoke("upgrade", str(where)).output
    assert "converted to a game of the one session (play dampfross): 7 turns" in said
    return where


def test_the_example_converted_verifies_with_the_session(example: Path) -> None:
    lines = checked(example)
    assert "step-000: opening converted from the old format: chained, not set up again (its game's own new)" in lines
    assert sum("move resolved again: the same" in line for line in lines) == 7
    assert invoke("verify", str(example)).output.count("FAILED") == 0  # through the registry: the same verify


def test_every_report_is_the_old_one_byte_for_byte(example: Path) -> None:
    for n in range(8):
        assert (example / "reports" / f"move-{n:03d}.txt").read_bytes() == \
            (GOLDEN / "reports" / f"turn-{n:03d}.txt").read_bytes(), n


def test_the_state_after_each_turn_is_the_old_one(example: Path) -> None:
    """Each period's game-after holds the old state after the turn: equal but for the chain (the session's) and the
    schedule (the table's alone); the table counts the turns run."""
    old = OldGame(GOLDEN)
    moves = [(p, r) for p in sorted((example / "archive").glob("step-*"))
             if (r := json.loads((p / "record.json").read_text()))["kind"] == "move"]
    assert [r["move"] for _, r in moves] == list(range(1, 8))
    for step, record in moves:
        doc = json.loads((step / "game-after.json").read_text(encoding="utf-8"))
        new = gamefile.from_json(doc["state"])
        archived = json.loads(old.archived_text(old.archive_path(record["move"]), "after"))
        was = gamefile.from_json(archived)
        assert gamefile.holds_doc(archived, replace(new, chain=was.chain, schedule=was.schedule)), record["move"]
        assert Table.from_json(doc["table"], "").moves == record["move"]
        assert record["by"] == "converted" and record["converted"] == f"turn-{record['move']:03d}"
        mails = sorted(p.name for p in step.glob("mail-*.txt"))
        assert mails == sorted(f"mail-{p.id}.txt" for p in was.players)  # each company's report mail


def test_the_table_comes_from_the_players(example: Path) -> None:
    doc = json.loads((example / "game.json").read_text(encoding="utf-8"))
    table = Table.from_json(doc["table"], "")
    state = gamefile.from_json(json.loads((GOLDEN / "game.json").read_text(encoding="utf-8")))
    assert doc["play"] == "dampfross" and table.game == state.game_id
    assert [(s.id, s.name, s.address, s.password_hash) for s in table.seats] == \
        [(p.id, p.name, p.email, p.password_hash) for p in state.players]
    assert table.gm_password_hash == state.gm_password_hash and table.commitment == state.dice_commitment
    assert "schedule" not in doc["state"] and doc["state"].get("chain") is None  # the table's, the session's


def test_nothing_is_lost(example: Path) -> None:
    """The old files are kept read-only under old-format/, byte for byte; the conversion's last step names the
    SHA-256 of the old game.json (the end of the old chain) and every old step; the seed is the old one."""
    from adjudicator.postal.files import sha256

    old = example / convert.OLD
    for path in GOLDEN.rglob("*"):
        if path.is_file() and path.name != ".lock":
            kept = old / path.relative_to(GOLDEN)
            assert kept.read_bytes() == path.read_bytes(), kept
            assert not kept.stat().st_mode & 0o222, kept
    last = records(example)[-1]
    assert last["kind"] == "converted"
    assert last["old_game_sha256"] == sha256((GOLDEN / "game.json").read_text(encoding="utf-8"))
    assert last["old_steps"] == [f"turn-{n:03d}" for n in range(8)]
    old_chain = json.loads((GOLDEN / "game.json").read_text(encoding="utf-8"))["chain"]
    assert last["old_chain"] == {"previous": old_chain["previous"], "inputs": old_chain["inputs"]}
    assert (example / "seed.txt").read_text() == (GOLDEN / "seed.secret").read_text()


def test_a_converted_folder_is_refused_in_one_line(example: Path) -> None:
    before = snapshot(example)
    result = invoke("upgrade", str(example), ok=False)
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert result.output.startswith("error: upgrade: ") and "already" in result.output
    assert snapshot(example) == before


@pytest.mark.parametrize("where", ["build", "mails", "snapshot"])
def test_a_failed_conversion_leaves_every_byte(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    game = tmp_path / "demo"
    shutil.copytree(GOLDEN, game)
    before = snapshot(game)

    def fail(*args: Any, **kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(convert, {"build": "_turn", "mails": "_told",
                                  "snapshot": "_snapshot_old"}[where], fail)
    with pytest.raises(AdjudicatorError, match="No space left on device"):  # one line, as every error
        convert.upgrade(str(game))
    assert snapshot(game) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo"]  # nothing left beside it


def test_a_turn_that_does_not_come_out_the_same_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A play that resolves a turn otherwise than the old run did: the upgrade names the turn, changes nothing."""
    game = tmp_path / "demo"
    shutil.copytree(GOLDEN, game)
    before = snapshot(game)
    real = convert.resolved

    def other(play: Any, state: Any, sections: Any, seed: str) -> Any:
        after, orders = real(play, state, sections, seed)
        return (replace(after, turn=after.turn + 1) if state.turn == 3 else after), orders

    monkeypatch.setattr(convert, "resolved", other)
    result = invoke("upgrade", str(game), ok=False)
    assert result.output.startswith("error: turn-003: the turn resolved again by the play is not the state") \
        and result.output.count("\n") == 1
    assert snapshot(game) == before


# --- games run by mail ------------------------------------------------------------------------------------------
# Each an old-format game the old code made (tests/fixtures/old-format/README.md says how), copied to the test's
# folder and run by mail from a Maildir of its own.

def old_game(where: Path, name: str) -> Trial:
    """A copy of the old-format game ``name`` run by mail (``tests/conftest.py: old_trial``)."""
    return old_trial(where, name)


def old_state(name: str) -> GameState:
    """The state of the old-format game ``name`` (its ``game.json``, the whole state with its own chain)."""
    return gamefile.loads((FIXTURES / name / "game.json").read_text(encoding="utf-8"), trusted=True)


def _sent(trial: Trial) -> dict[str, bytes]:
    """Every mail written (queued or sent), by name."""
    return {p.name: p.read_bytes() for box in ("outbox", "sent", "undeliverable")
            for p in (trial.game / "mail" / box).glob("*.eml")}


def test_a_game_converted_in_the_middle_of_a_turn_goes_on(tmp_path: Path) -> None:
    """RED's orders and the GM's section were counted by the old robot (their receipts); the game is converted;
    BLUE mails his orders; at the deadline the turn is resolved by the one session with all three, and each company
    gets its report once."""
    trial = old_game(tmp_path, "mid-turn")
    mails = _sent(trial)
    assert any(n.startswith("opening-RED") for n in mails) and any(n.startswith("receipt-") for n in mails)
    invoke("upgrade", str(trial.game))
    assert trial.counted("RED") and not trial.counted("BLUE")  # RED's counted section accepted by the session
    doc = json.loads((trial.game / "game.json").read_text(encoding="utf-8"))
    assert list(doc["table"]["orders"]) == ["RED"] and doc["table"]["orders"]["RED"]["lines"] == ["START Hamburg"]
    assert [(r["kind"], r.get("seat")) for r in records(trial.game)] == \
        [("opening", None), ("orders", "RED"), ("orders", "GM"), ("converted", None)]
    assert doc["table"]["gm"]["lines"] == ["HOLD PRESS RED"]
    assert doc["table"]["schedule"]["due"].startswith("2026-12-04T18:00")
    checked(trial.game)
    trial.tick("2026-12-01T10:00+00:00")  # nothing new: nothing is sent again
    assert _sent(trial) == mails
    trial.deliver(BERND, trial.envelope("BLUE") + trial.orders("BLUE"), "2026-12-02T09:00+00:00", "blue")
    trial.tick("2026-12-04T18:05+00:00")
    state = DampfrossPlay().load(json.loads((trial.game / "game.json").read_text(encoding="utf-8"))["state"])
    assert state.turn == 2
    assert [r.get("gm") for r in records(trial.game) if r["kind"] == "move"] == [records(trial.game)[2]["mail"]]
    assert (state.player("RED").start_town, state.player("BLUE").start_town) == ("Hamburg", "Berlin")
    now = _sent(trial)
    assert {n: b for n, b in now.items() if n in mails} == mails
    assert sorted(n for n in now if n.startswith("move-")) == ["move-001-BLUE.eml", "move-001-RED.eml"]
    assert not [n for n in now if n.startswith("opening-") and n not in mails]
    checked(trial.game)


def test_a_game_with_deadlines_converted_after_a_turn_sends_nothing_twice(tmp_path: Path) -> None:
    """Turn 1 run by the old robot at its deadline, its reports mailed; converted, the session owes none of them
    again (the old names are known under the session's), and the next deadline is the table's."""
    trial = old_game(tmp_path, "after-turn")
    mails = _sent(trial)
    assert {"report-001-RED.eml", "report-001-BLUE.eml"} <= set(mails)
    old = old_state("after-turn")
    assert old.turn == 2
    invoke("upgrade", str(trial.game))
    checked(trial.game)
    doc = json.loads((trial.game / "game.json").read_text(encoding="utf-8"))
    assert old.schedule is not None and Table.from_json(doc["table"], "").schedule == old.schedule
    assert (trial.game / "reports" / "move-001.txt").read_bytes() == \
        (trial.game / "old-format" / "reports" / "turn-001.txt").read_bytes() == \
        (FIXTURES / "after-turn" / "reports" / "turn-001.txt").read_bytes()
    move = next(p for p in sorted((trial.game / "archive").glob("step-*"))
                if json.loads((p / "record.json").read_text())["kind"] in ("move", "missed"))
    record = json.loads((move / "record.json").read_text())
    assert record["missed"] == ["BLUE"] and record["at"].startswith("2026-12-04T18:05")
    assert Table.from_json(doc["table"], "").missed_by("BLUE") == old.player("BLUE").missed == 1
    from adjudicator.postal.outbox import Outbox

    assert (move / "mail-RED.txt").read_text(encoding="utf-8") == Outbox(MovesDir(trial.game)).text("report-001-RED")
    alias = json.loads((trial.game / "mail" / "sent" / "move-001-RED.json").read_text())
    assert alias["alias_of"] == "report-001-RED" and alias["converted"]
    trial.tick("2026-12-05T08:00+00:00")
    assert {n: b for n, b in _sent(trial).items() if n.endswith(".eml")} == mails  # nothing sent twice
    checked(trial.game)


def test_a_game_with_a_bot_seat_converts(tmp_path: Path) -> None:
    """BLUE a bot seat: its orders of each turn (written by the old robot's bot) are kept as orders steps that
    verify reads again: ``bot`` when the session's bot writes the same lines from the seed (and verify writes them
    again), ``old_bot`` when it draws from another random source."""
    game = old_game(tmp_path, "bot-seat").game
    assert old_state("bot-seat").player("BLUE").bot == "careful" and old_state("bot-seat").turn == 2
    invoke("upgrade", str(game))
    kinds = [(r["kind"], r.get("seat"), r.get("bot") or r.get("old_bot")) for r in records(game)]
    assert ("orders", "BLUE", "careful") in kinds and ("orders", "RED", None) in kinds
    table = Table.from_json(json.loads((game / "game.json").read_text())["table"], "")
    assert table.seat("BLUE").bot == "careful" and not table.seat("BLUE").address
    assert not (game / "mail" / "sent" / "move-001-BLUE.json").exists()  # a bot reads no mail
    checked(game)


def test_a_game_after_a_gm_correction_converts(tmp_path: Path) -> None:
    """A balance corrected and a company's address changed by the GM: each kept as the play's own correction (``fix``
    ``play``, the Dampfross correction in its record, ``dampfross/play.py: DampfrossPlay.correct``) that verify applies again, the
    address also set in the table's seat."""
    trial = old_game(tmp_path, "gm-correction")
    old = old_state("gm-correction")
    assert [c.kind for c in old.corrections] == ["balance", "address"]
    invoke("upgrade", str(trial.game))
    fixes = [r for r in records(trial.game) if r["kind"] == "fix"]
    assert [(f["fix"], f["what"]) for f in fixes] == [("play", "balance"), ("play", "address")]
    assert fixes[0]["why"] == "a fee charged twice" and fixes[-1]["set"] == {"address": "bernd@example.com"}
    lines = checked(trial.game)
    assert sum("fix done again: the same" in line for line in lines) == 2  # the Dampfross correction applied again
    loaded = MovesDir(trial.game).load(DampfrossPlay())
    assert loaded.state.player("RED").balance == old.player("RED").balance
    assert loaded.table.seat("BLUE").address == "bernd@example.com"


def test_the_gm_commands_of_a_converted_game_are_the_one_sessions(tmp_path: Path) -> None:
    """Until the registry names the play, Dampfross's commands of a converted folder are the session's: status
    names whose orders are in, a deadline extended and undone, the seed revealed."""
    trial = old_game(tmp_path, "mid-turn")
    invoke("upgrade", str(trial.game))
    g = str(trial.game)
    assert "RED" in invoke("status", g).output
    assert json.loads(invoke("status", g, "--json").output)["game"] == "g"
    invoke("deadline", "extend", g, "1d", "--why", "a holiday")
    assert records(trial.game)[-1]["kind"] == "deadline"
    invoke("undo", g)
    assert records(trial.game)[-1]["kind"] == "converted"
    assert invoke("reveal", g).output.strip() == (trial.game / "seed.txt").read_text().strip()
    checked(trial.game)


def test_a_company_the_caretaker_plays_stays_the_caretakers(tmp_path: Path) -> None:
    """The GM handed BLUE to the caretaker in the old format: the converted table's seat is the caretaker's (the
    play's own correction, its ``level`` the table's), and verify does it again."""
    trial = old_game(tmp_path, "caretaker")
    level = old_state("caretaker").player("BLUE").caretaker
    assert level
    invoke("upgrade", str(trial.game))
    fixes = [r for r in records(trial.game) if r["kind"] == "fix"]
    assert [(f["fix"], f["what"], f["level"]) for f in fixes] == [("play", "caretaker", level)]
    table = MovesDir(trial.game).load(DampfrossPlay()).table
    assert table.seat("BLUE").caretaker == level and table.missed_by("BLUE") == 1
    checked(trial.game)


def test_an_upgrade_killed_while_it_built_or_swapped_is_finished_the_next_time(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Killed while it built (its half-built folder beside the game): the game is as it was, and the next upgrade
    builds again.  Killed between the two renames of the swap (the game's folder moved aside, the new one whole):
    the next upgrade puts the new one in place."""
    game = tmp_path / "demo"
    shutil.copytree(GOLDEN, game)
    (tmp_path / ".demo.upgrade" / "archive").mkdir(parents=True)  # what a killed build left
    renames: list[tuple[Any, Any]] = []
    real = os.rename

    def rename(a: Any, b: Any) -> None:
        renames.append((a, b))
        if len(renames) == 2:
            raise KeyboardInterrupt  # killed between the renames
        real(a, b)

    monkeypatch.setattr(os, "rename", rename)
    with pytest.raises(KeyboardInterrupt):
        convert.upgrade(str(game))
    monkeypatch.setattr(os, "rename", real)
    assert not game.exists() and (tmp_path / ".demo.old").is_dir()
    assert "is finished" in invoke("upgrade", str(game)).output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo"]
    checked(game)


def test_a_turn_with_the_gms_section_converts(tmp_path: Path) -> None:
    """The GM's own section in a mail of turn 1 (``PLAYER GM PASSWORD``, HOLD PRESS): kept as the session keeps one
    (a step of kind orders with ``gm``), and the turn resolved again with it."""
    trial = old_game(tmp_path, "gm-section")
    assert old_state("gm-section").turn == 2
    invoke("upgrade", str(trial.game))
    gm = [r for r in records(trial.game) if r.get("gm") is True]
    assert len(gm) == 1 and gm[0]["seat"] == "GM" and gm[0]["kind"] == "orders"
    move = next(r for r in records(trial.game) if r["kind"] in ("move", "missed"))
    assert move["gm"] == gm[0]["mail"]
    lines = checked(trial.game)
    assert any("the GM's section read again: the same" in line for line in lines)


def test_a_correction_the_play_does_not_make_again_is_kept_as_its_position(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """When the play cannot make a correction again as the old format made it, the state it gave is kept as a
    position, and verify says on its line that the correction is not applied again (never silently): the balance
    corrected and the address changed, each a position (the address also set in the table's seat)."""
    trial = old_game(tmp_path, "gm-correction")
    monkeypatch.setattr(convert, "corrections_of", lambda play: None)
    invoke("upgrade", str(trial.game))
    assert [r.get("fix") for r in records(trial.game) if r["kind"] == "fix"] == ["position", "position", "seat"]
    lines = checked(trial.game)
    assert sum("the correction NOT applied again: the same" in line for line in lines) == 2
    loaded = MovesDir(trial.game).load(DampfrossPlay())
    assert loaded.state.player("RED").balance == old_state("gm-correction").player("RED").balance
    assert loaded.table.seat("BLUE").address == "bernd@example.com"


def test_a_seed_that_does_not_match_the_commitment_is_refused(tmp_path: Path) -> None:
    game = tmp_path / "demo"
    shutil.copytree(GOLDEN, game)
    (game / "seed.secret").write_text("00" * 32 + "\n", encoding="utf-8")
    before = snapshot(game)
    result = invoke("upgrade", str(game), ok=False)
    assert "the seed does not match the commitment" in result.output and result.output.count("\n") == 1
    assert snapshot(game) == before


# --- the GM's dice and files -------------------------------------------------------------------------------------

def _gm_steps(game: Path) -> list[tuple[dict[str, Any], list[str]]]:
    """The GM's sections the converted archive keeps (steps of kind orders with ``gm``), each with its lines."""
    return [(r, (p / "orders.txt").read_text(encoding="utf-8").splitlines())
            for p in sorted((game / "archive").glob("step-*"))
            if (r := json.loads((p / "record.json").read_text(encoding="utf-8"))).get("gm") is True]


def _same_reports(game: Path, name: str, turns: int) -> None:
    """Every public report of the converted game is the old one byte for byte."""
    for n in range(turns + 1):
        assert (game / "reports" / f"move-{n:03d}.txt").read_bytes() == \
            (FIXTURES / name / "reports" / f"turn-{n:03d}.txt").read_bytes(), n


def test_a_game_of_manual_dice_converts_and_goes_on(tmp_path: Path) -> None:
    """A game of manual dice (no seed): each turn's GM lines, from his own file (``run --gm``, turn 1: ROLL) and from
    his section of an order file (``GM PASSWORD``, turn 2: the race's RACE and MOVES, in German), kept as the session
    keeps the GM's section (a step of kind orders with ``gm``, reading 136), so verify plays every turn again with
    his dice; the reports are the old ones byte for byte; the next turn is run by the session with his section."""
    game = tmp_path / "g"
    shutil.copytree(FIXTURES / "manual-dice", game)
    assert old_state("manual-dice").dice_mode == "manual" and not (game / "seed.secret").exists()
    invoke("upgrade", str(game))
    gm = _gm_steps(game)
    assert [(r["move"], r["file"], r["mail"], lines) for r, lines in gm] == [
        (1, "gm1.orders", "", ["ROLL RED 6", "ROLL BLUE 1"]),
        (2, "t2.orders", "", ["RENNEN 1 VON Nordstadt NACH Südheim", "MOVES 1 RED 3 2", "WUERFE 1 BLUE 6"])]
    lines = checked(game)
    assert lines[0].startswith("no dice seed and no commitment: the GM gives every die")
    assert sum("the GM's section read again: the same" in line for line in lines) == 2
    assert sum("move resolved again: the same" in line for line in lines) == 2
    _same_reports(game, "manual-dice", 2)
    assert (game / "seed.txt").read_text() == "\n"  # as new writes a game of manual dice
    pw = MovesDir(game).read_passwords()
    race = "ENTER 2 ROUTE Südheim - 0306 - 0405 - 0404 - 0403 - Nordstadt"
    (tmp_path / "t3.orders").write_text(
        f"GAME g\nTURN 3\nPLAYER RED PASSWORD {pw['RED']}\n{race}\nPLAYER BLUE PASSWORD {pw['BLUE']}\n{race}\n"
        f"GM PASSWORD {pw['GM']}\nRACE 2 FROM Südheim TO Nordstadt\nMOVES 2 RED 6\nMOVES 2 BLUE 2 3\n",
        encoding="utf-8")
    assert "THE GAME IS OVER: RED (RED) wins, all 2 races are run." in \
        invoke("run", str(tmp_path / "t3.orders"), "--game", str(game), "--now", "2026-12-15T10:00+00:00").output
    assert [r["move"] for r, _ in _gm_steps(game)] == [1, 2, 3]
    assert sum("move resolved again: the same" in line for line in checked(game)) == 3


def test_a_turn_run_with_the_gms_own_file_converts(tmp_path: Path) -> None:
    """A turn run with the GM's own file (``run --gm FILE``: a bare ``GM`` line, no password) in a game of committed
    dice: his lines kept as the session keeps his section, the turn resolved again with them, the report the old one
    byte for byte."""
    game = tmp_path / "g"
    shutil.copytree(FIXTURES / "gm-file", game)
    invoke("upgrade", str(game))
    gm = _gm_steps(game)
    assert [(r["move"], r["file"], lines) for r, lines in gm] == [(1, "gm1.orders", ["HOLD PRESS RED"])]
    move = next(r for r in records(game) if r["kind"] == "move")
    assert move["gm"] == gm[0][0]["mail"]
    lines = checked(game)
    assert lines[0] == "the seed matches the commitment published at the start"
    assert any("the GM's section read again: the same" in line for line in lines)
    _same_reports(game, "gm-file", 1)


def test_a_gms_ordinary_command_upgrades_an_old_folder_once(tmp_path: Path) -> None:
    """Every command upgrades an old-format folder first (``dampfross/app/gm.py: commands_of``): ``status`` on a copy
    of the old example converts it, tells the GM on standard error (the standard output is the status alone, as of
    the converted game), and a second command finds a game of the one session and upgrades nothing."""
    game = tmp_path / "demo"
    shutil.copytree(GOLDEN, game)
    assert convert.is_old_format(game)
    first = invoke("status", str(game))
    assert first.stderr.count("converted to a game of the one session (play dampfross): 7 turns") == 1
    assert "converted" not in first.stdout and first.stdout.startswith("Game demo, turn 8 (over)\n")
    assert first.stdout.endswith("\nThe game is over.\n")
    assert not convert.is_old_format(game) and json.loads((game / "game.json").read_text())["play"] == "dampfross"
    assert [r["kind"] for r in records(game)].count("converted") == 1
    checked(game)
    converted = snapshot(game)
    second = invoke("status", str(game))
    assert second.stderr == "" and second.stdout == first.stdout
    assert snapshot(game) == converted  # nothing upgraded, nothing written
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo"]


def test_the_converter_reads_the_old_format_without_the_old_stack(tmp_path: Path) -> None:
    """The old format's writer and robot are gone (issue 34): the converter reads an old folder by itself
    (``oldformat.py``), so an upgrade runs and verifies with none of the old stack's modules importable."""
    import subprocess
    import sys

    game = tmp_path / "demo"
    shutil.copytree(GOLDEN, game)
    gone = ("postal", "receipts", "mailcommands", "gmmails", "deadlines", "archive", "verify", "fix", "store", "run")
    script = (
        "import sys\n"
        f"for m in {gone!r}:\n"
        "    sys.modules['adjudicator.dampfross.app.' + m] = None\n"
        "from adjudicator.dampfross.app import convert\n"
        "from adjudicator.postal.moves import MovesDir\n"
        "from adjudicator.postal.moveverify import verify\n"
        f"print(convert.upgrade({str(game)!r}))\n"
        f"print(all(ok for ok, _ in verify(MovesDir({str(game)!r}), convert.converted_play({str(game)!r}), None)))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False,
                          cwd=Path(__file__).resolve().parent.parent)
    assert done.returncode == 0, done.stderr
    assert "converted to a game of the one session (play dampfross): 7 turns" in done.stdout
    assert done.stdout.splitlines()[-1] == "True"
