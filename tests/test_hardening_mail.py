"""Hardening, part 1: one player's mail can never change, cancel or reveal anything of another company.

Each test is named after a finding of the attack on the adjudicator (issue 8 §1).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import dampfross_state, invoke

TINY = str(Path(__file__).parent / "data" / "tiny.yaml")


@pytest.fixture
def game(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    invoke("new", "g", "--map", TINY, "--player", "RAVEL", "--player", "NOB", "--seed", "s1")
    return tmp_path / "g"


@pytest.fixture
def manual(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    invoke("new", "m", "--map", TINY, "--player", "RAVEL", "--player", "NOB", "--dice", "manual")
    return tmp_path / "m"


def passwords(game: Path) -> dict[str, str]:
    return dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())


def section(pid: str, password: str, *orders: str) -> str:
    return "\n".join([f"PLAYER {pid} PASSWORD {password}", *orders]) + "\n"


def mail_of(game: Path, seat: str, move: int = 1) -> str:
    """The mail ``seat`` got of ``move`` (its private report, then the public one), as the move's step keeps it."""
    step = next(p.parent for p in sorted((game / "archive").glob("step-*/record.json"))
                if (r := json.loads(p.read_text()))["kind"] == "move" and r["move"] == move)
    return (step / f"mail-{seat}.txt").read_text()


def all_reports(game: Path) -> str:
    """The public report of move 1 and every mail of it (there is one at least: this cannot pass by reading
    nothing)."""
    texts = [p.read_text() for p in [game / "reports" / "move-001.txt", *sorted(game.glob("archive/*/mail-*.txt"))]]
    assert len(texts) > 1
    return "".join(texts)


def test_a_wrong_password_does_not_cancel_the_real_orders(game: Path, tmp_path: Path):
    """A later section ``PLAYER NOB PASSWORD wrongwrong / PASS`` used to make NOB build nothing."""
    pw = passwords(game)
    real = "GAME g\nTURN 1\n" + section("NOB", pw["NOB"], "START Nordstadt", "BUILD Nordstadt - 0502")
    attack = "GAME g\nTURN 1\n" + section("NOB", "wrongwrong", "PASS")
    (tmp_path / "a.orders").write_text(real)
    (tmp_path / "b.orders").write_text(attack)
    result = invoke("a.orders", "b.orders")
    state = dampfross_state(game)
    assert any(s.owner == "NOB" for s in state.track), "NOB's real orders were carried out"
    assert "a section for NOB: wrong password; it does not count" in result.output
    assert "BUILD Nordstadt (0402) - 0502" in mail_of(game, "NOB")


def test_the_company_is_told_of_a_section_for_it_that_did_not_count(game: Path, tmp_path: Path):
    """A section for NOB with a wrong password is told in NOB's own report mail, where it stood (the old format's
    'a section for you at FILE:LINE does not count: WHY'); the turn's step keeps it, never the password, and NOB's
    private report made again from the step (``report --player``) says the same."""
    pw = passwords(game)
    (tmp_path / "a.orders").write_text("GAME g\nTURN 1\n" + section("NOB", pw["NOB"], "START Nordstadt",
                                                                    "BUILD Nordstadt - 0502"))
    (tmp_path / "b.orders").write_text("GAME g\nTURN 1\n" + section("NOB", "wrongwrong", "PASS"))
    invoke("a.orders", "b.orders")
    assert "b.orders:3 does not count: wrong password" in mail_of(game, "NOB")
    assert "does not count" not in mail_of(game, "RAVEL")
    assert "b.orders:3 does not count: wrong password" in invoke("report", "g", "--player", "NOB").output
    assert not any(b"wrongwrong" in p.read_bytes() for p in (game / "archive").rglob("*") if p.is_file())


@pytest.mark.parametrize(("typo", "nobs"), [
    pytest.param("PLAYR NOB PASSWORD {pw}", False, id="PLAYR NOB PASSWORD {pw}"),
    pytest.param("PLAYER: NOB PASSWORD {pw}", True, id="PLAYER: NOB PASSWORD {pw}"),
    pytest.param("PLAYER NOB Password: {pw}", True, id="PLAYER NOB Password: {pw}"),
    pytest.param("PLAYER NOB PASSWORD {pw} please", False, id="PLAYER NOB PASSWORD {pw} please"),
])
def test_a_typo_in_a_player_line_does_not_run_the_next_orders_as_the_previous_player(game: Path, tmp_path: Path,
                                                                                     typo: str, nobs: bool):
    """Two mails pasted in one file: RAVEL's section used to go on over NOB's mistyped PLAYER line.  The one
    envelope of every game (``kernel/envelope.py``, issue 34) reads a keyword in any case with a colon after it
    (``PLAYER:``, ``Password:``): such a line opens NOB's own section, NOB's password checked (``nobs``); a line it
    cannot read opens none, and the lines after it are nobody's.  Either way RAVEL's section ends there."""
    pw = passwords(game)
    text = ("GAME g\nTURN 1\n" + section("RAVEL", pw["RAVEL"], "START Nordstadt", "BUILD Nordstadt - 0403")
            + typo.format(pw=pw["NOB"]) + "\nSTART Nordstadt\nBUILD Nordstadt - 0502\n")
    (tmp_path / "t.orders").write_text(text)
    invoke("t.orders")
    state = dampfross_state(game)
    ravel = {str(s.side) for s in state.track if s.owner == "RAVEL"}
    nob = {str(s.side) for s in state.track if s.owner == "NOB"}
    assert ravel == {"0402-0403"}
    assert nob == ({"0402-0502"} if nobs else set())


@pytest.mark.parametrize("typo", ["PLAYR NOB PASSWORD {pw}", "PLAYER NOB PASSWORD {pw} please", "Password: {pw}"])
def test_a_mistyped_player_line_never_shows_its_password(game: Path, tmp_path: Path, typo: str):
    """The same case used to echo NOB's PLAYER line, password and all, in RAVEL's private report."""
    pw = passwords(game)
    text = ("GAME g\nTURN 1\n" + section("RAVEL", pw["RAVEL"], "START Nordstadt", "BUILD Nordstadt - 0403")
            + typo.format(pw=pw["NOB"]) + "\nSTART Nordstadt\n")
    (tmp_path / "t.orders").write_text(text)
    result = invoke("t.orders")
    assert pw["NOB"] not in all_reports(game)
    assert pw["NOB"] not in result.output  # nor on the GM's screen
    check = invoke("check", "t.orders", ok=False)
    assert pw["NOB"] not in check.output


def test_gm_lines_in_a_players_mail_are_ignored(manual: Path, tmp_path: Path):
    """In a manual-dice game a player's mail with ``GM / ROLL NOB 6 / ROLL RAVEL 1`` used to replace the GM's rolls."""
    pw = passwords(manual)
    player = "GAME m\nTURN 1\n" + section("NOB", pw["NOB"], "START Nordstadt", "BUILD Nordstadt - 0502 - 0602 - 0702",
                                          "GM", "ROLL NOB 6", "ROLL RAVEL 1")
    (tmp_path / "nob.orders").write_text(player)
    (tmp_path / "gm.orders").write_text("GM\nROLL NOB 1\nROLL RAVEL 4\n")
    result = invoke("nob.orders", "--gm", "gm.orders")
    assert "a GM section that is not the GM's" in result.output
    assert "NOB (NOB): allowance 1 (dice 1)" in result.output
    state = dampfross_state(manual)
    assert len([s for s in state.track if s.owner == "NOB"]) == 1


def test_a_gm_section_with_the_gm_password_counts(manual: Path, tmp_path: Path):
    pw = passwords(manual)
    (tmp_path / "t.orders").write_text("GAME m\nTURN 1\n" + section("NOB", pw["NOB"], "START Nordstadt",
                                       "BUILD Nordstadt - 0502") + f"GM PASSWORD {pw['GM']}\nROLL NOB 2\n")
    assert "NOB (NOB): allowance 2 (dice 2)" in invoke("t.orders").output


def test_passwords_never_derive_from_the_dice_seed(tmp_path: Path, monkeypatch):
    """``--seed TEXT`` used to make every password derivable from the seed the final report reveals."""
    monkeypatch.chdir(tmp_path)
    for name in ("a", "b"):
        invoke("new", name, "--map", TINY, "--player", "RED", "--player", "BLUE", "--seed", "same")
    assert passwords(tmp_path / "a") != passwords(tmp_path / "b")
    for name in ("c", "d"):
        invoke("new", name, "--map", TINY, "--player", "RED", "--player", "BLUE", "--seed", "same",
               "--unsafe-test-passwords", "fixed")
    assert passwords(tmp_path / "c") == passwords(tmp_path / "d")
    help_text = invoke("new", "--help").output
    assert "UNSAFE for real games" in help_text


def test_a_charset_that_decodes_to_lone_surrogates_is_text_a_file_can_hold():
    """The mail fuzzer's 20,000 mails found one: a UTF-7 text of "+2ME-" decodes to a lone surrogate, which no
    UTF-8 file can hold, and the tick failed storing it.  It is read as the replacement character."""
    from adjudicator.postal.mailparse import read_mail

    data = (b"From: anna@example.org\r\nTo: gm@x.org\r\nSubject: x\r\nMessage-ID: <s@x.org>\r\nMIME-Version: 1.0\r\n"
            b'Content-Type: text/plain; charset="utf-7"\r\n\r\nSTART +2ME-Hamburg +2MHYAA-\r\n')
    (text,) = read_mail(data).texts
    assert text.text.encode("utf-8") == "START \ufffdHamburg \ufffd\ufffd\n".encode()


def test_a_password_guesser_cannot_make_the_turn_s_step_grow(game: Path, tmp_path: Path):
    """Sections that did not count are kept with the turn's step for the company's report, the first three of a
    company and only a company of the game's: six guesses for NOB and a company that does not exist add three."""
    guesses = "".join(section("NOB", f"guess{i}", "PASS") for i in range(6)) + section("NOBODY", "x", "PASS")
    (tmp_path / "g.orders").write_text("GAME g\nTURN 1\n" + guesses)
    invoke("g.orders")
    (step,) = [p.parent for p in sorted((game / "archive").glob("step-*/record.json"))
               if json.loads(p.read_text())["kind"] in ("move", "missed")]  # nobody's orders counted: missed
    refused = json.loads((step / "record.json").read_text())["refused"]
    assert refused == {"NOB": [{"why": "wrong-password", "line": n, "file": "g.orders"} for n in (3, 5, 7)]}
    assert (step / "mail-NOB.txt").read_text().count("does not count: wrong password") == 3
