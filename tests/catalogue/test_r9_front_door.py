"""The rules catalogue, R9: the front door (issue 24).  Issue 24, done when: one mail-behaviour suite for every game the platform serves (Dampfross, InterUrban, and a
take-away game defined only in the tests): mail clutter, commands after a greeting, password guesses, strangers,
language, late mail and budgets behave alike, because they are written once (``postal/frontdoor.py``,
``postal/robot.py``).  Each test runs against each game (the ``trial`` fixture of ``tests/conftest.py``)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from adjudicator.kernel.languages import codes
from tests.conftest import ANNA, BERND, GAMES, Trial, make_trial
from tests.helpers import invoke


def _text(msg: object) -> str:
    return str(msg.get_body(preferencelist=("plain",)).get_content())  # type: ignore[attr-defined]


def test_F01_orders_among_greetings_and_sign_offs_count(trial: Trial):
    body = f"Hi all,\n\nhere are my orders.\n\n{trial.envelope('RED')}{trial.orders('RED')}\nCheers, Tom\nAnna\n"
    trial.deliver(ANNA, body, "2026-12-01T09:00+00:00")
    trial.tick("2026-12-01T09:05+00:00")
    assert trial.counted("RED")


def test_F02_commands_after_a_greeting_are_answered_in_one_reply(trial: Trial):
    trial.deliver(ANNA, "Hi,\n\nHELP\nSTATUS\n\nthanks!\nAnna\n", "2026-12-01T09:00+00:00", "a question")
    out = trial.tick("2026-12-01T09:05+00:00")
    answers = trial.mails(ANNA, "answer-")
    assert len(answers) == 1 and "commands (help, status)" in out
    assert not trial.mails("gm@example.org", "digest-")


def test_F03_a_mail_of_two_thousand_commands_gets_one_reply(trial: Trial):
    trial.deliver(ANNA, "MAP\n" * 2000, "2026-12-01T09:00+00:00", "bomb")
    trial.tick("2026-12-01T09:05+00:00")
    before = len(trial.mails(ANNA))
    assert len(trial.mails(ANNA, "answer-")) == 1
    trial.deliver(ANNA, "MAP " + "x" * 100_000 + "\n", "2026-12-01T09:10+00:00", "long")  # no command: prose
    trial.tick("2026-12-01T09:15+00:00")
    assert len(trial.mails(ANNA)) <= before + 1


def test_F04_a_stranger_gets_one_notice_a_period_and_nothing_of_the_game(trial: Trial):
    for i in range(3):
        trial.deliver("mallory@example.com", f"{trial.envelope('RED', f'guess-{i}')}{trial.orders('RED')}",
                      f"2026-12-01T09:0{i}+00:00", f"g{i}")
        trial.deliver("mallory@example.com", "STATUS\n", f"2026-12-01T09:0{i}+00:00", f"s{i}")
    trial.tick("2026-12-01T09:30+00:00")
    to_mallory = trial.mails("mallory@example.com")
    assert len(to_mallory) == 1 and to_mallory[0][0].startswith("notice-")
    assert "RED" not in _text(to_mallory[0][1]) and not trial.counted("RED")
    assert not [name for name, m in trial.mails(ANNA) if name.startswith("receipt-")]  # never to the seat's owner


def test_F05_password_guesses_from_one_address_are_limited_and_never_lock_out_its_own_seat(trial: Trial):
    """Bernd (on file for BLUE) guesses RED's password: 12 sections a mail, over three attachments' worth of
    mails; past 20 guesses his mails for RED are not read, while his own orders still count."""
    guesses = "".join(f"PLAYER RED PASSWORD guess-{i:03d}\n{trial.orders('RED')}" for i in range(12))
    for i in range(3):
        trial.deliver(BERND, guesses, f"2026-12-01T09:0{i}+00:00", f"g{i}")
    out = trial.tick("2026-12-01T09:10+00:00")
    assert "wrong passwords from this address" in out and not trial.counted("RED")
    if trial.sequential:  # BLUE's move comes after RED's: RED plays first
        trial.deliver(ANNA, trial.envelope("RED") + trial.orders("RED"), "2026-12-01T09:20+00:00")
        trial.tick("2026-12-01T09:25+00:00")
    trial.deliver(BERND, trial.envelope("BLUE") + trial.orders("BLUE"), "2026-12-01T09:30+00:00", "mine")
    trial.tick("2026-12-01T09:35+00:00")
    assert trial.counted("BLUE")
    assert len([n for n, _ in trial.mails(BERND) if n.startswith(("receipt-", "answer-", "notice-"))]) <= 12


def test_F06_a_player_is_answered_in_his_language(tmp_path: Path):
    for kind in GAMES:
        trial = make_trial(tmp_path / kind, kind, red_lang="de")
        trial.deliver(ANNA, "Hallo,\n\nHILFE\n\nGruß\n", "2026-12-01T09:00+00:00", "hilfe")
        trial.deliver(ANNA, "Hallo,\nPASSWORD RESET\n", "2026-12-01T09:01+00:00", "reset")
        trial.tick("2026-12-01T09:05+00:00")
        ((_, answer),) = trial.mails(ANNA, "answer-")
        ((_, password),) = trial.mails(ANNA, "password-")  # the reset's own mail is its answer
        assert "HILFE" in str(answer["Subject"]), (kind, answer["Subject"])
        assert "NEUES PASSWORT" in str(password["Subject"]), (kind, password["Subject"])
        assert "Neues Passwort:" in _text(password) and "New password" not in _text(password), kind


def test_F07_a_forged_password_reset_voids_no_orders(trial: Trial):
    """A mail forged as from RED's address asks for a new password minutes before RED's orders: RED's orders,
    with the password RED holds, count all the same; the new password reaches only RED's address."""
    trial.deliver(ANNA, "PASSWORD RESET\nPASSWORD RESET RED\n", "2026-12-01T09:00+00:00", "forged")
    trial.deliver(ANNA, "NEUES PASSWORT RED\n", "2026-12-01T09:01+00:00", "forged again")
    trial.deliver(ANNA, trial.envelope("RED") + trial.orders("RED"), "2026-12-01T09:05+00:00")
    trial.tick("2026-12-01T09:10+00:00")
    assert trial.counted("RED")
    mailed = [m for _, m in trial.mails(prefix="password-") if "New password:" in _text(m)]
    assert len(mailed) == 1 and str(mailed[0]["To"]) == ANNA  # one reset a seat a period, to the address on file
    assert "this turn already" in " ".join(_text(trial.mails(ANNA, "answer-")[-1][1]).split())


def test_F08_many_mails_from_one_address_get_at_most_twelve_replies_and_its_orders_still_count(trial: Trial):
    for i in range(30):
        trial.deliver(ANNA, "STATUS\n", f"2026-12-01T09:{i:02d}+00:00", f"s{i}")
    trial.deliver(ANNA, trial.envelope("RED") + trial.orders("RED"), "2026-12-01T09:45+00:00")
    out = trial.tick("2026-12-01T09:50+00:00")
    replies = [n for n, _ in trial.mails(ANNA) if not n.startswith(("opening-", "move-"))]
    assert len([n for n in replies if n.startswith("answer-")]) == 12  # the budget of unauthenticated replies
    assert len([n for n in replies if n.startswith("receipt-")]) == 1  # the orders' receipt is never silenced
    assert "has had 12 replies" in out and trial.counted("RED")


def test_F09_the_same_mails_give_the_same_game_whenever_cron_runs(trial: Trial, tmp_path: Path):
    """Mails that arrive before and after a deadline: one copy of the game ticked often, the other once late;
    the games come out the same."""
    if trial.sequential:  # RED misses the deadline of 18:00; BLUE's move comes after it
        trial.deliver(BERND, trial.envelope("BLUE") + trial.orders("BLUE", after_miss=True),
                      "2026-12-04T19:00+00:00", "after the miss")
    else:  # RED's orders are in time, BLUE's late (and not used: the strict rule; reading 132 for a game of moves)
        if trial.moves:  # a fixture's Dampfross game is strict; a game of simultaneous turns of the session is made so
            invoke("deadline", "set", str(trial.game), "--strict")
        trial.deliver(ANNA, trial.envelope("RED") + trial.orders("RED"), "2026-12-04T17:00+00:00", "in time")
        trial.deliver(BERND, trial.envelope("BLUE") + trial.orders("BLUE"), "2026-12-04T19:00+00:00", "late")
    other = tmp_path / "other"
    shutil.copytree(trial.game.parent, other, symlinks=True)
    (other / "g" / "mail.toml").write_text((trial.game / "mail.toml").read_text().replace(
        str(trial.maildir), str(other / "maildir")))
    late = Trial(trial.kind, other / "g", other / "maildir", trial.passwords)
    for when in ("2026-12-04T17:30+00:00", "2026-12-04T18:30+00:00", "2026-12-04T19:30+00:00",
                 "2026-12-06T12:00+00:00"):
        trial.tick(when)
    late.tick("2026-12-06T12:00+00:00")
    assert trial.state()["state"] == late.state()["state"] and trial.state()["table"] == late.state()["table"]
    first = "BLUE" if trial.sequential else "RED"
    assert trial.counted(first) and late.counted(first)


def test_F10_a_game_defined_only_in_the_tests_is_played_by_mail_to_its_end(tmp_path: Path):
    """Take-away (tests/games/takeaway.py, one registry line) runs by mail through ``tick``: receipts, a missed
    deadline, a command, ``verify`` of every step and ``undo`` of the last, without a line of it in the
    platform."""
    from tests.helpers import invoke

    trial = make_trial(tmp_path, "takeaway")
    pile = trial.state()["state"]["pile"]
    seats, when, moves = ("RED", "BLUE"), 1, 0
    trial.tick("2026-12-04T18:30+00:00")  # RED misses the first deadline: it takes one
    pile -= 1
    moves += 1
    while pile > 0:
        seat = seats[moves % 2]
        address = ANNA if seat == "RED" else BERND
        trial.deliver(address, f"{trial.envelope(seat)}TAKE 3\nthanks\n", f"2026-12-05T09:{when:02d}+00:00",
                      f"move {when}")
        out = trial.tick(f"2026-12-05T09:{when:02d}:30+00:00")
        assert f"made by {seat}" in out, out
        pile, moves, when = pile - min(3, pile), moves + 1, when + 1
    assert trial.state()["state"]["winner"] in seats
    receipts = [_text(m) for n, m in trial.mails(ANNA) if n.startswith("receipt-")]
    assert receipts and all("Taken" in r for r in receipts)
    verified = invoke("verify", str(trial.game)).output.splitlines()
    assert verified and all(line.startswith("OK: ") for line in verified), verified
    invoke("undo", str(trial.game))
    assert trial.state()["state"]["winner"] is None and trial.state()["state"]["pile"] > 0


def _reply_to(trial: Trial, sender: str, body: str, in_reply_to: str, when: str) -> None:
    from datetime import datetime
    from email.message import EmailMessage

    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = sender, "gm@example.org", "Re: your mail"
    m["Message-ID"], m["In-Reply-To"] = f"<echo-{trial.count}@example.org>", in_reply_to
    m.set_content(body)
    trial.count += 1
    stamp = int(datetime.fromisoformat(when).timestamp())
    (trial.maildir / "new" / f"{stamp}.M{trial.count:04d}P1.mx").write_bytes(m.as_bytes())


def test_F11_an_auto_reply_to_the_robots_own_mail_gets_no_receipt(trial: Trial):
    """An auto-responder that sets no RFC 3834 header answers the opening mail ("I am away"): it holds neither
    orders nor a command and names one of the robot's own mails, so it gets no receipt (two robots would answer
    each other for ever); the GM's digest lists it. The same words not in answer to the robot's mail get the
    ordinary receipt."""
    import json

    ours = json.loads(next((trial.game / "mail").rglob("opening-RED.json")).read_text())["message_id"]
    _reply_to(trial, ANNA, "I am out of the office until Monday.\n", ours, "2026-12-01T09:00+00:00")
    trial.tick("2026-12-01T09:05+00:00")
    assert not [n for n, _ in trial.mails(ANNA) if n.startswith("receipt-")]
    assert trial.mails("gm@example.org", "digest-")
    _reply_to(trial, ANNA, "I am out of the office until Monday.\n", "<elsewhere@example.org>",
              "2026-12-01T09:10+00:00")
    trial.tick("2026-12-01T09:15+00:00")
    assert [n for n, _ in trial.mails(ANNA) if n.startswith("receipt-")]


def test_F12_a_stranger_who_gives_a_seats_password_gets_its_receipt_and_no_notice(trial: Trial):
    """One mail costs each address one reply: a mail from an address not on file with RED's right section and
    BLUE's wrong one gets RED's receipt (the password was right) and no stranger's notice besides."""
    body = trial.envelope("RED") + trial.orders("RED") + f"PLAYER BLUE PASSWORD wrong\n{trial.orders('RED')}"
    trial.deliver("anna.holiday@example.com", body, "2026-12-01T09:00+00:00")
    trial.tick("2026-12-01T09:05+00:00")
    assert trial.counted("RED")
    mailed = trial.mails("anna.holiday@example.com")
    assert len(mailed) == 1 and mailed[0][0].startswith("receipt-"), [n for n, _ in mailed]


def test_F13_strangers_all_together_get_at_most_twenty_notices_a_period(trial: Trial):
    """A flood from 25 forged senders (innocent third parties) makes no flood of notices: 20 a period in all,
    then the GM is told once; the digest lists every mail."""
    from adjudicator.postal.frontdoor import NOTICES_PER_PERIOD

    for i in range(NOTICES_PER_PERIOD + 5):
        trial.deliver(f"victim{i}@example.net", trial.envelope("RED", f"guess-{i}") + trial.orders("RED"),
                      "2026-12-01T09:00+00:00", f"g{i}")
    out = trial.tick("2026-12-01T09:05+00:00")
    notices = [n for n, _ in trial.mails(prefix="notice-")]
    assert NOTICES_PER_PERIOD == 20 and len(notices) == 20
    assert out.count("strangers have had their notice this turn") == 1


def test_F14_a_question_to_the_gm_goes_to_the_gm_and_its_sender_is_told_so(trial: Trial):
    """Reading 95: a player's mail that holds neither orders nor a command ("Hi, can I build across the Rhine?")
    is listed in the GM's digest, and its receipt tells the sender that it went to the game master (a question
    must not read as thrown away). A command mail among greetings is answered and goes to nobody else."""
    trial.deliver(ANNA, "Hi,\n\ncan I build across the Rhine at Cologne?\n\nthanks,\nAnna\n", "2026-12-01T09:00+00:00",
                  "a question")
    trial.tick("2026-12-01T09:05+00:00")
    ((_, receipt),) = [(n, m) for n, m in trial.mails(ANNA) if n.startswith("receipt-")]
    assert "Your mail went to the game master" in " ".join(_text(receipt).split())
    (digest,) = [m for _, m in trial.mails("gm@example.org", "digest-")]
    assert "from anna@example.org" in _text(digest)
    trial.deliver(ANNA, "Hi,\n\nHELP\n\nthanks!\nAnna\n", "2026-12-01T09:10+00:00", "help")
    trial.tick("2026-12-01T09:15+00:00")
    (answer,) = [m for _, m in trial.mails(ANNA, "answer-")]
    assert "went to the game master" not in _text(answer)
    assert len(trial.mails("gm@example.org", "digest-")) == 1


def test_F15_a_german_player_is_told_in_german_that_his_mail_went_to_the_gm(tmp_path: Path):
    """Reading 95 with reading 87: the sentence is the platform's, in the player's language, in every game."""
    for kind in GAMES:
        trial = make_trial(tmp_path / kind, kind, red_lang="de")
        trial.deliver(ANNA, "Hallo,\n\nwann ist der nächste Zug?\n\nGruß, Anna\n", "2026-12-01T09:00+00:00", "Frage")
        trial.tick("2026-12-01T09:05+00:00")
        ((_, receipt),) = [(n, m) for n, m in trial.mails(ANNA) if n.startswith("receipt-")]
        text = " ".join(_text(receipt).split())
        assert "Ihre Mail ging an die Spielleitung" in text and "game master" not in text, (kind, text)
        assert "HILFE, KARTE, STAND" in text, kind


def in_language(text: str, lang: str) -> str:
    """An order mail's lines with every keyword (the envelope's, Dampfross's, InterUrban's notation) in ``lang``'s
    own first spelling; ids, names and a test game's own words stay."""
    from adjudicator.kernel.languages import spellings_of

    words: dict[str, str] = {}
    for section in ("orders", "interurban"):
        english = spellings_of("en", section)
        for name, own in spellings_of(lang, section).items():
            for word in english.get(name, ()):
                words.setdefault(word.upper(), own[0].upper())
    return re.sub(r"\b[A-Z]{2,}\b", lambda m: words.get(m.group(0), m.group(0)), text)


def _said(lang: str, domain: str, english: str) -> str:
    """A sentence of a game's catalogue in ``lang``."""
    from tools import i18n

    found = i18n.read(lang, {d.name: d for d in i18n.DOMAINS}[domain]).get(english)
    assert found is not None and found.string, english
    return str(found.string)


@pytest.mark.parametrize("lang", [lang for lang in codes() if lang != "en"])
def test_F16_the_suite_in_every_language(tmp_path: Path, lang: str):
    """Issue 36: in every game, a player of each language writes his orders in its keywords among greetings, his
    commands in its words, a question to the GM: his orders count as meant, and each answer is in his language."""
    from adjudicator.kernel.languages import spellings_of

    command = {name: words[0].upper() for name, words in spellings_of(lang, "commands").items()}
    for kind in GAMES:
        trial = make_trial(tmp_path / kind, kind, red_lang=lang)
        orders = trial.orders("RED") + ("BUILD Hamburg - 1208\n" if kind == "dampfross" else "")
        body = in_language(trial.envelope("RED") + orders, lang)
        assert body != trial.envelope("RED") + orders
        trial.deliver(ANNA, f"Hallo,\n\n{body}\nGroeten / S pozdravem\nAnna\n", "2026-12-01T09:00+00:00", "mine")
        trial.deliver(ANNA, f"Hallo,\n\n{command['help']}\n{command['status']}\n\nAnna\n", "2026-12-01T09:01+00:00",
                      "help")
        trial.deliver(ANNA, "Hallo,\n\n?\n\nAnna\n", "2026-12-01T09:02+00:00", "a question")
        trial.deliver(ANNA, f"{command['password-reset']}\n", "2026-12-01T09:03+00:00", "reset")
        trial.tick("2026-12-01T09:05+00:00")
        assert trial.counted("RED"), (kind, lang, body)
        ((_, answer),) = trial.mails(ANNA, "answer-")
        assert _said(lang, "platform", "HELP") in str(answer["Subject"]), (kind, answer["Subject"])
        ((_, password),) = trial.mails(ANNA, "password-")
        assert _said(lang, "platform", "New password: {password}").split("{")[0] in _text(password), kind
        receipts = " ".join(" ".join(_text(m).split()) for n, m in trial.mails(ANNA) if n.startswith("receipt-"))
        went = _said(lang, "platform", "Your mail went to the game master, who reads it and answers in person where "
                                        "needed. The robot answers only orders and the commands {commands}.")
        assert went.split(",")[0] in receipts, (kind, receipts)


@pytest.mark.parametrize("count", [13, 30])
def test_F17_a_flood_of_sections_is_answered_the_same_in_every_game(tmp_path: Path, count: int):
    """Issue 34: a mail from RED's own address holding more PLAYER sections than a mail may (13: over twelve; 30:
    counted before any is read) gets one receipt saying nothing in it is read, in every game; the same mail from
    a stranger gets the front door's notice; nothing of either counts."""
    said = f"Your mail holds {count} PLAYER sections; a mail may hold at most 12: nothing in it is read."
    for kind in GAMES:
        trial = make_trial(tmp_path / kind, kind)
        head, player = trial.envelope("RED").rsplit("PLAYER", 1)
        flood = head + "".join(f"PLAYER{player}{trial.orders('RED')}" for _ in range(count))
        trial.deliver(ANNA, flood, "2026-12-01T09:00+00:00", "flood")
        trial.deliver("mallory@example.com", flood, "2026-12-01T09:01+00:00", "flood again")
        trial.tick("2026-12-01T09:05+00:00")
        ((_, receipt),) = trial.mails(ANNA, "receipt-")
        assert said in " ".join(_text(receipt).split()), (kind, _text(receipt))
        assert [n for n, _ in trial.mails("mallory@example.com")] and \
            all(n.startswith("notice-") for n, _ in trial.mails("mallory@example.com")), kind
        assert not trial.counted("RED"), kind
