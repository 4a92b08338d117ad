"""End-of-game statements in every game of the platform's session (issue 34; ``postal/statements.py``): after the last
period a section with the right password is its seat's statement until the statements' deadline (``--statements``),
the last one of a seat counts, each is a sealed step of kind ``statement``; at the deadline every seat with an
address gets one mail of them all, once; later a section is answered ``over`` (reading 133 of docs/rules.md).
Against the tests' take-away (sequential moves) and rock-paper-scissors (simultaneous turns)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ANNA, BERND, Trial, make_trial
from tests.helpers import invoke
from tests.mailservers import text_of

KINDS = ("takeaway", "rps")


def _records(trial: Trial) -> list[dict[str, Any]]:
    return [json.loads(p.read_text()) for p in sorted((trial.game / "archive").glob("step-*/record.json"))]


def _texts(trial: Trial, to: str, prefix: str = "") -> str:
    return "\n".join(text_of(m) for _, m in trial.mails(to, prefix))


def _finish(trial: Trial) -> str:
    """Play the game to its end on 2026-12-01 (RED wins); the time of its last period."""
    if trial.kind == "rps":
        invoke("deadline", "set", str(trial.game), "--early")
        for n, hour in enumerate(("09", "10")):
            trial.deliver(ANNA, trial.envelope("RED") + "ROCK\n", f"2026-12-01T{hour}:00+00:00", f"red {n}")
            trial.deliver(BERND, trial.envelope("BLUE") + "SCISSORS\n", f"2026-12-01T{hour}:01+00:00", f"blue {n}")
            trial.tick(f"2026-12-01T{hour}:05+00:00")
        assert trial.state()["state"]["over"]
        return "2026-12-01T10:01:00+00:00"
    for n in range(12):
        seat, who = ("RED", ANNA) if n % 2 == 0 else ("BLUE", BERND)
        when = f"2026-12-01T{9 + n:02d}:00+00:00"
        trial.deliver(who, trial.envelope(seat) + "TAKE 3\n", when, f"take {n}")
        trial.tick(f"2026-12-01T{9 + n:02d}:05+00:00")
        if trial.state()["state"].get("winner"):
            return when.replace("+00:00", ":00+00:00")
    raise AssertionError("take-away did not end")


@pytest.fixture(params=KINDS)
def ended(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Trial, str]:
    """A game of ``--statements 3d`` played to its end; the statements' deadline."""
    trial = make_trial(tmp_path, request.param)
    invoke("deadline", "set", str(trial.game), "--statements", "3d")
    last = _finish(trial)
    due = trial.state()["table"]["schedule"]["due"]
    assert due == last.replace("2026-12-01", "2026-12-04")  # three days after the last period
    return trial, due


def _state(trial: Trial, seat: str, text: str, when: str, subject: str) -> None:
    trial.deliver(ANNA if seat == "RED" else BERND, trial.envelope(seat) + text, when, subject)


def test_statements_are_archived_and_mailed_to_every_seat_once_at_the_deadline(ended: tuple[Trial, str]):
    trial, due = ended
    _state(trial, "RED", "Well played, Bernd.\n", "2026-12-02T09:00+00:00", "first")
    trial.tick("2026-12-02T09:05+00:00")
    _state(trial, "RED", "Well played, Bernd!\n\nSee you in the next game.\n", "2026-12-02T10:00+00:00", "second")
    _state(trial, "BLUE", "Congratulations, Anna.\n", "2026-12-02T11:00+00:00", "blue")
    out = trial.tick("2026-12-02T11:05+00:00")
    assert "end-of-game statement of BLUE" in out
    said = [r for r in _records(trial) if r["kind"] == "statement"]
    assert [r["seat"] for r in said] == ["RED", "RED", "BLUE"] and all(r["mail"] and r["line"] for r in said)
    steps = sorted((trial.game / "archive").glob("step-*"))
    assert (steps[-2] / "statement.txt").read_text() == "Well played, Bernd!\n\nSee you in the next game.\n"
    receipt = _texts(trial, ANNA, "receipt-mail-")
    if trial.kind == "rps":  # the play's own words (``kernel/play.py: Statements``)
        assert "Your last word is in: Well played, Bernd!\n\nSee you in the next game." in receipt
    else:  # the platform's
        assert "Your end-of-game statement is received; on Fri 4 Dec 2026" in receipt and "See you in the" in receipt
    assert not trial.mails(None, "statements-")  # not before the deadline
    _state(trial, "BLUE", "Too late.\n", due.replace(":00+00:00", ":30+00:00"), "late")
    out = trial.tick("2026-12-05T12:00+00:00")
    assert "end-of-game statements queued" in out
    assert "The game is over." in _texts(trial, BERND, "receipt-")  # after the deadline: over, nothing kept
    assert [r["kind"] for r in _records(trial)].count("statement") == 3
    for who in (ANNA, BERND):
        mails = trial.mails(who, "statements-")
        assert len(mails) == 1
        text = text_of(mails[0][1])
        if trial.kind == "rps":
            assert text == ("Last words of RPS g:\nRED: Well played, Bernd! / See you in the next game.\n"
                            "BLUE: Congratulations, Anna.\n")
        else:
            assert text.startswith("End-of-game statements, Take-away game g") and "RED (Anna)" in text
            assert "BLUE (Bernd)\n------------\nCongratulations, Anna." in text and \
                "Well played, Bernd!\n\nSee you in the next game." in text
        assert "Well played, Bernd.\n" not in text and "Too late" not in text
        assert "end-of-game statements" in str(mails[0][1]["Subject"])
    trial.tick("2026-12-06T12:00+00:00")
    assert len(trial.mails(None, "statements-")) == 2  # once
    checked = invoke("verify", str(trial.game)).output
    assert "statement of BLUE: the game unchanged" in checked and "FAILED" not in checked


def test_a_statement_read_in_the_tick_after_its_deadline_is_in_the_mail(ended: tuple[Trial, str]):
    """A mail that arrived before the deadline counts, whenever cron reads it: the statements' mail is queued once
    every mail of the tick was read."""
    trial, _due = ended
    _state(trial, "BLUE", "gg\n", "2026-12-03T09:00+00:00", "gg")
    trial.tick("2026-12-05T09:00+00:00")
    assert "BLUE: gg" in _texts(trial, ANNA, "statements-") if trial.kind == "rps" else \
        "BLUE (Bernd)\n------------\ngg" in _texts(trial, ANNA, "statements-")


def test_nobody_stated_and_a_game_without_statements_answers_over(tmp_path: Path):
    with_them = make_trial(tmp_path / "with", "takeaway")
    invoke("deadline", "set", str(with_them.game), "--statements", "1d")
    _finish(with_them)
    with_them.tick("2026-12-03T09:00+00:00")
    assert "No player sent a statement." in _texts(with_them, ANNA, "statements-")
    without = make_trial(tmp_path / "without", "rps")
    _finish(without)
    assert without.state()["table"]["schedule"].get("due") is None
    _state(without, "RED", "gg\n", "2026-12-02T09:00+00:00", "gg")
    without.tick("2026-12-02T09:05+00:00")
    assert "The game is over." in _texts(without, ANNA, "receipt-mail-")
    assert not [r for r in _records(without) if r["kind"] == "statement"] and not without.mails(None, "statements-")


def test_undo_takes_a_statement_back_and_verify_names_one_changed(ended: tuple[Trial, str]):
    trial, _due = ended
    _state(trial, "RED", "One.\n", "2026-12-02T09:00+00:00", "one")
    _state(trial, "RED", "Two.\n", "2026-12-02T10:00+00:00", "two")
    trial.tick("2026-12-02T10:05+00:00")
    assert invoke("undo", str(trial.game)).output.startswith("step statement taken back")
    assert invoke("verify", str(trial.game)).exit_code == 0
    trial.tick("2026-12-05T10:05+00:00")
    assert "One." in _texts(trial, BERND, "statements-") and "Two." not in _texts(trial, BERND, "statements-")
    last = sorted((trial.game / "archive").glob("step-*"))[-1] / "statement.txt"
    last.chmod(0o600)
    last.write_text("Something else.\n")
    result = invoke("verify", str(trial.game), ok=False)
    assert result.exit_code == 1 and f"archive/{last.parent.name}/statement.txt was changed" in result.output


def test_a_killed_tick_archives_a_statement_once(ended: tuple[Trial, str], monkeypatch: pytest.MonkeyPatch):
    from adjudicator.app import plays
    from adjudicator.postal import robot, turns
    from adjudicator.postal.loop import Tick
    from tests.clock import instant

    trial, _due = ended

    class Killed(Exception):
        pass

    def killed(self: object) -> None:
        raise Killed

    _state(trial, "RED", "gg\n", "2026-12-02T09:00+00:00", "gg")
    monkeypatch.setattr(turns.Receipts, "send", killed)
    play = plays.play_named(trial.kind)
    with pytest.raises(Killed):
        robot.tick_game(str(trial.game), instant("2026-12-02T09:05+00:00"), Tick(str(trial.game)),
                        turns.MovesGame(play))
    monkeypatch.undo()
    trial.tick("2026-12-02T09:10+00:00")
    assert [r["kind"] for r in _records(trial)].count("statement") == 1
    assert ("Your last word is in" if trial.kind == "rps" else "Your end-of-game statement is received") in \
        _texts(trial, ANNA, "receipt-")


@pytest.mark.parametrize("kind", [*KINDS, "interurban"])
def test_new_takes_statements_for_every_game_of_moves(kind: str, tmp_path: Path):
    from tests.conftest import register_test_plays

    register_test_plays()
    invoke("new", str(tmp_path / "g"), "--play", kind, "--player", "RED:Anna", "--player", "BLUE:Bert",
           "--statements", "14d")
    assert json.loads((tmp_path / "g" / "game.json").read_text())["table"]["schedule"]["statements"] == "14d"


def test_a_question_in_a_statement_is_the_statement_not_a_mail_for_the_gm(ended: tuple[Trial, str]):
    trial, _due = ended
    _state(trial, "BLUE", "Rematch next month?\n", "2026-12-02T09:00+00:00", "rematch")
    trial.tick("2026-12-02T09:05+00:00")
    receipt = _texts(trial, BERND, "receipt-")
    assert "Rematch next month?" in receipt and "went to the game master" not in receipt
