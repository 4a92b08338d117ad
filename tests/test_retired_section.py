"""Reading 137 for a mail: a section with the right password for a company taken out of play does not count, and
the company's report of the turn tells it ("the company was taken out of play in turn 1"), as an order file's
section for it always was; the step keeps it (``refused``, why ``not-acting``, never the password)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import invoke
from tests.postal_game import setup_game, tick_times


def test_a_mailed_section_for_a_retired_company_is_told_in_its_report(tmp_path: Path):
    game = setup_game(tmp_path)
    invoke("player", "retire", str(game), "GREEN", "--why", "left the game")
    for when in tick_times()[:3]:  # Carla's mail for GREEN, with its password, arrives before turn 1's deadline
        invoke("tick", str(game), "--now", when)
    moved = [s for s in sorted((game / "archive").glob("step-*"))
             if json.loads((s / "record.json").read_text(encoding="utf-8"))["kind"] == "move"]
    record = json.loads((moved[0] / "record.json").read_text(encoding="utf-8"))
    kept = record["refused"]["GREEN"]
    assert [r["why"] for r in kept] == ["not-acting", "wrong-password"] and all("password" not in r for r in kept)
    report = " ".join((moved[0] / "mail-GREEN.txt").read_text(encoding="utf-8").split())
    assert "a section for you in a mail to the GM does not count: the company was taken out of play in turn 1" \
        in report, report
    assert invoke("verify", str(game)).exit_code == 0
