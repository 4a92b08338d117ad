"""Mail clutter, read the same for every game: quoted lines, mail headers pasted into the text, a reply's
attribution line, and a signature.

A player's mail holds more than orders: the quoted report he answers, an
``On Tue, ... Anna wrote:`` line above it, a pasted ``From:``/``Betreff:``
header, a signature under ``-- ``.  These are blanked (never removed, so line
numbers stay the player's); what remains is orders, commands or prose
(greetings and sign-offs), which only the game can tell apart
(``kernel/commands.py``, ``kernel/envelope.py`` and Dampfross's
``orders/parse.py`` each ask the game which lines are orders).
"""

from __future__ import annotations

import re

SIGNATURE = re.compile(r"^(?:--\s*|-{3,}\s*(?:original message|ursprüngliche nachricht)\s*-{3,}\s*)$", re.IGNORECASE)
"""A signature's first line (``-- ``, or ``--`` as mail programs often drop the space), or a forwarded mail's."""
QUOTED = re.compile(r"^\s*>")
ATTRIBUTION = re.compile(r"\b(?:wrote|writes|schrieb|schreibt|a écrit)\b.*:\s*$", re.IGNORECASE)
"""A mail program's line before a quoted mail: ``On Tue, 24 Nov 2026, X wrote:``, ``Am 24.11.2026 schrieb X:``."""
ATTRIBUTION_START = re.compile(r"^\s*(?:on|am|le)\s", re.IGNORECASE)
"""How an attribution begins; a long one is wrapped (``On Tue, ..., X <x@example.org>`` / ``wrote:``)."""
MAIL_HEADER = re.compile(
    r"^(from|to|cc|bcc|subject|date|sent|reply-to|von|an|kopie|betreff|datum|gesendet)\s*:\s",
    re.IGNORECASE,
)
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
MAX_LINES = 1000
"""The most lines of one text read (an order mail has a few dozen)."""


def split_lines(text: str) -> list[str]:
    """The lines of a text as an editor numbers them (``\\r\\n``, ``\\n`` or a lone ``\\r``; a BOM dropped)."""
    return _LINE_BREAK.split(text.removeprefix("\ufeff"))


def blank_quotes(lines: list[str]) -> list[str]:
    """The lines with quoted lines, pasted mail headers and a reply's attribution line blanked."""
    out = ["" if QUOTED.match(line) or MAIL_HEADER.match(line) else line for line in lines]
    for n, line in enumerate(out):
        if not line.rstrip().endswith(":") or not _quote_follows(lines, n + 1):
            continue  # an attribution (or its wrapped last half) ends with a colon: the rest are not asked
        wrapped = n > 0 and not ATTRIBUTION_START.match(line) and bool(ATTRIBUTION_START.match(out[n - 1]))
        if ATTRIBUTION.search(line):
            out[n] = ""
            if wrapped:  # "wrote:" alone: the line before is the attribution's first half
                out[n - 1] = ""
        elif wrapped and ATTRIBUTION.search(out[n - 1] + " " + line):  # "... schrieb X" / "<x@example.org>:"
            out[n - 1] = out[n] = ""
    return out


def _quote_follows(lines: list[str], start: int) -> bool:
    """Whether the next line that is not blank (a mail program may leave one) is quoted, or there is none."""
    for line in lines[start:]:
        if line.strip():
            return bool(QUOTED.match(line))
    return True


def clutter_free(text: str, most: int = MAX_LINES) -> list[tuple[int, str]]:
    """The lines that are neither clutter nor blank, numbered from 1, stripped; nothing after a signature line."""
    out = []
    for number, line in enumerate(blank_quotes(split_lines(text)[:most]), 1):
        if SIGNATURE.match(line):
            break
        if line.strip():
            out.append((number, line.strip()))
    return out
