"""A player's line quoted back under a problem, with a caret under the column: the same for every game.

::

    Mail line 5, column 3: "STRAIGT" is not understood. Did you mean STRAIGHT?
        6 STRAIGT 1
          ^

Control and bidi characters are written as escapes (``kernel.shown``: so
they neither drive a terminal nor reorder or shift the line above the
caret), tabs are kept in the caret's line (so it lines up under the
player's text), and a line too wide for a mail is cut
down around the column, marked with ``...``.  The words around it are the
game's; this module writes none.
"""

from __future__ import annotations

from adjudicator.kernel.shown import shown
from adjudicator.kernel.shown import width as text_width

QUOTE_WIDTH = 72
"""The most characters of the player's line quoted with a problem (4 spaces in front: 76 columns)."""
INDENT = "    "


def window(text: str, column: int, width: int = QUOTE_WIDTH) -> tuple[str, int]:
    """A player's line as quoted under a problem: control and bidi characters written as escapes (tabs kept), and
    a line wider than ``width`` (counted in UTF-8 bytes) cut down around the column, marked with ``...``.
    Returns the text and the caret's column in it."""
    pieces = [shown(c, "\t") for c in text]
    at = min(max(column - 1, 0), len(pieces))
    if text_width("".join(pieces)) <= width:
        return "".join(pieces), sum(len(x) for x in pieces[:at]) + 1
    room = width - 6  # the two marks
    start = end = at
    used = 0
    while True:  # grow the window around the column, one piece left and one right, while it fits
        grown = False
        for side in (-1, 1):
            k = start - 1 if side < 0 else end
            if 0 <= k < len(pieces) and used + text_width(pieces[k]) <= room:
                used += text_width(pieces[k])
                start, end = (k, end) if side < 0 else (start, k + 1)
                grown = True
        if not grown:
            break
    head = "..." if start else ""
    tail = "..." if end < len(pieces) else ""
    return head + "".join(pieces[start:end]) + tail, len(head) + sum(len(x) for x in pieces[start:at]) + 1


def caret_lines(text: str, column: int, indent: str = INDENT, width: int = QUOTE_WIDTH) -> list[str]:
    """The player's line (trailing blanks dropped) and a caret under ``column`` (1-based), each after
    ``indent``; none when the line is empty."""
    shown, at = window(text.rstrip(), column, width)
    if not shown:
        return []
    lead = "".join(c if c == "\t" else " " for c in shown[: max(at - 1, 0)])
    return [indent + shown, indent + lead + "^"]
