"""The table of a postal game of sequential moves: who sits where, how to reach them, whose move it is, the deadline.

Game-neutral: the game's own state (tiles, lines, money) is the play's
(``kernel/play.py``); the table is what the postal loop needs around it.
Seats are the players' colours or companies (``RED``); each has the
player's name, mail address, language and password hash.  ``moves`` counts
every move made or missed; ``missed`` how many moves in a row each seat has
missed (reading IU-13 of docs/interurban-rules.md); ``corrections`` the GM's
corrections of seats and positions, each printed in the report of the move
after it.  The caretaker (issue 26, readings IU-18 and IU-19): the game's
setting (``caretaker_after`` missed moves in a row hand a seat to a bot of
``caretaker_level``) and, per seat, whether the caretaker plays it and from
which move (``Seat.caretaker``, ``Seat.caretaker_from``).  In a game of
simultaneous turns (several seats ``to_act``, ``kernel/play.py``) ``moves``
counts the periods resolved and ``orders`` holds each seat's accepted orders
of the period on hand (``Accepted``: the last section with the right password
counts), secret until the period is resolved.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from adjudicator.kernel.deadline import Schedule
from adjudicator.kernel.errors import GameFileError
from adjudicator.kernel.passwords import check_password, well_formed

FORMAT = 1
"""The version of the table's JSON."""


@dataclass(frozen=True)
class Seat:
    """One player's place at the table."""

    id: str
    name: str
    address: str
    password_hash: str
    lang: str = "en"
    bot: str = ""
    """The level of the bot that plays this seat (``--player BLUE:bot=careful``; issues 26, 33); ``""``: a player.
    A bot seat has no address and no password: its moves are played by the postal loop (``postal/botseats.py``)."""
    caretaker: str = ""
    """The level of the caretaker that plays this player's seat now (IU-18); ``""``: the player plays it."""
    caretaker_from: int = 0
    """The first move the caretaker played for this seat since it took it over; 0: none yet."""

    @property
    def played_by(self) -> str:
        """The level of the bot that plays the seat now, a bot seat's or the caretaker's; ``""``: its player."""
        return self.bot or self.caretaker


@dataclass(frozen=True)
class Correction:
    """A GM's correction (``adjudicate fix``), printed in the report of the next move."""

    move: int
    """The moves made when it was made: the report of move ``move + 1`` prints it."""
    what: tuple[str, ...]
    """What was corrected: ``name``, ``address``, ``lang``, ``password`` of ``seat``, or ``position``."""
    seat: str = ""
    why: str = ""
    by: str = "GM"

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move, "what": list(self.what), "seat": self.seat, "why": self.why, "by": self.by}

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Correction:
        return cls(int(doc["move"]), tuple(str(w) for w in doc["what"]), str(doc.get("seat", "")),
                   str(doc.get("why", "")), str(doc.get("by", "GM")))


Moves = tuple[tuple[tuple[str, ...], ...], ...]
"""Moves sent ahead: for each next move of the seat, its alternatives in order, each the lines of a move."""


@dataclass(frozen=True)
class SentAhead:
    """A seat's moves sent ahead (issue 27, readings IU-20 to IU-24): secret, played at once when its move comes."""

    mail: str
    """The mail that sent them (its key in the inbox)."""
    moves: Moves

    def to_json(self) -> dict[str, Any]:
        return {"mail": self.mail, "moves": [[list(alt) for alt in move] for move in self.moves]}

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> SentAhead:
        return cls(str(doc["mail"]), tuple(tuple(tuple(str(line) for line in alt) for alt in move)
                                           for move in doc["moves"]))


@dataclass(frozen=True)
class Accepted:
    """A seat's orders accepted for the period on hand (a game of simultaneous turns): the section's lines as
    sent, each with its number in the mail, read again by the play when the period is resolved; secret until
    then."""

    mail: str
    """The mail that sent them (its key in the inbox)."""
    line: int
    """The section's PLAYER line in that mail."""
    lines: tuple[str, ...]
    numbers: tuple[int, ...] = ()
    """Each line's number in the mail, so what the play says of a line names it as the mail had it; ``()``: numbered
    from 1 (a bot's orders, an order file of the GM's, a game kept before the numbers were)."""
    arrived: str = ""
    """When the mail arrived (ISO), for a play that names a line by its mail (``kernel/play.py: ReadsMail``);
    ``""``: no mail, or a game kept before."""
    file: str = ""
    """The name of the GM's order file the section came in (``adjudicate run``), for a play that names a line by
    its file (``kernel/play.py: ReadsFile``); ``""``: a mail, a bot's orders, or a game kept before the name was."""

    def numbered(self) -> list[tuple[int, str]]:
        """The lines with their numbers, as the play reads a section's body."""
        if len(self.numbers) == len(self.lines):
            return list(zip(self.numbers, self.lines, strict=True))
        return list(enumerate(self.lines, 1))

    def to_json(self) -> dict[str, Any]:
        return {"mail": self.mail, "line": self.line, "lines": list(self.lines),
                **({"numbers": list(self.numbers)} if self.numbers else {}),
                **({"arrived": self.arrived} if self.arrived else {}), **({"file": self.file} if self.file else {})}

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Accepted:
        return cls(str(doc["mail"]), int(doc["line"]), tuple(str(line) for line in doc["lines"]),
                   tuple(int(n) for n in doc.get("numbers", ())), str(doc.get("arrived", "")), str(doc.get("file", "")))


@dataclass(frozen=True)
class Table:
    """Everything around a game's state that the postal loop reads and keeps."""

    play: str
    game: str
    seats: tuple[Seat, ...]
    lang: str = "en"
    commitment: str = ""
    """SHA-256 of the shuffle's seed, published at the start; the seed itself at the end."""
    schedule: Schedule = field(default_factory=Schedule)
    moves: int = 0
    missed: tuple[tuple[str, int], ...] = ()
    corrections: tuple[Correction, ...] = ()
    caretaker_after: int = 0
    """After this many missed moves in a row a player's seat goes to the caretaker (``new --caretaker-after``);
    0: never."""
    caretaker_level: str = ""
    """The level of the caretaker's bot (``new --caretaker-level``)."""
    ahead: tuple[tuple[str, SentAhead], ...] = ()
    """Each seat's moves sent ahead, by seat (only seats that have some); the GM's, never shown to another
    player (``postal/ahead.py``)."""
    orders: tuple[tuple[str, Accepted], ...] = ()
    """The orders accepted for the period on hand, by seat (a game of simultaneous turns; ``postal/periods.py``);
    the GM's, never shown to another player before the period is resolved."""
    gm: Accepted | None = None
    """The GM's own section accepted for the period on hand (``postal/gmsection.py``: manual dice, a ruling), secret
    as the seats' orders are."""
    gm_password_hash: str = ""
    """The GM's password, which opens his section in a mail (``PLAYER GM PASSWORD ...``); ``""``: the game has none
    (its play reads no GM section)."""

    @property
    def seat_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.seats)

    def seat(self, sid: str) -> Seat:
        for s in self.seats:
            if s.id == sid:
                return s
        raise KeyError(sid)

    def find(self, text: str) -> Seat | None:
        """The seat a player named (any case), or ``None``."""
        wanted = text.strip().upper()
        return next((s for s in self.seats if s.id == wanted), None)

    def gm_ok(self, password: str) -> bool:
        """Whether ``password`` is the GM's (never when the game has no GM password)."""
        return bool(self.gm_password_hash) and check_password(password, self.gm_password_hash)

    def password_ok(self, sid: str, password: str) -> bool:
        seat = self.find(sid)
        return seat is not None and check_password(password, seat.password_hash)

    def missed_by(self, sid: str) -> int:
        return dict(self.missed).get(sid, 0)

    def corrected_before(self) -> tuple[Correction, ...]:
        """The corrections made since the move before the last one: the last move's report prints them."""
        return tuple(c for c in self.corrections if c.move == self.moves - 1)

    def accepted(self, sid: str) -> Accepted | None:
        """The orders ``sid`` has accepted for the period on hand, or ``None``."""
        return dict(self.orders).get(sid)

    def with_orders(self, sid: str, accepted: Accepted | None) -> Table:
        """The table with ``sid``'s accepted orders replaced (``None``: it has none)."""
        kept = {k: v for k, v in self.orders if k != sid}
        if accepted is not None:
            kept[sid] = accepted
        return replace(self, orders=tuple(sorted(kept.items())))

    def public(self) -> Table:
        """The table as a player's mail may tell of it: which seats have orders in for the period on hand (not
        secret: a status names who has sent, never what), each an ``Accepted`` without its mail, line and lines
        (secret until the period is resolved); no GM section."""
        if not self.orders and self.gm is None:
            return self
        return replace(self, orders=tuple((sid, Accepted("", 0, ())) for sid, _ in self.orders), gm=None)

    def after_period(self, acted: tuple[str, ...], missed: tuple[str, ...]) -> Table:
        """The table after a period of several seats was resolved: ``acted`` the seats that had to act,
        ``missed`` those of them that sent nothing (their counts of missed periods in a row); a seat the caretaker
        plays whose orders it accepted played the period by the caretaker (IU-18: the seat stays the caretaker's
        until its player mails); the accepted orders (and the GM's) are spent."""
        table = self
        for sid in acted:
            cared = bool(self.seat(sid).caretaker) and sid not in missed and self.accepted(sid) is not None
            table = replace(table, moves=self.moves).after_move(sid, sid in missed, cared)  # the period's number
        return replace(table, moves=self.moves + 1, orders=(), gm=None)

    def after_move(self, sid: str, missed: bool, caretaker: bool = False) -> Table:
        """The table after ``sid``'s move was made (or missed); ``caretaker``: the caretaker played it.

        A player's seat that has now missed ``caretaker_after`` moves in a row goes to the caretaker (IU-18);
        the first move the caretaker plays is noted as the one it plays the seat from; a move its player made
        leaves no caretaker."""
        counts = dict(self.missed)
        counts[sid] = counts.get(sid, 0) + 1 if missed else 0
        seat = self.seat(sid)
        if caretaker:
            seat = replace(seat, caretaker_from=seat.caretaker_from or self.moves + 1)
        elif not missed:
            seat = replace(seat, caretaker="", caretaker_from=0)
        elif 0 < self.caretaker_after <= counts[sid] and not seat.played_by:
            seat = replace(seat, caretaker=self.caretaker_level, caretaker_from=0)
        return replace(self, moves=self.moves + 1, missed=tuple(sorted((k, v) for k, v in counts.items() if v)),
                       seats=tuple(seat if s.id == sid else s for s in self.seats))

    def with_caretaker(self, sid: str, level: str) -> Table:
        """The table with ``sid``'s seat handed to the caretaker at ``level`` (``""``: back to its player, who
        starts again with no missed moves)."""
        seats = tuple(replace(s, caretaker=level, caretaker_from=0) if s.id == sid else s for s in self.seats)
        counts = dict(self.missed) if level else {k: v for k, v in self.missed if k != sid}
        return replace(self, seats=seats, missed=tuple(sorted(counts.items())))

    def sent_ahead(self, sid: str) -> SentAhead | None:
        """The moves ``sid`` sent ahead, or ``None``."""
        return dict(self.ahead).get(sid)

    def with_ahead(self, sid: str, sent: SentAhead | None) -> Table:
        """The table with ``sid``'s moves sent ahead replaced (``None`` or no moves: it has none)."""
        kept = {k: v for k, v in self.ahead if k != sid}
        if sent is not None and sent.moves:
            kept[sid] = sent
        return replace(self, ahead=tuple(sorted(kept.items())))

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "play": self.play, "game": self.game, "lang": self.lang,
            "commitment": self.commitment, "moves": self.moves,
            "missed": dict(self.missed),
            "schedule": self.schedule.to_json(),
            "seats": [{"id": s.id, "name": s.name, "address": s.address, "password_hash": s.password_hash,
                       "lang": s.lang, **({"bot": s.bot} if s.bot else {}),
                       **({"caretaker": s.caretaker, "caretaker_from": s.caretaker_from} if s.caretaker else {})}
                      for s in self.seats],
            **({"corrections": [c.to_json() for c in self.corrections]} if self.corrections else {}),
            **({"caretaker": {"after": self.caretaker_after, "level": self.caretaker_level}}
               if self.caretaker_after else {}),
            **({"ahead": {sid: sent.to_json() for sid, sent in self.ahead}} if self.ahead else {}),
            **({"orders": {sid: accepted.to_json() for sid, accepted in self.orders}} if self.orders else {}),
            **({"gm": self.gm.to_json()} if self.gm is not None else {}),
            **({"gm_password_hash": self.gm_password_hash} if self.gm_password_hash else {}),
        }

    @classmethod
    def from_json(cls, doc: Mapping[str, Any], where: str) -> Table:
        """The table of a game file; ``GameFileError`` naming ``where`` and the field when it is not one."""
        try:
            if doc.get("format") != FORMAT:
                raise ValueError(f"format {doc.get('format')!r} (this program reads {FORMAT})")
            seats = tuple(Seat(str(s["id"]), str(s["name"]), str(s["address"]), str(s["password_hash"]),
                               str(s.get("lang", "en")), str(s.get("bot", "")), str(s.get("caretaker", "")),
                               int(s.get("caretaker_from", 0))) for s in doc["seats"])
            caretaker = doc.get("caretaker", {"after": 0, "level": ""})
            missed = doc.get("missed", {})
            if not isinstance(missed, dict) or not all(isinstance(v, int) for v in missed.values()):
                raise ValueError("missed is not a table of counts")
            if not seats or len({s.id for s in seats}) != len(seats):
                raise ValueError("the seats are empty or repeat an id")
            bad = [s.id for s in seats if s.password_hash and not well_formed(s.password_hash)]
            if bad or (doc.get("gm_password_hash") and not well_formed(str(doc["gm_password_hash"]))):
                raise ValueError(f"the password hash of {bad[0] if bad else 'the GM'} is not one this program writes")
            return cls(str(doc["play"]), str(doc["game"]), seats, str(doc.get("lang", "en")),
                       str(doc.get("commitment", "")), Schedule.from_json(dict(doc.get("schedule", {}))),
                       int(doc["moves"]), tuple(sorted(missed.items())),
                       tuple(Correction.from_json(c) for c in doc.get("corrections", [])),
                       int(caretaker["after"]), str(caretaker["level"]),
                       ahead=tuple(sorted((str(k), SentAhead.from_json(v)) for k, v in doc.get("ahead", {}).items())),
                       orders=tuple(sorted((str(k), Accepted.from_json(v)) for k, v in doc.get("orders", {}).items())),
                       gm=Accepted.from_json(doc["gm"]) if doc.get("gm") is not None else None,
                       gm_password_hash=str(doc.get("gm_password_hash", "")))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise GameFileError(f"{where}: the table is damaged ({type(exc).__name__}: {exc})") from None

