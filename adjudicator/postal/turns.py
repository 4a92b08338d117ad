"""The one session of every play (``kernel/play.py: Play``) in the one postal loop (``postal/robot.py``): games of
sequential moves (InterUrban, take-away) and of simultaneous turns (the tests' rock-paper-scissors) alike.

Each section with a right password gets a receipt (the move made, or the
orders accepted for the period; its problems with line and column; not
your move; a MOVE number of another move; the game is over).  What a
section does is the kind of game's: a game of sequential moves plays the
move of the player on move at once (``postal/sequential.py``: moves sent
ahead, bots, the caretaker); a game of simultaneous turns keeps a seat's
orders of the period until the play says it is ready or its deadline comes
(``postal/periods.py``).  Either way a period resolved is one step of the
game's sealed chain (``postal/resolved.py``), and its report goes to every
player.  Wrong passwords, strangers, commands, budgets and floods are the
front door's (``postal/frontdoor.py``) or this module's, the same for every
game.  What was due before a mail arrived (a move missed, a period at its
deadline) is done before the mail is read, and the next deadline runs from
there, so the same mails give the same game whenever cron runs; but a game
of simultaneous turns that is not ``--strict`` leaves a period at its
deadline for the end of the tick, after every mail of it is read, so mail
that arrived after the deadline counts until the period is resolved (postal
practice, Dampfross's reading 62; ``postal/periods.py: lenient``).  After
the last period a section with the right password is an end-of-game
statement until the statements' deadline (``postal/statements.py``), and
every seat gets them all in one mail then.  Every
answer is true when it is sent (issue 35): each player gets one report mail
a tick, of every step since his last (``postal/movemails.py:
report_mails``), and the receipts of a tick are written again at its end
(``MovesSession.mail_out``; InterUrban's readings IU-29 to IU-32).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from adjudicator.kernel import words
from adjudicator.kernel.commands import Command
from adjudicator.kernel.envelope import MAX_SECTIONS, Section, named_seats, read_envelope
from adjudicator.kernel.errors import GameFileError
from adjudicator.kernel.gmorders import GM_SEAT
from adjudicator.kernel.i18n import active
from adjudicator.kernel.play import (
    AnswerAttachments,
    Play,
    ReaderAnswers,
    deadline_lines,
    private_reports,
    sequential,
)
from adjudicator.kernel.table import Seat, Table
from adjudicator.postal import periods, statements
from adjudicator.postal.caretaker import back_by_mail
from adjudicator.postal.compose import Outgoing
from adjudicator.postal.frontdoor import Answer, ForThePlayers, FrontDoor, Receipts
from adjudicator.postal.gmsection import tell_gm
from adjudicator.postal.inbox import Inbox, StoredMail
from adjudicator.postal.mailconfig import MailConfig
from adjudicator.postal.movemails import (
    bot_receipts,
    opening_mails,
    remind,
    report_mails,
    section_receipt,
    statement_mails,
)
from adjudicator.postal.moves import Loaded, MovesDir
from adjudicator.postal.outbox import Outbox
from adjudicator.postal.resolved import MAX_MISSED
from adjudicator.postal.sequential import _checked as _checked  # CHECK of a move (IU-32), asked by the tests
from adjudicator.postal.sequential import miss_if_due, move_orders, play_bots
from adjudicator.postal.tick import Tick

Render = Callable[[Loaded], Outgoing]
"""A receipt written as a game stands (``MovesSession.fresh``: written again at the end of its tick)."""


class MovesGame:
    """``postal.robot.PostalGame`` for any play (``kernel/play.py``), of sequential moves or simultaneous turns."""

    def __init__(self, play: Play):
        self.play = play

    def folder(self, directory: str) -> MovesDir:
        return MovesDir(directory)

    def session(self, folder: MovesDir, config: MailConfig, now: datetime, inbox: Inbox) -> MovesSession:
        folder.recover()
        return MovesSession(folder, self.play, config.sender, now, config.gm_address if config.gm else "")


class MovesSession:
    """One tick of a game of moves: a section's orders are read at once (a move of a game of sequential moves runs
    at once; a seat's orders of a simultaneous period are accepted, and the period resolved when it is ready); what
    was due before the next mail arrived (a move missed, a period at its deadline) is done first."""

    def __init__(self, folder: MovesDir, play: Play, sender: str, now: datetime, gm: str = ""):
        self.folder, self.play, self.sender, self.now = folder, play, sender, now
        self.gm = gm
        """The GM's own address (``mail.toml``'s ``gm``; ``""``: none): what a period waits for from him goes there."""
        self.outbox = Outbox(folder)
        self.desk = MovesDesk(folder, play, folder.load(play))
        self.started = self.desk.game_now.text
        self.fresh: list[tuple[str, list[Render], set[str]]] = []
        """The receipts queued in this tick: each mail's name and how to write each receipt it joins again."""
        self.told: set[str] = set()
        """The seats a report mail was queued to in this tick (reading IU-31: one a tick)."""
        self.closed = False
        """Whether the statements' deadline of a game over has passed and its statements' mail is not queued to
        every seat yet, known once every mail of the tick was read (``due``): then it is owed (``mail_out``)."""

    @property
    def game(self) -> Loaded:
        return self.desk.game_now

    def mail_out(self, t: Tick) -> None:
        """The openings; each player's one report mail of what happened since his last (IU-31); the GM's receipt
        of each bot's orders (``bot_receipts``); the statements' mail once their deadline has passed (``closed``);
        the receipts queued in this tick written again as the game now is, where that changed what they say
        (IU-32)."""
        opening_mails(self.folder, self.play, self.game, self.outbox, self.sender, self.now)
        self.told |= report_mails(self.folder, self.play, self.game, self.outbox, self.sender, self.now)
        bot_receipts(self.folder, self.play, self.game, self.outbox, self.gm, self.sender, self.now)  # to the GM
        if self.closed:  # the statements' deadline passed, every mail of the tick read: the statements' mail
            statement_mails(self.folder, self.play, self.game, self.outbox, self.sender, self.now, t)
        for name, renders, made_at in self.fresh:
            if made_at == {self.game.text}:  # every receipt of it written as the game stands: it says the same
                continue
            self.outbox.rewrite(name, "\n".join(render(self.game).body for render in renders), self.sender,
                                self.now)

    def at(self, when: datetime, t: Tick) -> None:
        """Every move whose deadline passed by ``when`` is missed, one after another (each next deadline runs from
        the one before), so a tick after a long pause misses what ticks all along would have missed.  A bot
        on move (the first seat, or after a tick killed before it played) plays first; in a game of simultaneous
        turns the bots' orders of each period are accepted at its start (``periods.bots_in``).  A game of
        simultaneous turns that is not strict (``periods.lenient``: postal practice) leaves a period at its
        deadline for the tick's end (``due``): mail that arrived after the deadline counts until it is resolved."""
        if periods.lenient(self.play, self.game.table.schedule):
            self.desk.game_now = periods.bots_in(self.folder, self.play, self.game, when, t)
            return
        self._catch_up(when, t)

    def _catch_up(self, when: datetime, t: Tick) -> None:
        """What ``at`` does in a strict game: every period or move due by ``when`` resolved or missed in turn."""
        if not sequential(self.play):  # a game of simultaneous turns: each period due resolved in turn
            self.desk.game_now = periods.bots_in(self.folder, self.play, self.game, when, t)
            for _ in range(MAX_MISSED):
                before = self.game.table.moves
                self.desk.game_now = periods.resolve_if_due(self.folder, self.play, self.game, when, t)
                if self.game.table.moves == before:
                    return
                self.desk.game_now = periods.bots_in(self.folder, self.play, self.game, when, t)
            return
        self.desk.game_now = play_bots(self.folder, self.play, self.game, self.outbox, self.sender, when, t)
        for _ in range(MAX_MISSED):
            before = self.game.table.moves
            self.desk.game_now = miss_if_due(self.folder, self.play, self.game, self.outbox, self.sender, when, t)
            if self.game.table.moves == before:
                return

    def answer(self, mail: StoredMail, door: FrontDoor, doc: dict[str, Any], t: Tick) -> None:
        self.desk.game_now = answer(self.folder, self.play, self.game, door, mail, doc, self.sender, t, self.fresh)

    def due(self, now: datetime, t: Tick) -> bool:
        """The moves missed by ``now``, a period ready or at its deadline resolved (a lenient game's too, every mail
        of the tick read); whether the game changed in this tick or its statements' deadline has passed (then the
        mails it owes are queued, its statements' mail among them, and its receipts made true: ``mail_out``)."""
        self.desk.game_now = periods.resolve_if_ready(self.folder, self.play, self.game, now, t)
        self._catch_up(now, t)  # every mail of the tick is read: a lenient game's period at its deadline too
        until = statements.until(self.game.table)
        self.closed = until is not None and now >= until and not self.play.to_act(self.game.state) and \
            any(s.address and not self.outbox.known(f"statements-{s.id}") for s in self.game.table.seats)
        return self.game.text != self.started or self.closed

    def remind(self, now: datetime, t: Tick) -> None:
        lacking = periods.waits_for_gm(self.play, self.game, now)
        if lacking:  # a period at its deadline waits for the GM's section: he is asked once (gm-wanting-NNN)
            tell_gm(self.play, self.game, lacking, self.outbox, self.gm, self.sender, now, t)
        remind(self.play, self.game, self.outbox, self.sender, now, t, self.told)  # a report mail says it (IU-31)


class MovesDesk:
    """``postal.frontdoor.Desk`` for a game of moves (its lock held): the table's seats, the play's
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

    def deadline(self) -> str:
        return deadline_lines(self.play, self.game_now.table, self.game_now.state)

    def for_the_players(self, lines: Sequence[str]) -> list[str]:
        """``frontdoor.py: ForThePlayers``, where the play's reading of order lines knows it (Dampfross's press)."""
        reading = self.play.order_line
        return reading.for_the_players(lines) if isinstance(reading, ForThePlayers) else list(lines)

    def answer(self, commands: Sequence[Command], reader: Seat | None, authorised: Seat | None) -> Answer:
        reports: dict[int, str] = {}
        asked: list[tuple[str, int | None]] = []
        # words that read who asks take the public part of his own mail themselves: known by his address will do
        mailed = (authorised or reader) if isinstance(self.play.words, ReaderAnswers) else authorised
        for c in commands:
            number = int(c.arg) if c.code == "report" and c.arg else None
            if c.code == "report" and number is None:
                number = self.game_now.table.moves
            if number is not None and number not in reports and \
                    (report := self._report(number, mailed)) is not None:
                reports[number] = report
            asked.append((c.code, number))
        table, words = self.game_now.table.public(), self.play.words
        if isinstance(words, ReaderAnswers):  # the reader's company, language and own parts (Dampfross)
            who = authorised or reader
            own = {n: text for n in reports if authorised is not None
                   and (text := self._own(n, authorised.id)) is not None}
            text, files = words.answer_to(table, self.game_now.state, [(c.code, c.arg) for c in commands],
                                          who.id if who is not None else None, reports, own)
            return Answer(text, files)
        attached = words.answer_attachments(table, self.game_now.state, asked) \
            if isinstance(words, AnswerAttachments) else ()  # e.g. MAP: the whole map as a file
        return Answer(words.answer(table, self.game_now.state, asked, reports), attached)

    def _own(self, number: int, seat: str) -> str | None:
        """The seat's own mail of move ``number`` as archived (``None``: none, or the opening)."""
        try:
            for step, record in self.folder.moves():
                if record.get("move") == number and record.get("kind") != "opening":
                    return self.folder.mails_of(step).get(seat)
        except (GameFileError, OSError, ValueError, KeyError, TypeError):
            pass  # a damaged step: no private part
        return None

    def _report(self, number: int, reader: Seat | None = None) -> str | None:
        """The public report of move ``number`` in the active language: archived in the game's; in another, the
        players' mail of the move written in it (the same report), or the opening made again from its state.  A
        play whose seats' mails hold what only each may see (``SeatReports``) gives another language only the
        mail of ``reader`` himself (his password proven; or known by his address where the words take the mail's
        public part, ``ReaderAnswers``); anyone else gets the public report as archived."""
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
                doc = self.folder.game_after(step)
                table = Table.from_json(doc["table"], str(step))
                if record.get("kind") == "opening":
                    return self.play.words.opening(table, self.play.load(doc["state"]), None, None)
                mails = self.folder.mails_of(step)
                if private_reports(self.play) is not None:
                    own = reader is not None and reader.lang == lang and reader.id in mails
                    return mails[reader.id] if own and reader is not None else archived
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


def _replaced_since(mail: StoredMail, seat: str, data: Mapping[str, Any],
                    accepted: bool) -> Mapping[str, Any] | Callable[[Loaded], Mapping[str, Any]]:
    """The data of the receipt of orders accepted for ``seat`` from ``mail``, as the game stands when the receipt
    goes out: ``replaced_by`` (when the mail that replaced them arrived) when a later mail of the same tick replaced
    them (the receipt is written again at the tick's end, IU-32)."""
    if not accepted:
        return data

    def now_data(now: Loaded) -> Mapping[str, Any]:
        counts = now.table.accepted(seat)
        if counts is None or counts.mail in ("", mail.key):  # these orders, a GM's file's, or none (the period ran)
            return data
        return {**data, "replaced_by": counts.arrived}

    return now_data


def _read(mail: StoredMail, play: Play, cuts: Sequence[Any],
          origin: list[int] | None = None) -> tuple[list[Section], tuple[tuple[int, str, str], ...], int]:
    """The sections of every text of a mail, each read up to where the platform found the robot's own mail quoted
    (``cuts``: a line per text, ``postal/quoted.py``), what was left unread that the receipt names (its line, the
    name of its attachment, "" for the mail's text, and why: ``quoted``, the mail a reply quotes, issue 32;
    ``signed``, orders below the signature), and how many sections the mail holds
    (a text of more than ``MAX_SECTIONS`` gives none, and says how many it held); ``origin``, when given, gets the
    text each section came from (its place in ``mail.texts``: an end-of-game statement is read from it)."""
    sections: list[Section] = []
    unread: list[tuple[int, str, str]] = []
    count = 0
    for i, text in enumerate(mail.texts):
        cut = cuts[i] if i < len(cuts) and isinstance(cuts[i], int) else None
        envelope = read_envelope(mail.read_text(text), play.order_line, cut)
        sections += envelope.sections
        if origin is not None:
            origin += [i] * len(envelope.sections)
        count += len(envelope.sections) + sum(int(p.text) for p in envelope.problems if p.code == "too-many-sections")
        if envelope.signed is not None:
            unread.append((envelope.signed, text.name, "signed"))
        if envelope.quoted is not None:
            unread.append((envelope.quoted, text.name, "quoted"))
    return sections, tuple(unread), count


def answer(folder: MovesDir, play: Play, game: Loaded, door: FrontDoor, mail: StoredMail, doc: dict[str, Any],
           sender: str, t: Tick, fresh: list[tuple[str, list[Render], set[str]]] | None = None) -> Loaded:
    """Answer the orders of one mail (past the front door): a receipt per section, the move of the player on move
    run at once (a game of sequential moves, ``postal/sequential.py``) or a seat's orders accepted for the period
    (simultaneous turns, ``postal/periods.py``); what it did goes into ``doc``; each receipt queued, and how to
    write it again as the game will be at the end of the tick, into ``fresh`` (reading IU-32)."""
    doc["move"] = game.table.moves
    codes: list[str] = []
    named = len(named_seats([mail.read_text(text) for text in mail.texts]))  # a flood is counted before it is read
    origin: list[int] = []  # the text of each section
    sections, quoted, count = _read(mail, play, doc.get("quoted") or (), origin) if named <= 2 * MAX_SECTIONS \
        else ([], (), named)
    known = door.seat_of(mail.sender) if mail.sender else None
    receipts = Receipts(door, doc)
    renders: list[Render] = []
    made_at: list[str] = []  # the game file's text each was written with

    def refuse(sid: str, line: int, why: str) -> None:
        """A section for seat ``sid`` that does not count, kept with the mail's record and the tick's (the period's
        step tells it in the seat's report: ``periods.refusals``); never the password."""
        refusal = {"seat": sid, "move": game.table.moves + 1, "line": line, "why": why, "mail": mail.key,
                   "arrived": mail.arrived.isoformat()}
        doc.setdefault("refused_sections", []).append(refusal)
        t.refused.append(refusal)

    def receipt(now: Loaded, seat: Seat | None, code: str,
                data: Mapping[str, Any] | Callable[[Loaded], Mapping[str, Any]], proven: bool = False) -> None:
        """Queue a receipt written as ``now`` stands, and how to write it again as the game will be at the tick's
        end (``data``: its data, or how to make it from the game then)."""
        renders.append(lambda later: section_receipt(play, later, mail, seat, code,
                                                     data(later) if callable(data) else data, quoted))
        made_at.append(now.text)
        receipts.add(renders[-1](now), proven)

    if max(named, count) > MAX_SECTIONS:  # over the whole mail, every attachment together: nothing of it is read
        t.note("too-many-sections", seq=mail.seq, sender=mail.sender or "?", count=max(named, count))
        sections, codes = [], ["too-many-sections"]
        if known is not None or (mail.sender and door.on_file(mail.sender)):  # his own address: a receipt says so
            receipt(game, known, "too-many-sections", {"count": max(named, count), "most": MAX_SECTIONS})
        else:  # a stranger: the front door's notice, once a period
            door.notice(mail, doc)
    elif door.guessed_out(mail, [s.seat for s in sections]):
        doc["codes"] = ["guesses"]
        return game

    if not sections and not codes:
        if known is not None and not door.echo(mail):  # an auto-reply to our mail gets no receipt
            receipt(game, known, "no-section", {})
            codes.append("no-section")
        door.to_gm(mail, "no-orders", quoted=doc.get("quoted") or ())  # a question to the GM: the receipt says so
    over = not play.to_act(game.state)  # a section is an end-of-game statement, prose and all: none goes to the GM
    asked = door.prose(mail, doc.get("quoted") or ()) if sections and not over else []  # a question (reading 127)
    if asked:
        door.to_gm(mail, "prose", asked)
    wrong = 0
    refused = [s for s in sections if not (s.seat == GM_SEAT and game.table.gm_ok(s.password))
               and (game.table.find(s.seat) is None or not game.table.password_ok(s.seat, s.password))]
    answered: set[str] = set()  # the seats a section of this mail counted for: their receipts name the refused
    for place, section in enumerate(sections):
        if section.seat == GM_SEAT and game.table.gm_ok(section.password):  # the GM's own (kernel/gmorders.py)
            read_at = game.table.moves + 1
            game, code, data = periods.gm_period_orders(folder, play, game, mail, section, t)
            receipt(game, None, code, {**data, "read_at": read_at}, proven=True)
            codes.append(code)
            continue
        seat = game.table.find(section.seat)
        if seat is None or not game.table.password_ok(section.seat, section.password):
            wrong += 1
            codes.append("password")
            if seat is not None:  # a seat of the game: its report of the period tells it (periods.refusals)
                refuse(seat.id, section.line, "wrong-password" if section.password else "no-password")
            continue
        if mail.sender and seat.address and mail.sender.lower() != seat.address.lower():  # counts: the GM hears it
            t.note("sender-mismatch", seq=mail.seq, company=seat.id, sender=mail.sender, on_file=seat.address)
        game, back = back_by_mail(folder, play, game, seat.id, mail.key, mail.seq, t)  # IU-19: his seat again
        read_at = game.table.moves + 1  # the move on hand as the section is read (its receipt goes out later)
        if not play.to_act(game.state):  # the game is over: an end-of-game statement, or too late for one
            cuts = doc.get("quoted") or ()
            text = origin[place] if place < len(origin) else 0
            cut = cuts[text] if text < len(cuts) and isinstance(cuts[text], int) else None
            game, code, data = statements.take(folder, play, game, mail, seat, section,
                                               mail.read_text(mail.texts[text]), t, cut)
        elif sequential(play):
            game, code, data = move_orders(folder, play, game, door.outbox, mail, seat, section, sender, mail.arrived,
                                           t)
        else:
            game, code, data = periods.period_orders(folder, play, game, mail, seat, section, t)
            if code == "not-on-move" and play.to_act(game.state):  # a seat out of play: its report tells it too
                refuse(seat.id, section.line, "not-acting")
        prose = section.prose if code != "statement" else ()  # a statement is prose and all (postal/statements.py)
        data = {**data, "read_at": read_at, **({"prose": prose} if prose else {}),
                **({"to_gm": True} if asked else {})}
        answered.add(seat.id)
        lines = [s.line for s in refused if (f := game.table.find(s.seat)) is not None and f.id == seat.id]
        data = {**data, "refused_lines": lines} if lines else data  # his sections here that do not count
        receipt(game, seat, code, _replaced_since(mail, seat.id, {**data, "taken_back": True} if back else data,
                                                  code == "accepted"), proven=True)
        codes.append(code)
    if wrong:
        whys = [f"{s.seat[:12]}: {'no such company' if game.table.find(s.seat) is None else 'wrong password'}"
                for s in refused]  # as the old format's GM line: "(GREEN: wrong password)"
        t.note("refused", seq=mail.seq, count=wrong, companies="; ".join(whys)[:120])
        door.guessed(mail, wrong, doc)
        if known is not None or (mail.sender and door.on_file(mail.sender)):
            alone = [s.seat[:12] for s in refused if (found := game.table.find(s.seat)) is None
                     or found.id not in answered]  # a seat whose receipt names them hears of them there
            own = known.id if known is not None and any((f := game.table.find(x)) is not None and f.id == known.id
                                                        for x in alone) else ""
            seats = {"seat": ", ".join(dict.fromkeys(alone)), **({"counted": sorted(answered)} if answered else {})}

            def refused_data(now: Loaded) -> Mapping[str, Any]:
                """``seats`` (``counted``: the seats another section of this mail counted for, whose receipts these
                are), and for the sender's own seat what counts for it as ``now`` stands (reading 131): a later mail
                of the same tick may have replaced it."""
                earlier = now.table.accepted(own) if own else None
                return {**seats, **({"still": (own, earlier.arrived if earlier is not None and earlier.mail else "")}
                                    if own else {})}

            if alone:
                receipt(game, None, "password", refused_data)
        elif not receipts.to(mail.sender):  # a sender who gets a receipt needs no notice as well
            door.notice(mail, doc)
    for name, shared in receipts.send():
        if fresh is not None:
            fresh.append((name, [renders[i] for i in shared], {made_at[i] for i in shared}))
    doc.update(move=game.table.moves, codes=codes)
    return game


