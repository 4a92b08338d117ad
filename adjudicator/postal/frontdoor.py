"""The front door: what every game's mail meets before a game reads its orders, written once (issue 24).

Players are adversaries, so every rule of this module is a budget or a
check that one game must not have and the other lack:

* **who writes**: a mail's sender is an address on file (a seat's, or the
  GM's), or a stranger; a From that is not exactly one address makes a
  stranger (``mailparse``).  Auto-replies are never answered.
* **commands** (``kernel/commands.py``): all the commands of one mail are
  answered in ONE reply, to an address on file only; a stranger gets the
  notice below.
* **replies have budgets, spent only by what anybody could send**: an
  address gets at most ``REPLIES_PER_ADDRESS`` replies to unauthenticated
  mail (answers to commands, notices, receipts of mails that count for
  nobody) a period (a turn, or a move); one hostile mail costs at most one
  reply to its sender.  A reply that only the real player can cause (the
  receipt of a section with the right password) is *proven*: to the seat's
  own address on file it never spends the budget and is never stopped by it,
  so twelve forged mails silence nothing a player needs; its copy to the
  sender, when that is any other address (anybody may write a From), is
  budgeted.  A budget stops replies, never the reading of
  orders: a forged flood from a player's address cannot cost that player his
  turn.
* **password guesses**: at most ``MAX_GUESSES`` sections (or command mails'
  PLAYER lines) from one sender may fail their password check a period (the
  GM's password counts as well); after that the sender is read only for its
  own seat (the GM's address: the GM's section), and its command mails are answered as if they named no
  seat; a new password is still tried for its own seat, so forged guesses never lock its owner out.
* **strangers**: one short notice a period, which repeats nothing of the
  mail, and at most ``NOTICES_PER_PERIOD`` notices a period to all of them;
  the mails that were neither orders nor commands reach the GM as ONE
  digest a tick, bounded in size (``DIGEST_MOST``), never one forward each.
* **a password reset** can never be turned against the owner: the new
  password is mailed at once to the address on file (never stopped by a
  budget: at most one such mail a seat a period, the GM hears of further
  asks); the old password keeps working until the new one is first used (a
  section or a command mail signed with it), and from then on only the new
  one counts, at once, in the period it was asked in.  Orders already
  accepted stand (``proven``, ``sign_in``).
* **an address change** is confirmed from the new address (a token mailed
  there) and announced to the old one before it takes effect, as mailing
  lists do.

The game tells the front door who sits where and answers what only it can
(``Desk``); the front door keeps what it must remember between ticks in
``mail/frontdoor.json``.  The words are ``kernel/words``'s.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import InitVar, dataclass, field, replace
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

from adjudicator.kernel import passwords, words
from adjudicator.kernel.commands import Command, CommandMail, read_commands
from adjudicator.kernel.contacts import ContactError, check_address
from adjudicator.kernel.envelope import GM_SEAT, MAX_GUESSES, signed
from adjudicator.kernel.i18n import language
from adjudicator.kernel.mailtext import asks, clutter_free
from adjudicator.kernel.notes import PostalNote
from adjudicator.kernel.table import Seat
from adjudicator.postal.compose import Outgoing
from adjudicator.postal.files import Folder, atomic_write
from adjudicator.postal.inbox import MAIL_DIR, Inbox, StoredMail
from adjudicator.postal.outbox import Outbox

REPLIES_PER_ADDRESS = 12
"""Replies (receipts, answers to commands, notices) one address gets in a period; its later mails are read (their
orders count), not answered, and the GM hears of it once a tick."""
NEW_PASSWORD_TRIES = 3
"""The most passwords of one mail tried against a seat's new password (``sign_in``): a player may sign one mail with
his old password above the new, and a mail of many guesses costs a few tries."""
NOTICES_PER_PERIOD = 20
"""Notices to strangers in a period, all strangers together: a flood from a thousand forged senders must not make
the robot mail a thousand third parties (the GM's digest lists every mail all the same)."""
DIGEST_MOST = 30
"""Strangers' mails listed in one digest to the GM (the rest are counted; the inbox keeps every mail)."""
DIGEST_LINES = 20
"""The most lines of one mail's text the digest shows (the inbox keeps the whole mail)."""
DIGEST_CHARS = 1500
"""The most characters of one mail's text the digest shows."""
STATE_FILE = "frontdoor.json"
PUBLIC = ("help", "map", "status", "report", "rules")
"""The commands whose answers are the game's (and say nothing private without the PLAYER line's password)."""


@dataclass(frozen=True)
class Answer:
    """A game's answer to the public commands of a mail (HELP, MAP, STATUS, REPORT, RULES): its text in the
    reader's language and what is attached."""

    text: str
    attachments: tuple[tuple[str, str | bytes], ...] = ()


@runtime_checkable
class ForThePlayers(Protocol):
    """A desk (or a play's reading of order lines) that knows the text a mail's sender wrote for the other players,
    not for the GM (Dampfross: a press item, ``PRESS`` ... ``END PRESS``, printed in the next public report): a
    question in it asks them, so it is no question for the GM's digest (reading 127)."""

    def for_the_players(self, lines: Sequence[str]) -> list[str]:
        """``lines`` (a mail's, in order) with the text meant for the other players blanked (as many lines)."""


class Desk(Protocol):
    """What a game gives the front door: who sits where, and what only the game can do or say."""

    @property
    def game(self) -> str:
        """The game's id (in subjects)."""

    @property
    def title(self) -> str:
        """The game's name in subjects: ``Dampfross``, ``InterUrban``."""

    @property
    def lang(self) -> str:
        """The game's language (a stranger is answered in it)."""

    @property
    def period(self) -> str:
        """The period budgets count in: the turn (and phase) or the move on hand; it changes when one is run."""

    @property
    def seats(self) -> Sequence[Seat]:
        """Every seat with its address on file, language and password hash."""

    def order_line(self, line: str) -> bool:
        """Whether the game reads ``line`` as an order (a mail with one is no command mail)."""

    def answer(self, commands: Sequence[Command], reader: Seat | None, authorised: Seat | None) -> Answer:
        """The answer to the public commands, in the active language; ``authorised``: the seat whose PLAYER
        line's password was right (its private report may be sent)."""

    def set_address(self, seat: str, address: str) -> None:
        """The seat's mail goes to ``address`` from now on (a change the game archives)."""

    def set_password(self, seat: str, password_hash: str, secret: str) -> None:
        """The seat's new password from now on (the GM's passwords file gets ``secret``)."""

    def deadline(self) -> str:
        """The deadline of the period on hand as the game's mails open with it, in the active language (``""``:
        none)."""


@dataclass
class FrontDoor:
    """One tick's front door of one game (the game's lock is held)."""

    folder: Folder
    desk: Desk
    gm: str
    """The GM's own address (``MailConfig.gm_address``)."""
    sender: str
    now: datetime
    notes: list[PostalNote] = field(default_factory=list)
    shared: InitVar[Inbox | None] = None
    """The tick's one view of the inbox, when the caller has it (``postal/robot.py``)."""

    def __post_init__(self, shared: Inbox | None) -> None:
        self.inbox = shared or Inbox(self.folder)
        self.outbox = Outbox(self.folder)
        self._path = self.folder.path / MAIL_DIR / STATE_FILE
        self.kept = self._read()
        self.replies: Counter[str] = Counter()
        self.guesses: Counter[str] = Counter()
        self.notices = 0
        for _mail, doc in self.answered_this_period():
            for to in doc.get("replied", ()):
                self.replies[str(to)] += 1
            self.guesses[str(doc.get("sender", ""))] += int(doc.get("guesses", 0))
            self.notices += int(doc.get("noticed", 0))
        self.digest: list[tuple[int, str, str, tuple[str, ...]]] = []
        self.silenced: set[str] = set()
        self._ours: set[str] | None = None

    # --- what is kept between ticks -----------------------------------------------------------------------
    def _read(self) -> dict[str, Any]:
        try:
            doc = json.loads(self._path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {"resets": {}, "addresses": {}}
        return doc if isinstance(doc, dict) else {"resets": {}, "addresses": {}}

    def _write(self) -> None:
        self._path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        atomic_write(self._path, json.dumps(self.kept, ensure_ascii=False, indent=1) + "\n", 0o600)

    def note(self, kind: str, **data: str | int) -> None:
        self.notes.append(PostalNote(kind, tuple(data.items())))  # type: ignore[arg-type]

    def answered_this_period(self) -> Iterable[tuple[StoredMail, dict[str, Any]]]:
        period = self.desk.period
        for m in self.inbox.mails():
            doc = m.receipt()
            if doc and doc.get("period") == period:
                yield m, doc

    # --- who writes ---------------------------------------------------------------------------------------
    def seat_of(self, address: str) -> Seat | None:
        """The seat whose address on file ``address`` is (the first; ``None``: none)."""
        low = address.lower()
        return next((s for s in self.desk.seats if s.address and s.address.lower() == low), None)

    def _seat(self, sid: str) -> Seat | None:
        return next((s for s in self.desk.seats if s.id == sid), None)

    def owners(self, player: str | None) -> set[str]:
        """The addresses a proven reply about ``player``'s seat goes to whatever the budget: its address on file
        (``None``: the GM's receipt, the GM's address)."""
        if player is None:
            return {self.gm} if self.gm else set()
        seat = self._seat(player)
        return {seat.address.lower()} if seat is not None and seat.address else set()

    def on_file(self, address: str) -> bool:
        return bool(address) and (self.seat_of(address) is not None or address.lower() == self.gm)

    # --- budgets ------------------------------------------------------------------------------------------
    def may_reply(self, address: str) -> bool:
        return self.replies[address.lower()] < REPLIES_PER_ADDRESS

    def reply(self, out: Outgoing, doc: dict[str, Any], proven: bool = False,
              owners: Collection[str] | None = None) -> bool:
        """Queue a reply within every address's budget (the addresses over it are left out; ``False``: nobody
        was left); the addresses are recorded in the mail's record ``doc``.  ``proven``: a reply only the real
        player can cause (a receipt of a section with the right password, a new password to the address on
        file): to its owners' addresses on file (``owners``; by default those of ``out.player``'s seat, or the
        GM's for the GM's receipt) it goes whatever the budget, and spends none.  To any other address (the
        sender of a right password from elsewhere, whose From anybody may write: a stranger, or another seat's
        address) it is budgeted, a stranger's as a notice is too (``NOTICES_PER_PERIOD`` in all a period): a
        player's own password never makes the robot mail his text to others without end."""
        if proven:
            mine = set(owners) if owners is not None else self.owners(out.player)
            own = [a for a in dict.fromkeys(out.to) if a and a.lower() in mine]
            allowed: list[str] = []
            strangers = 0
            for a in dict.fromkeys(a for a in out.to if a and a.lower() not in mine):
                stranger = bool(mine) and not self.on_file(a)  # a seat without an address: its player's only one
                if not self.may_reply(a):
                    if a.lower() not in self.silenced:
                        self.silenced.add(a.lower())
                        self.note("over-budget", sender=a.lower(), most=REPLIES_PER_ADDRESS)
                elif stranger and self.notices + strangers >= NOTICES_PER_PERIOD:
                    if self.notices + strangers == NOTICES_PER_PERIOD:  # the GM hears of it once (as ``notice``)
                        self.note("notices-spent", most=NOTICES_PER_PERIOD)
                        self.notices += 1
                else:
                    allowed.append(a)
                    strangers += stranger
            to = tuple(own + allowed)
            if to and self._queue(replace(out, to=to)):
                doc.setdefault("proven", []).extend(a.lower() for a in own)
                for a in allowed:
                    self.replies[a.lower()] += 1
                self.notices += strangers
                doc.setdefault("replied", []).extend(a.lower() for a in allowed)
                doc["noticed"] = int(doc.get("noticed", 0)) + strangers
            return bool(to)
        to = tuple(dict.fromkeys(a for a in out.to if a and self.may_reply(a)))
        for a in dict.fromkeys(a.lower() for a in out.to if a and not self.may_reply(a)):
            if a not in self.silenced:  # the GM hears of it once a tick; the mail's orders are read all the same
                self.silenced.add(a)
                self.note("over-budget", sender=a, most=REPLIES_PER_ADDRESS)
        if not to:
            return False
        if self._queue(replace(out, to=to)):
            for a in to:
                self.replies[a.lower()] += 1
            doc.setdefault("replied", []).extend(a.lower() for a in to)
        return True

    def _queue(self, out: Outgoing) -> bool:
        """Queue one mail (one the outbox cannot take costs that mail alone: ``Outbox.queue``)."""
        return self.outbox.queue(out, self.sender, self.now)

    def guessed_out(self, mail: StoredMail, seats: Iterable[str]) -> bool:
        """Whether the sender has used up its password guesses and names a seat that is not its own (the GM's
        address owns the GM's section: guesses forged from it never silence the GM's own)."""
        if not mail.sender or self.guesses[mail.sender] < MAX_GUESSES:
            return False
        if any(s.upper() not in self._own_seats(mail.sender) for s in seats):
            self.note("guesses", seq=mail.seq, sender=mail.sender, most=MAX_GUESSES)
            return True
        return False

    def _own_seats(self, sender: str) -> set[str]:
        """The seats an address owns: each seat whose address on file it is (one player may hold two companies),
        and the GM's section for the GM's."""
        low = sender.lower()
        seats = {s.id for s in self.desk.seats if s.address and s.address.lower() == low}
        if self.gm and sender.lower() == self.gm.lower():
            seats.add(GM_SEAT)
        return seats

    def guessed(self, mail: StoredMail, count: int, doc: dict[str, Any]) -> None:
        """``count`` sections of the mail failed their password check (the GM's password too)."""
        if count and mail.sender:
            self.guesses[mail.sender] += count
            doc["guesses"] = int(doc.get("guesses", 0)) + count

    def echo(self, mail: StoredMail) -> bool:
        """Whether a mail answers one of the robot's own mails (an auto-responder that sets no RFC 3834 header
        names it in In-Reply-To or References): when it holds neither orders nor a command it gets no receipt,
        or two robots would answer each other for ever."""
        if not mail.replies_to:
            return False
        if self._ours is None:
            self._ours = self.outbox.message_ids()
        return any(m in self._ours for m in mail.replies_to)

    # --- strangers ----------------------------------------------------------------------------------------
    def notice(self, mail: StoredMail, doc: dict[str, Any]) -> None:
        """The one short notice a period to a stranger whose mail counts for nobody (nothing of the mail in it)."""
        if not mail.sender or self.on_file(mail.sender):
            return
        name = f"notice-{_slug(self.desk.period)}-{_digest(mail.sender)}"
        if self.outbox.known(name):
            return
        if self.notices >= NOTICES_PER_PERIOD:  # forged senders are innocent third parties: no backscatter flood
            if self.notices == NOTICES_PER_PERIOD:
                self.note("notices-spent", most=NOTICES_PER_PERIOD)
                self.notices += 1
            return
        with language(self.desk.lang):
            out = Outgoing(name, (mail.sender,), words.subject(self.desk.title, self.desk.game, words.YOUR_MAIL),
                           words.notice(self.desk.title, self.desk.game), kind="notice")
        if self.reply(out, doc):
            self.notices += 1
            doc["noticed"] = 1

    def to_gm(self, mail: StoredMail, why: str, lines: Sequence[str] | None = None,
              quoted: Sequence[int | None] = ()) -> None:
        """A mail for the GM, listed in the tick's digest to the GM with its text (``why``: ``no-orders``, a mail that
        was neither orders nor a command, with its own lines, clutter aside (``quoted``: where each text's quoted
        mail begins); ``prose``, the ``lines`` of an order mail that are no orders, a question)."""
        if mail.sender and mail.sender.lower() == self.gm:
            return
        text = tuple(self.own_lines(mail, quoted) if lines is None else lines)
        self.digest.append((mail.seq, mail.sender or "?", why, text))
        self.note("to-gm" if why != "prose" else "prose-to-gm", seq=mail.seq, sender=mail.sender or "?")

    def own_lines(self, mail: StoredMail, quoted: Sequence[int | None] = ()) -> list[str]:
        """The lines a mail's sender wrote, clutter aside (quotes, pasted headers, the quoted mail from ``quoted``,
        a signature), every text of it, at most ``DIGEST_LINES`` and ``DIGEST_CHARS`` (and one more line: there
        are more) read."""
        out: list[str] = []
        for i, t in enumerate(mail.texts):
            cut = quoted[i] if i < len(quoted) and isinstance(quoted[i], int) else None
            out += [line for _, line in clutter_free(mail.read_text(t), DIGEST_LINES * 4, cut)]
            if len(out) > DIGEST_LINES:
                break
        return out

    def prose(self, mail: StoredMail, quoted: Sequence[int | None] = ()) -> list[str]:
        """The lines of an order mail the game reads as no order, clutter aside, when they ask something (a line
        with a question mark, reading 127): a question for the GM among or around the orders, with its sentences
        around it; ``[]`` when there is none (greetings and sign-offs alone stay the mail's); the text written for
        the other players (``ForThePlayers``: a press item) asks them, not the GM."""
        own = self.own_lines(mail, quoted)
        if isinstance(self.desk, ForThePlayers):
            own = self.desk.for_the_players(own)
        lines = [line for line in own if not self.desk.order_line(line)]
        return lines if any(asks(line) for line in lines) else []

    def flush(self) -> None:
        """Queue the tick's digest to the GM (one mail, at most ``DIGEST_MOST`` mails listed)."""
        if not self.digest or not self.gm:
            return
        first, last = self.digest[0][0], self.digest[-1][0]
        out = Outgoing(f"digest-{first:05d}-{last:05d}", (self.gm,),
                       words.digest_subject(self.desk.title, self.desk.game, len(self.digest)),
                       words.digest(self.digest[:DIGEST_MOST], len(self.digest), DIGEST_LINES, DIGEST_CHARS),
                       kind="digest")
        self._queue(out)
        self.digest = []

    # --- commands -----------------------------------------------------------------------------------------
    def commands(self, mail: StoredMail, texts: Sequence[str]) -> dict[str, Any] | None:
        """Answer a command mail in one reply (``None``: the mail is no command mail); its record."""
        found = read_commands(texts, self.desk.order_line)
        if found is None:
            return None
        doc: dict[str, Any] = {"status": "commands", "commands": [c.code for c in found.commands],
                               "counted": [], "receipts": []}
        confirming = all(c.code == "confirm" for c in found.commands) and any(
            isinstance(a, dict) and str(a.get("address", "")) == mail.sender.lower()
            for a in self.kept.get("addresses", {}).values())
        if not mail.sender or not (self.on_file(mail.sender) or confirming):  # a new address confirms from off file
            self.note("commands", seq=mail.seq, sender=mail.sender or "?", what="not answered: not an address on file")
            self.notice(mail, doc)
            return doc
        reader = self.seat_of(mail.sender)
        out_of_guesses = found.player is not None and self.guessed_out(mail, [found.player])
        authorised = None if out_of_guesses else self._authorised(found)  # no more guesses are even tried
        if found.player is not None and authorised is None and not out_of_guesses:
            self.guessed(mail, 1, doc)
        parts: list[str] = []
        attachments: list[tuple[str, str | bytes]] = []
        public = list(dict.fromkeys(c for c in found.commands if c.code in PUBLIC))  # the same command once
        who = authorised or reader or (self._asking(mail.sender) if confirming else None)
        with language(who.lang if who is not None else self.desk.lang):
            if public and self.may_reply(mail.sender):  # an answer that would not be sent is not made
                answer = self.desk.answer(public, reader, authorised)
                parts.append(answer.text)
                attachments += answer.attachments
            for c in found.commands:
                if c.code not in PUBLIC:
                    said = self._account(c, mail, reader, authorised, out_of_guesses, doc)
                    if said:
                        parts.append(said)
            if found.dropped:
                parts.append(words.dropped(found.dropped))
            if parts and not (public and self.may_reply(mail.sender)) and (due := self.desk.deadline()):
                parts.insert(0, due)  # the game's answer opens with it; an answer of the platform's alone too
            what = ", ".join(dict.fromkeys(words.command_word(c.code) for c in found.commands))
            subject = words.subject(self.desk.title, self.desk.game, what)
        reset = self._reset_by(mail)
        who, password = authorised or reset or reader, reset is not None
        name = f"password-{mail.seq:05d}-{who.id}" if password and who else f"answer-{mail.seq:05d}"
        # proven: signed with a right password, or carrying the new one (to the address on file: the sender)
        self.reply(Outgoing(name, (mail.sender,), subject, "\n\n".join(p.rstrip("\n") for p in parts) + "\n",
                            tuple(attachments), kind="password" if password else "answer",
                            player=who.id if who else None, in_reply_to=str(mail.meta.get("message_id") or "")),
                   doc, proven=authorised is not None or password)
        doc["receipts"] = [name]
        self.note("commands", seq=mail.seq, sender=mail.sender, what=", ".join(c.code for c in found.commands))
        return doc

    def _asking(self, address: str) -> Seat | None:
        """The seat whose change of address to ``address`` waits for its confirmation (it reads its language)."""
        asked = [a for a in self.kept.get("addresses", {}).values()
                 if isinstance(a, dict) and str(a.get("address", "")) == address.lower()]
        return self._seat(str(asked[-1].get("seat", ""))) if asked else None

    def _authorised(self, found: CommandMail) -> Seat | None:
        if found.player is None or not found.password:
            return None
        seat = self._seat(found.player)
        return seat if seat is not None and passwords.check_password(found.password, seat.password_hash) else None

    def _account(self, c: Command, mail: StoredMail, reader: Seat | None, authorised: Seat | None,
                 out_of_guesses: bool, doc: dict[str, Any]) -> str:
        """SET ADDRESS, CONFIRM and PASSWORD RESET: what was done, in words ("": nothing to say in the reply)."""
        if c.code == "set-address":
            if authorised is None:
                return words.refused("guesses" if out_of_guesses else "password")
            try:
                address = check_address(c.arg)
            except ContactError:
                return words.refused("address")
            return self._ask_address(authorised, address.lower(), mail, doc)
        if c.code == "confirm":
            return self._confirm(c.arg, mail, doc)
        return self._reset(c.arg or (reader.id if reader else ""), mail)

    def _ask_address(self, seat: Seat, address: str, mail: StoredMail, doc: dict[str, Any]) -> str:
        token = secrets.token_hex(6)
        self.kept.setdefault("addresses", {})[token] = {"seat": seat.id, "address": address,
                                                       "period": self.desk.period, "mail": mail.seq}
        self._write()
        subject = words.subject(self.desk.title, self.desk.game, words.ADDRESS)
        self.reply(Outgoing(f"confirm-{mail.seq:05d}", (address,), subject,
                            words.confirm_address(self.desk.game, seat.id, token), kind="answer",
                            player=seat.id), doc)
        if seat.address and seat.address.lower() not in (address, mail.sender.lower()):  # the reply tells the sender
            self.reply(Outgoing(f"address-asked-{mail.seq:05d}", (seat.address,), subject,
                                words.address_asked(self.desk.game, seat.id, address), kind="notice",
                                player=seat.id), doc)
        self.note("address-asked", seq=mail.seq, company=seat.id)
        return words.address_pending(seat.id, address)

    def _confirm(self, token: str, mail: StoredMail, doc: dict[str, Any]) -> str:
        asked = self.kept.get("addresses", {}).get(token.lower())
        if not isinstance(asked, dict) or str(asked.get("address", "")).lower() != mail.sender.lower():
            return words.refused("token")
        seat = self._seat(str(asked["seat"]))
        del self.kept["addresses"][token.lower()]
        self._write()
        if seat is None:
            return words.refused("unknown")
        old = seat.address
        self.desk.set_address(seat.id, mail.sender.lower())
        if old and old.lower() != mail.sender.lower():
            self.reply(Outgoing(f"address-done-{mail.seq:05d}", (old,),
                                words.subject(self.desk.title, self.desk.game, words.ADDRESS),
                                words.address_done(self.desk.game, seat.id, mail.sender.lower()), kind="notice",
                                player=seat.id), doc)
        self.note("address-set", seq=mail.seq, company=seat.id)
        return words.address_done(self.desk.game, seat.id, mail.sender.lower())

    def _reset(self, pid: str, mail: StoredMail) -> str:
        """PASSWORD RESET: a new password, in the answer to the mail, which goes to the seat's address on file (a
        reset is made only for a mail from there) and which no budget stops (``_reset_by``); at most one a seat a
        period, further asks are the GM's to hear of.  It waits beside the old one, which keeps working until the
        new one is first used (``sign_in``), so a forged reset costs the owner nothing."""
        seat = self._seat(pid.upper())
        if seat is None:
            return words.refused("unknown")
        if not seat.address or not mail.sender or seat.address.lower() != mail.sender.lower():
            return words.refused("not-yours")  # from the seat's own address on file only (it may hold two seats)
        resets = self.kept.setdefault("resets", {})
        asked = resets.get(seat.id)
        if isinstance(asked, dict) and asked.get("period") == self.desk.period:
            if asked.get("mail") == mail.seq:
                return ""  # the same ask again in the same mail: answered once
            self.note("password-asked-again", seq=mail.seq, company=seat.id)
            return words.refused("reset-once")
        secret = passwords.generate()
        resets[seat.id] = {"hash": passwords.hash_password(secret), "secret": secret, "period": self.desk.period,
                           "mail": mail.seq}
        self._write()
        self.note("password-reset", seq=mail.seq, company=seat.id)
        return words.new_password(self.desk.game, seat.id, secret)

    def _reset_by(self, mail: StoredMail) -> Seat | None:
        """The seat this mail made a new password (its answer carries it: proven, since it goes only to the seat's
        address on file, and at most once a seat a period), or ``None``."""
        for sid, asked in self.kept.get("resets", {}).items():
            if isinstance(asked, dict) and asked.get("mail") == mail.seq and asked.get("period") == self.desk.period:
                return self._seat(sid)
        return None

    def sign_in(self, mail: StoredMail, texts: Sequence[str]) -> None:
        """A mail signed with a seat's new password (a PLAYER line, a section's or a command mail's) makes it the
        seat's password now, before any game reads the mail: from then on the old one no longer counts, and the
        orders accepted with it stand (issue 32).  A mail's passwords for a seat are tried against its new one (each
        once, at most ``NEW_PASSWORD_TRIES``: the old one may stand above the new in the same mail), and for a sender
        out of guesses only its own seats': guesses forged from the owner's address never keep the owner's new
        password from counting (a forged flood had locked out a player who had just asked for one)."""
        resets = self.kept.get("resets", {})
        if not resets:
            return
        out = bool(mail.sender) and self.guesses[mail.sender] >= MAX_GUESSES  # out of guesses: its own seat alone
        tried: set[tuple[str, str]] = set()  # each password a seat is signed with, tried once a mail, at most
        for sid, password in signed(list(texts)):  # NEW_PASSWORD_TRIES of them: a mail of many guesses costs few
            asked = resets.get(sid)
            if not isinstance(asked, dict) or self._seat(sid) is None or (sid, password) in tried or \
                    sum(1 for s, _ in tried if s == sid) >= NEW_PASSWORD_TRIES or \
                    (out and sid not in self._own_seats(mail.sender)):
                continue
            tried.add((sid, password))
            if passwords.check_password(password, str(asked.get("hash", ""))):
                self.desk.set_password(sid, str(asked["hash"]), str(asked["secret"]))
                del resets[sid]
                self._write()
                self.note("password-set", seq=mail.seq, company=sid)

    def expire_tokens(self) -> None:
        """The tokens of address changes live for the period they were asked in and the next (call at the start of
        a tick and before each mail)."""
        addresses = self.kept.get("addresses", {})
        now = self.desk.period
        stale = [t for t, a in addresses.items() if isinstance(a, dict) and a.get("period") != now
                 and a.get("expired") not in (None, now)]
        for t in stale:
            del addresses[t]
        aging = [a for a in addresses.values()
                 if isinstance(a, dict) and a.get("period") != now and a.get("expired") is None]
        for a in aging:
            a["expired"] = now  # the period after its own: it dies when this one ends
        if stale or aging:
            self._write()


class Receipts:
    """The receipts of one mail, sent when the mail is done, for every game: one mail to each set of addresses that
    get the same receipts (a seat's address and the sender who gave its password share one), so a sender who
    gave two seats' passwords gets both in one mail; one mail costs each address one reply, unless it holds a
    proven receipt (a section with the right password): that mail is never stopped by a budget nor spends one."""

    def __init__(self, door: FrontDoor, doc: dict[str, Any]):
        self.door, self.doc = door, doc
        self.parts: list[tuple[Outgoing, bool]] = []

    def add(self, out: Outgoing, proven: bool = False) -> str:
        """A receipt to send (its name, as the mail will be named when it goes to these addresses alone);
        ``proven``: the receipt of a section whose password was right (only the real player can cause it)."""
        self.parts.append((replace(out, to=tuple(dict.fromkeys(a.lower() for a in out.to if a))), proven))
        return out.name

    def to(self, address: str) -> bool:
        """Whether ``address`` gets a receipt of this mail."""
        return bool(address) and any(address.lower() in out.to for out, _ in self.parts)

    def send(self) -> list[tuple[str, tuple[int, ...]]]:
        """Queue the receipts; the mails queued, each by its name with the receipts (their order in ``add``) it
        joins."""
        parts: dict[str, list[int]] = {}
        for i, (out, _) in enumerate(self.parts):
            for address in out.to:
                parts.setdefault(address, []).append(i)
        groups: dict[tuple[int, ...], list[str]] = {}
        for address, mine in parts.items():
            groups.setdefault(tuple(mine), []).append(address)
        used: set[str] = set()
        queued: list[tuple[str, tuple[int, ...]]] = []
        for shared, addresses in groups.items():
            first = self.parts[shared[0]][0]
            name = first.name if first.name not in used else f"{first.name}-{len(used) + 1}"
            used.add(name)
            proven = [self.parts[i][0] for i in shared if self.parts[i][1]]
            if self.door.reply(replace(first, name=name, to=tuple(addresses),
                                       body="\n".join(self.parts[i][0].body for i in shared)), self.doc,
                               proven=bool(proven), owners={a for out in proven for a in self.door.owners(out.player)}):
                queued.append((name, shared))
        self.parts = []
        return queued


def screened(door: FrontDoor, mail: StoredMail, doc: dict[str, Any],
             texts: Callable[[], Sequence[str]]) -> str | None:
    """The front door's reading of a mail before its orders: a code when the mail is done with here
    (``automatic``, ``commands``), ``None`` when the game reads its orders."""
    if mail.automatic:  # RFC 3834: no answer to an auto-reply, a list or a bounce (two robots would loop)
        door.note("automatic", seq=mail.seq, sender=mail.sender or "?")
        return "automatic"
    if mail.texts and not mail.headers_only and not mail.meta.get("too_big"):
        door.sign_in(mail, texts())  # a new password used: the game reads the mail with it
        found = door.commands(mail, texts())
        if found is not None:
            doc.update(found)
            return "commands"
    return None


def _digest(address: str) -> str:
    return hashlib.sha256(address.lower().encode("utf-8")).hexdigest()[:16]


def _slug(period: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in period)[:40]
