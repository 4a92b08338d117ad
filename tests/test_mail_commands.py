"""Issue 15, players served by mail: HELP, MAP, STATUS, REPORT, RULES, SET ADDRESS, PASSWORD RESET, and mail that
is neither orders nor a command forwarded to the GM."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.dampfross.app.mailcommands import Command, read_commands
from adjudicator.dampfross.app.store import GameDir
from adjudicator.dampfross.report.widths import too_wide
from adjudicator.postal.inbox import Inbox
from tests.helpers import invoke
from tests.postal_game import setup_game, tick_times
from tests.test_mail_robot import _passwords, deliver, plain


def tick(game: Path, at: int = 0) -> str:
    return invoke("tick", str(game), "--now", tick_times()[at]).output


def outbox(game: Path, prefix: str) -> dict[str, str]:
    return {p.stem: p.read_text() for p in sorted((game / "mail" / "outbox").glob(f"{prefix}*.eml"))}


def decoded(eml: str) -> str:
    from email import message_from_string, policy

    msg = message_from_string(eml, policy=policy.default)
    return str(msg.get_body(preferencelist=("plain",)).get_content())  # type: ignore[union-attr]


def test_a_command_mail_is_told_from_an_order_mail():
    assert read_commands(["HELP\n"]).commands == (Command("help"),)  # type: ignore[union-attr]
    found = read_commands(["Game postal\nPLAYER RED PASSWORD x\nREPORT 2\nkarte Hamburg\n\n-- \nAnna\n"])
    assert found is not None and found.player == "RED" and found.password == "x"
    assert found.commands == (Command("report", "2"), Command("map", "Hamburg"))
    assert read_commands(["PLAYER RED PASSWORD x\nSTART Hamburg\nHELP\n"]) is None  # orders: not a command mail
    assert read_commands(["Hello GM, how are you?\n"]) is None
    assert read_commands(["neues Passwort red\n"]).commands == (Command("password-reset", "RED"),)  # type: ignore[union-attr]


@pytest.mark.parametrize(("word", "lang", "expect"), [
    ("HELP", "en", ("An order mail has a heading", "START", "BUILD", "PASSWORD RESET ID")),
    ("HILFE", "de", ("SPIELER RED PASSWORT", "STARTE", "BAUE", "NEUES PASSWORT ID")),
])
def test_help_answers_an_orders_primer_in_the_readers_language(tmp_path: Path, word: str, lang: str,
                                                              expect: tuple[str, ...]):
    game = setup_game(tmp_path)
    if lang == "de":
        invoke("player", "lang", str(game), "RED", "de")
    deliver(tmp_path, plain(f"{word}\n", subject="help?"))
    out = tick(game)
    assert "commands (help)" in out
    (answer,) = outbox(game, "answer-").values()
    text = decoded(answer)
    assert all(e in text for e in expect), text
    assert not [line for line in text.splitlines() if too_wide(line)]
    if lang == "de":
        from tools import i18n

        assert i18n.english_left(text, {"postal", "red", "blue", "green"}) == []


def test_map_status_report_and_rules_by_mail(tmp_path: Path):
    game = setup_game(tmp_path)
    deliver(tmp_path, plain("MAP Hamburg\nSTATUS\nREPORT 0\nRULES\n", subject="info"))
    tick(game)
    answers = outbox(game, "answer-")
    assert len(answers) == 4
    texts = [decoded(a) for a in answers.values()]
    assert "the window asked for" in texts[0] and "1108" in texts[0]
    assert "Content-Disposition: attachment" in next(iter(answers.values()))
    assert "orders for this turn" in texts[1] and "RED" in texts[1] and "received" in texts[1]
    assert "Opening report" in texts[2] or "opening" in texts[2].lower()
    assert "Rules profile schmidt" in texts[3] and "start_capital" in texts[3]
    assert "Building: own allowance" in texts[3] and "Start capital 20; debt allowed." in texts[3]
    for text in texts:
        assert not [line for line in text.splitlines() if too_wide(line)]


@pytest.mark.parametrize(("word", "lang", "says"), [("MAP", "en", "The whole map is attached and follows here"),
                                                    ("karte", "de", "Die ganze Karte ist angehängt und folgt hier")])
def test_the_whole_map_by_mail_is_attached_and_inline(tmp_path: Path, word: str, lang: str, says: str):
    """MAP alone: the whole map attached in one piece, and inline in windows of 80 columns as the reports print it."""
    game = setup_game(tmp_path)
    if lang == "de":
        invoke("player", "lang", str(game), "RED", "de")
    deliver(tmp_path, plain(f"{word}\n", subject="map"))
    tick(game)
    (answer,) = outbox(game, "answer-").values()
    from email import message_from_string, policy

    msg = message_from_string(answer, policy=policy.default)
    (attached,) = [str(a.get_content()) for a in msg.iter_attachments()]  # type: ignore[attr-defined]
    text = decoded(answer)
    assert says in text and "Hamburg" in attached
    inline = text.split(says, 1)[1]
    assert "1108 Hamburg" in inline and inline.count(" 01  02  03") >= 2 and len(inline.splitlines()) > 30, inline
    assert not [line for line in text.splitlines() if too_wide(line)]


def test_rules_by_mail_in_words_in_german(tmp_path: Path):
    """REGELN answers the rules in words, as the opening report gives them, in the reader's language."""
    game = setup_game(tmp_path)
    invoke("player", "lang", str(game), "RED", "de")
    deliver(tmp_path, plain("REGELN\n", subject="regeln"))
    tick(game)
    (answer,) = outbox(game, "answer-").values()
    text = decoded(answer)
    assert "Grundkapital 20 Einheiten; Schulden erlaubt." in text and "Startstädte: Hamburg" in text
    assert not [line for line in text.splitlines() if too_wide(line)]
    from tools import i18n

    words = text.split("\n\n" + "Jede Einstellung")[0] if "Jede Einstellung" in text else text
    assert i18n.english_left(words, {"postal", "red", "blue", "green", "schmidt"}) == []


def test_a_private_report_only_after_the_password(tmp_path: Path):
    game = setup_game(tmp_path)
    for now in tick_times()[:3]:
        invoke("tick", str(game), "--now", now)
    pw = _passwords(game)
    deliver(tmp_path, plain("REPORT 1\n", subject="r1"), "M01P7.mx")
    deliver(tmp_path, plain(f"PLAYER RED PASSWORD {pw['RED']}\nREPORT 1\n", subject="r2"), "M02P7.mx")
    tick(game, 3)
    seqs = {m.meta["subject"]: m.seq for m in Inbox(GameDir(game)).mails()}
    public_only = decoded(outbox(game, f"answer-{seqs['r1']:05d}")[f"answer-{seqs['r1']:05d}-1"])
    with_private = decoded(outbox(game, f"answer-{seqs['r2']:05d}")[f"answer-{seqs['r2']:05d}-1"])
    assert "private report for RED" not in public_only and "private report for RED" in with_private


def test_set_address_tells_both_addresses_and_is_a_correction(tmp_path: Path):
    game = setup_game(tmp_path)
    pw = _passwords(game)
    deliver(tmp_path, plain(f"PLAYER RED PASSWORD {pw['RED']}\nSET ADDRESS anna.neu@example.org\n", subject="a"))
    deliver(tmp_path, plain("PLAYER BLUE PASSWORD wrong\nSET ADDRESS eve@example.org\n",
                            sender="bernd@example.net", subject="b"), "M01P8.mx")
    tick(game)
    state = GameDir(game).load_state()
    assert state.player("RED").email == "anna.neu@example.org" and state.player("BLUE").email == "bernd@example.net"
    assert state.corrections[-1].kind == "address"
    answers = outbox(game, "answer-")
    told = [a for a in answers.values() if "goes to anna.neu@example.org" in decoded(a)]
    assert len(told) == 1 and "anna@example.org" in told[0].split("\n\n")[0] and "anna.neu@" in told[0]
    assert any("password is wrong" in decoded(a) for a in answers.values())


def test_a_password_reset_goes_to_the_address_on_file_only(tmp_path: Path):
    game = setup_game(tmp_path)
    old = _passwords(game)["RED"]
    deliver(tmp_path, plain("PASSWORD RESET RED\n", sender="bernd@example.net", subject="not mine"), "M01P9.mx")
    deliver(tmp_path, plain("PASSWORD RESET RED\n", subject="mine"), "M02P9.mx")
    tick(game)
    new = _passwords(game)["RED"]
    assert new != old and GameDir(game).load_state().corrections[-1].kind == "password"
    answers = [a for a in outbox(game, "answer-").values() if new in decoded(a)]
    assert len(answers) == 1 and "To: anna@example.org" in answers[0]
    refused = [a for a in outbox(game, "answer-").values() if "only for a mail from the company" in decoded(a)]
    assert len(refused) == 1 and "To: bernd@example.net" in refused[0]
    invoke("verify", str(game))


@pytest.mark.parametrize("line", ["PASSWORD RESET", "new password", "Neues Passwort"])
def test_a_password_reset_without_the_id_is_for_the_company_of_the_senders_address(tmp_path: Path, line: str):
    """``PASSWORD RESET`` alone (or ``NEW PASSWORD``, ``NEUES PASSWORT``) resets the one company of the sender's
    address on file; from an address holding no company it is refused and nothing changes."""
    game = setup_game(tmp_path)
    old = _passwords(game)
    deliver(tmp_path, plain(f"{line}\n", sender="gm@dampfross.example.org", subject="gm"), "M01P9.mx")
    deliver(tmp_path, plain(f"{line}\n", subject="mine"), "M02P9.mx")
    out = tick(game)
    assert "commands (password-reset)" in out
    new = _passwords(game)
    assert new["RED"] != old["RED"] and {k: v for k, v in new.items() if k != "RED"} == {
        k: v for k, v in old.items() if k != "RED"}
    answers = [a for a in outbox(game, "answer-").values() if new["RED"] in decoded(a)]
    assert len(answers) == 1 and "To: anna@example.org" in answers[0]
    assert read_commands([f"{line} RED\n"]) == read_commands(["PASSWORD RESET red\n"])


def test_a_stranger_gets_no_answer_to_commands_and_chat_is_forwarded_to_the_gm(tmp_path: Path):
    game = setup_game(tmp_path)
    deliver(tmp_path, plain("STATUS\n", sender="stranger@example.net", subject="s"), "M01P6.mx")
    deliver(tmp_path, plain("Dear GM, I am away next week.\n", subject="away"), "M02P6.mx")
    out = tick(game)
    assert not outbox(game, "answer-")
    assert len(outbox(game, "notice-")) == 1
    (fwd,) = outbox(game, "forward-").values()
    assert "To: gm@dampfross.example.org" in fwd and "I am away next week" in fwd
    assert "held neither orders nor a command: forwarded" in out


@pytest.mark.parametrize(("lang", "command", "rules"), [("en", "PASSWORD RESET ID", "Mail the word RULES"),
                                                        ("de", "NEUES PASSWORT ID", "Schicken Sie das Wort REGELN")])
def test_the_opening_mail_lists_the_commands(tmp_path: Path, lang: str, command: str, rules: str):
    """The opening mail, its opening report included, names mail commands, never an ``adjudicate`` command a
    player cannot run (the report said 'adjudicate rules show GAME')."""
    game = setup_game(tmp_path)
    if lang == "de":
        invoke("player", "lang", str(game), "RED", "de")
    tick(game)
    opening = decoded(outbox(game, "opening-RED")["opening-RED"])
    assert command in opening and rules in opening
    assert "adjudicate" not in opening
