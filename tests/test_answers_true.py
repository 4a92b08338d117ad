"""Issue 35, done when (answers true): a scripted mail trial on the real tick path shows that what the robot says is
true.  Two players and a GM tried a Dampfross game by real local mail; the rules were right, but the robot's words
were not: "Your orders count as they stand" over a receipt in which every ENTER was refused, a comma that lost whole
lines and a hint that was itself refused, a BUILD in the last racing turn priced by the receipt and then not built
without a word, a question to the GM "ignored", the caretaker's orders shown as the absent player's own, and a wrong
password's reply silent about the earlier mail that still counted.

Every game here is run by ``adjudicate tick`` from a Maildir at times the test sets (mail arrival and ``--now`` from
one fixed clock), its answers read from the outbox.  Each receipt's first line is checked against the lines under
it (``_agrees``): the headline is counted from the same fates as the orders shown, so the two never disagree.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ANNA, BERND, Trial, make_trial
from tests.helpers import invoke

TINY = str(Path(__file__).parent / "data" / "tiny.yaml")
GM = "gm@example.org"


def _game(where: Path, *extra: str, board: str = "germany", play: str = "dampfross") -> Trial:
    """A new game (RED Anna, BLUE Bernd) run by mail from a Maildir, deadline 2026-12-04 18:00 UTC and every 7 days,
    with ``extra`` options of ``adjudicate new``; the openings sent."""
    game, maildir = where / "g", where / "maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True, exist_ok=True)
    args = ["new", str(game), "--id", "g", "--seed", f"true-{play}", "--unsafe-test-passwords", f"true-{play}",
            "--player", f"RED:Anna:{ANNA}", "--player", f"BLUE:Bernd:{BERND}", "--deadline", "2026-12-04 18:00",
            "--every", "7d", *extra]
    args += ["--map", board] if play == "dampfross" else ["--play", play]
    invoke(*args)
    (game / "mail.toml").write_text(f'from = "GM <{GM}>"\n\n[source]\nkind = "maildir"\npath = "{maildir}"\n',
                                    encoding="utf-8")
    (game / "mail.toml").chmod(0o600)
    secrets = dict(line.split(None, 1) for line in (game / "passwords.txt").read_text().splitlines() if " " in line)
    trial = Trial(play, game, maildir, {k: v.strip() for k, v in secrets.items()})
    trial.tick("2026-12-01T08:00+00:00")
    return trial


def _head(trial: Trial, seat: str, turn: int = 1) -> str:
    return f"GAME g\nTURN {turn}\nPLAYER {seat} PASSWORD {trial.passwords[seat]}\n"


def _text(trial: Trial, prefix: str, to: str | None = None) -> str:
    """The plain text of the one mail in the outbox whose name begins with ``prefix`` (to ``to``)."""
    found = trial.mails(to, prefix)
    assert len(found) == 1, (prefix, [name for name, _ in trial.mails()])
    return str(found[0][1].get_body(preferencelist=("plain",)).get_content())  # type: ignore[union-attr]


def _private(trial: Trial, turn: int, company: str) -> str:
    """The company's private report of the turn (``adjudicate report --player``)."""
    return invoke("report", str(trial.game), "--turn", str(turn), "--player", company).output


def _state(trial: Trial) -> dict[str, Any]:
    """The game's state as its game file holds it (the one session's: ``game.json``'s ``state``)."""
    state: dict[str, Any] = trial.state()["state"]
    return state


def _flat(text: str) -> str:
    return " ".join(text.split())


def _first(receipt: str) -> str:
    """A receipt's first paragraph after its heading: its headline and what the mail counts for."""
    return _flat(receipt.split("subject:", 1)[1].split("\n\n")[1])


def _orders_shown(receipt: str) -> list[tuple[str, str]]:
    """The orders under "Your orders as understood": each as shown, and what its fate line says ("" for none)."""
    if "Your orders as understood" not in receipt:
        return []
    block = receipt.split("Your orders as understood\n", 1)[1].split("\n", 1)[1].split("\n\n", 1)[0]
    out: list[tuple[str, str]] = []
    for line in block.split("\n"):
        if line.startswith("    ") and out and (line.strip().startswith(("not carried out", "carried out in part"))
                                                 or out[-1][1]):
            out[-1] = (out[-1][0], (out[-1][1] + " " + line.strip()).strip())
        elif line.startswith("      "):  # a folded order
            out[-1] = (out[-1][0] + " " + line.strip(), out[-1][1])
        elif line.startswith("  ") and not line.startswith("  standing"):
            out.append((line.strip(), ""))
    return out


def _agrees(receipt: str) -> str:
    """Check a receipt's headline against the orders shown under it, and say which kind it is (``all``, ``some``,
    ``none``, ``empty``): the count, how many would be carried out, and which would not, all from the lines."""
    head, shown = _first(receipt), _orders_shown(receipt)
    short = [order for order, fate in shown if fate]
    if m := re.match(r"All (\d+) of your orders for turn \d+ would be carried out as they stand below\.", head):
        assert int(m.group(1)) == len(shown) and not short, (head, shown)
        return "all"
    if re.match(r"Your order for turn \d+ would be carried out as it stands below\.", head):
        assert len(shown) == 1 and not short, (head, shown)
        return "all"
    if m := re.match(r"(\d+) of your (\d+) orders for turn \d+ would be carried out; (?:this one|these) would not, "
                     r"or not in full: (.*?)\. Your", head):
        assert (int(m.group(1)), int(m.group(2))) == (len(shown) - len(short), len(shown)), (head, shown)
        listed = re.findall(r"line \d+ \((.*?)\)(?:, |$)", m.group(3))
        unread = [re.sub(r"^line \d+: ", "", o) for o in short]  # a line not read is shown with its number
        assert len(listed) == len(short) and all(o.startswith(x.removesuffix("...")) for x, o in
                                                 zip(listed, unread, strict=True)), (listed, short)
        return "some"
    if m := re.match(r"(?:Your order|None of your (\d+) orders) for turn \d+ would be carried out (?:only in part|in "
                     r"full): ", head):
        assert len(short) == len(shown) == int(m.group(1) or 1) and any(f.startswith("carried out in part") for
                                                                        _, f in shown), (head, shown)
        return "part"
    if m := re.match(r"(?:Nothing would be built|No race would be entered and nothing would be built): (?:your "
                     r"order|none of your (\d+) orders) for turn \d+ would(?: not)? be carried out", head):
        assert len(short) == len(shown) == int(m.group(1) or 1), (head, shown)
        assert not any(f.startswith("carried out in part") for _, f in shown), (head, shown)  # reading 94
        return "none"
    if re.match(r"(?:Nothing would be built|No race .*?): your section for turn \d+ holds no orders\.", head):
        assert shown == [], (head, shown)
        return "empty"
    raise AssertionError(f"no headline: {head}")


# --- 1. a receipt's first line, every verdict mix ----------------------------------------------------------------


MIXES = [
    pytest.param("START Hamburg\nBUILD Hamburg - 1008\n", "all", "All 2 of your orders for turn 1 would be carried "
                 "out as they stand below. Your mail counts for turn 1", id="all-count"),
    pytest.param("PASS\n", "all", "Your order for turn 1 would be carried out as it stands below.", id="one-order"),
    pytest.param("START Hamburg\nBUILD Hamburg - 1008\nBUILD 2021 - 2022\n", "some",
                 "2 of your 3 orders for turn 1 would be carried out; this one would not, or not in full: line 8 "
                 "(BUILD 2021 - 2022).", id="some-count"),
    pytest.param("START Hamburg\nENTER 1 BEST\nBIULD Hamburg - 1008\n", "some",
                 "1 of your 3 orders for turn 1 would be carried out; these would not, or not in full: line 7 (ENTER "
                 "1 BEST), line 8 (BIULD Hamburg - 1008).", id="some-with-an-unread-line-and-the-wrong-phase"),
    pytest.param("START Nowhere\nBUILD Nowhere - 1008\n", "none", "Nothing would be built: none of your 2 orders for "
                 "turn 1 would be carried out", id="none-count"),
    pytest.param("BUILD 2021 - 2022\n", "none", "Nothing would be built: your order for turn 1 would not be "
                 "carried out: line 6 (BUILD 2021 - 2022). Your mail counts for turn 1, but builds nothing",
                 id="idle"),
]


@pytest.mark.parametrize(("orders", "kind", "first"), MIXES)
def test_a_receipts_first_line_is_counted_from_the_lines_under_it(tmp_path: Path, orders: str, kind: str,
                                                                   first: str):
    """Reading 128: the headline says all N orders would be carried out, N of M (naming those that would not), or
    nothing would be built (naming them); the orders as understood follow, each not carried out in full with why."""
    trial = _game(tmp_path)
    trial.deliver(ANNA, "Hi,\n\n" + _head(trial, "RED") + orders + "\nAnna\n", "2026-12-01T09:00+00:00")
    trial.tick("2026-12-01T09:05+00:00")
    receipt = _text(trial, "receipt-", ANNA)
    assert _agrees(receipt) == kind
    assert _first(receipt).startswith(first) or first in _first(receipt), _first(receipt)
    assert "count as they stand" not in receipt


def test_every_enter_refused_is_not_all_count(tmp_path: Path):
    """The trial's receipt: a racing turn in which every ENTER was refused was headed "Your orders count as they
    stand"; now "No race would be entered and nothing would be built", each entry with why; and a BUILD in the turn
    of the game's last race says it will not be built and why, in the receipt and in the report (reading 129)."""
    trial = _racing_game(tmp_path)
    trial.deliver(ANNA, _head(trial, "RED", 3) + "ENTER 1 BEST\nENTER 2 BEST\nBUILD 0805 - 0905\n",
                  "2026-12-12T09:00+00:00", "racing orders")
    trial.tick("2026-12-12T10:00+00:00")
    receipt = _text(trial, "receipt-mail-00005", ANNA)
    assert _agrees(receipt) == "none"
    assert _first(receipt).startswith("No race would be entered and nothing would be built: none of your 3 orders "
                                      "for turn 3 would be carried out: line 4 (ENTER 1 BEST), line 5 (ENTER 2 "
                                      "BEST), line 6 (BUILD 0805 - 0905).")
    assert ("BUILD 0805 - 0905", "not carried out: the game ends with race 2, the last: nothing is built after it") \
        in _orders_shown(receipt)
    trial.tick("2026-12-18T18:05+00:00")
    private = _private(trial, 3, "RED")
    assert "because the game ends with race 2, the last: nothing is built after it" in _flat(private)
    assert "THE GAME IS OVER" in private


def test_a_racing_turns_report_tells_a_company_of_its_section_that_did_not_count(tmp_path: Path):
    """A section for RED with a wrong password (a forged mail from another address) in a racing turn: RED's private
    report of that turn says a section for it in a mail to the GM did not count, and why, as a building turn's does;
    whose mail it was, and when it came, it does not say (the stop-41 note had it unverified)."""
    trial = _racing_game(tmp_path)
    forged = _head(trial, "RED", 3).replace(trial.passwords["RED"], "not-his") + "ENTER 1 BEST\n"
    trial.deliver("mallory@example.net", forged, "2026-12-12T09:00+00:00", "forged")
    trial.tick("2026-12-18T18:05+00:00")
    private = _flat(_private(trial, 3, "RED"))
    assert "a section for you in a mail to the GM does not count: wrong password" in private, private
    assert "mallory" not in private
    assert "does not count" not in _flat(_private(trial, 3, "BLUE"))


def _racing_game(where: Path) -> Trial:
    """The tiny map, two building turns, then one racing turn of races 1 and 2, the game's last (fixed_races=2)."""
    trial = _game(where, "--set", "building_rounds=2", "--set", "races_per_turn=2", "--set", "fixed_races=2",
                  board=TINY)
    trial.deliver(ANNA, _head(trial, "RED") + "START Nordstadt\nBUILD 0402 - 0502 - 0602\n", "2026-12-01T09:00+00:00",
                  "o1")
    trial.deliver(BERND, _head(trial, "BLUE") + "START Nordstadt\nBUILD 0402 - 0403 - 0404\n",
                  "2026-12-01T09:00+00:00", "o2")
    trial.tick("2026-12-04T18:05+00:00")
    trial.deliver(ANNA, _head(trial, "RED", 2) + "BUILD 0602 - 0703 - 0804 - 0805\n", "2026-12-05T09:00+00:00", "o3")
    trial.deliver(BERND, _head(trial, "BLUE", 2) + "BUILD 0404 - 0405 - 0306 - 0307\n", "2026-12-05T09:00+00:00",
                  "o4")
    trial.tick("2026-12-11T18:05+00:00")
    assert _state(trial)["phase"] == "racing"
    return trial


def test_a_late_mail_and_a_refused_section_keep_the_count_first(tmp_path: Path):
    """A mail with a refused section of the company (a wrong password above the right one) says so after the
    count; a late mail (not strict) whose turn the tick then runs says that the turn has been run with its orders
    and that it was late, each order with its fate, but no count of what "would be" carried out."""
    trial = _game(tmp_path)
    trial.deliver(ANNA, _head(trial, "RED").replace(trial.passwords["RED"], "wrong") + "START Hamburg\n\n"
                  + _head(trial, "RED") + "START Hamburg\nBUILD Hamburg - 1008\n", "2026-12-01T09:00+00:00")
    trial.tick("2026-12-01T09:05+00:00")
    receipt = _text(trial, "receipt-", ANNA)
    assert _agrees(receipt) == "all"
    assert _first(receipt).endswith("A section of your mail does not count: see below."), _first(receipt)
    late = _game(tmp_path / "late")
    (late.game / "game.json").write_text((late.game / "game.json").read_text().replace('"strict": true',
                                                                                        '"strict": false'))
    invoke("deadline", "set", str(late.game), "--lenient")
    late.deliver(ANNA, _head(late, "RED") + "START Hamburg\nBUILD 2021 - 2022\n", "2026-12-04T18:01+00:00")
    late.tick("2026-12-04T18:02+00:00")
    receipt = _text(late, "receipt-", ANNA)  # the turn was run at the tick's end, with these orders: no count of
    flat = _flat(receipt)  # what "would be" carried out; that it was late and counts all the same; each order's fate
    assert _first(receipt).startswith("Your mail counts for turn 1; the turn has been run since, with these orders.")
    assert "Your mail arrived after the deadline" in flat and "would be carried out" not in flat, flat
    assert any(o == "BUILD 2021 - 2022" and f.startswith("not carried out") for o, f in _orders_shown(receipt)), \
        _orders_shown(receipt)


# --- 2. commas between orders, and hints that are orders ----------------------------------------------------------


def test_commas_between_orders_read_as_line_breaks(tmp_path: Path):
    """Reading 125: ``start boston, build boston-2707, 2707-2607`` is three orders (the trial lost the line): the
    receipt counts three and the turn builds both segments."""
    trial = _game(tmp_path, board="usa-east")
    trial.deliver(ANNA, _head(trial, "RED") + "start boston, build boston-2707, 2707-2607\n", "2026-12-01T09:00+00:00")
    trial.tick("2026-12-01T09:05+00:00")
    receipt = _text(trial, "receipt-", ANNA)
    assert _agrees(receipt) == "all" and "All 3 of your orders" in _first(receipt)
    assert [order for order, _ in _orders_shown(receipt)] == ["START Boston (2807)", "BUILD Boston (2807) - 2707",
                                                             "BUILD 2707 - 2607"]
    trial.tick("2026-12-04T18:05+00:00")
    built = {tuple(sorted((s["a"], s["b"]))) for s in _state(trial)["track"] if s["owner"] == "RED"}
    assert built == {("2707", "2807"), ("2607", "2707")}, built


def test_a_hint_the_robot_gives_is_an_order(tmp_path: Path):
    """Reading 126: ``build boston 2707, 2607`` is told to write ``build boston - 2707 - 2607`` (the trial's robot said
    ``build boston - 2707, 2607``, which it refused in turn); mailed back, the hint counts."""
    trial = _game(tmp_path, board="usa-east")
    trial.deliver(ANNA, _head(trial, "RED") + "START Boston\nbuild boston 2707, 2607\n", "2026-12-01T09:00+00:00")
    trial.tick("2026-12-01T09:05+00:00")
    hint = re.search(r"hint: write (.*)", _text(trial, "receipt-", ANNA))
    assert hint is not None and hint.group(1) == "build boston - 2707 - 2607"
    trial.deliver(ANNA, _head(trial, "RED") + f"START Boston\n{hint.group(1)}\n", "2026-12-01T10:00+00:00", "again")
    trial.tick("2026-12-01T10:05+00:00")
    assert _agrees(_text(trial, "receipt-mail-00002", ANNA)) == "all"


# --- 4. questions reach the GM with their text --------------------------------------------------------------------


def test_questions_reach_the_gm_with_their_text(tmp_path: Path):
    """Reading 127: a question-only mail reaches the GM's digest with its text (bounded, control characters
    escaped); a question among an order mail's orders does too, its orders count all the same, and both receipts
    say the GM has it."""
    trial = _game(tmp_path)
    trial.deliver(BERND, "Hi GM,\n\nmay I build across the Elbe in my first turn?\x1b[2J\n\nBernd\n",
                  "2026-12-01T09:00+00:00", "a question")
    trial.deliver(ANNA, "Hello,\n\n" + _head(trial, "RED") + "START Hamburg\nCan I build through the Alps?\n"
                  "BUILD Hamburg - 1008\n\nAnna\n", "2026-12-01T09:01+00:00", "orders and a question")
    trial.deliver(BERND, "Hi,\n\n" + "\n".join(f"line {n} of a long letter" for n in range(40)) + "\n",
                  "2026-12-01T09:02+00:00", "a long letter")
    out = trial.tick("2026-12-01T09:05+00:00")
    assert "mail 2 from anna@example.org: its lines that are no orders ask something" in out, out
    digest = _text(trial, "digest-", GM)
    assert "mail 1: from bernd@example.net (neither orders nor a command):" in digest
    assert "| may I build across the Elbe in my first turn?\\x1b[2J" in digest and "\x1b" not in digest
    assert "mail 2: from anna@example.org (orders, and these lines besides):" in digest
    assert "| Can I build through the Alps?" in digest and "| Hello," in digest and "START" not in digest
    assert "| line 18 of a long letter" in digest and "line 19 of a long letter" not in digest
    assert "... (21 more line(s) in the mail)" in digest
    receipt = _text(trial, "receipt-mail-00002", ANNA)
    assert _agrees(receipt) == "all" and "All 2 of your orders" in _first(receipt)
    assert "The lines of your mail that are no orders (a question) went to the game master" in _flat(receipt)
    to_gm = _flat(_text(trial, "receipt-mail-00001", BERND))
    assert "Your mail went to the game master" in to_gm  # and which commands the robot answers: every one
    assert "the commands HELP, MAP, STATUS, REPORT, RULES, SET ADDRESS, CONFIRM, PASSWORD RESET." in to_gm, to_gm


def test_a_question_around_a_move_reaches_the_gm(tmp_path: Path):
    """Reading 127 in a game of moves: a question around an InterUrban move goes to the GM's digest with its text,
    the move is made as ever, and the receipt says the GM has the question."""
    trial = make_trial(tmp_path, "interurban")
    trial.deliver(ANNA, "Hi GM, is a loop allowed?\n\n" + trial.envelope("RED") + trial.orders("RED") + "\nAnna\n",
                  "2026-12-01T09:00+00:00")
    trial.tick("2026-12-01T09:05+00:00")
    assert trial.counted("RED")
    digest = _text(trial, "digest-", GM)
    assert "(orders, and these lines besides):" in digest and "| Hi GM, is a loop allowed?" in digest
    (receipt,) = [m for name, m in trial.mails(ANNA, "receipt-")]
    text = _flat(str(receipt.get_body(preferencelist=("plain",)).get_content()))  # type: ignore[union-attr]
    assert "The lines of your mail that are no orders (a question) went to the game master" in text, text


def test_greetings_alone_stay_with_the_order_mail(tmp_path: Path):
    """Reading 127: an order mail whose other lines ask nothing (a greeting, a sign-off) sends nothing to the GM; a
    question in a press item is the press's (printed in the report), not a question for the GM."""
    trial = _game(tmp_path)
    trial.deliver(ANNA, "Hi all,\n\n" + _head(trial, "RED") + "START Hamburg\nPRESS\nWho builds to Kiel first?\n"
                  "END PRESS\n\nCheers, Anna\n", "2026-12-01T09:00+00:00")
    trial.tick("2026-12-01T09:05+00:00")
    assert trial.mails(GM, "digest-") == []
    assert "game master" not in _text(trial, "receipt-", ANNA)



def test_the_receipt_names_the_mail_as_stored_and_the_archive_lists_the_same(tmp_path: Path):
    """The receipt's "As stored (SHA-256): the turn's archive lists the same": the SHA-256 of the whole mail as
    received and of its text as the inbox stored it, and the orders step that accepted the section (its
    ``record.json``) lists the same hashes (the session's archive had none, so the receipt claimed what was not)."""
    import hashlib
    import json

    trial = _game(tmp_path)
    trial.deliver(ANNA, _head(trial, "RED") + "START Hamburg\n", "2026-12-01T09:00+00:00")
    trial.tick("2026-12-01T09:05+00:00")
    receipt = _text(trial, "receipt-", ANNA)
    assert "As stored (SHA-256): the turn's archive lists the same" in receipt, receipt
    shown = re.findall(r"^  (.+):\n    ([0-9a-f]{64})$", receipt, re.M)
    assert [what for what, _ in shown] == ["the whole mail as received", "the text of your mail"], receipt
    steps = [json.loads(p.read_text(encoding="utf-8")) for p in sorted((trial.game / "archive").glob("*/record.json"))]
    (record,) = [r for r in steps if r["kind"] == "orders" and r["seat"] == "RED"]
    assert record["sha256"] == {"mail": shown[0][1], "texts": [["", shown[1][1]]]}
    (raw,) = [p for p in (trial.game / "mail").rglob("*") if p.is_file() and
              hashlib.sha256(p.read_bytes()).hexdigest() == shown[0][1]]  # the mail as the inbox keeps it
    assert raw.read_bytes().count(b"START Hamburg") == 1

# --- 5. the caretaker: labels, reminders, the GM's note -----------------------------------------------------------


def test_the_caretaker_is_named_in_reminders_reports_and_the_gms_notes(tmp_path: Path):
    """Reading 130: the reminder before a turn that would hand a company to the caretaker says so; the private
    report of a turn the caretaker played shows its orders as the caretaker's, never as "Your orders as
    understood"; the GM hears when the owner's mail takes the company back."""
    trial = _game(tmp_path, "--caretaker-after", "1", "--remind", "24h")
    trial.deliver(ANNA, _head(trial, "RED") + "START Hamburg\n", "2026-12-01T09:00+00:00")
    trial.tick("2026-12-03T19:00+00:00")  # a day before the deadline: the reminders
    reminder = _flat(_text(trial, "reminder-001-BLUE", BERND))
    assert ("If no orders of yours count by the deadline, the caretaker (a bot, careful) plays your company from "
            "the next turn on: that is 1 turn without your orders in a row.") in reminder, reminder
    trial.tick("2026-12-04T18:05+00:00")  # turn 1: BLUE missed, the caretaker plays it from turn 2
    trial.deliver(ANNA, _head(trial, "RED", 2) + "PASS\n", "2026-12-05T09:00+00:00", "t2")
    trial.tick("2026-12-10T19:00+00:00")
    reminder = _flat(_text(trial, "reminder-002-BLUE", BERND))
    assert "The caretaker (careful) plays your company while no orders of yours count" in reminder, reminder
    trial.tick("2026-12-11T18:05+00:00")  # turn 2: the caretaker's orders for BLUE
    private = _private(trial, 2, "BLUE")
    assert "Orders the caretaker (careful) wrote for your company: no orders of yours counted" in private
    assert "Your orders as understood" not in private
    assert "Your orders as understood" in _private(trial, 2, "RED")
    trial.deliver(BERND, _head(trial, "BLUE", 3) + "PASS\n", "2026-12-12T09:00+00:00", "back")
    out = trial.tick("2026-12-12T09:05+00:00")
    assert "BLUE's player is back; the caretaker no longer plays the seat" in out, out
    trial.deliver(BERND, _head(trial, "BLUE", 3) + "PASS\n", "2026-12-12T10:00+00:00", "again")
    assert "player is back" not in trial.tick("2026-12-12T10:05+00:00")  # once: the first mail that counts


def test_an_interurban_reminder_says_the_caretaker_would_take_the_seat(tmp_path: Path):
    """Reading 130 in a game of moves: the reminder to the player on move says the caretaker plays the seat when
    this move is missed too."""
    trial = _game(tmp_path, "--caretaker-after", "1", "--remind", "24h", play="interurban")
    trial.tick("2026-12-03T19:00+00:00")  # a day before the deadline of RED's first move
    name = "reminder-001-RED"
    text = _flat(_text(trial, name, ANNA))
    assert ("If you do not move by the deadline, the caretaker (a bot, careful) plays your seat from then on: that is "
            "1 move missed in a row.") in text, (name, text)


# --- 6. a wrong password: what still counts ------------------------------------------------------------------------


def test_a_wrong_password_reply_says_the_earlier_mail_still_counts(tmp_path: Path):
    """Reading 131: a section refused for its password, from the company's own address, is answered with what
    counts for the company now: its earlier mail of the turn, or none yet."""
    trial = _game(tmp_path)
    trial.deliver(ANNA, _head(trial, "RED").replace(trial.passwords["RED"], "wrong") + "START Hamburg\n",
                  "2026-12-01T08:30+00:00", "first wrong")
    trial.tick("2026-12-01T08:35+00:00")
    assert "No mail of yours counts for RED in turn 1 yet: send your orders again with the right password." \
        in _flat(_text(trial, "receipt-mail-00001", ANNA))
    trial.deliver(ANNA, _head(trial, "RED") + "START Hamburg\n", "2026-12-01T09:00+00:00", "right")
    trial.deliver(ANNA, _head(trial, "RED").replace(trial.passwords["RED"], "wrong") + "START Berlin\n",
                  "2026-12-01T10:00+00:00", "then wrong")
    trial.tick("2026-12-01T10:05+00:00")
    reply = _flat(_text(trial, "receipt-mail-00003", ANNA))
    assert reply.startswith("DAMPFROSS") and "Nothing in your mail counts: wrong password." in reply
    assert "Your mail of 1 Dec 09:00 still counts for RED in turn 1: this one changes nothing of it." in reply
    # from another player's address, nothing of RED's mails is told
    trial.deliver(BERND, _head(trial, "RED").replace(trial.passwords["RED"], "guess") + "PASS\n",
                  "2026-12-01T11:00+00:00", "bernd guesses")
    trial.tick("2026-12-01T11:05+00:00")
    assert "still counts" not in _text(trial, "receipt-mail-00004", BERND)


@pytest.mark.parametrize("kind", ["dampfross", "interurban"])
def test_a_section_with_a_wrong_password_beside_one_that_counts_is_told_as_that_section(tmp_path: Path, kind: str):
    """One mail from RED's address: RED's section with its password and a section for BLUE with a wrong one.  The
    receipt says RED's orders count and that the section for BLUE does not; never that nothing in the mail counts
    (the two paragraphs of one reply had said both), nor, in InterUrban, that nothing was done."""
    trial = make_trial(tmp_path, kind)
    forged, body = trial.envelope("BLUE").replace(trial.passwords["BLUE"], "not-his"), trial.orders("RED")
    trial.deliver(ANNA, trial.envelope("RED") + body + "\n" + forged + body, "2026-12-01T09:00+00:00")
    trial.tick("2026-12-01T09:05+00:00")
    assert trial.counted("RED")
    (receipt,) = [m for _, m in trial.mails(ANNA, "receipt-")]
    text = _flat(str(receipt.get_body(preferencelist=("plain",)).get_content()))  # type: ignore[union-attr]
    said = {"dampfross": "The section for BLUE in your mail does not count: wrong password.",
            "interurban": "The password for BLUE is wrong, or the game has no such player: that section of your "
                          "mail does not count."}[kind]
    assert said in text and "Nothing in your mail counts" not in text and "Nothing was done" not in text, text


def test_each_receipt_says_what_counts_when_the_ticks_mails_go_out(tmp_path: Path):
    """Reading 131 with three mails of RED's address in one tick: orders, a section with a wrong password, orders
    again.  The wrong password's reply names the mail that counts for RED when the tick's mails go out (the third),
    not the first, which the third replaced in the same tick; the first's receipt says it was replaced, by which
    mail, not that it counts (each receipt is written again as the game stands at the tick's end, IU-32, and what
    counts is asked of the game then); the third's names the mail it replaces once."""
    trial = _game(tmp_path)
    trial.deliver(ANNA, _head(trial, "RED") + "START Hamburg\n", "2026-12-01T09:01+00:00", "first")
    trial.deliver(ANNA, _head(trial, "RED").replace(trial.passwords["RED"], "typo") + "START Kiel\n",
                  "2026-12-01T09:11+00:00", "wrong")
    trial.deliver(ANNA, _head(trial, "RED") + "START Berlin\n", "2026-12-01T09:13+00:00", "third")
    trial.tick("2026-12-01T09:20+00:00")
    wrong = _flat(_text(trial, "receipt-mail-00002", ANNA))
    assert "Your mail of 1 Dec 09:13 still counts for RED in turn 1" in wrong, wrong
    assert "09:01 still counts" not in wrong
    first = _flat(_text(trial, "receipt-mail-00001", ANNA))  # replaced in the same tick: it says so, not "counts"
    assert "Your mail of 1 Dec 09:13 replaced this one in the same tick: its orders count for turn 1, not these." \
        in first and "Your mail counts" not in first and "would be carried out" not in first, first
    third = _flat(_text(trial, "receipt-mail-00003", ANNA))  # the mail it replaces named once, by its arrival
    assert "It replaces your mail of 1 Dec 09:01." in third and "It replaces your orders" not in third, third


@pytest.mark.parametrize("kind", ["dampfross", "interurban"])
def test_the_platforms_own_answers_name_the_deadline_first(tmp_path: Path, kind: str):
    """docs/postal.md: every mail to a player names the deadline in its first three lines; the answers the front
    door writes itself (a new password, an address to confirm) open with the game's own deadline lines too (they
    had none)."""
    trial = make_trial(tmp_path, kind)
    trial.deliver(ANNA, "PASSWORD RESET RED\n", "2026-12-01T09:00+00:00", "reset")
    trial.deliver(ANNA, f"PLAYER RED PASSWORD {trial.passwords['RED']}\nSET ADDRESS anna@example.net\n",
                  "2026-12-01T09:01+00:00", "address")
    trial.tick("2026-12-01T09:05+00:00")
    due = {"dampfross": "Orders for turn 1 are due Fri 4 Dec 2026 18:00 UTC.",
           "interurban": "Move 1: Anna (RED) is on move, until Fri 4 Dec 2026 18:00 (UTC)."}[kind]
    for prefix in ("password-", "answer-"):
        ((_, mail),) = trial.mails(ANNA, prefix)
        text = str(mail.get_body(preferencelist=("plain",)).get_content())  # type: ignore[union-attr]
        assert due in _flat("\n".join(text.split("\n")[:3])), (prefix, text)


@pytest.mark.parametrize("kind", ["dampfross", "interurban", "rps"])
def test_a_receipt_notes_what_the_mails_reading_noted_in_every_game(tmp_path: Path, kind: str):
    """An HTML-only mail is read as text, and its receipt says so in every game ('Note: your mail had no plain
    text: its HTML was read as text'): Dampfross's words say it themselves (``MailNotes``), the platform says it for
    the others (InterUrban's receipt had said nothing)."""
    from email.message import EmailMessage

    from tests import clock

    trial = make_trial(tmp_path, kind)
    m = EmailMessage()
    m["From"], m["To"], m["Subject"], m["Message-ID"] = ANNA, "gm@example.org", "html", "<html-1@example.org>"
    orders = (trial.envelope("RED") + trial.orders("RED")).replace("\n", "<br>\n")
    m.set_content(f"<html><body><p>{orders}</p></body></html>", subtype="html")
    clock.maildir_mail(trial.maildir, m.as_bytes(), "2026-12-01T09:00+00:00", "M0001P1.mx")
    trial.tick("2026-12-01T09:05+00:00")
    assert trial.counted("RED")
    ((_, receipt),) = trial.mails(ANNA, "receipt-")
    text = _flat(str(receipt.get_body(preferencelist=("plain",)).get_content()))  # type: ignore[union-attr]
    assert text.count("Note: your mail had no plain text: its HTML was read as text") == 1, text


def test_an_interurban_mail_after_its_move_was_missed_says_so(tmp_path: Path):
    """RED's move 1 is missed at its deadline; RED's mail of it arrives half an hour later, when BLUE is on move:
    its receipt says it is not RED's move and that the mail came after move 1's deadline, at which that move was
    missed (it had said only whose move it is), as Dampfross's receipt says a late mail's turn was run."""
    trial = make_trial(tmp_path, "interurban")
    move = trial.orders("RED")
    trial.tick("2026-12-04T18:05+00:00")
    trial.deliver(ANNA, trial.envelope("RED") + move, "2026-12-04T18:30+00:00", "late")
    trial.tick("2026-12-04T18:35+00:00")
    ((_, receipt),) = trial.mails(ANNA, "receipt-")
    text = _flat(str(receipt.get_body(preferencelist=("plain",)).get_content()))  # type: ignore[union-attr]
    assert "It is not your move" in text, text
    late = "Your mail arrived after the deadline of move 1 (Fri 4 Dec 2026 18:00 (UTC)), at which that move was missed."
    assert late in text, text


def test_a_receipts_notes_are_folded_once(tmp_path: Path):
    """A note under "Notes" is folded by the receipt alone: it had been folded before too, and the receipt's fold
    turned the first fold's line break and indent into a run of spaces inside the sentence ("keine   Befehle")."""
    trial = make_trial(tmp_path, "dampfross", red_lang="de")
    trial.deliver(ANNA, "Hallo,\n\n" + trial.envelope("RED") + "STARTE Hamburg\nBAUE Hamburg - 1008\n\nGruß Anna\n",
                  "2026-12-01T09:01+00:00")
    trial.tick("2026-12-01T09:05+00:00")
    text = _text(trial, "receipt-", ANNA)
    notes = text.split("Hinweise\n--------\n", 1)[1].split("\n\n", 1)[0]
    assert "keine Befehle" in " ".join(notes.split()) and not re.search(r"\S {2,}\S", notes), notes


def test_a_section_for_no_company_of_the_game_is_not_told_as_a_wrong_password(tmp_path: Path):
    """A section for GREEN, which the game does not have, beside RED's that counts: its line says the password is
    wrong or the game has no such company (not that GREEN's password is wrong); one for a company of the game with
    a wrong password says "wrong password"."""
    trial = make_trial(tmp_path, "dampfross")
    green = trial.envelope("RED").replace("PLAYER RED", "PLAYER GREEN")
    trial.deliver(ANNA, trial.envelope("RED") + "START Hamburg\n\n" + green + "START Kiel\n", "2026-12-01T09:00+00:00",
                  "two")
    trial.deliver(BERND, trial.envelope("BLUE").replace(trial.passwords["BLUE"], "nope") + "START Kiel\n",
                  "2026-12-01T09:01+00:00", "wrong")
    trial.tick("2026-12-01T09:05+00:00")
    text = _flat(_text(trial, "receipt-mail-00001", ANNA))
    assert "The section for GREEN in your mail does not count: wrong password, or the game has no such company." \
        in text, text
    assert "Nothing in your mail counts: wrong password." in _flat(_text(trial, "receipt-mail-00002", BERND))


def test_a_mail_that_borrows_another_mails_message_id_never_hides_it(tmp_path: Path):
    """BLUE's mail carries the Message-ID RED's mail will have (a predictable one): RED's orders are stored, read
    and counted all the same (the second had been taken for the first again and dropped unread: RED's turn lost
    by BLUE's mail).  The same mail come twice, its headers changed on the way, is still stored once."""
    from email import message_from_bytes, policy

    from tests import clock
    from tests.mailservers import mail_bytes

    trial = make_trial(tmp_path, "dampfross")
    borrowed = "<20261201090100.12345@anna-laptop.example.org>"

    def mail(sender: str, body: str, subject: str) -> bytes:
        m = message_from_bytes(mail_bytes(sender, body, subject, "2026-12-01T09:00+00:00"), policy=policy.default)
        m.replace_header("Message-ID", borrowed)
        return m.as_bytes()

    clock.maildir_mail(trial.maildir, mail(BERND, "hello\n", "hi"), "2026-12-01T09:00+00:00", "M0001P1.mx")
    red = mail(ANNA, trial.envelope("RED") + "START Hamburg\n", "red")
    clock.maildir_mail(trial.maildir, red, "2026-12-01T09:01+00:00", "M0002P1.mx")
    trial.tick("2026-12-01T09:05+00:00")
    assert trial.counted("RED")
    again = b"Received: from relay.example.org; Tue, 1 Dec 2026 09:02:00 +0000\r\n" + red  # the same mail, relayed
    clock.maildir_mail(trial.maildir, again, "2026-12-01T09:02+00:00", "M0003P1.mx")
    out = trial.tick("2026-12-01T09:10+00:00")
    assert "the same mail, come twice" in out and len(trial.mails(ANNA, "receipt-")) == 1, out


def test_a_section_for_another_company_in_a_players_mail_says_nothing_of_it_in_public(tmp_path: Path):
    """BLUE's mail holds a section for RED with a wrong password; RED sends nothing.  The public report says RED
    built nothing for want of orders, not "wrong password" (a mail's section may be anybody's: it had been a public
    statement about RED that BLUE could make); RED's own report tells him of the section, and whose mail it was
    it does not say."""
    trial = _game(tmp_path)
    forged = _head(trial, "RED").replace(trial.passwords["RED"], "aaaa-bbbb-cccc-dddd") + "START München\n"
    trial.deliver(BERND, _head(trial, "BLUE") + "START Berlin\n\n" + forged, "2026-12-01T09:01+00:00", "two")
    trial.tick("2026-12-04T18:05+00:00")
    public = (trial.game / "reports" / "move-001.txt").read_text(encoding="utf-8")
    red = public.split("RED (Anna)", 1)[1].split("\n\n", 1)[0]
    assert "wrong password" not in public and "builds nothing: no orders received" in red, red
    private = _flat(_private(trial, 1, "RED"))
    told = private.split("a section for you in a mail to the GM does not count: wrong password", 1)
    assert len(told) == 2, private
    assert "BLUE" not in told[1][:80] and "bernd" not in told[1][:80].lower()  # whose mail: not said


def test_a_player_with_two_companies_on_one_address_keeps_both(tmp_path: Path):
    """BLUE's address on file is RED's (one player, two companies): a new password asked for BLUE from it is made
    (it had been refused: "only for a mail from the player's own address"), and forged guesses from that address
    leave both companies' sections read (the second company had been locked out); a mail signed first with BLUE's
    old password, then with its new one, makes the new one BLUE's."""
    import re

    trial = make_trial(tmp_path, "dampfross")
    invoke("player", "address", str(trial.game), "BLUE", ANNA)
    trial.deliver(ANNA, "PASSWORD RESET BLUE\n", "2026-12-01T09:00+00:00", "reset")
    trial.tick("2026-12-01T09:02+00:00")
    ((_name, mail),) = trial.mails(ANNA, "password-")
    found = re.search(r"New password: (\S+)", str(mail.get_body(preferencelist=("plain",)).get_content()))  # type: ignore[union-attr]
    assert found, mail
    guesses = "".join(f"PLAYER GREEN PASSWORD guess-{i:02d}\nPASS\n" for i in range(12))
    for n in range(2):  # forged, 'from' the one address: 24 wrong guesses
        trial.deliver(ANNA, guesses, f"2026-12-01T09:1{n}+00:00", f"forged {n}")
    trial.tick("2026-12-01T09:20+00:00")
    old = trial.passwords["BLUE"]
    trial.deliver(ANNA, f"GAME g\nTURN 1\nPLAYER BLUE PASSWORD {old}\nSTART Hamburg\n\n"
                  f"GAME g\nTURN 1\nPLAYER BLUE PASSWORD {found.group(1)}\nSTART Berlin\n",
                  "2026-12-01T09:30+00:00", "blue")
    out = trial.tick("2026-12-01T09:35+00:00")
    assert "BLUE used its new password" in out and trial.counted("BLUE"), out
    assert trial.state()["table"]["orders"]["BLUE"]["lines"] == ["START Berlin"]


def test_a_short_command_with_a_borrowed_message_id_hides_no_other_senders_mail(tmp_path: Path):
    """Bernd's PASSWORD RESET carries the Message-ID Anna's will have; Anna's, the same one line, is hers all the
    same (a copy is the same sender's): both get their new password."""
    from email import message_from_bytes, policy

    from tests import clock
    from tests.mailservers import mail_bytes

    trial = make_trial(tmp_path, "dampfross")
    for n, sender in enumerate((BERND, ANNA)):
        m = message_from_bytes(mail_bytes(sender, "PASSWORD RESET\n", "reset", "2026-12-01T09:00+00:00"),
                               policy=policy.default)
        m.replace_header("Message-ID", "<20261201080000.abc@mail.example.org>")
        clock.maildir_mail(trial.maildir, m.as_bytes(), f"2026-12-01T09:0{n}+00:00", f"M000{n}P1.mx")
    trial.tick("2026-12-01T09:05+00:00")
    assert trial.mails(BERND, "password-") and trial.mails(ANNA, "password-")
