"""Several orders on one line, between commas or semicolons (reading 125).

Players write ``start boston, build boston-2707, 2707-2607`` as they would
write a list; the grammar reads one order a line, and a comma is no part of
any order (a town's name has none, a BUILD's hexes are joined by dashes).  So
a line the grammar refuses is read as several lines where a comma or a
semicolon stands between orders:

* a comma (or semicolon) ends an order when what follows it begins with an
  order's keyword (``START``, ``BUILD``, ``ENTER``, ... in any language);
* after a BUILD order, what follows it is another BUILD line when it is a
  path (no keyword, two points or more joined by dashes): ``BUILD a - b,
  c - d`` are two BUILD lines (a ``BUILD WITH <ID>`` line's head is repeated
  alike);
* a comma at the end of the line is left out;
* any other comma stays where it is, and the line is refused as ever, with
  its hint (``MOVES 1 RED 3, 4``, ``BUILD 0712, 0713``).

A line the grammar reads whole is never split (nothing valid today changes),
nor a line that may hold a password (a PLAYER or GM line).  Each piece keeps
its columns: it is padded with spaces to where it stands in the line, so a
problem points into the line as written.  Pure: text in, text out.
"""

from __future__ import annotations

import re

from adjudicator.dampfross.orders.mistakes_base import LINE_STARTERS, keyword_of
from adjudicator.dampfross.orders.privacy import looks_like_player_line
from adjudicator.dampfross.orders.reader import DASHES, code_of

SEPARATORS = ",;"
"""What may stand between two orders of one line."""

_SEPARATOR = re.compile(f"[{SEPARATORS}]")
_DASH = re.compile(f"[{DASHES}]")


def _first_word(text: str) -> str | None:
    words = text.split()
    return keyword_of(words[0]) if words else None


def _build_head(text: str) -> str:
    """The head of a BUILD line as written (its keyword, and ``WITH <ID>`` after it), or ``""`` when ``text`` is no
    BUILD line (or a BUILD CHEAPEST line, which no path continues)."""
    words = text.split()
    if not words or keyword_of(words[0]) != "BUILD" or (len(words) > 1 and keyword_of(words[1]) == "CHEAPEST"):
        return ""
    if len(words) >= 3 and keyword_of(words[1]) == "WITH":
        return " ".join(words[:3])
    return words[0]


def split_orders(line: str) -> tuple[str, ...]:
    """The orders of ``line`` (its comment left out) where commas or semicolons stand between them, each padded to
    its column in the line (one, when only a comma at the end was left out); ``()`` when no separator ends an
    order, or the line may hold a password."""
    code = code_of(line)
    if not _SEPARATOR.search(code) or looks_like_player_line(code):
        return ()
    cuts = [m.start() for m in _SEPARATOR.finditer(code)]
    spans: list[tuple[int, int, str]] = []  # each order: where it begins and ends, the BUILD head it repeats
    start: int | None = 0
    head, repeated = _build_head(code[:cuts[0]]), ""
    for i, cut in enumerate(cuts):
        end = cuts[i + 1] if i + 1 < len(cuts) else len(code)
        after = code[cut + 1:end]
        if not after.strip() and end == len(code):  # a comma at the end of the line
            spans.append((start or 0, cut, repeated))
            start = None
            break
        if _first_word(after) in LINE_STARTERS:
            spans.append((start or 0, cut, repeated))
            start, head, repeated = cut + 1, _build_head(after), ""
        elif head and _first_word(after) is None and _DASH.search(after):
            spans.append((start or 0, cut, repeated))
            start, repeated = cut + 1, head
    if start is not None:
        spans.append((start, len(code), repeated))
    if len(spans) < 2 and start is not None:
        return ()
    return tuple(_padded(code, a, b, h) for a, b, h in spans)


def _padded(code: str, start: int, end: int, head: str) -> str:
    """The order ``code[start:end]`` at its column: spaces before it, or the BUILD head it repeats and spaces (the
    head always fits: the BUILD line it comes from stands before it)."""
    if head and len(head) < start:
        return head + " " * (start - len(head)) + code[start:end]
    return " " * start + code[start:end]
