"""The table of a postal game of sequential moves: who sits where, how to reach them, whose move it is, the deadline.

Game-neutral: the game's own state (tiles, lines, money) is the play's
(``kernel/play.py``); the table is what the postal loop needs around it.
Seats are the players' colours or companies (``RED``); each has the
player's name, mail address, language and password hash.  ``moves`` counts
every move made or missed; ``missed`` how many moves in a row each seat has
missed (reading IU-13 of docs/interurban-rules.md); ``corrections`` the GM's
corrections of seats and positions, each printed in the report of the move
after it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from adjudicator.kernel.deadline import Schedule
from adjudicator.kernel.errors import GameFileError
from adjudicator.kernel.passwords import check_password

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
    """The level of the bot that plays this seat (``--player BLUE:bot:careful``; issue 26); ``""``: a player.
    A bot seat has no address and no password: its moves are played by the postal loop (``postal/botseats.py``)."""


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

    def password_ok(self, sid: str, password: str) -> bool:
        seat = self.find(sid)
        return seat is not None and check_password(password, seat.password_hash)

    def missed_by(self, sid: str) -> int:
        return dict(self.missed).get(sid, 0)

    def corrected_before(self) -> tuple[Correction, ...]:
        """The corrections made since the move before the last one: the last move's report prints them."""
        return tuple(c for c in self.corrections if c.move == self.moves - 1)

    def after_move(self, sid: str, missed: bool) -> Table:
        """The table after ``sid``'s move was made (or missed)."""
        counts = dict(self.missed)
        counts[sid] = counts.get(sid, 0) + 1 if missed else 0
        return replace(self, moves=self.moves + 1, missed=tuple(sorted((k, v) for k, v in counts.items() if v)))

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "play": self.play, "game": self.game, "lang": self.lang,
            "commitment": self.commitment, "moves": self.moves,
            "missed": dict(self.missed),
            "schedule": self.schedule.to_json(),
            "seats": [{"id": s.id, "name": s.name, "address": s.address, "password_hash": s.password_hash,
                       "lang": s.lang, **({"bot": s.bot} if s.bot else {})} for s in self.seats],
            **({"corrections": [c.to_json() for c in self.corrections]} if self.corrections else {}),
        }

    @classmethod
    def from_json(cls, doc: Mapping[str, Any], where: str) -> Table:
        """The table of a game file; ``GameFileError`` naming ``where`` and the field when it is not one."""
        try:
            if doc.get("format") != FORMAT:
                raise ValueError(f"format {doc.get('format')!r} (this program reads {FORMAT})")
            seats = tuple(Seat(str(s["id"]), str(s["name"]), str(s["address"]), str(s["password_hash"]),
                               str(s.get("lang", "en")), str(s.get("bot", ""))) for s in doc["seats"])
            missed = doc.get("missed", {})
            if not isinstance(missed, dict) or not all(isinstance(v, int) for v in missed.values()):
                raise ValueError("missed is not a table of counts")
            if not seats or len({s.id for s in seats}) != len(seats):
                raise ValueError("the seats are empty or repeat an id")
            return cls(str(doc["play"]), str(doc["game"]), seats, str(doc.get("lang", "en")),
                       str(doc.get("commitment", "")), Schedule.from_json(dict(doc.get("schedule", {}))),
                       int(doc["moves"]), tuple(sorted(missed.items())),
                       tuple(Correction.from_json(c) for c in doc.get("corrections", [])))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise GameFileError(f"{where}: the table is damaged ({type(exc).__name__}: {exc})") from None

