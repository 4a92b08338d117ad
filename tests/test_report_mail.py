"""Issue 17, "a mail is 75-85% map": a report mail is read in a minute.

Each company's mail starts with its private part (its own fees so far and a window of its own track), then the
turn in short (the standings, the deadline, this turn's new track in small windows with one key); the whole map
and the whole public report are attached, never inline.  Measured on the example game, English and German.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.dampfross.report.mail import full_map_text
from tests.helpers import example_mails

GOLDEN = Path(__file__).parent / "golden"
OLD_FORMAT = Path(__file__).parent / "fixtures" / "old-format"  # the English example as the old format kept it
MISTAKES = ("002", "NOB")
"""Turn 2's NOB shows every typical mistake with its explanation: not a typical report (146 lines)."""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_typical_report_mail_is_under_130_lines(lang: str):
    """Before: 324-440 lines, three quarters of them map (the whole map every turn, the key up to 4 times).  Under
    120 lines while prose folded at 78 columns; at 72, with each race's dice in the text (issue 35), the longest is
    the last turn's RAVEL (128 in German: the final standings and how to check the dice)."""
    mails = example_mails(lang)
    long = {key: text.count("\n") for key, text in mails.items() if text.count("\n") >= 130 and key != MISTAKES}
    assert long == {}
    assert len(mails) == 28 and min(text.count("\n") for text in mails.values()) > 60


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_private_part_comes_first_and_the_key_once(lang: str):
    private, orders, public = (("private report for", "Your orders as understood", "report, building phase")
                               if lang == "en" else
                               ("persönlicher Bericht für", "Ihre Befehle, wie sie verstanden wurden", "Bauphase"))
    key = "Key: " if lang == "en" else "Legende: "
    for (turn, pid), text in example_mails(lang).items():
        first = text.splitlines()[0]
        assert first.endswith(f"{private} {pid}"), (turn, pid, first)
        if int(turn) <= 5:  # building turns: the turn in short follows the private part
            assert text.index(orders) < text.index(public), (turn, pid)
        assert text.count(key) <= 1, (turn, pid)
        lines = text.splitlines()
        below = [i for i, line in enumerate(lines) if line.startswith(("odd ", "ung ")) and lines[i - 1][:2].isdigit()]
        assert below == [], (turn, pid)  # a window's column labels stand above it only
        assert "~~~~~~~~~~~~~~~~~~~~~" not in text  # the whole map's North Sea is never inline
        assert "adjudicate" not in text


def test_every_turn_with_new_track_has_its_key():
    for (turn, pid), text in example_mails("en").items():
        if turn != "007":  # nothing was built in turn 7
            assert text.count("Key: ") == 1, (turn, pid)


def test_the_private_part_has_the_fee_history_and_a_window_of_the_own_track():
    mails = example_mails("en")
    hafen = mails[("005", "HAFEN")]
    assert "Your fees so far\n----------------\n  paid to RAVEL: 4 (turns 3, 5)\n" in hafen
    assert "  received from HAFEN: 4 (turns 3, 5)\n" in mails[("005", "RAVEL")]
    assert "Your track (this turn's in upper case)" in hafen
    assert "Your fees so far" not in mails[("005", "SUED")]  # no fee paid or received: no heading
    assert hafen.index("Your track") < hafen.index("Score table")
    german = example_mails("de")[("005", "HAFEN")]
    assert "Ihre bisherigen Gebühren" in german and "gezahlt an RAVEL: 4 (Züge 3, 5)" in german


def test_the_whole_map_attached_names_the_companies_serving_each_town():
    from adjudicator.dampfross.app.oldformat import OldGame

    gdir = OldGame(OLD_FORMAT / "example")
    state, _ = gdir.archived_state(gdir.archive_path(3), "after")
    text = full_map_text(state, gdir.load_map(state), 3)
    assert "Towns (and the companies serving them):" in text
    rows = {line.split()[2]: line for line in text.splitlines() if line.startswith("  # ")}
    assert rows["Hamburg"].split()[-2:] == ["R", "Y"]  # RAVEL's line and HAFEN's home
    assert rows["München"].endswith(" G")


def test_the_final_report_says_how_players_check_the_dice():
    final = (GOLDEN / "example" / "reports" / "move-007.txt").read_text(encoding="utf-8")  # the session's
    assert "adjudicate" not in final
    assert "the SHA-256 of this seed is the dice commitment" in " ".join(final.split())
    assert "mail REPORT N" in " ".join(final.split())
