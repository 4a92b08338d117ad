"""Text a player chose, shown safely wherever it reaches a terminal, a report, a mail or a page: the same for every
game.

Players are adversaries, and whatever they write is quoted back somewhere: an
order line under its problem, a word in a hint, press in the public report, a
mail's subject or an attachment's name in a receipt, the GM's ``check`` and
``report`` on a terminal.  ``shown`` writes every character that could drive
a terminal or deceive a reader as its escape (``\\x1b``, ``\\u202e``), so it is
seen, not obeyed:

* control characters, C0 and C1, and DEL (Unicode category ``Cc``): an escape
  sequence (``ESC ] 0 ; title BEL`` sets the title of the GM's terminal,
  ``ESC [ 2 J`` clears it), a carriage return that writes over a line, a line
  break in a header.  A caller that keeps the lines of a text (press, a whole
  report) names the line break, and the tab where it is kept, in ``keep``;
* every format character (``Cf``): the bidi embeddings, overrides and isolates
  (U+202A-202E, U+2066-2069), the marks (U+200E, U+200F, U+061C), which reorder
  what stands around them (a right-to-left override in press printed its
  line backwards in everybody's report); and the invisible ones: zero-width
  space, word joiner, byte order mark, soft hyphen, the tag characters.  The
  zero-width joiners (U+200C, U+200D) are escaped too, a judgement: they make
  two names that look the same differ, and the scripts and emoji sequences that
  need them are rare in a game's mail (``docs/hardening.md``);
* the line and paragraph separators (U+2028, U+2029), which some programs take
  for a line break; surrogates (a mail's undecodable bytes as the parser left
  them), private-use and unassigned code points: nothing a reader could see.

Kept as they are: everything printable, and the blanks other than the space
(no-break space, ideographic space), which look like a space and are ordinary
in French or Japanese text.  A backslash is kept too, so ordinary text is never
changed (the golden reports stay byte for byte); ``shown`` of shown text is the
same text.

Mail width is counted in UTF-8 bytes throughout the project, never less than
the display columns (a wide Japanese character is 3 bytes and 2 columns), so a
line held to 80 bytes fits 80 columns.  ``cut`` and ``shown_name`` hold a
sender's text to a number of bytes.
"""

from __future__ import annotations

import unicodedata

_HIDDEN = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))
"""The Unicode categories written as escapes."""
MARK = "..."
"""Where text is left out."""


def hidden(c: str) -> bool:
    """Whether the character ``c`` is written as its escape (a control, format, separator, surrogate, private or
    unassigned one)."""
    return unicodedata.category(c) in _HIDDEN


def _escape(c: str) -> str:
    return c.encode("unicode_escape").decode("ascii")


def shown(text: str, keep: str = "") -> str:
    """``text`` with every hidden character written as its escape, but those of ``keep`` (``"\\n"`` for a text of
    several lines, ``"\\n\\t"`` to keep its tabs too); ordinary text comes back as it is."""
    if text.isprintable():
        return text
    if "\n" in keep:  # line by line: most lines of a report are printable, and so passed at once
        return "\n".join(_shown_line(line, keep) for line in text.split("\n"))
    return _shown_line(text, keep)


def _shown_line(text: str, keep: str) -> str:
    if text.isprintable():
        return text
    return "".join(_escape(c) if c not in keep and hidden(c) else c for c in text)


def width(text: str) -> int:
    """How wide ``text`` is in a mail: its UTF-8 bytes."""
    return len(text.encode("utf-8", "surrogatepass"))


def cut(text: str, limit: int) -> str:
    """``text`` held to ``limit`` bytes: when longer, cut at the end and marked ``...``."""
    if width(text) <= limit:
        return text
    return _head(text, limit - len(MARK)) + MARK


def cut_middle(text: str, limit: int, tail: int = 10) -> str:
    """``text`` held to ``limit`` bytes: when longer, cut in the middle (``aaaaaaa...aaa.txt``), its last ``tail``
    bytes or so kept (a file name's extension)."""
    if width(text) <= limit:
        return text
    end = _head(text[::-1], tail)[::-1]
    return _head(text, limit - len(MARK) - width(end)) + MARK + end


def shown_name(name: str, limit: int = 40) -> str:
    """A name a sender chose (an attachment's file name), shown and held to ``limit`` bytes, cut in the middle, so
    that a line naming it still fits a mail."""
    return cut_middle(shown(name), limit)


def _head(text: str, limit: int) -> str:
    """The longest start of ``text`` within ``limit`` bytes."""
    used = 0
    for i, c in enumerate(text):
        used += width(c)
        if used > limit:
            return text[:i]
    return text
