"""Names of things in the active language, and lines that fit a mail (78 columns, counted in UTF-8 bytes)."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from adjudicator.interurban.tiles import Cell, Tile
from adjudicator.interurban.words.i18n import N_, _

LINE_WIDTH = 72
"""Where text is folded: a mail client that wraps at 72 columns leaves every line whole (issue 35)."""
MAIL_WIDTH = 78
"""No line of a report is longer, in UTF-8 bytes (mail programs count octets)."""

KINDS = {"straight": N_("straight"), "curve": N_("curve"), "simple": N_("station"), "crossing": N_("crossing"),
         "start": N_("start tile")}
COLOURS = {"red": N_("red"), "blue": N_("blue"), "purple": N_("purple"), "green": N_("green"),
           "yellow": N_("yellow"),
           "RED": N_("RED"), "BLUE": N_("BLUE"), "PURPLE": N_("PURPLE"), "GREEN": N_("GREEN"), "YELLOW": N_("YELLOW")}
"""The seed's five colours, and the same as a postal game's seat ids (``RED``: typed in the PLAYER line as it
stands, shown as the reader's colour word, ``rot``); a game's other colour names stand as written."""


def kind(name: str) -> str:
    return _(KINDS[name]) if name in KINDS else name


def colour(name: str) -> str:
    """A seat's colour in the reader's words: ``RED`` and ``red`` are ``rot`` to a German reader."""
    return _(COLOURS[name]) if name in COLOURS else name


def player(name: str, names: Mapping[str, str] | None = None) -> str:
    """A colour, with the player's name when the game has one: ``Ferdi (green)``."""
    if names and names.get(name):
        return _("{name} ({colour})").format(name=names[name], colour=colour(name))
    return colour(name)


def tile_of(kind_: str, value: int, colour_: str = "") -> str:
    """``curve 1``, ``station 3 (red)``, ``crossing 2 (green)``."""
    if colour_:
        return _("{kind} {value} ({colour})").format(kind=kind(kind_), value=value, colour=colour(colour_))
    return _("{kind} {value}").format(kind=kind(kind_), value=value)


def tile(t: Tile) -> str:
    return tile_of(t.kind, t.value, t.colour)


def tiles(ts: Iterable[Tile]) -> str:
    return listing([tile(t) for t in ts]) or _("none")


def cell(c: Cell) -> str:
    return f"({c[0]},{c[1]})"


def line(label: str) -> str:
    return _("line {label}").format(label=label)


def lines(labels: Sequence[str]) -> str:
    """``line 6`` or ``lines 6 and H`` or ``lines 6, H and 5``."""
    if len(labels) == 1:
        return line(labels[0])
    return _("lines {labels}").format(labels=listing(list(labels)))


def listing(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def either(items: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def too_wide(text: str, width: int = MAIL_WIDTH) -> bool:
    return len(text.encode("utf-8")) > width


def cut(text: str, width: int) -> str:
    """``text`` cut to at most ``width`` UTF-8 bytes (a player's line quoted back)."""
    while too_wide(text, width):
        text = text[:-1]
    return text


def fold(text: str, indent: str = "", hang: int = 2, width: int = LINE_WIDTH) -> list[str]:
    """``text`` folded at spaces into lines of ``width`` (narrower where umlauts would make a line too wide)."""
    return list(_folded(text, indent, hang, width))


@lru_cache(maxsize=512)
def _folded(text: str, indent: str, hang: int, width: int) -> tuple[str, ...]:
    """``fold``'s lines, kept for the last texts folded: a move's report, each seat's digest and the receipts of a
    tick fold the same sentences (how to write a move, who is on move) several times."""
    return tuple(_fold(text, indent, hang, width))


def _fold(text: str, indent: str, hang: int, width: int) -> list[str]:
    for w in range(width, width // 2, -1):
        out = textwrap.wrap(text, w, initial_indent=indent, subsequent_indent=indent + " " * hang,
                            break_long_words=False, break_on_hyphens=False) or [indent.rstrip()]
        if not any(too_wide(line_) for line_ in out):
            return out
    return out
