"""How wide a line of a mail may be: the one measure every report, receipt, check and map key is held to.

Imports nothing, so the ASCII map and its key use it without loading Jinja.
"""

from __future__ import annotations

LINE_WIDTH = 78
"""Where text is folded."""
MAIL_WIDTH = 80
"""No line of any report, check or receipt is longer (the full-width map goes as an attachment)."""


def too_wide(line: str, width: int = MAIL_WIDTH) -> bool:
    """Whether a line is wider than ``width``, counted in UTF-8 bytes (so also in characters): mail programs
    and tools that count octets see ``Prämien`` as 8 wide."""
    return len(line.encode("utf-8")) > width


def shown_name(name: str, limit: int = 40) -> str:
    """A file name a sender chose, shown (``shown``) and, when longer than ``limit`` characters, cut in the middle
    (``aaaaaaa...aaa.txt``) so a line naming it still fits a mail."""
    text = shown(name)
    return text if len(text) <= limit else text[:limit - 13] + "..." + text[-10:]


def shown(text: str) -> str:
    """``text`` safe to print on a terminal or in a mail: every control character (an escape sequence, a carriage
    return, a line break in a header) and every other unprintable one written as its escape (``\\x1b``,
    ``\\r``, ``\\u202e``), so a sender's subject or file name can neither drive the GM's terminal nor break a
    line of a report."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def cut_to_width(line: str, width: int = MAIL_WIDTH) -> str:
    """A line that holds a sender's unbreakable text (a hint quoting it, a name) cut to ``width`` UTF-8 bytes,
    ending in ``...``; a line that fits is returned as it is."""
    if not too_wide(line, width):
        return line
    out = ""
    for c in line:
        if too_wide(out + c + "...", width):
            break
        out += c
    return out + "..."
