"""``report`` re-renders every archived turn (issue 10, done-when 5): the example game, a ``--trust`` run, files
given out of name order, a GM file.  The archive records what each run used, in the order used.

A game of the one session (``postal/moves.py: MovesDir``): a turn's public report is ``reports/move-NNN.txt`` as
sent, and a company's private report, which ``report --player`` makes again from the turn's step (the orders
accepted, the seed), stands in its report mail as archived with the step (``archive/step-NNN/mail-ID.txt``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.postal.moves import MovesDir
from tests.helpers import invoke

OLD_EXAMPLE = Path(__file__).parent / "fixtures" / "old-format" / "example"
"""The example game as the old format wrote it: every report, each company's too, as it was sent."""
TINY = str(Path(__file__).parent / "data" / "tiny.yaml")


def mailed(game: Path, turn: int, company: str) -> str:
    """``company``'s report mail of ``turn`` as archived with the turn's step."""
    folder = MovesDir(game)
    step = next(step for step, record in folder.moves() if record.get("kind") == "move" and record["move"] == turn)
    return folder.mails_of(step)[company]


def test_every_turn_of_the_example_re_renders_as_sent(tmp_path: Path):
    """The example played through the session: every public report and turn 7's private reports made again are
    the old format's, byte for byte."""
    from tests.example_game import play

    game = play(tmp_path)
    every = invoke("report", str(game), "--all").stdout.split("\f\n")
    assert every == [(game / "reports" / f"move-{t:03d}.txt").read_text(encoding="utf-8") for t in range(8)]
    assert every == [(OLD_EXAMPLE / "reports" / f"turn-{t:03d}.txt").read_text(encoding="utf-8") for t in range(8)]
    for player in ("RAVEL", "NOB", "SUED", "HAFEN"):
        again = invoke("report", str(game), "--turn", "7", "--player", player).stdout
        assert again == (OLD_EXAMPLE / "reports" / f"turn-007-{player}.txt").read_text(encoding="utf-8")
        assert again.rstrip("\n") + "\n" in mailed(game, 7, player)  # as the company's mail gave it


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    invoke("new", "g", "--map", TINY, "--player", "RED", "--player", "BLUE", "--seed", "rr",
           "--unsafe-test-passwords", "rr")
    return tmp_path / "g"


def test_a_trusted_run_re_renders(game: Path, tmp_path: Path):
    """Orders typed by the GM (``--trust``: no passwords) re-render from the archive."""
    (tmp_path / "typed.orders").write_text("GAME g\nTURN 1\nPLAYER RED\nSTART Nordstadt\nBUILD Nordstadt - 0403\n"
                                           "PLAYER BLUE\nSTART Nordstadt\n")
    invoke("typed.orders", "--trust")
    sent = (game / "reports" / "move-001.txt").read_text(encoding="utf-8")
    assert "0402-0403" in sent
    assert invoke("report", str(game), "--turn", "1").stdout == sent
    assert invoke("verify", str(game)).exit_code == 0


def test_files_given_out_of_name_order_re_render(game: Path, tmp_path: Path):
    """``b.orders`` given before ``a.orders``: the later file counts, in the replay too."""
    pw = dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())
    (tmp_path / "b.orders").write_text(f"GAME g\nTURN 1\nPLAYER RED PASSWORD {pw['RED']}\nSTART Nordstadt\n"
                                       "BUILD Nordstadt - 0403\n")
    (tmp_path / "a.orders").write_text(f"GAME g\nTURN 1\nPLAYER RED PASSWORD {pw['RED']}\nSTART Nordstadt\n"
                                       "BUILD Nordstadt - 0502\n")
    invoke("b.orders", "a.orders")
    sent = (game / "reports" / "move-001.txt").read_text(encoding="utf-8")
    assert "0402-0502" in sent and "0402-0403" not in sent  # a.orders came last: it counts
    assert invoke("report", str(game), "--turn", "1").stdout == sent
    private = invoke("report", str(game), "--turn", "1", "--player", "RED").stdout
    assert "0402-0502" in private and "0402-0403" not in private
    assert private.rstrip("\n") + "\n" in mailed(game, 1, "RED")  # the company's report as its mail gave it


@pytest.mark.parametrize("end", ["\r\n", "\r"], ids=["crlf", "cr"])
def test_a_file_with_other_line_ends_re_renders(game: Path, tmp_path: Path, end: str):
    """A mail saved with CR LF (or old Mac CR) line ends is archived as received and replays: its SHA-256
    used to differ on reading it back with newline translation."""
    pw = dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())
    text = end.join(["GAME g", "TURN 1", f"PLAYER RED PASSWORD {pw['RED']}", "START Nordstadt",
                     "BUILD Nordstadt - 0403", ""])
    (tmp_path / "win.orders").write_bytes(text.encode("utf-8"))
    invoke("win.orders")
    sent = (game / "reports" / "move-001.txt").read_text(encoding="utf-8")
    assert "0402-0403" in sent and invoke("report", str(game), "--turn", "1").stdout == sent
    assert invoke("verify", str(game)).exit_code == 0
