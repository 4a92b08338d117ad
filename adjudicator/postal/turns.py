"""A game of sequential moves (InterUrban) in the one postal loop (``postal/robot.py``): a move runs as soon as the
player on move sends it.

Each section with a right password gets a receipt (the move made, its
problems with line and column, not your move, a MOVE number of another
move, the game is over); the move of the player on move runs at once and
its report goes to every player.  Wrong passwords, strangers, commands and
budgets are the front door's (``postal/frontdoor.py``), as for every game.
When the deadline of a move passes, the move is missed (the play's reading;
for InterUrban, IU-13: the player lays nothing and the next one is on move);
a move is judged by the deadline at its mail's arrival, and the next
deadline runs from there, so the same mails give the same game whenever
cron runs.  A seat's moves sent ahead (issue 27, ``postal/ahead.py``) are
played at once when its move comes (``play_ahead``), before a bot would.
Every answer is true when it is sent (issue 35): each player gets one
report mail a tick, of every move since his last (``report_mails``), and the
receipts of a tick are written again at its end, after its moves
(``MovesSession.mail_out``; InterUrban's readings IU-29 to IU-32).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

from adjudicator.kernel import words
from adjudicator.kernel.commands import Command
from adjudicator.kernel.deadline import Schedule, next_slot
from adjudicator.kernel.envelope import MAX_SECTIONS, Section, named_seats, read_envelope
from adjudicator.kernel.errors import GameFileError
from adjudicator.kernel.i18n import active, language
from adjudicator.kernel.play import Digests, Lines, Play, Told, at_deadline, on_move
from adjudicator.kernel.table import Moves, Seat, SentAhead, Table
from adjudicator.postal import ahead
from adjudicator.postal.botseats import MAX_BOT_MOVES, bot_on_move, bot_orders
from adjudicator.postal.caretaker import back_by_mail
from adjudicator.postal.frontdoor import Answer, FrontDoor, Receipts
from adjudicator.postal.inbox import Inbox, StoredMail
from adjudicator.postal.loop import Tick
from adjudicator.postal.mailconfig import MailConfig
from adjudicator.postal.moves import Loaded, MovesDir
from adjudicator.postal.outbox import Outbox, Outgoing
from adjudicator.postal.picture import svg_to_png
from adjudicator.postal.sealed import read_exact

Render = Callable[[Loaded], Outgoing]
"""A receipt written as a game stands (``MovesSession.fresh``: written again at the end of its tick)."""


def next_due(schedule: Schedule, ran_at: datetime, over: bool) -> Schedule:
    """The deadline of the next move: a period after the move ran (``2d``), or the next weekday and time after it
    (``fri 18:00``); none when the game is over or has no ``every``."""
    nxt = None if over else next_slot(replace(schedule, due=None), ran_at)
    return replace(schedule, due=nxt.isoformat() if nxt else None, held=False)


MAX_MISSED = 100
"""The most moves one tick misses in a row (a game left without a tick for a hundred deadlines goes on at the
next tick)."""


class MovesGame:
    """``postal.robot.PostalGame`` for any play of sequential moves (``kernel/play.py``)."""

    def __init__(self, play: Play):
        self.play = play

    def folder(self, directory: str) -> MovesDir:
        return MovesDir(directory)

    def session(self, folder: MovesDir, config: MailConfig, now: datetime, inbox: Inbox) -> MovesSession:
        folder.recover()
        return MovesSession(folder, self.play, config.sender, now)


class MovesSession:
    """One tick of a game of sequential moves: a move runs as soon as its mail is read; a move whose deadline
    passed before the next mail arrived is missed first."""

    def __init__(self, folder: MovesDir, play: Play, sender: str, now: datetime):
        self.folder, self.play, self.sender, self.now = folder, play, sender, now
        self.outbox = Outbox(folder)
        self.desk = MovesDesk(folder, play, folder.load(play))
        self.started = self.desk.game_now.text
        self.fresh: list[tuple[str, list[Render]]] = []
        """The receipts queued in this tick: each mail's name and how to write each receipt it joins again."""
        self.told: set[str] = set()
        """The seats a report mail was queued to in this tick (reading IU-31: one a tick)."""

    @property
    def game(self) -> Loaded:
        return self.desk.game_now

    def mail_out(self, t: Tick) -> None:
        """The openings; each player's one report mail of what happened since his last (IU-31); the receipts
        queued in this tick written again as the game now is, where that changed what they say (IU-32)."""
        opening_mails(self.folder, self.play, self.game, self.outbox, self.sender, self.now)
        self.told |= report_mails(self.folder, self.play, self.game, self.outbox, self.sender, self.now)
        for name, renders in self.fresh:
            self.outbox.rewrite(name, "\n".join(render(self.game).body for render in renders), self.sender,
                                self.now)

    def at(self, when: datetime, t: Tick) -> None:
        """Every move whose deadline passed by ``when`` is missed, one after another (each next deadline runs from
        the one before), so a tick after a long pause misses what ticks all along would have missed.  A bot
        on move (the first seat, or after a tick killed before it played) plays first."""
        self.desk.game_now = play_bots(self.folder, self.play, self.game, self.outbox, self.sender, when, t)
        for _ in range(MAX_MISSED):
            before = self.game.table.moves
            self.desk.game_now = miss_if_due(self.folder, self.play, self.game, self.outbox, self.sender, when, t)
            if self.game.table.moves == before:
                return

    def answer(self, mail: StoredMail, door: FrontDoor, doc: dict[str, Any], t: Tick) -> None:
        self.desk.game_now = answer(self.folder, self.play, self.game, door, mail, doc, self.sender, t, self.fresh)

    def due(self, now: datetime, t: Tick) -> bool:
        """The moves missed by ``now``; whether the game changed in this tick (then the mails it owes are queued
        and its receipts made true: ``mail_out``)."""
        self.at(now, t)
        return self.game.text != self.started

    def remind(self, now: datetime, t: Tick) -> None:
        if on_move(self.play, self.game.state) in self.told:  # his report mail of this tick says it (IU-31)
            return
        remind(self.play, self.game, self.outbox, self.sender, now, t)


def opening_mails(folder: MovesDir, play: Play, game: Loaded, outbox: Outbox, sender: str, now: datetime) -> None:
    """Each player's opening mail, once, with his own password (from the GM's passwords file)."""
    secrets: dict[str, str] | None = None
    pictures: tuple[tuple[str, bytes], ...] | None = None  # the layout at the start, drawn once
    for seat in game.table.seats:
        name = f"opening-{seat.id}"
        if outbox.known(name) or not seat.address:
            continue
        secrets = secrets if secrets is not None else folder.read_passwords()
        with language(seat.lang):
            text = play.words.opening(game.table, game.state, seat.id, secrets.get(seat.id))
            subject = words.move_subject(play.title, game.table.game, "opening", 0, seat.id)
        pictures = _picture(play, game.state, "opening.png", pictures)
        outbox.queue(Outgoing(name, (seat.address,), subject, text, pictures, kind="opening", player=seat.id),
                     sender, now)


class MovesDesk:
    """``postal.frontdoor.Desk`` for a game of sequential moves (its lock held): the table's seats, the play's
    reading of an order line and its answers; an address or password change is a step of the game's chain."""

    def __init__(self, folder: MovesDir, play: Play, game: Loaded):
        self.folder, self.play, self.game_now = folder, play, game

    @property
    def game(self) -> str:
        return self.game_now.table.game

    @property
    def title(self) -> str:
        return self.play.title

    @property
    def lang(self) -> str:
        return self.game_now.table.lang

    @property
    def period(self) -> str:
        return f"move-{self.game_now.table.moves + 1}"

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.game_now.table.seats

    def order_line(self, line: str) -> bool:
        return self.play.order_line(line)

    def answer(self, commands: Sequence[Command], reader: Seat | None, authorised: Seat | None) -> Answer:
        reports: dict[int, str] = {}
        asked: list[tuple[str, int | None]] = []
        for c in commands:
            number = int(c.arg) if c.code == "report" and c.arg else None
            if c.code == "report" and number is None:
                number = self.game_now.table.moves
            if number is not None and number not in reports and (report := self._report(number)) is not None:
                reports[number] = report
            asked.append((c.code, number))
        return Answer(self.play.words.answer(self.game_now.table, self.game_now.state, asked, reports))

    def _report(self, number: int) -> str | None:
        """The public report of move ``number`` in the active language: archived in the game's; in another, the
        players' mail of the move written in it (the same report), or the opening made again from its state."""
        path = self.folder.report_path(number)
        if not path.is_file():
            return None
        archived = path.read_text(encoding="utf-8")
        lang = active()
        if lang == self.game_now.table.lang:
            return archived
        try:
            for step, record in self.folder.moves():
                if record.get("move") != number:
                    continue
                doc = json.loads((step / "game-after.json").read_text(encoding="utf-8"))
                table = Table.from_json(doc["table"], str(step))
                if record.get("kind") == "opening":
                    return self.play.words.opening(table, self.play.load(doc["state"]), None, None)
                mails = self.folder.mails_of(step)
                return next((mails[s.id] for s in table.seats if s.lang == lang and s.id in mails), archived)
        except (GameFileError, OSError, ValueError, KeyError, TypeError):
            pass  # a damaged step: the report as archived
        return archived

    def _seat_changed(self, sid: str, record: dict[str, Any], **changes: str) -> None:
        game = self.game_now
        fields: dict[str, Any] = dict(changes)
        table = replace(game.table, seats=tuple(replace(s, **fields) if s.id == sid else s
                                                for s in game.table.seats))
        self.folder.commit(self.play, game, table, game.state, record)
        self.game_now = self.folder.load(self.play)

    def set_address(self, seat: str, address: str) -> None:
        self._seat_changed(seat, {"kind": "address", "seat": seat, "why": words.ADDRESS_BY_MAIL}, address=address)

    def set_password(self, seat: str, password_hash: str, secret: str) -> None:
        kept = self.folder.read_passwords()
        self.folder.write_passwords({**kept, seat: secret})
        self._seat_changed(seat, {"kind": "password", "seat": seat, "why": words.PASSWORD_BY_MAIL},
                           password_hash=password_hash)


def _read(mail: StoredMail, play: Play, cuts: Sequence[Any]) -> tuple[list[Section], tuple[tuple[int, str], ...]]:
    """The sections of every text of a mail, each read up to where the platform found the robot's own mail quoted
    (``cuts``: a line per text, ``postal/quoted.py``), and where a quoted mail was left unread (its line, the name of
    its attachment, "" for the mail's text: the receipt names it, issue 32)."""
    sections: list[Section] = []
    quoted: list[tuple[int, str]] = []
    for i, text in enumerate(mail.texts):
        cut = cuts[i] if i < len(cuts) and isinstance(cuts[i], int) else None
        envelope = read_envelope(mail.read_text(text), play.order_line, cut)
        sections += envelope.sections
        if envelope.quoted is not None:
            quoted.append((envelope.quoted, text.name))
    return sections, tuple(quoted)


def answer(folder: MovesDir, play: Play, game: Loaded, door: FrontDoor, mail: StoredMail, doc: dict[str, Any],
           sender: str, t: Tick, fresh: list[tuple[str, list[Render]]] | None = None) -> Loaded:
    """Answer the orders of one mail (past the front door): a receipt per section, the move of the player on move
    run at once; what it did goes into ``doc``; each receipt queued, and how to write it again as the game will be
    at the end of the tick, into ``fresh`` (reading IU-32)."""
    doc["move"] = game.table.moves
    codes: list[str] = []
    named = len(named_seats([mail.read_text(text) for text in mail.texts]))  # a flood is counted before it is read
    sections, quoted = _read(mail, play, doc.get("quoted") or ()) if named <= 2 * MAX_SECTIONS else ([], ())
    if named > 2 * MAX_SECTIONS or len(sections) > MAX_SECTIONS:  # over the whole mail, every attachment together
        t.note("too-many-sections", seq=mail.seq, sender=mail.sender or "?", count=max(named, len(sections)))
        door.notice(mail, doc)
        sections, codes = [], ["too-many-sections"]
    elif door.guessed_out(mail, [s.seat for s in sections]):
        doc["codes"] = ["guesses"]
        return game
    known = door.seat_of(mail.sender) if mail.sender else None
    receipts = Receipts(door, doc)
    renders: list[Render] = []

    def receipt(now: Loaded, seat: Seat | None, code: str, data: Mapping[str, Any], proven: bool = False) -> None:
        renders.append(lambda later: _receipt(play, later, mail, seat, code, data, quoted))
        receipts.add(renders[-1](now), proven)

    if not sections and not codes:
        if known is not None and not door.echo(mail):  # an auto-reply to our mail gets no receipt
            receipt(game, known, "no-section", {})
            codes.append("no-section")
        door.to_gm(mail, "no-orders", quoted=doc.get("quoted") or ())  # a question to the GM: the receipt says so
    asked = door.prose(mail, doc.get("quoted") or ()) if sections else []  # a question around the move (127)
    if asked:
        door.to_gm(mail, "prose", asked)
    wrong = 0
    for section in sections:
        seat = game.table.find(section.seat)
        if seat is None or not game.table.password_ok(section.seat, section.password):
            wrong += 1
            codes.append("password")
            continue
        game, back = back_by_mail(folder, play, game, seat.id, mail.key, mail.seq, t)  # IU-19: his seat again
        read_at = game.table.moves + 1  # the move on hand as the section is read (its receipt goes out later)
        game, code, data = _orders(folder, play, game, door.outbox, mail, seat, section, sender, mail.arrived, t)
        data = {**data, "read_at": read_at, **({"prose": section.prose} if section.prose else {}),
                **({"to_gm": True} if asked else {})}
        receipt(game, seat, code, {**data, "taken_back": True} if back else data, proven=True)
        codes.append(code)
    if wrong:
        t.note("refused", seq=mail.seq, count=wrong, companies=", ".join(s.seat[:12] for s in sections)[:60])
        door.guessed(mail, wrong, doc)
        if known is not None or (mail.sender and door.on_file(mail.sender)):
            receipt(game, None, "password", {"seat": ", ".join(
                dict.fromkeys(s.seat[:12] for s in sections if game.table.find(s.seat) is None
                              or not game.table.password_ok(s.seat, s.password)))})
        elif not receipts.to(mail.sender):  # a sender who gets a receipt needs no notice as well
            door.notice(mail, doc)
    for name, shared in receipts.send():
        if fresh is not None:
            fresh.append((name, [renders[i] for i in shared]))
    doc.update(move=game.table.moves, codes=codes)
    return game


def _orders(folder: MovesDir, play: Play, game: Loaded, outbox: Outbox, mail: StoredMail, seat: Seat,
            section: Section, sender: str, now: datetime, t: Tick) -> tuple[Loaded, str, dict[str, Any]]:
    """What a section with the right password does."""
    seat_on = on_move(play, game.state)
    if seat_on is None:
        return game, "over", {}
    body, sent, problems = ahead.split(play, game.state, seat.id, section.body)  # the move now, moves ahead
    if section.check:
        return game, *_checked(play, game, seat.id, body, sent, problems)
    made_as = _made_from(folder, mail, seat.id)
    if made_as is not None:
        return game, "moved", {"move": made_as}
    if section.move is not None and section.move != game.table.moves + 1:
        return game, "stale", {"given": section.move, "move": game.table.moves + 1}
    if problems and (not body or seat.id == seat_on):  # a move now out of turn is answered as such
        return game, "refused", {"problems": problems}
    if not body and sent is not None:  # moves sent ahead alone: kept, and played at once if the move is his
        return _sent_ahead(folder, play, game, outbox, mail, (seat.id, section.line), sent, sender, now, t)
    if seat.id != seat_on:
        return game, "not-on-move", {"on_move": seat_on}
    made, problems = play.read(game.state, seat.id, body)
    if made is None:
        return game, "refused", {"problems": problems}
    shown = sent is not None or game.table.sent_ahead(seat.id) is not None  # a list kept, replaced or dropped
    if sent:
        t.note("ahead-kept", seq=mail.seq, seat=seat.id, count=len(sent))
    game = replace(game, table=game.table.with_ahead(seat.id, SentAhead(mail.key, sent) if sent else None))
    draw = play.draw(folder.read_seed())
    state, events = play.resolve(game.state, {seat.id: made}, draw)
    record = {"kind": "move", "move": game.table.moves + 1, "seat": seat.id, "mail": mail.key,
              "arrived": mail.arrived.isoformat()}
    orders = "".join(f"{line}\n" for _, line in body)
    after = commit(folder, play, game, seat.id, state, events, False, record, orders, outbox, sender, now)
    t.note("moved", move=after.table.moves, seat=seat.id)
    return play_bots(folder, play, after, outbox, sender, now, t), "moved", {"move": after.table.moves,
                                                                              "ahead": shown, "kept": sent or ()}


def _checked(play: Play, game: Loaded, seat: str, body: Lines, sent: Moves | None,
             problems: tuple[Any, ...]) -> tuple[str, dict[str, Any]]:
    """What a section with CHECK would do if it were sent without it, nothing done (reading IU-32): the move
    previewed, or why it would not be played, or that it is not the seat's move; its moves sent ahead as they
    would be kept, and when the seat is on move, which alternative of the first would be played at once."""
    at = {"checked_at": game.table.moves + 1}  # the game it was checked against (the receipt goes out later)
    if problems:
        return "check-refused", {**at, "problems": problems, "check": True}
    seat_on = on_move(play, game.state)
    kept: dict[str, Any] = {**at, "sent": sent} if sent is not None else at
    if body or sent is None:
        if seat != seat_on:
            return "check-not-on-move", {**kept, "on_move": seat_on}
        made, problems = play.read(game.state, seat, body)
        if made is None:
            return "check-refused", {**at, "problems": problems, "check": True}
        return "checked", {**kept, "seat": seat, "preview": play.preview(game.state, seat, made)}
    if sent and seat == seat_on:  # moves sent ahead alone, the seat on move: the first would be played at once
        found, tried = ahead.tried(play, game.state, seat, sent[0])
        return "checked-ahead", {**at, "sent": sent[1:] if found else (), "played_ahead": (
            game.table.moves + 1, found[0] if found else None, found[2] if found else (), tried), "would": True}
    return "checked-ahead", kept


def _sent_ahead(folder: MovesDir, play: Play, game: Loaded, outbox: Outbox, mail: StoredMail, where: tuple[str, int],
                sent: Moves, sender: str, now: datetime, t: Tick) -> tuple[Loaded, str, dict[str, Any]]:
    """A section of moves sent ahead alone (``where``: its seat and PLAYER line): they replace the seat's (IU-20);
    when the move is the seat's, the first alternative the rules allow is played at once (``moved``), or none is
    and the list is dropped."""
    seat, line = where
    if ahead.answered(folder, mail.key, seat, line):  # a tick killed after it kept them: not kept again
        return game, "ahead", {"ahead": True}
    number = game.table.moves + 1
    found, tried = ahead.tried(play, game.state, seat, sent[0]) if sent and on_move(play, game.state) == seat \
        else (None, ())
    if sent and on_move(play, game.state) == seat and found is None:
        game = ahead.stored(folder, play, game, seat, mail.key, line, None)  # dropped at once (IU-22): none kept
        return game, "ahead-none", {"ahead": True, "played_ahead": (number, None, (), tried)}
    game = ahead.stored(folder, play, game, seat, mail.key, line, SentAhead(mail.key, sent) if sent else None)
    if not sent:  # a lone NEXT: none kept
        return game, "ahead", {"ahead": True}
    t.note("ahead-kept", seq=mail.seq, seat=seat, count=len(sent))
    if found is None:
        return game, "ahead", {"ahead": True, "kept": sent}
    after = play_bots(folder, play, game, outbox, sender, now, t)
    return after, "moved", {"move": number, "ahead": True, "played_ahead": (number, found[0], found[2], tried),
                            "kept": sent[1:]}


def play_ahead(folder: MovesDir, play: Play, game: Loaded, outbox: Outbox, sender: str, now: datetime,
               t: Tick) -> Loaded | None:
    """The move of the seat on move played from its moves sent ahead (issue 27): the first alternative of its next
    move that the rules allow, archived as its orders with a record naming the alternative, reported to every
    player; when none is allowed the list is dropped (IU-22) and the seat plays by mail.  ``None``: the seat on
    move sent none."""
    seat = on_move(play, game.state)
    sent = game.table.sent_ahead(seat) if seat is not None else None
    if seat is None or sent is None:
        return None
    number = game.table.moves + 1
    found = ahead.first_legal(play, game.state, seat, sent.moves[0])
    if found is None:  # the seat hears of it in its report mail of the tick (IU-30, IU-31)
        t.note("ahead-dropped", move=number, seat=seat)
        return ahead.dropped(folder, play, game, seat)
    alternative, made, lines = found
    state, events = play.resolve(game.state, {seat: made}, play.draw(folder.read_seed()))
    record = {"kind": "move", "move": number, "seat": seat, "ahead": alternative, "sent": sent.mail}
    orders = "".join(f"{line}\n" for line in lines)
    game = replace(game, table=ahead.after_played(game.table, seat))
    t.note("ahead-moved", move=number, seat=seat, alternative=alternative, orders=" / ".join(lines)[:80])
    return commit(folder, play, game, seat, state, events, False, record, orders, outbox, sender, now)


def _to_on_move(play: Play, game: Loaded, outbox: Outbox, sender: str, now: datetime, name: str, code: str) -> bool:
    """Queue once a move the mail ``code`` (a receipt code of the play's words) to the seat on move, as a reminder;
    whether it was queued now (not when the seat has no address, or it was queued before)."""
    seat = game.table.seat(str(on_move(play, game.state)))
    name = f"{name}-{game.table.moves + 1:03d}-{seat.id}"
    if not seat.address or outbox.known(name):
        return False
    with language(seat.lang):
        text = play.words.receipt(game.table, game.state, code, {})
        missed = game.table.missed_by(seat.id) + 1
        if code == "reminder" and not seat.played_by and 0 < game.table.caretaker_after <= missed:  # IU-18 ahead
            text = text.rstrip("\n") + "\n\n" + words.caretaker_ahead(game.table.caretaker_level, missed, moves=True)
        subject = words.move_subject(play.title, game.table.game, "reminder", game.table.moves + 1, seat.id)
    outbox.queue(Outgoing(name, (seat.address,), subject, text, kind="reminder", turn=game.table.moves + 1,
                          player=seat.id), sender, now)
    return True


def play_bots(folder: MovesDir, play: Play, game: Loaded, outbox: Outbox, sender: str, now: datetime,
              t: Tick) -> Loaded:
    """Every move of a bot seat on move, played at once (issue 26): the bot's lines read as a player's mail,
    archived as its orders with a record naming the bot, reported to every player; ``now`` is the time of the
    move that put the bot on move, so the next deadline runs from there (a bot's opening move keeps the first
    deadline ``new`` set, whenever the first tick runs).  Lines the play would refuse (never expected) make the
    bot's move missed, and the GM is told.  A seat with moves sent ahead plays them first (``play_ahead``)."""
    for _ in range(MAX_BOT_MOVES):
        sent = play_ahead(folder, play, game, outbox, sender, now, t)
        if sent is not None:
            game = sent
            continue
        on_move = bot_on_move(play, game.table, game.state)
        if on_move is None:
            return game
        opening = not game.table.moves
        seat, level = on_move
        lines = bot_orders(play, game.table, game.state, folder.read_seed())
        orders = "".join(f"{line}\n" for line in lines)
        made, _problems = play.read(game.state, seat, list(enumerate(lines, 1)))
        number = game.table.moves + 1
        if made is None:
            state, events = play.resolve(game.state, at_deadline(play, game.state, {}), play.draw(folder.read_seed()))
            record = {"kind": "missed", "move": number, "seat": seat, "bot": level, "refused": orders,
                      **({"caretaker": True} if game.table.seat(seat).caretaker else {})}
            game = commit(folder, play, game, seat, state, events, True, record, "", outbox, sender, now, opening)
            t.note("bot-refused", move=number, seat=seat, level=level, orders=" / ".join(lines)[:80])
            continue
        state, events = play.resolve(game.state, {seat: made}, play.draw(folder.read_seed()))
        cared = bool(game.table.seat(seat).caretaker)  # a player's seat the caretaker plays (IU-18)
        record = {"kind": "move", "move": number, "seat": seat, "bot": level, **({"caretaker": True} if cared else {})}
        game = commit(folder, play, game, seat, state, events, False, record, orders, outbox, sender, now,
                      opening)
        t.note("caretaker-moved" if cared else "bot-moved", move=number, seat=seat, level=level,
               orders=" / ".join(lines)[:80])
    return game


def _made_from(folder: MovesDir, mail: StoredMail, seat: str) -> int | None:
    """The number of the last move when it was made from this mail's section for ``seat`` (a tick was killed after
    the move and before the mail was marked answered: it is answered now, not played again); the bots' moves after
    it do not count.  ``None``: the mail made no move yet."""
    for step in reversed(folder.steps()):
        record = folder.record(step)
        if record.get("kind") in ("opening", "move", "missed") and not record.get("bot") \
                and not record.get("ahead"):
            made = record.get("mail") == mail.key and record.get("seat") == seat
            return int(record["move"]) if made else None
    return None


def commit(folder: MovesDir, play: Play, game: Loaded, seat: str, state: Any, events: Any, missed: bool,
           record: Mapping[str, Any], orders: str, outbox: Outbox, sender: str, now: datetime,
           keep_due: bool = False) -> Loaded:
    """Archive a move (with its report and each player's mail of it) and write the game file; the next deadline
    runs from ``now`` (``keep_due``: the deadline stays as it is, after a bot's opening move).  The players'
    mails go at the end of the tick, one a player (``report_mails``, reading IU-31)."""
    table = game.table.after_move(seat, missed, bool(record.get("caretaker")))
    if not keep_due or on_move(play, state) is None:
        table = replace(table, schedule=next_due(table.schedule, now, on_move(play, state) is None))
    seed = folder.read_seed() if on_move(play, state) is None else None
    by_lang: dict[str, str] = {}
    for lang in (table.lang, *(s.lang for s in table.seats)):
        if lang not in by_lang:
            with language(lang):
                by_lang[lang] = play.words.move_report(table, game.state, state, seat, events, missed, seed)
    mails = {s.id: by_lang[s.lang] for s in table.seats}
    folder.commit(play, game, table, state, record, orders, by_lang[table.lang], mails)
    return folder.load(play)


MAX_TOLD = 30
"""The most moves (and lists dropped) one report mail tells; any older not told yet are in the archive (REPORT n)."""


def report_mails(folder: MovesDir, play: Play, game: Loaded, outbox: Outbox, sender: str, now: datetime) -> set[str]:
    """Queue to every player the one mail of what happened since the last one he got (issue 35, reading IU-31):
    each move made or missed since, and his own moves sent ahead played or dropped (IU-30), in one text, where it
    is owed (after a killed tick too: the archive says what happened, the outbox what was told).  The seats it was
    queued to."""
    steps = folder.steps()
    records: dict[int, dict[str, Any]] = {}

    def record(i: int) -> dict[str, Any]:
        if i not in records:
            records[i] = folder.record(steps[i])
        return records[i]

    pictures: tuple[tuple[str, bytes], ...] | None = None  # the layout now, drawn once
    queued: set[str] = set()
    for seat in game.table.seats:
        owed = _owed(outbox, len(steps), record, seat.id) if seat.address else []
        if not owed:
            continue
        told = [_told(folder, play, steps[i], record(i), seat.id) for i in owed]
        moves = [record(i) for i in owed if record(i).get("kind") != "ahead"]
        last = int(moves[-1]["move"]) if moves else int(record(owed[-1])["move"])
        name = f"move-{last:03d}-{seat.id}" if moves else f"ahead-dropped-{last:03d}-{seat.id}"
        with language(seat.lang):
            if isinstance(play.words, Digests):
                text = play.words.digest(game.table, game.state, seat.id, told)
            else:  # a play without a digest of its own: its moves' mails, joined
                text = "\n".join(t.text for t in told if not t.dropped)
            kind = ("report" if len(moves) == 1 else "reports") if moves else "reminder"
            subject = words.move_subject(play.title, game.table.game, kind, last, seat.id,
                                         int(moves[0]["move"]) if moves else last)
        shown: tuple[tuple[str, str | bytes], ...] = ()
        if moves:
            pictures = _picture(play, game.state, f"move-{last:03d}.png", pictures)
            shown = pictures
        through = {"through": int(steps[owed[-1]].name.removeprefix("step-")),
                   "moves": [int(moves[0]["move"]), last] if moves else []}
        if outbox.queue(Outgoing(name, (seat.address,), subject, text, shown,
                                 kind="report" if moves else "reminder", turn=last, player=seat.id, extra=through),
                        sender, now):
            queued.add(seat.id)
    return queued


def _owed(outbox: Outbox, count: int, record: Callable[[int], dict[str, Any]], sid: str) -> list[int]:
    """The steps (their places in the archive, oldest first) a report mail to ``sid`` owes: the moves made or
    missed after the last one a mail to it told, and the drops of its own moves sent ahead (at most ``MAX_TOLD``,
    the latest); the opening mail tells what came before the first move."""
    owed: list[int] = []
    for i in range(count - 1, 0, -1):
        done = record(i)
        kind = done.get("kind")
        if kind == "opening":
            break
        if kind in ("move", "missed"):
            name = f"move-{int(done['move']):03d}-{sid}"
        elif kind == "ahead" and done.get("why") == "none-legal" and done.get("seat") == sid:
            name = f"ahead-dropped-{int(done['move']):03d}-{sid}"
        else:
            continue
        mailed = outbox.record(name)
        if mailed is not None:  # told, through the step it names (before issue 35: through this one)
            through = mailed.get("through")
            return [j for j in reversed(owed) if not isinstance(through, int) or j > through]
        owed.append(i)
        if len(owed) == MAX_TOLD:
            break
    return list(reversed(owed))


def _told(folder: MovesDir, play: Play, step: Path, record: Mapping[str, Any], reader: str) -> Told:
    """One step as a report mail to ``reader`` tells it, from the archive: a move's mail to him as archived (sealed:
    ``GameFileError`` when it was changed since, and it is not sent), and when the move came from his own moves
    sent ahead, or the step dropped them, the alternatives that could not be played and the play's problems with
    each (reading IU-30)."""
    before = json.loads(read_exact(step / "game-before.json"))
    after = json.loads(read_exact(step / "game-after.json"))
    table = Table.from_json(after["table"], str(step))
    old, new = play.load(before["state"]), play.load(after["state"])
    seat = str(record.get("seat"))
    sent = Table.from_json(before["table"], str(step)).sent_ahead(seat) if seat == reader else None
    if record.get("kind") == "ahead":
        tried = ahead.tried(play, old, seat, sent.moves[0])[1] if sent is not None else ()
        return Told(table, old, old, seat, tried=tried, dropped=True)
    text = folder.mails_of(step).get(reader, "")
    alternative = record.get("ahead") if sent is not None else None
    if not alternative:
        return Told(table, old, new, seat, text, record.get("kind") == "missed")
    found, tried = ahead.tried(play, old, seat, sent.moves[0]) if sent is not None else (None, ())
    return Told(table, old, new, seat, text, False, int(alternative), found[2] if found else (), tried)


def _picture(play: Play, state: Any, filename: str,
             made: tuple[tuple[str, bytes], ...] | None) -> tuple[tuple[str, bytes], ...]:
    """The play's picture of ``state`` as a PNG to show in a mail (``made``: drawn already for another player);
    none when the play draws none, or where the package was installed without resvg-py and Pillow."""
    if made is not None:
        return made
    svg = play.picture(state)
    if svg is None:
        return ()
    try:
        return ((filename, svg_to_png(svg)),)
    except ImportError:
        return ()


def _receipt(play: Play, game: Loaded, mail: StoredMail, seat: Seat | None, code: str,
             data: Mapping[str, Any], quoted: Sequence[tuple[int, str]] = ()) -> Outgoing:
    """A section's receipt: to the sender, and to the seat's address on file when the password was right (in the
    seat's language; without a seat, in the sender's when his address is on file, else the game's); ``quoted``:
    where the mail a reply quotes was not read (line, attachment), a line each."""
    reader = seat or next((s for s in game.table.seats if s.address and s.address.lower() == mail.sender.lower()),
                          None)
    with language(reader.lang if reader is not None else game.table.lang):
        text = play.words.receipt(game.table, game.state, code, data)
        if code == "no-section":  # the mail went to the GM (``answer``): its sender is told so, in every game
            text = text.rstrip("\n") + "\n\n" + words.to_gm()
        kept = game.table.sent_ahead(seat.id) if seat is not None else None  # only his receipt shows them (IU-23)
        moves = data.get("sent", kept.moves if kept is not None else ())  # what is kept now (IU-32)
        left = data.get("kept", ())  # what the section left kept: the moves of it used since, in this tick
        used = len(left) - len(moves) if "sent" not in data and tuple(left[len(left) - len(moves):]) == moves else 0
        if used > 0:
            text = text.rstrip("\n") + "\n\n" + words.ahead_used(used)
        if moves or data.get("ahead") or "sent" in data:
            text = text.rstrip("\n") + ("\n" if used > 0 else "\n\n") + words.ahead_list(moves, checked="sent" in data)
        if data.get("to_gm"):  # its lines that are no orders asked something: the GM has them (reading 127)
            text = text.rstrip("\n") + "\n\n" + words.prose_to_gm()
        if data.get("taken_back"):  # the caretaker played the seat until this mail (IU-19), in every game
            text = text.rstrip("\n") + "\n\n" + words.caretaker_ended()
        if quoted:  # the mail a reply quotes, not read (issue 32), in every game
            text = text.rstrip("\n") + "\n\n" + "".join(words.quoted_mail(line, name) for line, name in quoted)
        move = data.get("move", game.table.moves + 1)  # the move played, or the move on hand
        subject = words.move_subject(play.title, game.table.game, "receipt", int(move), "")
    return Outgoing(f"receipt-{mail.key}", (mail.sender, seat.address if seat is not None else ""),
                    subject, text, kind="receipt",
                    player=seat.id if seat else None, in_reply_to=str(mail.meta.get("message_id", "")))


def remind(play: Play, game: Loaded, outbox: Outbox, sender: str, now: datetime, t: Tick) -> None:
    """A reminder to the player on move, once a move, ``remind`` before its deadline (``new --remind``)."""
    seat_id = on_move(play, game.state)
    if seat_id is None or not game.table.schedule.reminding(now):
        return
    if _to_on_move(play, game, outbox, sender, now, "reminder", "reminder"):
        t.note("reminded", turn=game.table.moves + 1, companies=seat_id)


def miss_if_due(folder: MovesDir, play: Play, game: Loaded, outbox: Outbox, sender: str, now: datetime,
                t: Tick) -> Loaded:
    """The move on hand is missed when its deadline has passed (not while the GM holds the game)."""
    s = game.table.schedule
    due = s.due_at()
    seat = on_move(play, game.state)
    if seat is None or due is None or s.held or now < due:
        return game
    state, events = play.resolve(game.state, at_deadline(play, game.state, {}), play.draw(folder.read_seed()))
    record = {"kind": "missed", "move": game.table.moves + 1, "seat": seat, "due": s.due}
    after = commit(folder, play, game, seat, state, events, True, record, "", outbox, sender, due)
    t.note("missed", move=after.table.moves, seat=seat)
    handed = after.table.seat(seat).caretaker
    if handed and not game.table.seat(seat).caretaker:
        count = after.table.missed_by(seat)
        t.note("caretaker-on", seat=seat, count=count, unit="move" if count == 1 else "moves", level=handed)
    return play_bots(folder, play, after, outbox, sender, due, t)

