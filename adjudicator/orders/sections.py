"""Sections and whole files of orders: a player's section, the GM's, one file parsed, a turn's orders merged.

``OrderSet`` is what the adjudicator reads: one section per player (the
last received), the GM's orders, and every problem and note, positioned.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, TypeVar

from adjudicator.orders.model import (
    GMOrder,
    MovesOrder,
    Note,
    OrderProblem,
    PlayerOrder,
    Pos,
    RaceOrder,
    RollOrder,
)


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

    def echo(self) -> list[str]:
        """The orders as understood, one line each."""
        return [o.echo() for o in self.orders]


@dataclass(frozen=True)
class GMSection:
    """The GM's orders: the lines after a ``GM`` line."""

    orders: tuple[GMOrder, ...]
    pos: Pos

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


@dataclass(frozen=True)
class OrderSet:
    """The orders of one turn, merged from every file: what the adjudicator reads.

    ``sections`` holds one section per player (the last one received),
    in the order the players' final sections were read.  ``problems`` and
    ``notes`` are sorted by file (in reading order), line and column.
    """

    game: str | None = None
    turn: int | None = None
    sections: tuple[Section, ...] = ()
    gm: GMSection | None = None
    problems: tuple[OrderProblem, ...] = ()
    notes: tuple[Note, ...] = ()
    files: tuple[str, ...] = ()

    def section(self, player: str) -> Section | None:
        """The section of a player (ID compared case-insensitively)."""
        key = player.upper()
        return next((s for s in self.sections if s.player == key), None)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(s.player for s in self.sections)

    @property
    def ok(self) -> bool:
        """True when there is no problem at all."""
        return not self.problems

    def notes_for(self, player: str) -> tuple[Note, ...]:
        """The notes that stand inside the player's section (up to the next PLAYER or GM line of its file)."""
        section = self.section(player)
        if section is None:
            return ()
        starts = sorted(s.pos.line for s in self.sections if s.pos.file == section.pos.file)
        if self.gm and self.gm.pos.file == section.pos.file:
            starts = sorted([*starts, self.gm.pos.line])
        end = next((line for line in starts if line > section.pos.line), None)
        return tuple(n for n in self.notes if n.pos.file == section.pos.file and section.pos.line <= n.pos.line
                     and (end is None or n.pos.line < end))

    def problems_for(self, section: str | None) -> tuple[OrderProblem, ...]:
        """The problems of one section (player ID, ``"GM"``, or ``None`` for outside any)."""
        key = section.upper() if section else None
        return tuple(p for p in self.problems if p.section == key)


_Positioned = TypeVar("_Positioned", OrderProblem, Note)


def sort_by_position(items: Iterable[_Positioned], file_order: dict[str, int]) -> list[_Positioned]:
    """Problems or notes sorted by file (in reading order), line and column."""
    return sorted(items, key=lambda x: (file_order.get(x.pos.file, -1), x.pos.line, x.pos.column))


GM_SECTION = "GM"
"""The ``section`` name problems in the GM's section carry."""
