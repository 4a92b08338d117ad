"""Answering every mail at once: whose orders it holds, whether they count, and a receipt for each.

Who gets a receipt (players are adversaries: a receipt never shows a
company's orders, preview or earlier mails to anybody who has not shown its
password):

* a section with the right password for company X: X's address on file,
  and the sender too when it is another address (the sender knew the
  password); X's receipt shows X's orders only, and the GM is told that the
  sender is not the address on file;
* a section that does not count (a wrong or missing password, an unknown
  company, another game or turn): the sender only, saying that and why, and
  nothing of the company it names, when the sender is an address on file;
* a mail without any section (or too big to read): the sender, when it is
  a player's address on file or the GM's; a stranger's mail gets no answer
  (no replies to spam), only a note to the GM;
* a stranger (an address not on file) whose mail counts for nobody gets at
  most one short notice a turn, which repeats nothing of the mail (no
  subject, no line): a forged From never makes the GM mail somebody's text
  to anybody (no backscatter);
* a GM section with the GM's password counts (HOLD PRESS, manual ROLL, RACE
  and MOVES lines) and is acknowledged to the GM's address.

Limits (password guessing): a mail with more than ``MAX_SECTIONS`` PLAYER
sections is not read; once ``MAX_GUESSES`` sections from one sender failed
their password check in a turn, that sender's further mails of the turn are
read only when every section in them is for the company whose address on
file the sender is (so a forged From cannot lock a player out).  A receipt is
at most ``MAX_RECEIPT`` characters.

A mail is answered once: its receipts are queued (``Outbox``) before the
mail is marked answered (``receipt.json``), and queueing is idempotent.

A company's receipt is written in its language, a receipt to a sender whose
mail counts for nobody in the sender's (his seat's, when his address is on
file) or else the game's; the notes for the GM stay English.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from adjudicator.dampfross.app.check import check_received
from adjudicator.dampfross.app.mailcommands import DampfrossDesk
from adjudicator.dampfross.app.store import GameDir
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.orders import OrderProblem, ProblemCode, ReceivedFiles, parse_orders
from adjudicator.dampfross.orders.parse import blank_clutter
from adjudicator.dampfross.orders.sections import MailPlace, OrderSet, Refusal
from adjudicator.dampfross.orders.standing import standing_after
from adjudicator.dampfross.report.botwords import back_from_caretaker
from adjudicator.dampfross.report.deadlines import when_text, zone_of
from adjudicator.dampfross.report.fates import fates
from adjudicator.dampfross.report.i18n import language
from adjudicator.dampfross.report.mail import (
    Receipt,
    Status,
    receipt_subject,
    receipt_text,
    refused_text,
)
from adjudicator.dampfross.report.orderwords import format_note, format_problem, order_text
from adjudicator.dampfross.report.phrases import NO_ORDERS, refusal_text, say
from adjudicator.dampfross.report.press import press_receipt
from adjudicator.dampfross.report.standingwords import standing_line
from adjudicator.kernel.envelope import MAX_GUESSES, MAX_SECTIONS, named_seats
from adjudicator.kernel.errors import AdjudicatorError
from adjudicator.kernel.mailtext import asks, split_lines
from adjudicator.kernel.passwords import check_password
from adjudicator.kernel.problems import NoOrders
from adjudicator.postal.frontdoor import FrontDoor, Receipts
from adjudicator.postal.inbox import StoredMail
from adjudicator.postal.mailconfig import MailConfig
from adjudicator.postal.outbox import Outgoing

MAX_STATEMENT = 4000
"""The most characters of one end-of-game statement."""

_GUESSES = (NoOrders.WRONG_PASSWORD, NoOrders.NO_PASSWORD)
"""Why a section's refusal counts as a password guess (a GM section without the GM's password counts too)."""


def mail_files(mails: Iterable[StoredMail], state: GameState,
               quoted: Mapping[str, Sequence[int | None]] | None = None) -> ReceivedFiles:
    """The texts of these mails as order files, in the order given (a turn: the order of arrival), each read up to
    where the platform found the robot's own mail quoted (issue 32): ``quoted``, by mail key, a line per text, or
    else as the mail's record says (``postal/quoted.py``)."""
    texts: list[tuple[str, str]] = []
    places: list[MailPlace] = []
    cuts: list[int | None] = []
    tz = zone_of(state)
    for mail in mails:
        lines = (quoted or {}).get(mail.key, None)
        if lines is None:
            lines = (mail.receipt() or {}).get("quoted") or ()
        for i, t in enumerate(mail.texts):
            key = mail.text_key(i)
            texts.append((key, mail.read_text(t)))
            places.append((key, mail.arrived.astimezone(tz).isoformat(), t.name))
            cuts.append(lines[i] if i < len(lines) and isinstance(lines[i], int) else None)
    parsed = tuple(parse_orders(text, key, cut) for (key, text), cut in zip(texts, cuts, strict=True))
    return ReceivedFiles(parsed, tuple(texts), (), (), tuple(places),
                         tuple((key, cut) for (key, _), cut in zip(texts, cuts, strict=True) if cut is not None))


def is_late(state: GameState, mail: StoredMail) -> bool:
    due = state.schedule.due_at() if state.schedule else None
    return due is not None and mail.arrived > due


class Answerer:
    """Reads the orders of the mails the front door lets through, for one Dampfross game during a tick (its lock
    held): whose orders a mail holds, whether they count, and a receipt for each."""

    def __init__(self, gdir: GameDir, desk: DampfrossDesk, config: MailConfig, now: datetime, door: FrontDoor):
        self.gdir, self.desk, self.config, self.now, self.door = gdir, desk, config, now, door
        self.state = desk.state
        self.inbox = door.inbox
        self.outbox = door.outbox
        self.doc: dict[str, Any] = {}
        self.receipts = Receipts(door, self.doc)
        self._gmap: GameMap | None = None

    def note(self, kind: str, **data: str | int) -> None:
        self.door.note(kind, **data)

    def queue(self, out: Outgoing) -> bool:
        """Queue a reply of this tick within the front door's budgets (idempotent: a mail of the same name is
        queued once)."""
        return self.door.reply(out, self.doc)

    def answered_this_turn(self, sender: str | None = None) -> Iterator[tuple[StoredMail, dict[str, Any]]]:
        """The mails answered for the turn and phase the game is at, with their records (``sender``: its only)."""
        for m in self.inbox.mails():
            doc = m.receipt()
            if doc and doc.get("turn") == self.state.turn and doc.get("phase") == self.state.phase \
                    and (sender is None or m.sender == sender):
                yield m, doc

    def send(self, name: str, to: Iterable[str], company: str | None, r: Receipt, mail: StoredMail,
             proven: bool = False) -> str:
        """A receipt of the mail being answered, sent when the mail is done (the front door's ``Receipts``);
        ``proven``: the receipt of a section with the right password (the GM's, too), which no budget stops."""
        return self.receipts.add(Outgoing(name, tuple(to), receipt_subject(self.state, company, r.lang),
                                          receipt_text(self.state, r), kind="receipt", turn=self.state.turn,
                                          player=company, in_reply_to=str(mail.meta.get("message_id") or "")),
                                 proven)

    # --- one mail ---------------------------------------------------------------
    def answer(self, mail: StoredMail, doc: dict[str, Any]) -> None:
        """Read the orders of a mail the front door let through; its record goes into ``doc``."""
        base = self._receipt_base(mail)
        self.doc = doc
        self.receipts = Receipts(self.door, doc)
        self.state = self.desk.state  # a command by mail may have changed an address
        if self.state.phase == "over":
            done = self._statement(mail, base)
        elif mail.meta.get("too_big"):
            done = self._nobody(mail, base, "too-big", OrderSet())
        elif mail.headers_only:
            done = self._nobody(mail, base, "unreadable", OrderSet())
        elif not mail.texts:
            done = self._nobody(mail, base, "no-orders", OrderSet())
        else:
            done = self._orders(mail, base)
        self.receipts.send()
        doc.update(done)
        doc.update(turn=self.state.turn, phase=self.state.phase)

    def _receipt_base(self, mail: StoredMail) -> Receipt:
        hashes = [("\0mail", str(mail.meta["sha256"]))] + [(t.name, t.sha256) for t in mail.texts]
        notes = tuple((n["code"], n.get("name", ""), int(n.get("size", 0))) for n in mail.meta.get("notes", ()))
        arrived = mail.arrived.astimezone(zone_of(self.state)).isoformat()
        seat = self.door.seat_of(mail.sender) if mail.sender else None  # a sender on file reads his own language
        return Receipt(None, arrived, str(mail.meta.get("subject", "")), "no-orders", mail_notes=notes,
                       hashes=tuple(hashes), data={"size": int(mail.meta.get("size", 0))},
                       lang=seat.lang if seat is not None else self.state.lang)

    def _map(self) -> GameMap:
        """The game's map, read once a tick (every mail is checked against the same game)."""
        if self._gmap is None:
            self._gmap = self.gdir.load_map(self.state)
        return self._gmap

    def on_file(self, address: str) -> bool:
        return self.door.on_file(address)

    def _nobody(self, mail: StoredMail, base: Receipt, status: Status, orders: OrderSet,
                still: tuple[tuple[str, str], ...] = (), **data: str | int) -> dict[str, object]:
        """A mail that counts for nobody: a sender on file hears why; a stranger who wrote a section gets one
        notice a turn at most, which repeats nothing of the mail; other strangers get nothing."""
        sections = bool(orders.refusals or orders.sections) or status in ("too-many-sections", "guesses")
        if mail.sender and sections and not self.on_file(mail.sender):
            if status == "no-orders":
                self.note("no-orders", seq=mail.seq, sender=mail.sender)
            return {"counted": [], "receipts": self.notice(mail), "status": status}
        if not mail.sender or not self.on_file(mail.sender):
            self._forward(mail, status)
            return {"counted": [], "receipts": [], "status": status}
        if status == "no-orders" and self.door.echo(mail):  # an auto-reply to a receipt: no receipt to it
            self._forward(mail, status)
            return {"counted": [], "receipts": [], "status": "echo"}
        with language(base.lang):
            r = _replace(base, status=status, data={**base.data, **data}, to_gm=status == "no-orders",
                         problems=tuple(format_problem(p, folded=True, places=orders.places, player=True)
                                        for p in orders.problems),
                         notes=tuple(format_note(n, orders.places, player=True) for n in orders.notes),
                         refused=tuple(refused_text(x, orders.places) for x in orders.refusals if x.player),
                         still=still)
        name = self.send(f"receipt-{mail.seq:05d}", [mail.sender], None, r, mail)
        self._forward(mail, status)
        return {"counted": [], "receipts": [name], "status": status}

    def _forward(self, mail: StoredMail, status: Status) -> None:
        """A mail that is neither orders nor a command: listed in the tick's digest to the GM."""
        if status == "no-orders":
            self.door.to_gm(mail, status, quoted=self.doc.get("quoted") or ())

    def _orders(self, mail: StoredMail, base: Receipt) -> dict[str, object]:
        seats = named_seats([mail.read_text(t) for t in mail.texts])
        if len(seats) > 2 * MAX_SECTIONS:  # a flood of sections is refused before any of them is parsed
            self.note("too-many-sections", seq=mail.seq, sender=mail.sender or "?", count=len(seats))
            return self._nobody(mail, base, "too-many-sections", OrderSet(), count=len(seats), most=MAX_SECTIONS)
        if self.door.guessed_out(mail, seats):
            return self._nobody(mail, base, "guesses", OrderSet(), most=MAX_GUESSES)
        received = mail_files([mail], self.state, {mail.key: self.doc.get("quoted") or ()})
        raw = received.orders(game=self.state.game_id, turn=self.state.turn)
        if len(raw.sections) > MAX_SECTIONS:
            self.note("too-many-sections", seq=mail.seq, sender=mail.sender or "?", count=len(raw.sections))
            return self._nobody(mail, base, "too-many-sections", OrderSet(), count=len(raw.sections),
                                most=MAX_SECTIONS)
        if self.door.guessed_out(mail, [s.player for s in raw.sections] + (["GM"] if raw.gm_sections else [])):
            return self._nobody(mail, base, "guesses", OrderSet(), most=MAX_GUESSES)
        other_game = [p for p in raw.problems if p.code is ProblemCode.GAME_MISMATCH]
        if other_game:
            named = str(dict(other_game[0].args).get("value", "?"))
            return self._nobody(mail, base, "other-game", raw, named=named)
        turns = {s.turn for s in raw.sections if s.turn is not None}
        if turns and self.state.turn not in turns:
            return self._nobody(mail, base, "other-turn", raw, named=", ".join(map(str, sorted(turns))))
        try:
            checked = check_received(self.gdir, received, loaded=(self.state, self._map()))
        except AdjudicatorError:
            return self._nobody(mail, base, "no-orders", raw)
        orders = checked.orders
        self.door.guessed(mail, sum(1 for x in orders.refusals if x.why is None or x.why.code in _GUESSES),
                          self.doc)
        if not orders.sections:
            self._refusals_noted(mail, orders.refusals)
            if orders.gm is not None:
                return self._gm_only(mail, base, orders)
            with language(base.lang):  # the sender's receipt (the GM's note stays English)
                whys = [say(NO_ORDERS, r.why) for r in orders.refusals if r.why is not None]
            if whys:
                doc = self._nobody(mail, base, "refused", orders, self._still(mail, orders.refusals),
                                   why="; ".join(dict.fromkeys(whys)))
                return {**doc, "refused": [x.player for x in orders.refusals if x.player]}
            return self._nobody(mail, base, "no-orders", orders)
        late = is_late(self.state, mail)
        strict = bool(self.state.schedule and self.state.schedule.strict)
        status: Status = "late-unused" if late and strict else "late-used" if late else "counts"
        due = self.state.schedule.due if self.state.schedule and self.state.schedule.due else ""
        receipts, counted = [], []
        earlier = self.earlier_mails()
        prose = [line for parsed in received.parsed for _, line in parsed.prose]  # read as no orders
        if any(asks(line) for line in prose):  # a question among or around the orders (reading 127)
            self.door.to_gm(mail, "prose", prose)
        else:
            prose = []
        for section in orders.sections:
            company = section.player
            counted.append(company)
            on_file = self.state.player(company).email.lower()
            if mail.sender and on_file and mail.sender != on_file:
                self.note("sender-mismatch", seq=mail.seq, company=company, sender=mail.sender, on_file=on_file)
            replaced = [] if status == "late-unused" else earlier.get(company, [])
            if status != "late-unused" and self.state.player(company).caretaker and not replaced:
                self.note("caretaker-off", seq=mail.seq, seat=company)  # his orders take it back (reading 97)
            for old in replaced:
                self.note("replaced", seq=mail.seq, company=company, old=old.seq)
            if late:
                self.note("late", seq=mail.seq, company=company,
                          what="not used (strict)" if strict else "used, the turn has not run")
            idle = status == "counts" and checked.idle.get(company, False)  # reading 94: the warning first
            with language(self.state.language_of(company)):
                fated = fates(section, checked.outcomes.get(company), _own_problems(orders, company), checked.notes)
                r = _replace(base, company=company, lang=None, status="idle" if idle else status, fates=fated,
                             data={**base.data, "due": when_text(due, zone_of(self.state)) if due else ""},
                             replaces=tuple(m.arrived.astimezone(zone_of(self.state)).isoformat() for m in replaced),
                             echo=tuple(order_text(line) for line in section.echo()),
                             standing=standing_line(self.state.player(company).standing,
                                                    standing_after(self.state, orders, company)),
                             press=tuple(press_receipt(orders, self.state, company)),
                             problems=_problems(orders, company),
                             notes=_notes(orders, company) + back_from_caretaker(self.state, company),
                             preview=checked.previews.get(company, ""),
                             refused=tuple(refusal_text(x, orders.places) for x in orders.refusals_for(company)),
                             prose_to_gm=bool(prose))
            receipts.append(self.send(f"receipt-{mail.seq:05d}-{company}", [on_file, mail.sender], company, r, mail,
                                      proven=True))
        refused = [x for x in orders.refusals if x.player and x.player not in counted]
        self._refusals_noted(mail, refused)
        if refused and self.on_file(mail.sender):
            with language(base.lang):
                r = _replace(base, status="refused", data={**base.data, "why": "; ".join(
                    dict.fromkeys(say(NO_ORDERS, x.why) for x in refused if x.why))},
                    refused=tuple(refused_text(x, orders.places) for x in refused), still=self._still(mail, refused))
            receipts.append(self.send(f"receipt-{mail.seq:05d}", [mail.sender], None, r, mail))
        elif refused and not receipts:  # a sender who got a receipt needs no notice as well
            receipts += self.notice(mail)
        if orders.gm is not None:
            self.note("gm-section", seq=mail.seq, what="counts with the GM's password")
        return {"counted": counted, "receipts": receipts, "status": status, "late": late,
                "used": status != "late-unused", "refused": [x.player for x in refused], "gm": orders.gm is not None,
                "problems": {c: len(_problems(orders, c)) for c in counted},
                "complete": {c: checked.complete.get(c, False) for c in counted}}

    def _still(self, mail: StoredMail, refused: Iterable[Refusal]) -> tuple[tuple[str, str], ...]:
        """For the sender's own company, when a section for it here was refused for its password: the arrival of
        its earlier mail that still counts for this turn (``""``: none does), which the reply tells (issue 35). Only
        for the company whose address on file the sender is: the reply goes to that address, so a forged From
        learns nothing of it."""
        seat = self.door.seat_of(mail.sender) if mail.sender else None
        mine = [x for x in refused if seat is not None and x.player == seat.id and x.why is not None
                and x.why.code in _GUESSES]
        if not mine:
            return ()
        earlier = self.earlier_mails().get(mine[0].player or "", [])
        zone = zone_of(self.state)
        return ((mine[0].player or "", earlier[-1].arrived.astimezone(zone).isoformat() if earlier else ""),)

    def _refusals_noted(self, mail: StoredMail, refused: Iterable[Refusal]) -> None:
        """One GM line for the sections of a mail that did not count (never one line per guess)."""
        whys = [f"{x.player}: {say(NO_ORDERS, x.why) if x.why else '?'}" for x in refused if x.player]
        if whys:
            self.note("refused", seq=mail.seq, count=len(whys), companies="; ".join(whys))

    def notice(self, mail: StoredMail) -> list[str]:
        """The front door's one notice a period to a stranger whose mail counts for nobody."""
        self.door.notice(mail, self.doc)
        return []

    def _gm_only(self, mail: StoredMail, base: Receipt, orders: OrderSet) -> dict[str, object]:
        """A mail with the GM's section alone: it counts for the turn, and the GM's address hears what was read."""
        self.note("gm-section", seq=mail.seq, what="counts with the GM's password")
        echo = tuple(o.echo() for g in orders.gm_sections for o in g.orders)
        with language(self.state.lang):
            r = _replace(base, status="gm-counts", echo=tuple(order_text(line) for line in echo),
                         problems=tuple(format_problem(p, folded=True, places=orders.places, player=True)
                                        for p in orders.problems))
        name = self.send(f"receipt-{mail.seq:05d}-GM", [self.config.gm_address, mail.sender], None, r, mail,
                         proven=True)
        return {"counted": [], "receipts": [name], "status": "gm-counts", "gm": True,
                "refused": [x.player for x in orders.refusals if x.player]}

    def earlier_mails(self) -> dict[str, list[StoredMail]]:
        """Per company the last mail already answered for this turn whose orders counted (and were used): the
        one a new mail replaces (those before it were replaced by it, and were told so then)."""
        out: dict[str, list[StoredMail]] = {}
        for m, doc in self.answered_this_turn():
            if doc.get("used", True):
                for company in doc.get("counted", []):
                    out[company] = [m]
        return out

    def _statement(self, mail: StoredMail, base: Receipt) -> dict[str, object]:
        """After the last turn: a section with the right password is that company's statement."""
        due = self.state.schedule.due_at() if self.state.schedule else None
        cuts = self.doc.get("quoted") or ()
        for i, t in enumerate(mail.texts):
            text = mail.read_text(t)
            cut = cuts[i] if i < len(cuts) and isinstance(cuts[i], int) else None
            for section in parse_orders(text, "statement", cut).sections:
                player = self.state.player(section.player) if section.player in self.state.player_ids else None
                if player is None or not section.password or not check_password(section.password,
                                                                                  player.password_hash):
                    continue
                if due is None or mail.arrived > due:
                    return self._nobody(mail, base, "over", OrderSet())
                lines, _ = blank_clutter(split_lines(text), "statement", cut)
                body = "\n".join(lines[section.pos.line:section.end or len(lines)]).strip("\n")[:MAX_STATEMENT]
                r = _replace(base, company=player.id, lang=None, status="statement", statement=body)
                name = self.send(f"receipt-{mail.seq:05d}-{player.id}", [player.email, mail.sender], player.id, r,
                                 mail, proven=True)
                self.note("statement", seq=mail.seq, company=player.id)
                return {"counted": [], "statement": {"company": player.id, "text": body}, "receipts": [name],
                        "status": "statement"}
        return self._nobody(mail, base, "over", OrderSet())


def _replace(r: Receipt, **changes: object) -> Receipt:
    return replace(r, **changes)  # type: ignore[arg-type]


def _problems(orders: OrderSet, company: str) -> tuple[str, ...]:
    """The company's problems and those outside any section (not inside another company's refused section)."""
    return tuple(format_problem(p, folded=True, places=orders.places, player=True)
                 for p in _own_problems(orders, company))


def _own_problems(orders: OrderSet, company: str) -> list[OrderProblem]:
    return [p for p in orders.problems
            if p.section == company or (p.section is None and not any(r.holds(p.pos) for r in orders.refusals))]


def _notes(orders: OrderSet, company: str) -> tuple[str, ...]:
    section = orders.section(company)
    others = [s for s in orders.sections if s.player != company]
    out = []
    for n in orders.notes:
        inside = section is not None and section.holds(n.pos)
        elsewhere = any(s.holds(n.pos) for s in others) or any(r.holds(n.pos) for r in orders.refusals)
        if inside or not elsewhere:
            out.append(format_note(n, orders.places, player=True))
    return tuple(out)
