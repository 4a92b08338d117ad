"""``adjudicate run FILE... --game DIR`` of a game of simultaneous turns (``app/moverun.py``; issue 34): the GM
resolves the period on hand from order files, on the one session, with the steps the mail makes, so ``verify`` and
``undo`` hold; nothing is written by a dry run or a run refused."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import ANNA, Trial, make_trial
from tests.helpers import invoke

NOW = "2026-12-02T10:00+00:00"


def _files(trial: Trial, tmp: Path, **throws: str) -> list[str]:
    out = []
    for seat, throw in throws.items():
        path = tmp / f"{seat.lower()}.txt"
        path.write_text(trial.envelope(seat) + f"{throw}\n", encoding="utf-8")
        out.append(str(path))
    return out


def _tree(game: Path) -> dict[str, bytes]:
    return {p.relative_to(game).as_posix(): p.read_bytes() for p in sorted(game.rglob("*")) if p.is_file()}


def _records(game: Path) -> list[dict[str, object]]:
    return [json.loads(p.read_text()) for p in sorted((game / "archive").glob("step-*/record.json"))]


def test_the_gm_resolves_a_period_from_order_files_and_verify_plays_it_again(tmp_path: Path):
    trial = make_trial(tmp_path, "rps")
    result = invoke("run", *_files(trial, tmp_path, RED="ROCK", BLUE="SCISSORS"), "--game", str(trial.game),
                    "--now", NOW)
    assert "RPS g, round 1: RED rock, BLUE scissors." in result.stdout and "RED wins the round." in result.stdout
    assert "period 1 resolved" in result.stderr
    kinds = [(r["kind"], r.get("seat"), r.get("file")) for r in _records(trial.game)]
    assert kinds[-3:] == [("orders", "RED", "red.txt"), ("orders", "BLUE", "blue.txt"), ("move", "", None)]
    assert _records(trial.game)[-1]["by"] == "gm" and _records(trial.game)[-1]["at"] == "2026-12-02T10:00:00+00:00"
    state = trial.state()
    assert state["table"]["moves"] == 1 and state["state"]["wins"] == [1, 0]
    assert state["table"]["schedule"]["due"] == "2026-12-11T18:00:00+00:00"  # the rhythm kept (reading 135)
    assert invoke("verify", str(trial.game)).exit_code == 0
    trial.tick("2026-12-02T10:05+00:00")  # the report goes to each player by mail, as after a period by mail
    assert any("RED wins the round." in m.get_body(("plain",)).get_content()
               for _, m in trial.mails(ANNA, "move-001"))
    invoke("undo", str(trial.game))
    assert trial.state()["table"]["moves"] == 0


def test_a_seat_without_orders_gets_what_missing_says_and_a_wrong_password_is_told(tmp_path: Path):
    trial = make_trial(tmp_path, "rps")
    bad = tmp_path / "bad.txt"
    bad.write_text("GAME g\nPLAYER BLUE PASSWORD nonsense\nPAPER\nPLAYER NOBODY PASSWORD x\nROCK\n", encoding="utf-8")
    result = invoke("run", *_files(trial, tmp_path, RED="ROCK"), str(bad), "--game", str(trial.game), "--now", NOW)
    assert f"{bad}:2: BLUE: wrong password; not counted" in result.stderr
    assert f"{bad}:4: PLAYER NOBODY: the game has no such player; not counted" in result.stderr
    assert "RED rock, BLUE nothing" in result.stdout  # BLUE had no throw before: missing gives none
    assert _records(trial.game)[-1]["missed"] == ["BLUE"]
    assert invoke("verify", str(trial.game)).exit_code == 0


def test_trust_counts_sections_without_their_passwords_and_the_last_section_of_a_seat_counts(tmp_path: Path):
    trial = make_trial(tmp_path, "rps")
    typed = tmp_path / "typed.txt"
    typed.write_text("PLAYER RED PASSWORD -\nPAPER\nPLAYER BLUE PASSWORD -\nROCK\nPLAYER RED PASSWORD -\nSCISSORS\n",
                     encoding="utf-8")
    result = invoke("run", str(typed), "--game", str(trial.game), "--trust", "--now", NOW)
    assert "RED scissors, BLUE rock" in result.stdout
    assert invoke("verify", str(trial.game)).exit_code == 0


def test_orders_given_by_mail_stand_unless_a_file_replaces_them(tmp_path: Path):
    trial = make_trial(tmp_path, "rps")
    trial.deliver(ANNA, trial.envelope("RED") + "PAPER\n", "2026-12-01T09:00+00:00")
    trial.tick("2026-12-01T09:05+00:00")
    result = invoke("run", *_files(trial, tmp_path, BLUE="ROCK"), "--game", str(trial.game), "--now", NOW)
    assert "RED paper, BLUE rock" in result.stdout and "RED wins the round." in result.stdout


def test_a_dry_run_and_a_refused_run_write_nothing(tmp_path: Path):
    trial = make_trial(tmp_path, "rps")
    before = _tree(trial.game)
    result = invoke("run", *_files(trial, tmp_path, RED="ROCK", BLUE="PAPER"), "--game", str(trial.game),
                    "--dry-run", "--now", NOW)
    assert "BLUE wins the round." in result.stdout and "(dry run: nothing written)" in result.stderr
    assert _tree(trial.game) == before
    refused = invoke("run", str(tmp_path / "missing.txt"), "--game", str(trial.game), "--now", NOW, ok=False)
    assert refused.exit_code == 1 and refused.output.startswith("error: ") and "missing.txt" in refused.output
    assert "Traceback" not in refused.output and _tree(trial.game) == before


def test_a_game_of_sequential_moves_has_no_run(tmp_path: Path):
    trial = make_trial(tmp_path, "takeaway")
    result = invoke("run", *_files(trial, tmp_path, RED="TAKE 2"), "--game", str(trial.game), ok=False)
    assert result.exit_code == 1 and result.output.startswith("error: run: a takeaway game has no ")
