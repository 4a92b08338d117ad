"""The GM's own section of a mail on the one session (``kernel/gmorders.py``, ``postal/gmsection.py``; issue 34),
with the tests' refereed rock-paper-scissors (``tests/games/refereed.py``): a tied round is the GM's to rule.

The GM's password opens his section, never an address nor a seat's password; the last GM section of a period
counts, kept secret and archived as a step that ``verify`` reads again and ``undo`` takes back; a period that
wants something of the GM waits, even at its deadline, and the GM hears of it once; a game whose play reads no
GM section answers one as a wrong password."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ANNA, BERND, Trial, make_trial
from tests.helpers import invoke
from tests.mailservers import text_of

GM_ADDRESS = "greta@example.org"
"""The GM's own address (not the robot's): a GM section proves itself by its password alone."""


@pytest.fixture
def game(tmp_path: Path) -> Trial:
    from adjudicator.app import plays

    plays.register("refereed", "tests.games.refereed")
    trial = make_trial(tmp_path, "refereed")
    invoke("deadline", "set", str(trial.game), "--early")
    return trial


def _throw(trial: Trial, seat: str, throw: str, when: str) -> None:
    trial.deliver(ANNA if seat == "RED" else BERND, trial.envelope(seat) + f"{throw}\n", when, f"{seat} {throw}")


def _rule(trial: Trial, ruling: str, when: str, password: str | None = None, sender: str = GM_ADDRESS) -> None:
    trial.deliver(sender, f"PLAYER GM PASSWORD {password or trial.passwords['GM']}\nRULING {ruling}\n", when,
                  f"ruling {ruling} {when[11:13]}{when[14:16]}")


def _records(trial: Trial) -> list[dict[str, Any]]:
    return [json.loads(p.read_text()) for p in sorted((trial.game / "archive").glob("step-*/record.json"))
            if json.loads(p.read_text())["kind"] != "deadline"]


def _texts(trial: Trial, to: str, prefix: str = "") -> str:
    return "\n".join(text_of(m) for _, m in trial.mails(to, prefix))


def test_new_gives_the_gm_a_password_and_no_seat_may_be_called_gm(game: Trial, tmp_path: Path):
    assert game.passwords["GM"] and game.state()["table"]["gm_password_hash"]
    refused = invoke("new", str(tmp_path / "h"), "--play", "refereed", "--player", "GM:Greta", "--player", "RED:Anna",
                     ok=False)
    assert refused.exit_code == 1 and refused.output.startswith("error: player 'GM:Greta': the id must be")


def test_a_tied_round_waits_for_the_gm_even_at_its_deadline_then_his_ruling_resolves_it(game: Trial):
    _throw(game, "RED", "ROCK", "2026-12-01T09:00+00:00")
    _throw(game, "BLUE", "ROCK", "2026-12-01T09:01+00:00")
    game.tick("2026-12-01T09:05+00:00")
    assert game.state()["table"]["moves"] == 0  # both in, --early: but the tie is the GM's
    out = game.tick("2026-12-04T18:05+00:00")
    assert game.state()["table"]["moves"] == 0 and "waits for the GM's section" in out and "ruling 1" in out
    assert "waits for the GM" not in game.tick("2026-12-04T18:10+00:00")  # he heard of it once
    _rule(game, "BLUE", "2026-12-04T19:00+00:00")
    game.tick("2026-12-04T19:05+00:00")
    state = game.state()
    assert state["table"]["moves"] == 1 and state["state"]["wins"] == [0, 1]
    assert "BLUE wins the round." in _texts(game, ANNA, "move-001")
    assert "Your ruling for round 1 is in." in _texts(game, GM_ADDRESS, "receipt")
    gm_step = next(r for r in _records(game) if r.get("gm"))
    assert gm_step["seat"] == "GM" and gm_step["kind"] == "orders"
    assert invoke("verify", str(game.game)).exit_code == 0


def test_a_ruling_sent_ahead_is_secret_and_the_last_one_counts(game: Trial):
    _rule(game, "RED", "2026-12-01T08:30+00:00")
    _rule(game, "NONE", "2026-12-01T08:40+00:00")
    game.tick("2026-12-01T08:45+00:00")
    assert game.state()["table"]["gm"]["lines"] == ["RULING NONE"]
    assert "It replaces your ruling of an earlier mail: RULING RED." in _texts(game, GM_ADDRESS, "receipt")
    _throw(game, "RED", "PAPER", "2026-12-01T09:00+00:00")
    _throw(game, "BLUE", "PAPER", "2026-12-01T09:01+00:00")
    game.tick("2026-12-01T09:05+00:00")
    assert game.state()["state"]["wins"] == [0, 0] and game.state()["table"]["moves"] == 1
    for to in (ANNA, BERND):
        assert "RULING" not in _texts(game, to)  # no player's mail tells the GM's section
    assert "gm" not in game.state()["table"]  # spent with the period
    assert invoke("verify", str(game.game)).exit_code == 0


def test_a_wrong_password_or_a_seats_password_opens_no_gm_section(game: Trial):
    _rule(game, "RED", "2026-12-01T09:00+00:00", password="guess", sender=ANNA)
    _rule(game, "RED", "2026-12-01T09:01+00:00", password=game.passwords["RED"], sender=ANNA)
    game.tick("2026-12-01T09:05+00:00")
    assert "gm" not in game.state()["table"] and not any(r.get("gm") for r in _records(game))
    assert "Wrong password." in _texts(game, ANNA, "receipt")


def test_undo_takes_back_the_gms_section(game: Trial):
    _rule(game, "BLUE", "2026-12-01T09:00+00:00")
    game.tick("2026-12-01T09:05+00:00")
    assert game.state()["table"]["gm"]["lines"] == ["RULING BLUE"]
    invoke("undo", str(game.game))
    assert "gm" not in game.state()["table"]


def test_run_takes_the_gms_section_from_a_file_given_with_gm(game: Trial, tmp_path: Path):
    throws = tmp_path / "throws.txt"
    throws.write_text(game.envelope("RED") + "SCISSORS\n" + game.envelope("BLUE") + "SCISSORS\n", encoding="utf-8")
    refused = invoke("run", str(throws), "--game", str(game.game), "--now", "2026-12-02T10:00+00:00", ok=False)
    assert refused.exit_code == 1 and "waits for the GM's section" in refused.output and "ruling 1" in refused.output
    ruling = tmp_path / "ruling.txt"
    ruling.write_text("PLAYER GM PASSWORD -\nRULING RED\n", encoding="utf-8")
    result = invoke("run", str(throws), "--gm", str(ruling), "--game", str(game.game), "--now",
                    "2026-12-02T10:00+00:00")
    assert "RED wins the round." in result.stdout
    assert invoke("verify", str(game.game)).exit_code == 0


def test_a_game_whose_play_reads_no_gm_section_answers_one_as_a_wrong_password(tmp_path: Path):
    trial = make_trial(tmp_path, "rps")
    assert "GM" not in trial.passwords and "gm_password_hash" not in trial.state()["table"]
    trial.deliver(ANNA, "PLAYER GM PASSWORD x\nROCK\n", "2026-12-01T09:00+00:00")
    trial.tick("2026-12-01T09:05+00:00")
    assert "Wrong password." in _texts(trial, ANNA, "receipt")
