"""Issue 35, "every answer true", InterUrban: two players' game of 16 moves with moves sent ahead, replayed on the
real tick path (``tests/conftest.py``'s trial: a Maildir, the outbox read as the players read it).

What the robot said was wrong in the players' game, and what each tick of this replay checks instead (readings
IU-29 to IU-32 of docs/interurban-rules.md):

- a receipt listed moves sent ahead as still waiting after they had been played: every receipt says what is kept
  when it is sent, after the moves played in its tick (IU-32);
- the reports never said which alternative was played, nor why the ones before it were not, nor why a list was
  dropped: the sender's own report mail does (IU-30), nobody else's;
- one tick sent a player five report mails in a burst: at most one a player a tick, telling every move since his
  last (IU-31);
- a move followed by prose ("Next move:", "Thanks, Anna", "Take care") was refused whole: prose after a move is
  prose, a receipt names the lines it did not read, and ``Next move:`` on a line of its own is NEXT (IU-29);
- a CHECK was answered "Please send them again": the answer to CHECK says what the orders would do (IU-32).
"""

from __future__ import annotations

import json
import re
from email.message import EmailMessage
from pathlib import Path

from adjudicator.interurban.play import PLAY
from adjudicator.interurban.state import State
from adjudicator.postal.moves import MovesDir
from tests.conftest import ANNA, BERND, Trial, make_trial
from tests.helpers import invoke
from tests.test_iu_ahead import ahead_of, intended

ADDRESS = {"RED": ANNA, "BLUE": BERND}
NAME = {"RED": "Anna", "BLUE": "Bernd"}
REPORTS = ("move-", "ahead-dropped-")
"""The names of the mails that tell a player of the game's moves (one a player a tick)."""


def text(msg: EmailMessage) -> str:
    """A mail's plain text, its folded lines joined (the tests read sentences, not where the lines break)."""
    body = msg.get_body(preferencelist=("plain",))
    assert body is not None
    return " ".join(str(body.get_content()).split())


class Replay:
    """The players' mails, delivered a minute apart, and the ticks that answer them; after each tick every mail it
    queued is checked against the game as it then stands."""

    def __init__(self, trial: Trial):
        self.t = trial
        self.hour = 9
        self.minute = 0
        self.ticks: list[dict[str, EmailMessage]] = []

    @property
    def loaded(self):  # type: ignore[no-untyped-def]
        return MovesDir(self.t.game).load(PLAY)

    def mail(self, seat: str, *lines: str, move: bool = True, check: bool = False, before: str = "",
             after: str = "") -> None:
        """``seat`` mails ``lines`` under its PLAYER line (with MOVE n of the move on hand, CHECK), prose
        ``before`` the envelope and ``after`` the lines."""
        self.minute += 1
        number = f"MOVE {self.loaded.table.moves + 1}\n" if move else ""
        body = (f"{before}\n\n" if before else "") + self.t.envelope(seat) + number + ("CHECK\n" if check else "") \
            + "".join(f"{x}\n" for x in lines) + (f"\n{after}\n" if after else "")
        self.t.deliver(ADDRESS[seat], body, self._when(), subject=f"m{self.t.count + 1}")

    def _when(self) -> str:
        return f"2026-12-01T{self.hour:02d}:{self.minute:02d}+00:00"

    def tick(self) -> dict[str, EmailMessage]:
        """One tick after the mails; the mails it queued, by name, each checked (``true``)."""
        before = {name for name, _ in self.t.mails()}
        self.minute += 5
        out = self.t.tick(self._when())
        self.hour, self.minute = self.hour + 1, 0
        queued = {name: msg for name, msg in self.t.mails() if name not in before}
        self.true(queued, out)
        self.ticks.append(queued)
        return queued

    def true(self, queued: dict[str, EmailMessage], out: str) -> None:
        """Every mail of a tick says what is true when it is sent."""
        loaded = self.loaded
        on_move = loaded.state.on_move
        now = f"Move {loaded.table.moves + 1}: {NAME[on_move]} ({on_move}) is on move, until"
        for seat, address in ADDRESS.items():
            reports = [n for n, m in queued.items() if n.startswith(REPORTS) and address in str(m["To"])]
            assert len(reports) <= 1, (seat, reports, out)  # one report mail a player a tick (IU-31)
        for name, msg in queued.items():
            said = text(msg)
            assert now in " ".join(str(msg.get_body(preferencelist=("plain",))  # type: ignore[union-attr]
                                       .get_content()).split("\n")[:3]), (name, said)  # the deadline as it is now
            assert "send them again" not in said or "CHECK" not in said, said
            if not name.startswith("receipt-"):
                continue
            seat = next(s for s, a in ADDRESS.items() if a in str(msg["To"]))
            kept = loaded.table.sent_ahead(seat)  # what the receipt says is kept is kept (IU-32)
            if "CHECK" in said:
                continue
            if kept is None:
                assert "Your next move:" not in said, said
            else:
                assert "Your next move: " + " ".join(kept.moves[0][0]) in said, said

    def report(self, seat: str, tick: int = -1) -> str:
        """The one report mail ``seat`` got in a tick."""
        (found,) = [m for n, m in self.ticks[tick].items() if n.startswith(REPORTS) and ADDRESS[seat] in str(m["To"])]
        return text(found)

    def receipts(self, seat: str, tick: int = -1) -> list[str]:
        return [text(m) for n, m in sorted(self.ticks[tick].items())
                if n.startswith("receipt-") and ADDRESS[seat] in str(m["To"])]


def later(r: Replay, seat: str, count: int) -> list[tuple[str, ...]]:
    """The moves ``seat`` means to make at its next ``count`` moves after the one on hand (every player playing as
    ``intended``; the test knows the seed)."""
    return ahead_of(r.t.game, r.loaded.state, seat, count)


def now(r: Replay, seat: str) -> tuple[str, ...]:
    state: State = r.loaded.state
    assert state.on_move == seat
    return intended(state, seat)


def test_issue_35_a_game_of_16_moves_with_moves_sent_ahead_every_answer_true(tmp_path: Path):
    r = Replay(make_trial(tmp_path, "interurban"))

    # Tick 1, move 1: Anna's move, then "Next move:" and her move 3 (a PASS the rules refuse first), then thanks
    (m3,) = later(r, "RED", 1)
    r.mail("RED", *now(r, "RED"), "Next move:", "PASS", "OR", *m3, before="Hello Bernd,", after="Thanks, Anna")
    r.tick()
    (receipt,) = r.receipts("RED")
    assert "Your orders were played as move 1" in receipt
    assert "could not be played" not in receipt  # the greeting and the sign-off are no orders
    assert "Your next move: PASS or: " + " ".join(m3) in receipt
    assert "sent ahead" not in r.report("BLUE")

    # Tick 2, moves 2 to 5 at once: Anna replaces her list (moves 3 and 5); Bernd checks a typo, his move, and his
    # list as the player on move, then mails move 2 and his move 4, signing "Take care": all four moves are played
    # in the tick, and each player gets one mail of them
    m3, m5 = later(r, "RED", 2)
    r.mail("RED", "NEXT", "PASS", "OR", *m3, "NEXT", *m5, move=False)
    r.mail("BLUE", "6 CRUVE 1 LEFT", check=True, move=False)
    r.mail("BLUE", *now(r, "BLUE"), check=True)
    r.mail("BLUE", "NEXT", "PASS", "OR", *now(r, "BLUE"), check=True, move=False)
    (m4,) = later(r, "BLUE", 1)
    r.mail("BLUE", *now(r, "BLUE"), "NEXT", *m4, "OR", "PASS", after="Take care, Anna!\nBernd")
    r.tick()
    assert r.loaded.table.moves == 5
    (kept,) = r.receipts("RED")
    assert "moves sent ahead are kept" in kept and "You have no moves sent ahead." in kept  # both played since
    assert "Since this mail, 2 moves it sent ahead were used" in kept
    typo, checked, would, moved = r.receipts("BLUE")
    assert "Sent without CHECK, these orders would not be played" in typo and "Did you mean CURVE?" in typo
    assert "send them again" not in typo and "Check of a move of Bernd (BLUE)" in checked
    assert "sent without CHECK, your next move would be played at once from alternative 2" in would
    assert "Alternative 1 (PASS) could not be played: A tile can still be laid" in would
    assert "Your orders were played as move 2" in moved and "You have no moves sent ahead." in moved
    assert "Since this mail, 1 move it sent ahead was used" in moved  # played as move 4, in the tick
    assert re.search(r"Mail line \d+: Take care, Anna!", moved)  # TAKE is a keyword (Czech TAKÉ), "care" is no order word
    red, blue = r.report("RED"), r.report("BLUE")
    assert "moves 2 to 5, 4 moves since your last mail" in red and "moves 2 to 5" in blue
    assert "Your move 3 was played from your moves sent ahead: alternative 2 (" + " / ".join(m3) + ")" in red
    assert "Alternative 1 (PASS) could not be played: A tile can still be laid" in red
    assert "Your move 5 was played from your moves sent ahead: alternative 1" in red
    assert "Your move 4 was played from your moves sent ahead: alternative 1" in blue
    assert "Your move 3" not in blue and "Your move 4" not in red  # each his own (IU-23)
    for n in (2, 3, 4, 5):
        assert f"game g: move {n}, " in red and f"game g: move {n}, " in blue

    # Tick 3, move 6: Anna not on move checks a move (not hers), then sends a plan the rules will refuse whole
    # (a tile nobody has face-up, and PASS); Bernd's move 6 makes her move come: the plan is dropped, and why
    line = next(x.label for x in r.loaded.state.lines if not x.finished)
    r.mail("RED", *intended(r.loaded.state, "BLUE"), check=True, move=False)
    r.mail("RED", "NEXT", f"{line} STRAIGHT 9", "OR", "PASS", move=False)
    r.mail("BLUE", *now(r, "BLUE"))
    r.tick()
    checked, kept = r.receipts("RED")
    assert "Move 6 was not yours but Bernd (BLUE)'s" in checked and "send them again" not in checked
    assert "The check is of the game as it stood at move 6; moves were played since." in checked
    assert "You have no moves sent ahead." in kept  # dropped in this tick, as its receipt went out
    red = r.report("RED")
    assert "None of the alternatives of your move 7 sent ahead could be played when it came" in red
    assert f"Alternative 1 ({line} STRAIGHT 9) could not be played: No straight 9 is face-up." in red
    assert "Alternative 2 (PASS) could not be played: A tile can still be laid" in red
    assert "None of the alternatives" not in r.report("BLUE")
    assert r.loaded.state.on_move == "RED" and r.loaded.table.sent_ahead("RED") is None

    # Tick 4, moves 7 to 11 at once: Bernd's moves 8 and 10, then Anna's move 7 with her moves 9 and 11 (the burst
    # of the players' game: five moves in a tick, one mail a player)
    r.mail("BLUE", "NEXT", *later(r, "BLUE", 2)[0], "NEXT", *later(r, "BLUE", 2)[1], move=False)
    m9, m11 = later(r, "RED", 2)
    r.mail("RED", *now(r, "RED"), "NEXT", "PASS", "OR", *m9, "NEXT", *m11)
    r.tick()
    assert r.loaded.table.moves == 11
    assert "moves 7 to 11, 5 moves since your last mail" in r.report("RED")
    assert "moves 7 to 11, 5 moves since your last mail" in r.report("BLUE")
    assert "Your move 9 was played from your moves sent ahead: alternative 2" in r.report("RED")
    assert "Your move 10 was played from your moves sent ahead: alternative 1" in r.report("BLUE")

    # Tick 5, moves 12 to 15: Anna's moves 13 and 15; Bernd's move 12, his move 14, and "Next move: ..." on one line
    # (prose: not kept, and his receipt says so)
    r.mail("RED", "NEXT", *later(r, "RED", 2)[0], "NEXT", *later(r, "RED", 2)[1], move=False)
    m14, m16 = later(r, "BLUE", 2)
    r.mail("BLUE", *now(r, "BLUE"), "NEXT", *m14, after="Next move: " + " ".join(m16))
    r.tick()
    assert r.loaded.table.moves == 15
    (moved,) = r.receipts("BLUE")
    assert re.search(r"Mail line \d+: Next move: " + re.escape(" ".join(m16)), moved)
    assert "Moves sent ahead begin with a line NEXT of its own" in moved

    # Tick 6, move 16 by mail; Anna's move came first, out of turn: her receipt says so, and that moves were played
    # since (it goes out when it is her move)
    r.mail("RED", *intended(r.loaded.state, "BLUE"), move=False)
    r.mail("BLUE", *now(r, "BLUE"))
    r.tick()
    assert r.loaded.table.moves == 16
    (early,) = r.receipts("RED")
    assert "It is not your move: Bernd (BLUE) is on move." in early
    assert "Your mail was read when move 16 was on hand; moves were played since." in early
    records = [json.loads((s / "record.json").read_text()) for s in MovesDir(r.t.game).steps()]
    assert sum(1 for x in records if x.get("ahead") and x.get("kind") == "move") == 10
    assert all(line.startswith("OK: ") for line in invoke("verify", str(r.t.game)).output.splitlines())
    for tick in r.ticks:  # the players' mail of the game: one report mail a tick each, every line within 78 bytes
        for name, msg in tick.items():
            body = str(msg.get_body(preferencelist=("plain",)).get_content())  # type: ignore[union-attr]
            assert max(len(x.encode()) for x in body.splitlines()) <= 78, name
            assert not re.search(r"Please send them again", body) or name.startswith("receipt-"), name


def test_a_receipt_is_written_again_only_while_it_waits_in_the_outbox(tmp_path: Path):
    """IU-32's mechanism (``Outbox.rewrite``): a queued receipt gets its new text and keeps its place in the queue;
    one already sent, one with more than its text, or one that says the same already, is left as it is."""
    from datetime import datetime

    from adjudicator.postal.compose import Outgoing
    from adjudicator.postal.outbox import Outbox

    class Folder:
        path = tmp_path

    box, when = Outbox(Folder()), datetime.fromisoformat("2026-12-01T09:00+00:00")
    for name in ("receipt-a", "receipt-b", "receipt-c"):
        box.queue(Outgoing(name, (ANNA,), "receipt", "old text\n", kind="receipt", player="RED"), "gm@x.org", when)
    order = box.pending()
    assert box.rewrite("receipt-a", "new text\n", "gm@x.org", when)
    assert not box.rewrite("receipt-b", "old text\n", "gm@x.org", when)  # says that already
    assert box.text("receipt-a") == "new text\n" and box.pending() == order
    assert json.loads((box.queue_dir / "receipt-a.json").read_text())["rewritten"] == when.isoformat()
    (box.sent_dir).mkdir(parents=True, exist_ok=True)
    for suffix in (".eml", ".json"):
        (box.queue_dir / f"receipt-c{suffix}").rename(box.sent_dir / f"receipt-c{suffix}")
    assert not box.rewrite("receipt-c", "new text\n", "gm@x.org", when) and box.text("receipt-c") == "old text\n"
    box.queue(Outgoing("move-001-RED", (ANNA,), "report", "a report\n", (("map.txt", "x"),)), "gm@x.org", when)
    assert not box.rewrite("move-001-RED", "other\n", "gm@x.org", when)


def test_check_is_answered_with_what_the_orders_would_do_in_every_game_of_moves(tmp_path: Path):
    """IU-32's CHECK, game-neutral (``postal/turns.py: _checked``): in InterUrban and in the tests' own take-away, a
    CHECK of orders that would be refused, or of a move that is not the sender's, says so, nothing is done, and
    no answer asks to send the orders again."""
    for kind, bad in (("interurban", "6 CRUVE 1 LEFT"), ("takeaway", "TAKE 9")):
        trial = make_trial(tmp_path / kind, kind)
        trial.deliver(ANNA, trial.envelope("RED") + f"CHECK\n{bad}\n", "2026-12-01T09:01+00:00", "bad")
        trial.deliver(BERND, trial.envelope("BLUE") + "CHECK\n" + trial.orders("RED"), "2026-12-01T09:02+00:00",
                      "early")
        trial.tick("2026-12-01T09:05+00:00")
        ((_, bad_check),) = trial.mails(ANNA, "receipt-")
        ((_, early),) = trial.mails(BERND, "receipt-")
        said = text(bad_check) + " " + text(early)
        assert "send them again" not in said and not trial.counted("RED") and not trial.counted("BLUE"), said
        assert ("would not be played" if kind == "interurban" else "would not be taken") in text(bad_check)
        assert "Move 1 was not yours but Anna (RED)'s" in text(early) if kind == "interurban" else \
            "move 1 is RED's, not yours" in text(early)
