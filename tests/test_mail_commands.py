"""Issue 15, players served by mail: HELP, MAP, STATUS, REPORT, RULES, SET ADDRESS, PASSWORD RESET, and mail that
is neither orders nor a command listed for the GM; issue 24: the front door's rules for them (one reply a mail, a
reset that takes effect next turn, an address change confirmed from the new address)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.dampfross.orders.parse import order_line
from adjudicator.dampfross.report.widths import too_wide
from adjudicator.kernel.commands import MAX_LINE, Command
from adjudicator.kernel.commands import read_commands as read_any
from adjudicator.postal.inbox import Inbox
from adjudicator.postal.moves import MovesDir
from tests.helpers import dampfross_game, dampfross_state, invoke
from tests.postal_game import setup_game, tick_times
from tests.test_mail_robot import _passwords, deliver, plain


def read_commands(texts: list[str]):  # type: ignore[no-untyped-def]
    return read_any(texts, order_line)


def tick(game: Path, at: int = 0) -> str:
    return invoke("tick", str(game), "--now", tick_times()[at]).output


def outbox(game: Path, prefix: str) -> dict[str, str]:
    return {p.stem: p.read_text() for p in sorted((game / "mail" / "outbox").glob(f"{prefix}*.eml"))}


def changes(game: Path) -> list[tuple[str, str]]:
    """The changes of a seat the session archived (each step's kind and seat), an address's or a password's."""
    import json

    records = [json.loads((step / "record.json").read_text(encoding="utf-8")) for step in MovesDir(game).steps()]
    return [(r["kind"], r.get("seat", "")) for r in records if r.get("kind") in ("address", "password")]


def address(game: Path, seat: str) -> str:
    """The seat's address on file (the session's table)."""
    return next(s.address for s in dampfross_game(game)[0].seats if s.id == seat)


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
    among = read_commands(["Hi,\n\nHELP\n\nthanks!\nAnna\n"])  # a command among pleasantries is answered
    assert among is not None and among.commands == (Command("help"),)
    assert read_commands(["MAP " + "x" * MAX_LINE + "\n"]) is None  # a line over 300 characters is no command
    many = read_commands(["MAP\n" * 2000])
    assert many is not None and len(many.commands) == 10 and many.dropped == 990  # the first 1,000 lines of a text are read
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

        assert i18n.english_left(text, {"postal", "red", "blue", "green", "BUILD"}) == []  # the other languages' BUILD


def test_map_status_report_and_rules_by_mail(tmp_path: Path):
    game = setup_game(tmp_path)
    deliver(tmp_path, plain("MAP Hamburg\nSTATUS\nREPORT 0\nRULES\n", subject="info"))
    tick(game)
    answers = outbox(game, "answer-")
    assert len(answers) == 1  # every command of a mail in one reply
    (answer,) = answers.values()
    text = decoded(answer)
    assert "the window asked for" in text and "1108" in text
    assert "Content-Disposition: attachment" in answer
    assert "orders for this turn" in text and "RED" in text and "received" in text
    assert "Opening report" in text or "opening" in text.lower()
    assert "Rules profile schmidt" in text and "every setting is schmidt's" in text
    assert "Building: each turn you roll 1 die" in text and "Money: every company starts with 20." in text
    assert not [line for line in text.splitlines() if too_wide(line)]


def test_two_thousand_commands_in_one_mail_give_one_reply(tmp_path: Path):
    game = setup_game(tmp_path)
    deliver(tmp_path, plain("MAP\n" * 2000, subject="bomb"))
    tick(game)
    ((answer_name, answer),) = outbox(game, "answer-").items()
    assert "990 more command lines were not read" in decoded(answer)
    assert [n for n, eml in outbox(game, "").items() if "Subject: Dampfross postal: MAP" in eml] == [answer_name]


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
    flat = " ".join(text.split())  # folded at 72 columns (issue 35)
    assert "Jede Gesellschaft beginnt mit 20 Einheiten." in flat and "eine der Startstädte (Hamburg" in flat
    assert not [line for line in text.splitlines() if too_wide(line)]
    from tools import i18n

    assert i18n.english_left(text, {"postal", "red", "blue", "green", "schmidt"}) == []


def test_a_private_report_only_after_the_password(tmp_path: Path):
    game = setup_game(tmp_path)
    for now in tick_times()[:3]:
        invoke("tick", str(game), "--now", now)
    pw = _passwords(game)
    deliver(tmp_path, plain("REPORT 1\n", subject="r1"), "M01P7.mx")
    deliver(tmp_path, plain(f"PLAYER RED PASSWORD {pw['RED']}\nREPORT 1\n", subject="r2"), "M02P7.mx")
    tick(game, 3)
    seqs = {m.meta["subject"]: m.seq for m in Inbox(MovesDir(game)).mails()}
    public_only = decoded(outbox(game, f"answer-{seqs['r1']:05d}")[f"answer-{seqs['r1']:05d}"])
    with_private = decoded(outbox(game, f"answer-{seqs['r2']:05d}")[f"answer-{seqs['r2']:05d}"])
    assert "private report for RED" not in public_only and "private report for RED" in with_private


def test_set_address_is_confirmed_from_the_new_address_and_told_to_the_old(tmp_path: Path):
    """SET ADDRESS (with the password) mails a token to the new address and tells the old one; the change is made,
    as a step of the game's archive, only when the token comes back from the new address."""
    game = setup_game(tmp_path)
    pw = _passwords(game)
    deliver(tmp_path, plain(f"PLAYER RED PASSWORD {pw['RED']}\nSET ADDRESS anna.neu@example.org\n", subject="a"))
    deliver(tmp_path, plain("PLAYER BLUE PASSWORD wrong\nSET ADDRESS eve@example.org\n",
                            sender="bernd@example.net", subject="b"), "M01P8.mx")
    tick(game)
    assert address(game, "RED") == "anna@example.org" and address(game, "BLUE") == "bernd@example.net"
    (confirm,) = outbox(game, "confirm-").values()
    assert "To: anna.neu@example.org" in confirm
    token = re.search(r"CONFIRM ([0-9a-f]{12})", decoded(confirm))
    assert token
    # asked from the old address itself: the one reply there tells it (no second mail)
    assert not outbox(game, "address-asked-")
    (told,) = [a for a in outbox(game, "answer-").values() if "confirmation was mailed to" in decoded(a)]
    assert "To: anna@example.org" in told and "anna.neu@example.org" in decoded(told)
    assert any("needs your PLAYER line with your password" in decoded(a) for a in outbox(game, "answer-").values())
    assert not any("eve@" in a.split("\n\n")[0] for a in outbox(game, "").values())  # nothing to the forger's pick
    # a forger who knows the token but writes from another address changes nothing
    deliver(tmp_path, plain(f"CONFIRM {token.group(1)}\n", subject="c"), "M03P8.mx")
    tick(game, 1)
    assert address(game, "RED") == "anna@example.org" and changes(game) == []
    deliver(tmp_path, plain(f"Hi,\nCONFIRM {token.group(1)}\nAnna\n", sender="anna.neu@example.org", subject="d"),
            "M04P8.mx")
    tick(game, 1)
    assert address(game, "RED") == "anna.neu@example.org" and changes(game) == [("address", "RED")]
    (done,) = outbox(game, "address-done-").values()
    assert "To: anna@example.org" in done
    invoke("verify", str(game))


def test_a_password_reset_is_mailed_to_the_address_on_file_and_the_old_one_works_until_the_new_one_is_used(
        tmp_path: Path):
    """Issue 32: a reset can never be turned against the owner.  The new password goes to RED's address on file only
    (a second ask the same turn sends nothing more); the old one keeps working until the new one is first used (here
    in a command mail); from then on only the new one counts, at once, and RED's orders accepted with the old one
    still count when the turn runs."""
    game = setup_game(tmp_path)
    old = _passwords(game)["RED"]
    deliver(tmp_path, plain(f"GAME postal\nTURN 1\nPLAYER RED PASSWORD {old}\nSTART Hamburg\n", subject="orders"),
            "M00P9.mx")
    deliver(tmp_path, plain("PASSWORD RESET RED\n", sender="bernd@example.net", subject="not mine"), "M01P9.mx")
    deliver(tmp_path, plain("PASSWORD RESET RED\n", subject="mine"), "M02P9.mx")
    deliver(tmp_path, plain("PASSWORD RESET RED\n", subject="again"), "M03P9.mx")
    out = tick(game)
    assert _passwords(game)["RED"] == old  # not used yet: the old one stands
    (mailed,) = outbox(game, "password-").values()
    assert "To: anna@example.org" in mailed and "Subject: Dampfross postal: PASSWORD RESET" in mailed
    new = re.search(r"New password: (\S+)", decoded(mailed))
    assert new and new.group(1) != old
    said = [" ".join(decoded(a).split()) for a in outbox(game, "answer-").values()]
    assert any("only for a mail from the player's own address" in a for a in said)
    assert any("this turn already" in a for a in said) and "asked again this period" in out
    deliver(tmp_path, plain(f"PLAYER RED PASSWORD {new.group(1)}\nSTATUS\n", subject="status"), "M04P9.mx")
    out = tick(game)
    assert _passwords(game)["RED"] == new.group(1) and "RED used its new password" in out
    deliver(tmp_path, plain(f"GAME postal\nTURN 1\nPLAYER RED PASSWORD {old}\nSTART Berlin\n", subject="old"),
            "M05P9.mx")  # the old password no longer counts
    tick(game)
    for at in range(1, len(tick_times())):  # the turn runs at its deadline; RED's orders accepted with the old one
        tick(game, at)
    state = dampfross_state(game)
    assert state.turn > 1 and state.player("RED").start_town == "Hamburg"
    assert changes(game) == [("password", "RED")]
    invoke("verify", str(game))


def test_after_a_reset_by_mail_the_gms_check_and_run_count_the_new_password_alone(tmp_path: Path):
    """A new password asked by mail and first used is the table's; the GM's ``check`` and ``run`` of order files
    read it from there (``session.py: with_passwords``), not from the state's copy ``new`` made: a section with
    the new password counts and its lines say nothing of a wrong password, one with the old password does not
    count.  (They had read the state's copy: the new password was "wrong" and the old one counted in ``check``.)"""
    game = setup_game(tmp_path)
    old = _passwords(game)["RED"]
    deliver(tmp_path, plain("PASSWORD RESET RED\n", subject="mine"), "M01P9.mx")
    tick(game)
    new = re.search(r"New password: (\S+)", decoded(next(iter(outbox(game, "password-").values()))))
    assert new
    deliver(tmp_path, plain(f"PLAYER RED PASSWORD {new.group(1)}\nSTATUS\n", subject="status"), "M02P9.mx")
    tick(game)
    assert _passwords(game)["RED"] == new.group(1) != old
    for password, counts in ((new.group(1), True), (old, False)):
        orders = tmp_path / f"red-{counts}.orders"
        orders.write_text(f"GAME postal\nTURN 1\nPLAYER RED PASSWORD {password}\nSTART Hamburg\n", encoding="utf-8")
        checked = invoke("check", str(orders), "--game", str(game), ok=False)
        assert (checked.exit_code == 0) is counts and ("wrong password" in checked.output) is not counts
    ran = invoke("run", str(tmp_path / "red-True.orders"), "--game", str(game), "--now", tick_times()[1])
    assert "wrong password" not in ran.output and dampfross_state(game).player("RED").start_town == "Hamburg"


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
    (mailed,) = outbox(game, "password-").values()
    assert "To: anna@example.org" in mailed
    secret = re.search(r"New password: (\S+)", decoded(mailed))
    assert secret
    deliver(tmp_path, plain(f"PLAYER RED PASSWORD {secret.group(1)}\nHELP\n", subject="help"), "M03P9.mx")
    tick(game)
    new = _passwords(game)
    assert new["RED"] == secret.group(1) != old["RED"] and {k: v for k, v in new.items() if k != "RED"} == {
        k: v for k, v in old.items() if k != "RED"}
    assert read_commands([f"{line} RED\n"]) == read_commands(["PASSWORD RESET red\n"])


def test_a_stranger_gets_no_answer_to_commands_and_chat_is_listed_for_the_gm(tmp_path: Path):
    game = setup_game(tmp_path)
    deliver(tmp_path, plain("STATUS\n", sender="stranger@example.net", subject="s"), "M01P6.mx")
    deliver(tmp_path, plain("Dear GM, I am away next week.\n", subject="away"), "M02P6.mx")
    out = tick(game)
    assert not outbox(game, "answer-")
    assert len(outbox(game, "notice-")) == 1
    (digest,) = outbox(game, "digest-").values()
    assert "To: gm@dampfross.example.org" in digest and "anna@example.org" in decoded(digest)
    assert "listed in the digest to the GM" in out


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


def test_forged_guesses_from_the_owners_address_never_keep_his_new_password_from_counting(tmp_path: Path):
    """RED asks for a new password; then two forged mails 'from' RED's address spend its 20 password guesses; RED's
    mail signed with the new password still makes it his and its orders count (the robot had stopped trying new
    passwords for a sender out of guesses: a player who had lost his password could not play his turn)."""
    game = setup_game(tmp_path)
    deliver(tmp_path, plain("PASSWORD RESET RED\n", subject="mine"), "M01P9.mx")
    tick(game)
    found = re.search(r"New password: (\S+)", decoded(next(iter(outbox(game, "password-").values()))))
    assert found
    guesses = "".join(f"PLAYER BLUE PASSWORD guess-{i:04d}\nPASS\n" for i in range(12))
    for n in range(2):  # forged: From anna@example.org, RED's address on file
        deliver(tmp_path, plain(guesses, subject=f"forged {n}"), f"M1{n}P9.mx")
    tick(game)  # 24 wrong guesses: the address is out of them
    deliver(tmp_path, plain(f"GAME postal\nTURN 1\nPLAYER RED PASSWORD {found.group(1)}\nSTART Hamburg\n",
                            subject="with the new one"), "M20P9.mx")
    out = tick(game)
    assert _passwords(game)["RED"] == found.group(1) and "RED used its new password" in out, out
    table = dampfross_game(game)[0]
    accepted = table.accepted("RED")
    assert accepted is not None and accepted.lines[-1] == "START Hamburg"
