"""Sections and whole files of orders: a player's section, the GM's, one file parsed, a turn's orders merged.

``OrderSet`` is what the adjudicator reads: one section per player (the
last received), the GM's orders, and every problem and note, positioned.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, TypeAlias, TypeVar

from adjudicator.dampfross.orders.model import (
    GMOrder,
    HoldPressOrder,
    MovesOrder,
    Note,
    OrderProblem,
    PlayerOrder,
    Pos,
    RaceOrder,
    RollOrder,
)
from adjudicator.kernel.problems import NoOrders, Problem


@dataclass(frozen=True)
class Header:
    """A ``GAME`` or ``TURN`` line, kept so that collect can check they agree.

    ``player`` is the section the line was written for (``None`` when no
    PLAYER line followed it); ``value_pos`` points at the value.
    """

    word: Literal["GAME", "TURN"]
    value: str | int
    pos: Pos
    value_pos: Pos
    line_text: str = ""
    player: str | None = None


@dataclass(frozen=True)
class Section:
    """One player's orders: from a ``PLAYER`` line to the next section.

    ``orders`` are in the order written; of two ENTER lines for the same
    race only the last is kept (``parse_orders`` notes the replacement).

    ``player`` is upper case; ``password`` is ``None`` when the PLAYER line
    had none (which is also a problem).  ``game``/``turn`` are the values the
    player's mail named, if any.
    """

    player: str
    password: str | None
    orders: tuple[PlayerOrder, ...]
    pos: Pos
    game: str | None = None
    turn: int | None = None
    end: int = 0  # the last line of the section in its file (0: to the end of the file)

    def holds(self, pos: Pos) -> bool:
        """True when ``pos`` stands inside this section (from its PLAYER line to its last line)."""
        return pos.file == self.pos.file and self.pos.line <= pos.line and (not self.end or pos.line <= self.end)

    def echo(self) -> list[str]:
        """The orders as understood, one line each."""
        return [o.echo() for o in self.orders]


@dataclass(frozen=True)
class GMSection:
    """The GM's orders: the lines after a ``GM`` line (``GM PASSWORD <secret>`` in a player's mail)."""

    orders: tuple[GMOrder, ...]
    pos: Pos
    password: str | None = None
    end: int = 0

    def holds(self, pos: Pos) -> bool:
        """True when ``pos`` stands inside this section."""
        return pos.file == self.pos.file and self.pos.line <= pos.line and (not self.end or pos.line <= self.end)

    @property
    def rolls(self) -> dict[str, int]:
        """Manual rolls by player ID (the last one for a player counts)."""
        return {o.player: o.value for o in self.orders if isinstance(o, RollOrder)}

    @property
    def races(self) -> dict[int, RaceOrder]:
        """The GM's RACE lines by race number (the last one for a race counts)."""
        return {o.number: o for o in self.orders if isinstance(o, RaceOrder)}

    @property
    def moves(self) -> dict[tuple[int, str], tuple[int, ...]]:
        """Movement rolls by (race, player ID) (the last MOVES line for a pair counts)."""
        return {(o.race, o.player): o.values for o in self.orders if isinstance(o, MovesOrder)}

    @property
    def held_press(self) -> frozenset[str]:
        """The companies whose press of this turn the GM holds back (``HOLD PRESS <ID>``)."""
        return frozenset(o.player for o in self.orders if isinstance(o, HoldPressOrder))


@dataclass(frozen=True)
class Refusal:
    """A section that does not count: for ``player`` (``None``: a GM section), where, and why.

    ``why`` is a ``NoOrders`` problem for a player's section (wrong or no
    password, another turn), ``None`` for a GM section that is not the GM's.
    """

    player: str | None
    pos: Pos
    end: int
    why: Problem[NoOrders] | None = None

    def holds(self, pos: Pos) -> bool:
        return pos.file == self.pos.file and self.pos.line <= pos.line and (not self.end or pos.line <= self.end)


@dataclass(frozen=True)
class ParsedFile:
    """What one order file says, before merging and before the map is consulted.

    ``sections`` and ``gm_sections`` are in file order (a player may appear
    twice; ``collect`` keeps the last).  ``headers`` lists every GAME/TURN
    line; their agreement is checked by ``collect``.
    """

    filename: str
    sections: tuple[Section, ...] = ()
    gm_sections: tuple[GMSection, ...] = ()
    headers: tuple[Header, ...] = ()
    problems: tuple[OrderProblem, ...] = ()
    notes: tuple[Note, ...] = ()
    prose: tuple[tuple[int, str], ...] = ()  # the lines left out as no orders (greetings, a question), as written


@dataclass(frozen=True)
class OrderSet:
    """The orders of one turn from every file: what the adjudicator reads.

    As ``collect`` returns it, ``sections`` and ``gm_sections`` hold every
    section in reading order, whoever wrote it.  Once the passwords are
    checked (``adjudicator.dampfross.orders.translate.settle_orders``) ``sections``
    holds one section per player (the last one with the right password),
    ``gm`` the GM's orders merged from the GM's own sections, and
    ``refusals`` the sections that do not count.  ``problems`` and ``notes``
    are sorted by file (in reading order), line and column.  ``places`` names
    the files that came by mail (``MailPlace``).
    """

    game: str | None = None
    turn: int | None = None
    sections: tuple[Section, ...] = ()
    gm: GMSection | None = None
    problems: tuple[OrderProblem, ...] = ()
    notes: tuple[Note, ...] = ()
    files: tuple[str, ...] = ()
    gm_sections: tuple[GMSection, ...] = ()
    refusals: tuple[Refusal, ...] = ()
    places: tuple[MailPlace, ...] = ()

    def section(self, player: str) -> Section | None:
        """The player's section (the last one, before passwords are checked); ID compared case-insensitively."""
        key = player.upper()
        return next((s for s in reversed(self.sections) if s.player == key), None)

    def refusals_for(self, player: str) -> tuple[Refusal, ...]:
        """Sections naming ``player`` that did not count (the player is told, the orders are not shown)."""
        return tuple(r for r in self.refusals if r.player == player.upper())

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(s.player for s in self.sections)

    @property
    def ok(self) -> bool:
        """True when there is no problem at all."""
        return not self.problems

    def notes_for(self, player: str) -> tuple[Note, ...]:
        """The notes that stand inside the player's section."""
        section = self.section(player)
        if section is None:
            return ()
        return tuple(n for n in self.notes if section.holds(n.pos))

    def problems_for(self, section: str | None) -> tuple[OrderProblem, ...]:
        """The problems of one section (player ID, ``"GM"``, or ``None`` for outside any)."""
        key = section.upper() if section else None
        return tuple(p for p in self.problems if p.section == key)


MailPlace: TypeAlias = tuple[str, str, str]
"""Where an order file came from when it came by mail: its name in the run, the mail's arrival (ISO 8601,
in the game's time zone) and the attachment's name ("" for the mail's text).  Reports name such a file
"your mail of 21 Nov 18:02" instead of its name.  Without an arrival, the GM's order file a company's section
came in (``adjudicate run``): its name in the run (the company's id) and the file's name, which the reports
give instead (``turn2-nob.orders:6:1``)."""

_Positioned = TypeVar("_Positioned", OrderProblem, Note)


def sort_by_position(items: Iterable[_Positioned], file_order: dict[str, int]) -> list[_Positioned]:
    """Problems or notes sorted by file (in reading order), line and column."""
    return sorted(items, key=lambda x: (file_order.get(x.pos.file, -1), x.pos.line, x.pos.column))


GM_SECTION = "GM"
"""The ``section`` name problems in the GM's section carry."""
