"""Mail clutter, read the same for every game: quoted lines, mail headers pasted into the text, a reply's
attribution line, a signature, and the mail a reply quotes (issue 32).

A player's mail holds more than orders: the quoted report he answers, an
``On Tue, ... Anna wrote:`` line above it, a pasted ``From:``/``Betreff:``
header, a signature under ``-- ``.  These are blanked (never removed, so line
numbers stay the player's); what remains is orders, commands or prose
(greetings and sign-offs), which only the game can tell apart
(``kernel/commands.py``, ``kernel/envelope.py`` and Dampfross's
``orders/parse.py`` each ask the game which lines are orders).

**Quoted material is never an order.**  Most mail programs quote the mail a
reply answers below the reply, and not all of them mark its lines with ``>``.
Reading stops for good (every line from there on is blanked) where the quoted
mail begins (``quote_start``):

* a reply header: Outlook's ``-----Original Message-----``
  (``-----Ursprüngliche Nachricht-----``), anywhere; Outlook's header block
  (``From:``/``Sent:``/``To:``/``Subject:``, German
  ``Von:``/``Gesendet:``/``An:``/``Betreff:``, GMX's ``Gesendet:``/``Von:``, French
  ``De :``/``Envoyé :``, Dutch ``Van:``/``Verzonden:``, Czech ``Od:``/``Odesláno:``):
  three header lines in a row, one of them a From,
  with the line of underscores Outlook on the web and Outlook for phones put
  above it; an attribution (``On 4 Dec 2026, at 09:00, X wrote:``, ``On 12/4/26
  9:00 AM, X wrote:``, ``Am 04.12.2026 um 09:00 schrieb X:``, also wrapped over
  two lines) followed by the quote without ``>``; a phone's sign-off (``Sent
  from my iPhone``, ``Von meinem iPhone gesendet``) with the quoted mail below
  it.  Each of these but the Outlook separator stops the reading only below
  some text of the mail's own: a mail saved with its headers on top, or that
  is nothing but a quote, is read as before;
* the quote marked with ``>`` (and its attribution line) when nothing of the
  player's follows it: a reply written above the quote;
* the line the platform names (``cut``): the robot's own mail, quoted below
  the mail's orders and found by its lines, with the header block above it in
  any language (``sent_quote``; the outbox is the platform's,
  ``postal/quoted.py``).

What a player writes on purpose is still read: ``>`` lines with his text
below them (a reply written under the quote, or between its lines) are
blanked and the reading goes on; a single header line among the orders
(``Subject: my orders``) is blanked, nothing more; a forwarded mail
(``---------- Forwarded message ---------``, ``Begin forwarded message:``, or
an Outlook block whose subject begins ``FW:``/``WG:``) is read, its header
lines blanked.  ``quoted_from`` gives the line a receipt names ("the quoted
mail from line 14 on was not read"): a code and a number, the words are the
games' report layers'.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence

SIGNATURE = re.compile(r"^--\s*$")
"""A signature's first line (``-- ``, or ``--`` as mail programs often drop the space)."""
QUOTED = re.compile(r"^\s*>")
ATTRIBUTION = re.compile(r"\b(?:wrote|writes|schrieb|schreibt|a écrit|schreef|geschreven|napsal\w*)\b.*:\s*$",
                         re.IGNORECASE)
"""A mail program's line before a quoted mail: ``On Tue, 24 Nov 2026, X wrote:``, ``Am 24.11.2026 schrieb X:``
(French, Dutch and Czech too: ``a écrit``, ``schreef``, ``napsal(a)``)."""
ATTRIBUTION_START = re.compile(r"^\s*(?:on|am|le|op|dne)\s", re.IGNORECASE)
"""How an attribution begins; a long one is wrapped (``On Tue, ..., X <x@example.org>`` / ``wrote:``)."""
_HEADER_WORDS = (r"from|to|cc|bcc|subject|date|sent|reply-to|von|an|kopie|betreff|datum|gesendet|de|envoyé|à|objet"
                 r"|van|verzonden|aan|onderwerp|od|odesláno|komu|předmět")
"""The mail headers a mail program writes above the mail a reply quotes, in the languages of the program: English,
German, French, Dutch, Czech."""
MAIL_HEADER = re.compile(rf"^({_HEADER_WORDS})\s*:\s", re.IGNORECASE)
"""A mail header pasted into the text (blanked alone; three in a row with a From are a reply header)."""
SEPARATOR = re.compile(r"^\s*-{3,}\s*(?:original message|ursprüngliche nachricht|message d'origine"
                       r"|oorspronkelijk bericht|původní zpráva)\s*-{3,}\s*$", re.IGNORECASE)
"""Outlook's line above the mail a reply quotes (also Thunderbird's above a mail forwarded inline, long ago)."""
FORWARD = re.compile(r"^\s*(?:-{3,}\s*(?:forwarded message|weitergeleitete nachricht|message transféré)\s*-{3,}"
                     r"|(?:begin forwarded message|anfang der weitergeleiteten nachricht)\s*:)\s*$", re.IGNORECASE)
"""A mail program's line above a forwarded mail (Gmail, Thunderbird, Apple Mail): what follows is the mail sent on,
read as the player's (its header lines blanked)."""
UNDERSCORES = re.compile(r"^\s*_{8,}\s*$")
"""Outlook on the web's and Outlook for phones' line above the header block of the mail a reply quotes."""
PHONE = re.compile(r"^\s*(?=.{0,60}$)(?:sent from my\s.+|sent from (?:outlook|mail|yahoo mail)\b.*"
                   r"|get outlook for\s.+|von meinem\s.+\sgesendet|gesendet von (?:meinem\s.+|outlook\b.*|mail\b.*)"
                   r"|envoyé de mon\s.+)$", re.IGNORECASE)
"""A phone's sign-off, which its mail program writes under the reply and above the mail it quotes."""
_BLOCK_LINE = re.compile(rf"^\s*\*?(?P<word>{_HEADER_WORDS})\s*:\*?\s", re.IGNORECASE)
_ANY_HEADER = re.compile(r"^\s*\*?[^\W\d_]+(?:[ -][^\W\d_]+){0,2}\s?:\*?\s+\S")
"""A header line in any language (a word or three, a colon, a value): three above the robot's own mail quoted are
that quote's header block (``sent_quote``)."""
_FROM = frozenset({"from", "von", "de", "van", "od"})
_FORWARDED = re.compile(r"^\s*\*?(?:subject|betreff|objet)\s*:\*?\s*(?:fwd?|wg|tr)\s*:", re.IGNORECASE)
BLOCK = 3
"""The header lines in a row that make a reply header (Outlook writes four: From, Sent, To, Subject)."""
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
MAX_LINES = 1000
"""The most lines of one text read (an order mail has a few dozen)."""
QUOTE_RUN = 3
"""The lines the robot sent, not orders, in a row that make a quote of its mail (``sent_quote``)."""


def split_lines(text: str) -> list[str]:
    """The lines of a text as an editor numbers them (``\\r\\n``, ``\\n`` or a lone ``\\r``; a BOM dropped)."""
    return _LINE_BREAK.split(text.removeprefix("\ufeff"))


def blank_quotes(lines: list[str], cut: int | None = None) -> list[str]:
    """The lines with quoted lines, pasted mail headers and a reply's attribution line blanked, and every line from
    where the quoted mail begins (``quote_start``; ``cut``: the platform's line, ``sent_quote``)."""
    return read_quotes(lines, cut)[0]


def quote_start(lines: Sequence[str], cut: int | None = None) -> int | None:
    """The line (from 1) where the mail a reply quotes begins, or ``cut`` when that comes first (``None``: none)."""
    return _start(lines, _blanked(lines), cut)


def quoted_from(lines: Sequence[str], cut: int | None = None) -> int | None:
    """The line (from 1) from which a quoted mail was left unread, when it held lines that would have been read
    but for that: what a receipt names (``None``: none; a quote marked with ``>`` is never read, and a reply's
    header alone is no mail)."""
    return read_quotes(lines, cut)[1]


def read_quotes(lines: Sequence[str], cut: int | None = None) -> tuple[list[str], int | None]:
    """``blank_quotes`` and ``quoted_from`` at once: the lines with the clutter and the quoted mail blanked, and the
    line a receipt names."""
    out = _blanked(lines)
    start = _start(lines, out, cut)
    if start is None:
        return out, None
    named = start if any(line.strip() and not _header_line(line) for line in out[start:]) else None
    out[start - 1:] = [""] * (len(out) - start + 1)
    return out, named


def _header_line(line: str) -> bool:
    return bool(SEPARATOR.match(line) or UNDERSCORES.match(line) or PHONE.match(line) or ATTRIBUTION.search(line))


def _blanked(lines: Sequence[str]) -> list[str]:
    """Quoted lines, pasted mail headers, forward lines and a reply's attribution line before a quote blanked."""
    out = ["" if QUOTED.match(line) or MAIL_HEADER.match(line) or FORWARD.match(line) else line for line in lines]
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


def _quote_follows(lines: Sequence[str], start: int) -> bool:
    """Whether the next line that is not blank (a mail program may leave one) is quoted, or there is none."""
    for line in lines[start:]:
        if line.strip():
            return bool(QUOTED.match(line))
    return True


def _start(lines: Sequence[str], out: Sequence[str], cut: int | None) -> int | None:
    """Where the quoted mail begins (from 1): a reply header, the last ``>`` quote, or ``cut``, whichever is first."""
    found = _reply_header(lines, out)
    if found is None:
        found = _last_quote(lines, out)
    if cut is not None and 1 <= cut <= len(lines) and (found is None or cut < found):
        found = cut
    return found


def _reply_header(lines: Sequence[str], out: Sequence[str]) -> int | None:
    """The first reply header's line (from 1), ``None`` without one (module docstring)."""
    own = False  # a line of the mail's own above
    for i, line in enumerate(lines):
        if not line or line.isspace():
            continue
        if SEPARATOR.match(line):
            return i + 1
        if own and PHONE.match(line) and any(rest.strip() for rest in lines[i + 1:]):
            return i + 1
        if own and _header_block(lines, i):
            return _above(lines, i) + 1
        if own and ATTRIBUTION_START.match(line):
            size = _attribution(lines, i)
            if size and not _quote_follows(lines, i + size):
                return i + 1
        own = own or bool(out[i].strip())
    return None


def _header_block(lines: Sequence[str], i: int) -> bool:
    """Whether a reply's header block begins at line ``i`` (an index): ``BLOCK`` header lines or more in a row, one a
    From, not a forwarded mail's (after a forward line, or its subject ``FW:``)."""
    words: list[str] = []
    k = i
    while k < len(lines):
        found = _BLOCK_LINE.match(lines[k])
        if found:
            words.append(found["word"].lower())
        elif not (words and lines[k][:1].isspace() and lines[k].strip()):  # a header folded onto the next line
            break
        k += 1
    if len(words) < BLOCK or not _FROM & set(words) or any(_FORWARDED.match(lines[j]) for j in range(i, k)):
        return False
    above = _above(lines, i)
    return not (above < i and FORWARD.match(lines[above]))


def _above(lines: Sequence[str], i: int) -> int:
    """The line where a header block at ``i`` begins: the line of underscores, Outlook's separator or a forward line
    above it (blank lines between allowed), else ``i`` itself."""
    k = i - 1
    while k >= 0 and not lines[k].strip():
        k -= 1
    return k if k >= 0 and (UNDERSCORES.match(lines[k]) or SEPARATOR.match(lines[k]) or FORWARD.match(lines[k])) else i


def _attribution(lines: Sequence[str], i: int) -> int:
    """The lines of an attribution beginning at line ``i`` (an index): 1, 2 (wrapped by the mail program), 0: none."""
    if not ATTRIBUTION_START.match(lines[i]):
        return 0
    if ATTRIBUTION.search(lines[i]):
        return 1
    if i + 1 < len(lines) and ATTRIBUTION.search(lines[i] + " " + lines[i + 1]):
        return 2
    return 0


def _last_quote(lines: Sequence[str], out: Sequence[str]) -> int | None:
    """The first line (from 1) of the mail's last ``>`` quote, its attribution line included, when nothing of the
    mail's own follows it (``None``: none, or the player wrote below it)."""
    last = max((i for i, line in enumerate(out) if line.strip()), default=-1)
    rest = [i for i in range(last + 1, len(lines)) if lines[i].strip()]
    if not rest or not any(QUOTED.match(lines[i]) for i in rest):
        return None
    return rest[0] + 1


def clutter_free(text: str, most: int = MAX_LINES, cut: int | None = None) -> list[tuple[int, str]]:
    """The lines that are neither clutter nor blank, numbered from 1, stripped; nothing after a signature line, nor
    from where the quoted mail begins (``cut``: the platform's line of it)."""
    out = []
    for number, line in enumerate(blank_quotes(split_lines(text)[:most], cut), 1):
        if SIGNATURE.match(line):
            break
        if line.strip():
            out.append((number, line.strip()))
    return out


QUESTION = ("?", "\uff1f")
"""A question mark, also the wide one: prose that asks something (reading 127)."""


def asks(line: str) -> bool:
    """Whether a line of prose asks something (holds a question mark): a question for the GM."""
    return any(q in line for q in QUESTION)


def normal(line: str) -> str:
    """A line as the robot's own lines are compared: its words, one space between them."""
    return " ".join(line.split())


def sent_quote(lines: Sequence[str], sent: Collection[str], order_line: Callable[[str], bool]) -> int | None:
    """The line (from 1) where a mail the robot sent is quoted below the mail's own orders, without any sign of a
    quote the mail programs give (``None``: none).

    ``sent``: the lines the robot sent to the mail's sender lately (``normal``, blank lines left out; the platform
    reads its outbox, ``postal/quoted.py``); ``order_line``: the game's reading of which lines are orders.  A quote
    is a run of lines the robot sent (blank lines between them allowed) holding at least ``QUOTE_RUN`` that are not
    orders (its headings, sentences, tables), below a line of the mail's own that the game reads as an order; it
    begins at the run's first line, or at the header block above it in whatever language (``BLOCK`` header lines
    or more in a row, such as ``Från: ...``, ``Skickat: ...``).  A shorter run is the player's: orders he copied
    from the robot's mail (its example, a receipt's echo) stay his, and count as his orders above a quote.  The
    robot's mail pasted above the orders is not cut here (the player wrote below it)."""
    if not sent:
        return None
    keys = ["" if QUOTED.match(line) else normal(line) for line in lines]
    if sum(1 for key in keys if key and key in sent) < QUOTE_RUN:
        return None
    mine = False  # an order of the mail's own above
    i = 0
    while i < len(keys):
        if not keys[i] or keys[i] not in sent:
            mine = mine or bool(keys[i] and order_line(keys[i]))
            i += 1
            continue
        run: list[int] = []
        while i < len(keys) and (not keys[i] or keys[i] in sent):
            if keys[i]:
                run.append(i)
            i += 1
        orders = [k for k in run if order_line(keys[k])]
        if len(run) - len(orders) >= QUOTE_RUN:
            if mine:
                return _header_above(lines, run[0]) + 1
        else:  # an order or two the player copied from the robot's mail
            mine = mine or bool(orders)
    return None


def _header_above(lines: Sequence[str], start: int) -> int:
    """Where the robot's own mail quoted from line ``start`` (an index) begins with its header block: the first line of
    ``BLOCK`` or more header lines of any language right above it (with a line of underscores or a separator above
    them), else ``start``."""
    k = start - 1
    while k >= 0 and not lines[k].strip():
        k -= 1
    top = k + 1
    while k >= 0 and _ANY_HEADER.match(lines[k]):
        k -= 1
    if top - (k + 1) < BLOCK:
        return start
    return _above(lines, k + 1)
