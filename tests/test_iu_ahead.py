"""InterUrban moves sent ahead by mail (issue 27, readings IU-20 to IU-24): kept secret in the game file, shown in
the sender's receipt only, played at once when the move comes, replaced by any new mail, archived with their
origin and played again by ``verify``.  Mail comes from a Maildir; the game on real IMAP/SMTP is
``test_a_game_by_mail_with_moves_sent_ahead_needs_fewer_mail_rounds_than_moves`` below."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from email import message_from_bytes, policy
from pathlib import Path

import pytest

from adjudicator.interurban.bots import bot_move
from adjudicator.interurban.play import PLAY
from adjudicator.interurban.state import State
from adjudicator.postal.moves import MovesDir
from tests.helpers import invoke
from tests.mailservers import imap_server, mail_bytes, sent, smtp_server, text_of

ADDRESSES = {"RED": "anna@example.org", "BLUE": "bernd@example.net", "GREEN": "carla@example.com"}


def intended(state: State, seat: str) -> tuple[str, ...]:
    """The move a scripted player means to make in ``state`` (the careful bot's, the same every time)."""
    return bot_move(state, seat, "careful", random.Random(state.moves))


def ahead_of(game: Path, state: State, seat: str, count: int) -> list[tuple[str, ...]]:
    """The moves ``seat`` will mean to make at its next ``count`` moves after the one on hand, every player playing
    as ``intended`` (the test knows the seed: it predicts the draws too)."""
    draw = PLAY.draw((game / "seed.txt").read_text().strip())
    out: list[tuple[str, ...]] = []
    first = True
    while not state.over and len(out) < count:
        lines = intended(state, state.on_move)
        if state.on_move == seat and not first:
            out.append(lines)
        first = False
        made, problems = PLAY.read(state, state.on_move, list(enumerate(lines, 1)))
        assert made is not None, problems
        state, _ = PLAY.move(state, state.on_move, made, draw)
    return out


class Table:
    """A game of RED, BLUE (and GREEN) by mail from a Maildir, ticked by hand."""

    def __init__(self, where: Path, seats: tuple[str, ...] = ("RED", "BLUE")):
        self.where, self.game = where, where / "g"
        players = [f"--player={s}:{s.title()}:{ADDRESSES[s]}" for s in seats]
        invoke("new", str(self.game), "--play", "interurban", "--id", "g", "--seed", "ahead",
               "--unsafe-test-passwords", "a", *players, "--deadline", "2026-12-03 09:00", "--every", "2d")
        for sub in ("cur", "new", "tmp"):
            (where / "in" / sub).mkdir(parents=True, exist_ok=True)
        (self.game / "mail.toml").write_text(f'from = "gm@x.org"\n\n[source]\nkind = "maildir"\npath = "{where / "in"}"\n')
        self.secrets = dict(line.split() for line in (self.game / "passwords.txt").read_text().splitlines())
        self.when = datetime.fromisoformat("2026-12-01T08:00+00:00")
        self.n = 0

    @property
    def loaded(self):  # type: ignore[no-untyped-def]
        return MovesDir(self.game).load(PLAY)

    def mail(self, seat: str, *lines: str, move: bool = True) -> str:
        """``seat`` mails ``lines`` (after its PLAYER line and, with ``move``, the MOVE line); the tick's output."""
        self.deliver(seat, *lines, move=move)
        return invoke("tick", str(self.game), "--now", (self.when + timedelta(minutes=1)).isoformat()).output

    def deliver(self, seat: str, *lines: str, move: bool = True) -> None:
        """``seat``'s mail put into the Maildir (no tick)."""
        self.n += 1
        self.when += timedelta(minutes=30)
        number = f"MOVE {self.loaded.table.moves + 1}\n" if move else ""
        body = f"PLAYER {seat} PASSWORD {self.secrets[seat]}\n{number}" + "".join(f"{x}\n" for x in lines)
        stamp = int(self.when.timestamp())
        (self.where / "in" / "new" / f"{stamp}.{self.n}.m").write_bytes(mail_bytes(ADDRESSES[seat], body, f"m{self.n}"))

    def receipt(self, seat: str) -> str:
        """The last receipt the robot wrote to ``seat``."""
        box = self.game / "mail" / "outbox"
        found = [json.loads(p.read_text()) for p in box.glob("receipt-*.json")]
        mine = sorted((p for p in found if p.get("player") == seat), key=lambda p: p["name"])
        assert mine, found
        return (box / f"{mine[-1]['name']}.eml").read_text()

    def records(self) -> list[dict]:  # type: ignore[type-arg]
        return [json.loads((s / "record.json").read_text()) for s in MovesDir(self.game).steps()]

    def verified(self) -> bool:
        return all(line.startswith("OK: ") for line in invoke("verify", str(self.game)).output.splitlines())


def test_a_move_sent_ahead_is_played_at_once_when_the_move_comes(tmp_path: Path):
    """RED mails move 1 and, after NEXT, an alternative the rules refuse (PASS while a tile can be laid) OR the move
    it means: BLUE's mail plays move 2 and, in the same tick, RED's move 3 from the second alternative; the record
    names its origin, RED's receipt showed the list, BLUE's did not, and ``verify`` plays it again."""
    t = Table(tmp_path)
    state = t.loaded.state
    (mine,) = ahead_of(t.game, state, "RED", 1)
    out = t.mail("RED", *intended(state, "RED"), "NEXT", "PASS", "OR", *mine)
    assert "move 1 made by RED" in out and "RED sent moves ahead (its next 1; kept, secret)" in out
    receipt = " ".join(t.receipt("RED").split())
    assert "Your moves sent ahead (only you and the game master see them)" in receipt
    assert "Your next move: PASS or: " + " ".join(mine) in receipt
    assert t.loaded.table.sent_ahead("RED") is not None
    out = t.mail("BLUE", *intended(t.loaded.state, "BLUE"))
    assert "move 2 made by BLUE" in out
    assert "move 3 made by RED from its moves sent ahead (alternative 2)" in out
    assert "sent ahead" not in t.receipt("BLUE")
    reports = (t.game / "reports" / "move-003.txt").read_text()
    assert "sent ahead" not in reports and "PASS\n" not in reports
    last = t.records()[-1]
    assert (last["kind"], last["seat"], last["ahead"]) == ("move", "RED", 2) and "mail" not in last
    assert (MovesDir(t.game).steps()[-1] / "orders.txt").read_text() == "".join(f"{x}\n" for x in mine)
    assert t.loaded.table.sent_ahead("RED") is None
    assert t.verified()


def test_moves_sent_ahead_alone_are_kept_and_a_new_mail_replaces_them(tmp_path: Path):
    """BLUE, not on move, sends two moves ahead alone (kept: a step ``ahead``); a second mail with one replaces
    them; a mail with NEXT alone leaves none; each receipt says what is kept."""
    t = Table(tmp_path)
    state = t.loaded.state
    first, second = ahead_of(t.game, state, "BLUE", 2)
    ahead_first = [(line.replace("STRAIGHT", "GERADE")) for line in first]
    out = t.mail("BLUE", "DANACH", *first, "ODER", *ahead_first, "DANACH", *second)
    assert "BLUE sent moves ahead (its next 2; kept, secret)" in out
    assert "moves sent ahead are kept" in " ".join(t.receipt("BLUE").split())
    kept = t.loaded.table.sent_ahead("BLUE")
    assert kept is not None and kept.moves == ((tuple(first), tuple(ahead_first)), (tuple(second),))
    seats = json.loads(invoke("status", str(t.game), "--json").output)["seats"]
    assert [s.get("ahead") for s in seats] == [None, 2]  # the GM sees how many
    assert "Blue (BLUE): bernd@example.net (2 moves sent ahead)" in invoke("status", str(t.game)).output
    t.mail("BLUE", "NEXT", *second)
    kept = t.loaded.table.sent_ahead("BLUE")
    assert kept is not None and kept.moves == ((tuple(second),),)
    t.mail("BLUE", "NEXT")
    assert t.loaded.table.sent_ahead("BLUE") is None
    assert "You have no moves sent ahead." in t.receipt("BLUE")
    assert [r.get("kind") for r in t.records()[1:]] == ["ahead", "ahead", "ahead"]
    assert t.loaded.table.moves == 0 and t.verified()


def test_a_refused_section_keeps_the_moves_sent_ahead(tmp_path: Path):
    """A section with a problem in its moves ahead is refused whole (IU-22): the move now is not played either,
    every problem is named with its line and column, and the moves kept before stay."""
    t = Table(tmp_path)
    state = t.loaded.state
    t.mail("RED", *intended(state, "RED"))
    t.mail("RED", "NEXT", "6 STRAIGHT 1")  # BLUE is on move: RED's list is kept
    out = t.mail("RED", "NEXT", "OR", "6 CRUVE 1 LEFT", move=False)
    assert "made by" not in out and t.loaded.table.moves == 1
    text = " ".join(t.receipt("RED").split())
    assert "could not be played; nothing was done" in text
    assert "Mail line 2, column 1: No move follows this line." in text
    assert "Mail line 4, column 3:" in text and "Did you mean CURVE?" in text
    assert "Your next move: 6 STRAIGHT 1" in text
    t.mail("RED", *intended(state, "RED"), "NEXT", "PASS")  # a move out of turn: nothing done
    assert "It is not your move" in t.receipt("RED")
    kept = t.loaded.table.sent_ahead("RED")
    assert kept is not None and kept.moves == ((("6 STRAIGHT 1",),),)


def test_when_no_alternative_is_allowed_the_list_is_dropped(tmp_path: Path):
    """RED's only alternative for move 3 is PASS, which the rules refuse while a tile can be laid: when BLUE has
    moved, RED's list is dropped (a step ``ahead``, ``none-legal``), RED is on move and plays by mail; verify
    checks that none could be played."""
    t = Table(tmp_path)
    state = t.loaded.state
    t.mail("RED", *intended(state, "RED"), "NEXT", "PASS", "NEXT", "PASS")
    out = t.mail("BLUE", *intended(t.loaded.state, "BLUE"))
    assert "move 3: none of the moves RED sent ahead can be played" in out
    loaded = t.loaded
    assert loaded.state.on_move == "RED" and loaded.table.moves == 2 and loaded.table.sent_ahead("RED") is None
    assert t.records()[-1] == {**t.records()[-1], "kind": "ahead", "why": "none-legal", "seat": "RED"}
    told = " ".join(text_of(message_from_bytes((t.game / "mail" / "outbox" / "move-002-RED.eml").read_bytes(),
                                                policy=policy.default)).split())  # his one mail of the tick
    assert "None of the alternatives of your move 3 sent ahead could be played when it came" in told
    assert "Alternative 1 (PASS) could not be played: A tile can still be laid" in told
    assert not (t.game / "mail" / "outbox" / "ahead-dropped-003-RED.eml").exists()
    assert "sent ahead" not in (t.game / "mail" / "outbox" / "move-002-BLUE.eml").read_text()
    assert t.verified()


def test_a_list_sent_by_the_player_on_move_is_played_at_once(tmp_path: Path):
    """RED on move sends only NEXT and its move: it is played at once, and the receipt says so."""
    t = Table(tmp_path)
    out = t.mail("RED", "NEXT", "PASS", "OR", *intended(t.loaded.state, "RED"))
    assert "move 1 made by RED from its moves sent ahead (alternative 2)" in out
    assert "played as move 1" in t.receipt("RED")
    t.mail("BLUE", "NEXT", "PASS")  # BLUE on move: PASS is refused while a tile can be laid
    assert t.loaded.table.moves == 1 and t.loaded.table.sent_ahead("BLUE") is None
    text = " ".join(t.receipt("BLUE").split())
    assert "none was played, and your moves sent ahead are dropped" in text
    assert "You have no moves sent ahead." in text
    assert t.verified()


def test_verify_finds_a_move_that_was_not_the_first_allowed(tmp_path: Path):
    """The archive's record of a move from the list names the alternative: if it is changed (the record and the
    chain rewritten as a forger would), verify says the move is not the first allowed one."""
    t = Table(tmp_path)
    state = t.loaded.state
    (mine,) = ahead_of(t.game, state, "RED", 1)
    t.mail("RED", *intended(state, "RED"), "NEXT", *mine, "OR", *mine)
    t.mail("BLUE", *intended(t.loaded.state, "BLUE"))
    assert t.verified()
    from adjudicator.postal.ahead import replayed

    before = json.loads((MovesDir(t.game).steps()[-1] / "game-before.json").read_text())
    after = json.loads((MovesDir(t.game).steps()[-1] / "game-after.json").read_text())
    from adjudicator.kernel.table import Table as KTable

    old = KTable.from_json(before["table"], "x")
    new = KTable.from_json(after["table"], "x")
    record = {**t.records()[-1]}
    orders = "".join(f"{x}\n" for x in mine)
    assert replayed(PLAY, old, PLAY.load(before["state"]), new, record, orders)[1] is None
    wrong = replayed(PLAY, old, PLAY.load(before["state"]), new, {**record, "ahead": 2}, orders)[1]
    assert wrong == "the move of RED is not the first of its moves sent ahead that the rules allow"


def test_check_shows_moves_sent_ahead_and_keeps_nothing(tmp_path: Path):
    """A section with CHECK reads the moves ahead and shows them as they would be kept; nothing is kept."""
    t = Table(tmp_path)
    t.mail("BLUE", "CHECK", "NEXT", "6 STRAIGHT 1", "OR", "PASS", move=False)
    assert t.loaded.table.sent_ahead("BLUE") is None
    text = " ".join(t.receipt("BLUE").split())
    assert "they would be kept so (CHECK: nothing was kept)" in text and "6 STRAIGHT 1 or: PASS" in text


def test_a_game_by_mail_with_moves_sent_ahead_needs_fewer_mail_rounds_than_moves(tmp_path: Path):
    """Issue 27, done when: three players play InterUrban to its end by mail over real IMAP and SMTP; whoever is on
    move mails his move and his next two moves sent ahead (a PASS the rules refuse first, then the move he
    means).  Each mail round (a tick after a player's mail, which he waited for) plays several moves: the game
    ends with fewer mail rounds than moves, every move is archived with its origin (a mail or an alternative
    sent ahead), nobody's receipt shows another's list, each player gets at most one report mail a round, which
    names the alternative played from his own list and why the PASS before it was not (issue 35), and ``verify``
    plays every step again."""
    with imap_server(tmp_path) as imap, smtp_server() as smtp, pytest.MonkeyPatch.context() as mp:
        mp.setenv("TEST_IMAP_PASSWORD", imap.password)
        game = tmp_path / "tram"
        players = [f"--player={s}:{s.title()}:{a}" for s, a in ADDRESSES.items()]
        invoke("new", str(game), "--play", "interurban", "--id", "tram", "--seed", "iu-ahead",
               "--unsafe-test-passwords", "iu", *players, "--every", "2d", "--deadline", "2026-12-04 18:00")
        (game / "mail.toml").write_text(
            'from = "InterUrban GM <gm@example.org>"\n\n'
            + imap.toml() + smtp.toml(), encoding="utf-8")
        client = imap.client()
        secrets = dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())
        when = datetime.fromisoformat("2026-12-01T09:00+00:00")
        invoke("tick", str(game), "--now", when.isoformat())
        rounds = 0
        while not (loaded := MovesDir(game).load(PLAY)).state.over:
            rounds += 1
            assert rounds < 60
            seat, state = loaded.state.on_move, loaded.state
            lines = list(intended(state, seat))
            for later in ahead_of(game, state, seat, 2):
                lines += ["NEXT", "PASS", "OR", *later]
            body = f"GAME tram\nPLAYER {seat} PASSWORD {secrets[seat]}\nMOVE {loaded.table.moves + 1}\n" + \
                "".join(f"{x}\n" for x in lines)
            when += timedelta(hours=1)
            client.append("INBOX", mail_bytes(ADDRESSES[seat], body, f"r{rounds}"), msg_time=when)
            out = invoke("tick", str(game), "--now", when.isoformat()).output
            assert f"move {loaded.table.moves + 1} made by {seat}" in out, out
            receipt = " ".join(text_of(sent(smtp, "receipt-", ADDRESSES[seat])[-1]).split())
            kept = MovesDir(game).load(PLAY).table.sent_ahead(seat)  # the receipt says what is kept as it is sent
            assert ("Your next move: " + " ".join(kept.moves[0][0]) in receipt) if kept is not None else \
                "Your next move" not in receipt, receipt
        moves = MovesDir(game).load(PLAY).table.moves
        records = [json.loads((s / "record.json").read_text()) for s in MovesDir(game).steps()]
        mailed = [r for r in records if r.get("kind") == "move" and r.get("mail")]
        from_list = [r for r in records if r.get("kind") == "move" and r.get("ahead")]
        assert len(mailed) == rounds and len(mailed) + len(from_list) == moves
        assert rounds < moves and len(from_list) >= moves // 2, (rounds, moves)
        assert all(r["ahead"] == 2 for r in from_list)  # the PASS before it is refused every time
        print(f"{rounds} mail rounds, {moves} moves, {len(from_list)} of them sent ahead")
        for seat, address in ADDRESSES.items():
            receipts = [text_of(r) for r in sent(smtp, "receipt-", address)]
            assert len(receipts) == len([r for r in mailed if r["seat"] == seat])
            reports = [" ".join(text_of(m).split()) for m in sent(smtp, "move-", address)]
            assert 0 < len(reports) <= rounds + 1  # one report mail a tick at most (IU-31)
            for r in from_list:  # his own moves sent ahead, told in his mail only (IU-30)
                said = f"Your move {r['move']} was played from your moves sent ahead: alternative 2"
                assert sum(said in text for text in reports) == (r["seat"] == seat), (seat, r)
        checks = invoke("verify", str(game)).output.splitlines()
        assert all(c.startswith("OK: ") for c in checks), [c for c in checks if not c.startswith("OK")]


def test_the_players_page_examples_are_moves_sent_ahead_as_written():
    """docs/players.md's examples of moves sent ahead (English and German) read without a problem: each is a move
    and the moves after it, with their alternatives."""
    from adjudicator.interurban.ahead import split
    from adjudicator.kernel.envelope import read_envelope

    page = (Path(__file__).parent.parent / "docs" / "players.md").read_text(encoding="utf-8")
    blocks = page.split("### Moves sent ahead", 1)[1].split("```")[1:4:2]
    state = PLAY.setup("tram", ("RED", "BLUE"), PLAY.draw("ab" * 16))
    read = []
    for block in blocks:
        (section,) = read_envelope(block, PLAY.order_line).sections
        now, moves, problems = split(section.body, state)
        assert problems == () and len(now) == 1 and moves is not None, problems
        read.append([len(move) for move in moves])
    assert read == [[2, 1], [2]]


def test_undo_of_a_move_played_from_the_list_puts_the_list_back(tmp_path: Path):
    """IU-24: ``undo`` of the move played from the list restores the list as it was; the next tick plays the same
    alternative again, and ``verify`` passes."""
    t = Table(tmp_path)
    state = t.loaded.state
    (mine,) = ahead_of(t.game, state, "RED", 1)
    t.mail("RED", *intended(state, "RED"), "NEXT", "PASS", "OR", *mine)
    t.mail("BLUE", *intended(t.loaded.state, "BLUE"))
    played = t.loaded
    assert played.table.moves == 3
    assert "move 3 taken back" in invoke("undo", str(t.game)).output
    back = t.loaded.table.sent_ahead("RED")
    assert back is not None and back.moves == ((("PASS",), tuple(mine)),)
    out = invoke("tick", str(t.game), "--now", (t.when + timedelta(minutes=5)).isoformat()).output
    assert "move 3 made by RED from its moves sent ahead (alternative 2)" in out
    assert t.loaded.state == played.state and t.verified()


def test_the_check_command_reads_moves_sent_ahead(tmp_path: Path):
    """``adjudicate check FILE --game DIR`` reads a section's moves sent ahead as the robot would (nothing kept):
    the list as it would be kept, or each problem with its line and column."""
    t = Table(tmp_path)
    good, bad = tmp_path / "good.txt", tmp_path / "bad.txt"
    good.write_text(f"PLAYER BLUE PASSWORD {t.secrets['BLUE']}\nNEXT\n6 STRAIGHT 1\nOR\nPASS\n")
    bad.write_text(f"PLAYER BLUE PASSWORD {t.secrets['BLUE']}\nOR\nPASS\n")
    out = " ".join(invoke("check", str(good), "--game", str(t.game)).output.split())
    assert "they would be kept so (CHECK: nothing was kept)" in out and "6 STRAIGHT 1 or: PASS" in out
    out = invoke("check", str(bad), "--game", str(t.game), ok=False)
    assert out.exit_code == 1 and "Mail line 2, column 1: OR stands between alternatives" in " ".join(out.output.split())
    assert t.loaded.table.ahead == ()


class Killed(Exception):
    """The tick dies here."""


def test_a_tick_killed_after_keeping_the_list_does_not_keep_it_twice(tmp_path: Path, monkeypatch):
    """RED, on move, sends two moves ahead: the first is played at once.  Killed before the mail was answered, the
    next tick answers it (its receipt shows the list) and does not keep it a second time: the move played from
    it is not played again, and the second move stays RED's only one."""
    from adjudicator.postal import robot, turns
    from adjudicator.postal.loop import Tick

    t = Table(tmp_path)
    state = t.loaded.state
    (later,) = ahead_of(t.game, state, "RED", 1)

    def killed(self: object) -> None:
        raise Killed

    monkeypatch.setattr(turns.Receipts, "send", killed)
    t.deliver("RED", "NEXT", *intended(state, "RED"), "NEXT", *later, move=False)
    with pytest.raises(Killed):
        robot.tick_game(str(t.game), t.when + timedelta(minutes=1), Tick(str(t.game)), turns.MovesGame(PLAY))
    monkeypatch.undo()
    assert t.loaded.table.moves == 1
    robot.tick_game(str(t.game), t.when + timedelta(minutes=5), Tick(str(t.game)), turns.MovesGame(PLAY))
    kept = t.loaded.table.sent_ahead("RED")
    assert t.loaded.table.moves == 1 and kept is not None and kept.moves == ((tuple(later),),)
    assert [r["kind"] for r in t.records()].count("ahead") == 1
    assert "Your next move:" in t.receipt("RED") and t.verified()


def test_two_sections_of_one_mail_the_second_replaces_the_first(tmp_path: Path):
    """IU-23: two sections of RED in one mail are read in turn: the second's moves sent ahead replace the first's."""
    t = Table(tmp_path)
    t.mail("RED", *intended(t.loaded.state, "RED"))
    second = f"PLAYER RED PASSWORD {t.secrets['RED']}"
    t.mail("RED", "NEXT", "6 STRAIGHT 1", second, "NEXT", "H STRAIGHT 1", move=False)
    kept = t.loaded.table.sent_ahead("RED")
    assert kept is not None and kept.moves == ((("H STRAIGHT 1",),),)
    assert [r["kind"] for r in t.records()].count("ahead") == 2


def test_a_wrong_passwords_reply_to_the_seats_own_address_shows_its_moves_sent_ahead(tmp_path: Path):
    """docs/players.md: every receipt of a player's shows his moves sent ahead, and a refused mail leaves them: the
    reply to a wrong password from RED's own address on file lists RED's list as kept (it had said only that the
    password was wrong)."""
    t = Table(tmp_path)
    t.mail("RED", *intended(t.loaded.state, "RED"))
    t.mail("RED", "NEXT", "6 STRAIGHT 1")  # BLUE is on move: RED's list is kept
    right, t.secrets["RED"] = t.secrets["RED"], "not-the-password"
    t.mail("RED", "NEXT", "6 CURVE 1 LEFT", move=False)
    t.secrets["RED"] = right
    box = t.game / "mail" / "outbox"
    last = max((json.loads(p.read_text()) for p in box.glob("receipt-*.json")), key=lambda r: r["name"])
    text = " ".join((box / f"{last['name']}.eml").read_text().split())
    assert "The password for RED is wrong" in text and "Your next move: 6 STRAIGHT 1" in text, text
    kept = t.loaded.table.sent_ahead("RED")
    assert kept is not None and kept.moves == ((("6 STRAIGHT 1",),),)
