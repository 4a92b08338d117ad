"""Dampfross on the platform's one session (issue 34), the vertical slice: a Dampfross game kept as a game of moves
(``postal/moves.py: MovesDir``) and run by the one postal loop (``postal/robot.py: tick_game`` with
``postal/turns.py: MovesGame(DampfrossPlay())``), its words ``report/playwords.py: DampfrossWords``.

Two companies mail their building orders of turn 1; each gets a receipt; the turn is resolved as soon as both are
in (``--early``); each company's report mail, sent by SMTP to a server on localhost, holds the turn's public report
byte for byte as ``report/building.py: building_report`` writes it, its own private part and no other company's;
``verify`` (``postal/moveverify.py``) replays the game.  A CHECK section shows Dampfross's problem words with line
and column.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from adjudicator.dampfross.board.mapfile import parse_map, shipped_map_text
from adjudicator.dampfross.engine.newgame import new_game, new_options
from adjudicator.dampfross.game import dice
from adjudicator.dampfross.game.rules import load_profile
from adjudicator.dampfross.report.mail import attached_paragraph
from adjudicator.kernel.commitment import commitment
from adjudicator.kernel.contacts import PlayerSpec
from adjudicator.kernel.deadline import Schedule
from adjudicator.kernel.i18n import language
from adjudicator.kernel.table import Seat, Table
from adjudicator.postal.files import sha256
from adjudicator.postal.moves import MovesDir
from tests import clock
from tests.mailservers import SmtpServer, mail_bytes, sent, smtp_server, text_of

ANNA, BERND = "anna@example.org", "bernd@example.net"
SEED = "dampfross-session"


@dataclass
class Game:
    """A Dampfross game of moves run by mail from a Maildir, its mails sent to ``smtp``."""

    path: Path
    maildir: Path
    passwords: dict[str, str]
    smtp: SmtpServer
    count: int = 0

    @property
    def folder(self) -> MovesDir:
        return MovesDir(self.path)

    def deliver(self, sender: str, body: str, when: str, subject: str) -> None:
        self.count += 1
        clock.maildir_mail(self.maildir, mail_bytes(sender, body, subject, when), when, f"M{self.count:04d}P1.mx")

    def orders(self, seat: str, body: str, when: str, subject: str, turn: int | None = None) -> None:
        head = f"GAME g\n{f'TURN {turn}' + chr(10) if turn is not None else ''}"
        self.deliver(ANNA if seat == "RED" else BERND,
                     head + f"PLAYER {seat} PASSWORD {self.passwords[seat]}\n" + body, when, subject)

    def tick(self, when: str) -> list[str]:
        from adjudicator.dampfross.play import DampfrossPlay
        from adjudicator.kernel.words.gm import gm_note
        from adjudicator.postal import robot, turns
        from adjudicator.postal.loop import Tick

        t = Tick(str(self.path))
        robot.tick_game(str(self.path), clock.instant(when), t, turns.MovesGame(DampfrossPlay()))
        return [gm_note(n) for n in t.notes]  # the GM's lines

    def records(self) -> list[dict[str, Any]]:
        return [json.loads(p.read_text()) for p in sorted((self.path / "archive").glob("step-*/record.json"))]

    def doc(self) -> dict[str, Any]:
        out: dict[str, Any] = json.loads((self.path / "game.json").read_text(encoding="utf-8"))
        return out

    def attached(self, prefix: str, to: str) -> dict[str, str | bytes]:
        """The attachments of the one mail sent to ``to`` whose name begins with ``prefix``, by name (texts with
        line ends as written)."""
        (mail,) = sent(self.smtp, prefix, to)
        out: dict[str, str | bytes] = {}
        for part in mail.iter_attachments():
            data = part.get_content()
            out[str(part.get_filename())] = data.replace("\r\n", "\n") if isinstance(data, str) else data
        return out

    def pictures(self, prefix: str, to: str) -> list[bytes]:
        """The PNG pictures the one mail sent to ``to`` whose name begins with ``prefix`` shows (inline or attached)."""
        (mail,) = sent(self.smtp, prefix, to)
        return [part.get_content() for part in mail.walk() if part.get_content_type() == "image/png"]

    def texts(self, prefix: str, to: str) -> list[str]:
        """The texts of the mails sent to ``to`` whose names begin with ``prefix`` (line ends as written)."""
        return [text_of(m).replace("\r\n", "\n") for m in sent(self.smtp, prefix, to)]


def _start(where: Path, smtp: SmtpServer, red_lang: str = "en", remind: str = "", caretaker_after: int = 0,
           seed_text: str = SEED, kind: type[Game] = Game) -> Game:
    """A new Dampfross game as ``adjudicate new`` makes its state (``engine/newgame.py``: the map, the rules
    profile, the dice committed to the seed, the passwords), kept as a game of moves: its table (the seats, their
    addresses and password hashes, the deadlines with ``--early``; the caretaker, a careful bot, after
    ``caretaker_after`` missed turns) and its opening (``MovesDir.create``); ``kind``: the test's own ``Game``."""
    from adjudicator.dampfross.play import DampfrossPlay

    text = shipped_map_text("germany")
    gmap = parse_map(text, "germany")
    seed = dice.seed_from_text(seed_text)
    specs = [replace(PlayerSpec.parse(f"RED:Anna:{ANNA}"), lang=red_lang), PlayerSpec.parse(f"BLUE:Bernd:{BERND}")]
    schedule = Schedule(due="2026-12-04T18:00:00+00:00", every="7d", early=True, remind=remind)
    state, secrets = new_game("g", gmap, "map.yaml", sha256(text), load_profile("schmidt", []), specs, seed,
                              test_passwords=seed_text)
    seats = tuple(Seat(p.id, p.name, p.email, p.password_hash, state.language_of(p.id)) for p in state.players)
    play = DampfrossPlay()
    table = Table(play.name, "g", seats, "en", commitment=commitment(seed), schedule=schedule,
                  caretaker_after=caretaker_after, caretaker_level="careful" if caretaker_after else "")
    with language("en"):
        opening = play.words.opening(table, state, None, None)
    game, maildir = where / "g", where / "maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    options = new_options(gmap.name, "map.yaml", sha256(text), "schmidt", [], specs, "en", state.gm_password_hash)
    MovesDir(game).create(play, table, state, seed, {sid: secrets[sid] for sid in ("RED", "BLUE")}, opening, options)
    (game / "mail.toml").write_text(f'from = "GM <gm@example.org>"\n\n[source]\nkind = "maildir"\npath = "{maildir}"'
                                    f'\n\n{smtp.toml()}', encoding="utf-8")
    (game / "mail.toml").chmod(0o600)
    return kind(game, maildir, {sid: secrets[sid] for sid in ("RED", "BLUE")}, smtp)


@pytest.fixture
def game(tmp_path: Path) -> Iterator[Game]:
    with smtp_server() as smtp:
        made = _start(tmp_path, smtp)
        made.tick("2026-12-01T08:00+00:00")  # the openings
        yield made


def _flat(text: str) -> str:
    """A mail's text with its lines joined: a sentence the words wrap to 72 columns is found whole."""
    return " ".join(text.split())


def _public_of_turn_1(game: Game) -> str:
    """What ``report/building.py: building_report`` writes of turn 1 as the session resolved it: the state before
    it, both companies' orders as archived read again by the play, resolved with the game's dice, the state after
    with the deadlines the table has after the turn (a Dampfross game file kept them in its state)."""
    from adjudicator.dampfross.play import DampfrossPlay
    from adjudicator.dampfross.report.building import building_report

    play = DampfrossPlay()
    steps = sorted((game.path / "archive").glob("step-*"))
    move = next(s for s in steps if json.loads((s / "record.json").read_text())["kind"] == "move")
    before = play.load(json.loads((move / "game-before.json").read_text())["state"])
    after_table = Table.from_json(json.loads((move / "game-after.json").read_text())["table"], "")
    sections = (move / "orders.txt").read_text().split("PLAYER ")[1:]
    orders = {}
    for section in sections:
        seat, *lines = section.rstrip("\n").split("\n")
        made, problems = play.read(before, seat, list(enumerate(lines, 1)))
        assert made is not None, problems
        orders[seat] = made
    _, turn = play.resolve(before, orders, play.draw(game.folder.read_seed()))
    result = replace(turn.result, after=replace(turn.result.after, schedule=after_table.schedule))
    return building_report(result, play.gmap(before), turn.orders)


def test_two_companies_build_and_each_reads_the_public_report_and_only_its_own_part(game: Game):
    """RED and BLUE mail their orders of turn 1 (BLUE's with a line not understood); each gets a receipt; the turn is
    resolved when both are in (``--early``); each company's report mail holds the public report byte for byte as
    ``building_report`` writes it, its own private part (its orders as understood, its problems, its account) and
    nothing of the other's; ``verify`` plays the game again."""
    from adjudicator.dampfross.play import DampfrossPlay
    from adjudicator.postal.moveverify import verify

    assert game.texts("opening-", ANNA) and game.texts("opening-", BERND)
    assert "Your password is: " + game.passwords["RED"] in game.texts("opening-", ANNA)[0]
    game.orders("RED", "START Hamburg\n", "2026-12-01T09:00+00:00", "red", turn=1)
    game.tick("2026-12-01T09:05+00:00")
    red = game.texts("receipt-", ANNA)
    assert len(red) == 1 and "Your mail counts for turn 1: a later mail from you replaces it." in _flat(red[0])
    assert [r["kind"] for r in game.records()] == ["opening", "orders"]
    game.orders("BLUE", "START Berlin\nBIULD Berlin - 1812\n", "2026-12-01T10:00+00:00", "blue", turn=1)
    game.tick("2026-12-01T10:05+00:00")
    blue = game.texts("receipt-", BERND)
    assert len(blue) == 1 and "Your mail counts for turn 1" in _flat(blue[0])
    assert [r["kind"] for r in game.records()] == ["opening", "orders", "orders", "move"]
    public = _public_of_turn_1(game)
    assert (game.path / "reports" / "move-001.txt").read_text(encoding="utf-8") == public
    anna, bernd = game.texts("move-001-", ANNA), game.texts("move-001-", BERND)
    assert len(anna) == 1 and len(bernd) == 1
    for address in (ANNA, BERND):  # the whole public report attached, byte for byte, and the whole map as text
        files = game.attached("move-001-", address)
        assert list(files) == ["report-turn-001.txt", "map-turn-001.txt"] and files["report-turn-001.txt"] == public
    assert "Attached: the turn's whole public report and the whole map, as text and as a picture." in _flat(anna[0])
    assert game.pictures("move-001-", ANNA)  # which the mail shows: the map as a picture
    assert "Turn 1, private report for RED" in anna[0] and "private report for BLUE" not in anna[0]
    assert "Turn 1, private report for BLUE" in bernd[0] and "private report for RED" not in bernd[0]
    assert "BIULD" in bernd[0] and "BIULD" not in anna[0] and "BIULD" not in public
    assert anna[0].startswith("Orders for turn 2 are due Fri 11 Dec 2026 18:00 UTC.")  # the next deadline first
    said = verify(game.folder, DampfrossPlay(), None)  # every step played again, the opening from its options
    assert all(ok for ok, _ in said) and "step-003: move resolved again: the same" in [line for _, line in said], said


def test_verify_plays_a_dampfross_game_again_from_its_opening(game: Game):
    """The opening's record keeps what ``new`` was given (``engine/newgame.py: new_options``: the map, the rules
    profile, the companies; no password, no seed), and ``verify`` sets the opening up again with them
    (``DampfrossPlay.setup_with``: the table's password hashes, the dice of the seed), then a turn."""
    from adjudicator.dampfross.play import DampfrossPlay
    from adjudicator.postal.moveverify import verify

    record = json.dumps(game.records()[0])
    assert game.records()[0]["options"]["rules"] == "schmidt" and game.folder.read_seed() not in record
    assert not any(password in record for password in game.passwords.values())
    game.orders("RED", "START Hamburg\n", "2026-12-01T09:00+00:00", "red", turn=1)
    game.orders("BLUE", "START Berlin\n", "2026-12-01T09:30+00:00", "blue", turn=1)
    game.tick("2026-12-01T09:35+00:00")
    said = verify(game.folder, DampfrossPlay(), None)
    assert all(ok for ok, _ in said), said
    assert "step-000: opening played again: the same" in [line for _, line in said], said


def test_a_check_gets_dampfross_problem_words_with_line_and_column(game: Game):
    """A section with CHECK is priced and kept nowhere: its receipt has the orders as understood, each problem in
    Dampfross's words with its line and column in the mail, the price; the turn waits for the orders."""
    game.orders("BLUE", "CHECK\nSTART Berlin\nBIULD Berlin - 1812\n", "2026-12-01T09:00+00:00", "check", turn=1)
    game.tick("2026-12-01T09:05+00:00")
    text = game.texts("receipt-", BERND)[0]
    assert "Check of BLUE's orders for turn 1 (nothing is changed)" in text
    assert "your mail of 1 Dec 09:00, line 6, column 1: syntax: unknown order 'BIULD'" in " ".join(text.split())
    assert "hint: did you mean BUILD?" in text and "START Berlin (1913)" in text
    assert "allowance 6 (dice 6), used 0, left 6" in text  # priced against the game as it stands
    assert [r["kind"] for r in game.records()] == ["opening"]


def test_orders_replaced_another_turn_and_a_wrong_password_in_dampfross_words(game: Game):
    """A later section replaces RED's orders (its receipt says so, and the first's that it was replaced); orders for
    another turn and a wrong password count for nothing, each said as the Dampfross receipt says it."""
    game.orders("RED", "START Hamburg\n", "2026-12-01T09:00+00:00", "first", turn=1)
    game.orders("RED", "START Berlin\n", "2026-12-01T09:10+00:00", "second", turn=1)
    game.deliver(ANNA, f"GAME g\nPLAYER RED PASSWORD {game.passwords['RED']}\nTURN 2\nSTART Hamburg\n",
                 "2026-12-01T09:20+00:00", "later")
    game.deliver(ANNA, "GAME g\nPLAYER RED PASSWORD nope-nope-nope-nope\nSTART Hamburg\n", "2026-12-01T09:30+00:00",
                 "guess")
    game.tick("2026-12-01T09:35+00:00")
    first, second, later, guess = game.texts("receipt-", ANNA)
    assert "It replaces" not in first  # replaced by the second in the same tick: it says so, and by which
    assert "Your mail of 1 Dec 09:10 replaced this one in the same tick: its orders count for turn 1, not these." \
        in " ".join(first.split())
    assert "a later mail from you replaces it. It replaces your mail of 1 Dec 09:00." in " ".join(second.split())
    assert "It replaces your orders" not in second  # the mail it replaces named once, by its arrival
    assert "Your orders are for turn 2, but game g is at turn 1: they are not used." in " ".join(later.split())
    assert "Nothing in your mail counts: wrong password." in guess
    table = game.doc()["table"]
    assert table["orders"]["RED"]["lines"] == ["START Berlin"]


def test_commands_by_mail_answer_in_dampfross_words(game: Game):
    """HELP, STATUS and REPORT 0 from a player's address: Dampfross's answers (``report/mailreplies.py``)."""
    game.orders("RED", "START Hamburg\n", "2026-12-01T09:00+00:00", "red", turn=1)
    game.deliver(BERND, "HELP\nSTATUS\nREPORT 0\n", "2026-12-01T09:10+00:00", "commands")
    game.tick("2026-12-01T09:15+00:00")
    answer = game.texts("answer-", BERND)[0]
    assert "An order mail has a heading, your PLAYER line, then one order a line" in " ".join(answer.split())
    assert "status of turn 1" in answer and "Opening report" in answer
    assert "Hamburg" not in answer.split("status of turn 1")[1].split("report of turn 0")[0]  # nobody's orders
    assert game.attached("answer-", BERND) == {}


def test_map_by_mail_attaches_the_whole_map(game: Game):
    """MAP: the answer says the whole map is attached, and it is (``map-turn-000.txt``, in one piece), as the
    Dampfross mail answers it (``DampfrossWords.answer_attachments``)."""
    from adjudicator.dampfross.report.common import whole_map

    game.deliver(BERND, "MAP\n", "2026-12-01T09:10+00:00", "map")
    game.tick("2026-12-01T09:15+00:00")
    assert "The whole map is attached" in game.texts("answer-", BERND)[0]
    state = game.folder.load(_play()).state
    assert game.attached("answer-", BERND) == {"map-turn-000.txt": whole_map(_play().gmap(state), state, 0,
                                                                             split=False)}


def _play() -> Any:
    from adjudicator.dampfross.play import DampfrossPlay

    return DampfrossPlay()


def test_status_standings_and_site_in_dampfross_words(game: Game):
    """The GM's status names whose orders are in, never what they are; Dampfross scores no series; its site
    (``adjudicate site``) is made of each turn's public report: the game page, the ledger, the order page, a page
    a turn."""
    from adjudicator.dampfross.play import DampfrossPlay

    game.orders("RED", "START Hamburg\n", "2026-12-01T09:00+00:00", "red", turn=1)
    game.tick("2026-12-01T09:05+00:00")
    play = DampfrossPlay()
    loaded = game.folder.load(play)
    with language("en"):
        status = play.words.status(loaded.table, loaded.state)
        assert "RED" in status and "received" in status and "Hamburg" not in status
        assert play.words.standings([]).count("\n") == 1
        statements = play.words.statements(loaded.table, loaded.state, [("RED", "A fine game.")], "BLUE")  # type: ignore[attr-defined]
        assert "End-of-game statements, game g" in statements and "A fine game." in statements
    from adjudicator.app.moves import write_moves_site

    game.orders("BLUE", "START Berlin\n", "2026-12-01T09:30+00:00", "blue", turn=1)
    game.tick("2026-12-01T09:35+00:00")
    site = game.path.parent / "site"
    written = {p.name for p in write_moves_site(play, str(game.path), str(site))}  # adjudicate site's own call
    assert {"index.html", "ledger.html", "orders.html", "turn-000.html", "turn-001.html"} <= written
    page = (site / "turn-001.html").read_text(encoding="utf-8")
    assert "Hamburg" in page and "private report for" not in page


def test_the_receipt_of_accepted_orders_names_the_problems_of_their_lines(game: Game):
    """The receipt of accepted orders is given the seat, the problems ``read`` gave beside them and the play's
    preview (``postal/periods.py: period_orders``): it echoes the orders, prices them and words the line not
    understood with its line and column in the mail, each problem once."""
    game.orders("BLUE", "START Berlin\nBIULD Berlin - 1812\n", "2026-12-01T09:00+00:00", "blue", turn=1)
    game.tick("2026-12-01T09:05+00:00")
    text = game.texts("receipt-", BERND)[0]
    assert "your mail of 1 Dec 09:00, line 5, column 1: syntax: unknown order 'BIULD'" in " ".join(text.split())
    assert "START Berlin (1913)" in text
    assert " ".join(text.split()).count("unknown order 'BIULD'") == 1 and "allowance 6 (dice 6), used 0, left 6" in text


def test_a_private_report_names_a_line_by_the_mail_it_came_in(game: Game):
    """BLUE's line not understood is named in its private report by its mail's arrival and its line there, as the
    Dampfross run names it (``kernel/play.py: ReadsMail``, ``Accepted.arrived``, ``Accepted.numbers``); ``verify``
    reads the orders so again."""
    from adjudicator.dampfross.play import DampfrossPlay
    from adjudicator.postal.moveverify import verify

    game.orders("RED", "START Hamburg\n", "2026-12-01T09:00+00:00", "red", turn=1)
    game.orders("BLUE", "START Berlin\nBIULD Berlin - 1812\n", "2026-12-01T09:30+00:00", "blue", turn=1)
    game.tick("2026-12-01T09:35+00:00")
    mail = " ".join(game.texts("move-001-", BERND)[0].split())
    assert "your mail of 1 Dec 09:30, line 5, column 1: syntax: unknown order 'BIULD'" in mail
    assert game.records()[2]["numbers"] == [4, 5]
    assert all(ok for ok, _ in verify(game.folder, DampfrossPlay(), None))


def test_orders_for_another_turn_in_the_heading_do_not_count(game: Game):
    game.orders("RED", "START Hamburg\n", "2026-12-01T09:00+00:00", "later", turn=2)
    game.tick("2026-12-01T09:05+00:00")
    text = " ".join(game.texts("receipt-", ANNA)[0].split())
    assert "Your orders are for turn 2, but game g is at turn 1: they are not used." in text


OLD = json.loads((Path(__file__).resolve().parent / "golden" / "dampfross_session_old.json").read_text(encoding="utf-8"))
"""What Dampfross's own stack wrote for the game of ``game`` made by its own ``new`` (the seed, the passwords, the
deadlines) and turn 1 run by ``adjudicate run`` from order files with the orders of ``_turn_one``, at 09:30 on 1
December (recorded by these tests before the switch, at 8b8b033): its opening and public report of turn 1
(``turn-000.txt``, ``turn-001.txt``), each company's report mail of its private report (``mail-ID``:
``report/mail.py: report_mail_text``, no picture) and the whole map as text after the turn (``map-turn-001.txt``)."""


def _turn_one(game: Game) -> None:
    """Turn 1 mailed to the session, resolved at BLUE's mail (09:30, ``--early``)."""
    game.orders("RED", "START Hamburg\nBUILD Hamburg - 1008\n", "2026-12-01T09:00+00:00", "red", turn=1)
    game.orders("BLUE", "START Berlin\nPASS\n", "2026-12-01T09:30+00:00", "blue", turn=1)
    game.tick("2026-12-01T09:35+00:00")


def test_the_sessions_reports_are_those_the_dampfross_run_writes_for_the_same_turn(game: Game):
    """The session's opening and public report of turn 1 are Dampfross's ``reports/turn-000.txt`` and
    ``reports/turn-001.txt`` for the same game and orders (``OLD``), byte for byte (but for the next deadline: see
    ``DAMPFROSS_DUE``), and each company's report mail ends with that public report."""
    _turn_one(game)
    assert OLD["turn-000.txt"] == (game.path / "reports" / "move-000.txt").read_text(encoding="utf-8")
    public = _their_deadline(OLD["turn-001.txt"])
    assert (game.path / "reports" / "move-001.txt").read_text(encoding="utf-8") == public
    assert game.attached("move-001-", ANNA)["report-turn-001.txt"] == public
    assert game.attached("move-001-", BERND)["report-turn-001.txt"] == public


def test_each_companys_mail_begins_with_the_dampfross_report_mail_of_its_private_report(game: Game):
    """Each company's report mail begins with the Dampfross report mail of its private report as ``adjudicate run``
    wrote it for the same orders (``OLD``): the session keeps each accepted line's number in the mail
    (``kernel/table.py: Accepted.numbers``) and the play reads them so at the resolve, so '[line 5]' is line 5 of
    the mail; its attachments are today's: the whole public report and the whole map as text
    (``DampfrossWords.attachments``)."""
    _turn_one(game)
    for seat, address in (("RED", ANNA), ("BLUE", BERND)):
        own = _their_deadline(OLD[f"mail-{seat}"]).replace(  # the map goes as a picture too, and the mail says so
            attached_paragraph(False).rstrip("\n"), attached_paragraph(True).rstrip("\n"))
        assert game.texts("move-001-", address)[0] == own  # the body, as today's mail (app/postal.py: report_mails)
        public = (game.path / "reports" / "move-001.txt").read_text(encoding="utf-8")
        assert game.attached("move-001-", address) == {
            "report-turn-001.txt": public, "map-turn-001.txt": OLD["map-turn-001.txt"]}


DAMPFROSS_DUE = "due Fri 11 Dec 2026 18:00 UTC."
"""The next deadline after turn 1, resolved early at 09:30 on 1 December with a deadline on 4 December 18:00 and one
every 7 days: the session keeps the rhythm of the deadlines as Dampfross does (reading 135, ``postal/resolved.py:
next_rhythm``, ``kernel/deadline.py: after_turn``: the first of the schedule after the old deadline, at least half a
period after the resolve)."""


def _their_deadline(text: str) -> str:
    """A Dampfross text whose next deadline the session's report says as it is (reading 135: the same)."""
    assert DAMPFROSS_DUE in text
    return text


def test_a_turn_resolved_early_keeps_the_rhythm_of_the_deadlines(game: Game):
    """Reading 135: turn 1 resolved early (09:30 on 1 December, both companies in, ``--early``) keeps the rhythm of
    the deadlines: the next is the schedule's after the old one (4 December 18:00), not a week after the resolve."""
    game.orders("RED", "START Hamburg\n", "2026-12-01T09:00+00:00", "red", turn=1)
    game.orders("BLUE", "START Berlin\n", "2026-12-01T09:30+00:00", "blue", turn=1)
    game.tick("2026-12-01T09:35+00:00")
    assert game.doc()["table"]["schedule"]["due"] == "2026-12-11T18:00:00+00:00"


def test_every_turn_of_the_example_game_is_reported_as_adjudicate_run_reported_it(tmp_path: Path):
    """The example game (``examples/demo.sh``: five building turns, two racing turns, the final report with the seed
    revealed) played by ``adjudicate run``, each turn then resolved again by the play from its archived state before
    and its order files' sections read by the play as the session reads a section, and worded by
    ``DampfrossWords``: each public report is the archived ``reports/turn-NNN.txt`` byte for byte, building and
    racing, and each company's report mail holds its archived private report (where that names no position in an
    order file, which the play names by the company: ``NOB:6:1``, not ``turn2-nob.orders:6:1``).  The game as
    ``adjudicate run`` played it before the switch is ``tests/fixtures/old-format/example``, read by the
    converter's reader of the old format (``dampfross/app/oldformat.py``)."""
    from adjudicator.dampfross.app.oldformat import OldGame
    from adjudicator.dampfross.orders.parse import parse_orders
    from adjudicator.dampfross.play import DampfrossPlay

    shutil.copytree(Path(__file__).resolve().parent / "fixtures" / "old-format" / "example", tmp_path / "demo")
    gdir = OldGame(tmp_path / "demo")
    play = DampfrossPlay()
    seed = gdir.read_seed()
    assert seed
    table = Table(play.name, "demo", (), "en")
    compared = 0
    for turn in range(1, 8):
        step = gdir.archive_path(turn)
        before, _ = gdir.archived_state(step, "before")
        orders: dict[str, Any] = {}
        for path in sorted((step / "orders").iterdir()):
            text = path.read_text(encoding="utf-8")
            lines = text.split("\n")
            for section in parse_orders(text, path.name).sections:  # each as if it came in a mail of its own
                body = []
                for n in range(section.pos.line + 1, section.end or len(lines)):
                    if re.match(r"(?i)(game|spiel|turn|zug)\b", lines[n - 1].strip()):
                        break  # the heading of the next company's mail, pasted in by the GM
                    body.append((n, lines[n - 1]))
                made, problems = play.read(before, section.player, body)
                assert made is not None, problems
                orders[made.company] = made
        after, events = play.resolve(before, orders, play.draw(seed))
        revealed = seed if after.phase == "over" else None
        with language("en"):
            public = play.words.move_report(table, before, after, "", events, False, revealed)
            assert public == gdir.report_path(turn).read_text(encoding="utf-8"), turn
            for company in before.player_ids:
                mail = play.words.seat_report(table, before, after, "", events, False, revealed, company)  # type: ignore[attr-defined]
                private = gdir.report_path(turn, company).read_text(encoding="utf-8")
                assert mail.endswith(public) and f"Turn {turn}, private report for {company}" in mail
                if ".orders:" not in private:  # a position in an order file: the play names it by the company
                    assert private.rstrip("\n") in mail, (turn, company)
                    compared += 1
    assert compared >= 20
    assert after.phase == "over" and seed in public


def test_status_by_mail_names_the_companies_whose_orders_are_in(game: Game):
    """Whose orders are in is no secret (``Table.public`` keeps which seats sent, never their lines): BLUE's STATUS
    by mail names RED's as received (``report/mailreplies.py: status_reply``) and never what they are."""
    game.orders("RED", "START Hamburg\n", "2026-12-01T09:00+00:00", "red", turn=1)
    game.deliver(BERND, "STATUS\n", "2026-12-01T09:10+00:00", "status")
    game.tick("2026-12-01T09:15+00:00")
    answer = game.texts("answer-", BERND)[0]
    assert re.search(r"RED +20 +received", answer), answer
    assert "Hamburg" not in answer.split("status of turn")[1]


def test_a_company_that_reads_german_gets_its_mails_in_german(tmp_path: Path):
    """RED reads German (``--player-lang RED=de``): its opening, receipt and report mail are German, the public
    report in its mail too (as the Dampfross mail path makes it in the company's language); the archived public
    report stays English, the game's."""
    with smtp_server() as smtp:
        game = _start(tmp_path, smtp, red_lang="de")
        game.tick("2026-12-01T08:00+00:00")
        game.orders("RED", "START Hamburg\n", "2026-12-01T09:00+00:00", "rot", turn=1)
        game.orders("BLUE", "START Berlin\n", "2026-12-01T09:30+00:00", "blue", turn=1)
        game.tick("2026-12-01T09:35+00:00")
        opening, receipt = game.texts("opening-", ANNA)[0], game.texts("receipt-", ANNA)[0]
        mail = game.texts("move-001-", ANNA)[0]
    assert "Ihr Passwort" in opening and "Eröffnungsbericht" in opening
    assert "Ihre Mail gilt für Zug 1" in _flat(receipt)
    assert "Zug 1, persönlicher Bericht für RED" in mail and "Bericht zu Zug 1, Bauphase" in mail
    public = (game.path / "reports" / "move-001.txt").read_text(encoding="utf-8")
    assert "Turn 1 report, building phase" in public and "Zug 1" not in public
    assert "Turn 1 report, building phase" in game.texts("move-001-", BERND)[0]


CODES: dict[str, dict[str, Any]] = {
    "accepted": {"move": 1, "replaced": (), "read_at": 1, "seat": "BLUE", "problems": "BLUE", "preview": "BLUE"},
    "accepted-again": {"move": 1, "replaced": ("START Berlin",), "read_at": 1, "seat": "BLUE", "problems": "BLUE",
                       "preview": "BLUE"},
    "refused": {"problems": "other-turn"},
    "checked": {"checked_at": 1, "seat": "BLUE", "preview": "BLUE"},
    "check-refused": {"checked_at": 1, "problems": "other-turn", "check": True},
    "check-not-on-move": {"checked_at": 1, "on_move": "RED, BLUE"},
    "not-on-move": {"on_move": "RED, BLUE"},
    "password": {"seat": "RED"},
    "over": {},
    "stale": {"given": 3, "move": 1},
    "no-section": {},
    "too-many-sections": {"count": 40, "most": 12},
    "statement": {"statement": "A fine game.", "until": "2026-12-18T18:00:00+00:00", "move": 1},
    "gm-accepted": {"move": 1, "replaced": ()},
    "reminder": {"seat": "BLUE", "sender": "GM <gm@example.org>"},
    "deadline": {"why": "The GM is away for a week."},
}
"""Every receipt code of the protocol a game of simultaneous turns meets (``kernel/play.py: Words.receipt``), with
data as the session gives it (``postal/periods.py``); ``"other-turn"``: the play's refusal of a section for another
turn, ``"BLUE"``: the play's preview of BLUE's orders."""


@pytest.mark.parametrize("lang", ["en", "de", "nl", "cs"])
def test_every_receipt_code_is_worded_in_every_language_within_the_mails_width(lang: str):
    """Each code's receipt in each language: Dampfross's receipt (its heading, the deadline), its status sentence
    in the reader's language, every line within 78 columns; so are HELP, MAP, STATUS, RULES and REPORT, the
    GM's status and the opening mail."""
    from adjudicator.dampfross.play import DampfrossPlay
    from adjudicator.kernel.problems import NoOrders, Problem

    text = shipped_map_text("germany")
    state, secrets = new_game("g", parse_map(text, "germany"), "map.yaml", sha256(text), load_profile("schmidt", []),
                              [PlayerSpec.parse(f"RED:Anna:{ANNA}"), PlayerSpec.parse(f"BLUE:Bernd:{BERND}")],
                              dice.seed_from_text(SEED), test_passwords=SEED)
    seats = tuple(Seat(p.id, p.name, p.email, p.password_hash, lang) for p in state.players)
    table = Table("dampfross", "g", seats, "en", schedule=Schedule(due="2026-12-04T18:00:00+00:00", every="7d"))
    play = DampfrossPlay()
    made, _ = play.read(state, "BLUE", [(4, "START Berlin"), (5, "BIULD Berlin - 1812")])
    assert made is not None and made.problems
    said: dict[str, str] = {}
    with language(lang):
        for name, data in CODES.items():
            given = dict(data)
            if given.get("problems") == "BLUE":
                given["problems"] = made.problems
            if given.get("problems") == "other-turn":
                given["problems"] = (Problem.of(NoOrders.OTHER_TURN, turn=2, game_turn=1), *made.problems)
            if given.get("preview") == "BLUE":
                given["preview"] = play.preview(state, "BLUE", made)
            said[name] = play.words.receipt(table.public(), state, name.removesuffix("-again"), given)
        answers = play.words.answer(table, state, [("help", None), ("map", None), ("status", None),
                                                   ("rules", None), ("report", 0)], {0: "the opening\n"})
        others = [answers, play.words.status(table, state), play.words.opening(table, state, "RED", secrets["RED"])]
    for name, receipt in said.items():
        assert receipt.startswith("DAMPFROSS PER POST -- ") or name in ("reminder", "deadline"), name
        assert all(len(line) <= 78 for line in receipt.splitlines()), (name, receipt)
    for text_ in others:
        assert all(len(line) <= 80 for line in text_.splitlines())
    plain = {name: text_ for name, text_ in said.items() if name not in ("check-refused", "check-not-on-move")}
    assert len(set(plain.values())) == len(plain)  # no two codes say the same (a CHECK refused: as refused)
    assert "line 5, column 1" in said["checked"].replace("\n", " ").replace("  ", " ") or lang != "en"
    assert ("The GM is away for a week." in said["deadline"] and "Game g has no valid orders from BLUE" in \
        " ".join(said["reminder"].split())) or lang != "en"
    if lang == "de":
        assert "Ihre Mail gilt für Zug 1" in _flat(said["accepted"]) and "falsches Passwort" in said["password"]


def test_at_the_deadline_a_company_without_orders_misses_the_turn_in_dampfross_words(game: Game):
    """Only RED mails: at the deadline the turn is resolved, BLUE missing it (no standing orders on file: the play's
    ``missing`` gives none), and the report says so as Dampfross's does."""
    game.orders("RED", "START Hamburg\n", "2026-12-01T09:00+00:00", "red", turn=1)
    game.tick("2026-12-04T17:55+00:00")
    assert game.doc()["table"]["moves"] == 0
    told = game.tick("2026-12-04T18:05+00:00")
    last = game.records()[-1]
    assert last["kind"] == "move" and last["missed"] == ["BLUE"] and last["due"] == "2026-12-04T18:00:00+00:00"
    assert "turn 1: BLUE missed the deadline" in told  # the GM's line in Dampfross's word, not "move 1"
    public = (game.path / "reports" / "move-001.txt").read_text(encoding="utf-8")
    assert "no orders received" in public and game.attached("move-001-", BERND)["report-turn-001.txt"] == public


def test_a_mail_after_the_deadline_counts_until_the_turn_is_run(game: Game):
    """Dampfross's deadlines are lenient unless ``--strict`` (the session's reading 132): BLUE's mail after the
    deadline, read before the tick resolves the turn, counts, and its receipt says so: the turn has been run since
    (no "would be carried out"), its preview of the game as it stood when the mail was read."""
    game.orders("RED", "START Hamburg\n", "2026-12-01T09:00+00:00", "red", turn=1)
    game.orders("BLUE", "START Berlin\n", "2026-12-04T18:30+00:00", "late", turn=1)
    game.tick("2026-12-04T19:00+00:00")
    assert game.records()[-1]["kind"] == "move" and game.records()[-1]["missed"] == []
    receipt = " ".join(game.texts("receipt-", BERND)[0].split())
    assert "Your mail counts for turn 1" in receipt
    assert "deadline" in receipt.split("counts for turn 1", 1)[1]
    # the turn was run in the same tick: nothing "would be" carried out, nor is the game "as it stands"
    assert "would be carried out" not in receipt and "nothing is changed yet" not in receipt, receipt
    assert "Priced against the game as it stood when your mail was read" in receipt


def test_a_company_without_orders_is_reminded_before_the_deadline(tmp_path: Path):
    """``--remind 48h``: BLUE, which has sent nothing two days before the deadline, gets a reminder with the
    deadline; RED, whose orders are in, gets none."""
    with smtp_server() as smtp:
        game = _start(tmp_path, smtp, remind="48h")
        game.tick("2026-12-01T08:00+00:00")
        game.orders("RED", "START Hamburg\n", "2026-12-01T09:00+00:00", "red", turn=1)
        game.tick("2026-12-03T09:00+00:00")
        reminders = game.texts("reminder-", BERND)
        assert not game.texts("reminder-", ANNA)
    assert len(reminders) == 1 and reminders[0].startswith("Orders for turn 1 are due Fri 4 Dec 2026 18:00 UTC.")
    said = " ".join(reminders[0].split())  # Dampfross's reminder (report/mail.py: reminder_text), with the seat
    assert "Game g has no valid orders from BLUE for turn 1 yet." in said
    assert "Send them to GM <gm@example.org>; you get a receipt at once." in said
