"""The HTML alternative of a mail: its plain text made to read on a phone as well as on a desktop (issue 35).

The text part stays the mail of record: folded to its width, its maps and tables aligned in columns.  A client
that shows HTML shows this page instead, and a phone's window is some 40 characters wide, so the page

- has a viewport and a readable size (15 px monospace: a line of the text is not shrunk to fit the window);
- lets prose reflow: the lines the text folded are joined again (a fold is where the next word would not have
  fitted, or where a chain of hexes ``1609-1610-`` goes on) and wrap at the window's edge, each under its first
  word as the text hangs them;
- keeps what is drawn in columns as it is: a map window, its column labels and a table (a line drawn with map
  characters, or cut by wide gaps into short cells with a number among them, and the heading right above such
  lines) stand in a box of their own that scrolls sideways by itself, never the page;
- draws a line of ``=``, ``-`` or ``*`` only as far as the window reaches.

The page is built from the text alone (``page``), the same for every game: nothing is loaded from elsewhere,
every style is inline (webmail drops a page's ``<head>``), and no word is added or lost: each character of the
text is on the page, a fold's line break aside.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

FOLD = 72
"""The width the mail's text folds prose at: a line this full, with the next line's first word, was folded."""
SLACK = 6
"""How much shorter than ``FOLD`` a folded line may be (folds narrower for umlauts, or at a long word)."""
CHAR_EM = 0.6
"""A monospace character's advance in em (DejaVu Sans Mono, Menlo, Consolas): where indents are drawn."""

FONT = "font-family:ui-monospace,Menlo,Consolas,'DejaVu Sans Mono','Liberation Mono',monospace"
TEXT = f"{FONT};font-size:15px;line-height:1.45;color:#111;max-width:{round((FOLD + 8) * CHAR_EM)}em"
PROSE = "margin:0;white-space:pre-wrap;overflow-wrap:anywhere;word-break:normal"
GRID = "margin:0 0 2px;overflow-x:auto;-webkit-overflow-scrolling:touch"
GRID_PRE = f"margin:0;{FONT};font-size:14px;line-height:1.3;white-space:pre"
RULE = "margin:0;white-space:pre;overflow:hidden"

_GAP = re.compile(r"(?<=\S) {2,}(?=\S)")
_MIXED = re.compile(r"[^\W\d_]{2,}")  # two letters in a row ...
_MAP_MARK = re.compile(r"[.^~@#:!*<>|/\\=+-]")
_RULE = re.compile(r"^\s*([=\-*~_])\1{2,}\s*$")
_NUMBER = re.compile(r"\d")
_CHAIN = re.compile(r"\d{4}-\d{4}")  # a chain of hexes, ``1913-1812``: prose (a route), never a map's row


@dataclass(frozen=True)
class _Line:
    kind: str  # "prose", "grid", "rule", "blank"
    text: str


def kind_of(line: str) -> str:
    """What a line of a mail's text is: ``blank``, ``rule`` (``=====``), ``grid`` (a map's or a table's row, drawn
    in columns) or ``prose``."""
    if not line.strip():
        return "blank"
    if _RULE.match(line):
        return "rule"
    body = line.strip()
    if _map_art(body):
        return "grid"
    cells = _GAP.split(body)
    if len(cells) >= 3 and _NUMBER.search(body) and all(len(c.split()) <= 3 for c in cells):
        return "grid"
    return "prose"


def _map_art(body: str) -> bool:
    """A row of an ASCII map or of a table of dice: map characters, digits and track letters (``yyy``, ``RRR``),
    no word of different letters."""
    return _artless(body) and bool(_MAP_MARK.search(body))


def _artless(body: str) -> bool:
    """No word of different letters and no chain of hexes: a line that may be a row of a drawing (``L  7``)."""
    return not any(len(set(m.lower())) > 1 for m in _MIXED.findall(body)) and not _CHAIN.search(body)


def lines_of(text: str) -> list[_Line]:
    """The text's lines, each with its kind; a line beside a grid's rows with no word in it goes with them (a
    drawing's ``L  7``), and so does the heading right above them (a table's head, the rounds'
    ``Round NOB  HAFEN``) when it is cut into columns too."""
    out = [_Line(kind_of(line), line.rstrip()) for line in text.replace("\r\n", "\n").split("\n")]
    grown = True
    while grown:  # a drawing's rows without a map character (``L  7``, ``9  4``) go with the rows beside them
        grown = False
        for k, line in enumerate(out):
            beside = [out[j].kind for j in (k - 1, k + 1) if 0 <= j < len(out)]
            if line.kind == "prose" and "grid" in beside and _artless(line.text):
                out[k], grown = _Line("grid", line.text), True
    for k in range(len(out) - 1):
        head, below = out[k], out[k + 1]
        cells = _GAP.split(head.text.strip())
        if head.kind == "prose" and below.kind == "grid" and len(cells) > 1 and all(len(c.split()) <= 4 for c in cells):
            out[k] = _Line("grid", head.text)
    return out


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _first_word(line: str, chain: bool) -> str:
    word = line.split()[0] if line.split() else ""
    return word.split("-", 1)[0] + "-" if chain and "-" in word else word


def folded(line: str, after: str, hang: int | None) -> bool:
    """Whether ``after`` continues ``line`` as a fold of one longer line: indented under it (deeper than its first
    line; as deep as the lines continued before, ``hang``), and its first word would not have fitted on ``line``."""
    indent = _indent(after)
    if hang is None and indent <= _indent(line) and not (indent == _indent(line) == 0 and _goes_on(line, after)):
        return False
    if (hang is not None and indent != hang) or line.endswith(":") or _GAP.search(after.strip()):
        return False  # a list's heading (its items below), a key's or a table's row (in columns)
    chain = bool(re.search(r"\d-$", line)) and after.lstrip()[:1].isdigit()
    return len(line) + (0 if chain else 1) + len(_first_word(after, chain)) > FOLD - SLACK


def _goes_on(line: str, after: str) -> bool:
    """Two lines flush left read as one sentence (a paragraph folded without a hang): the first does not end one,
    the second begins in lower case (a heading and the line under it do not)."""
    return not line.rstrip().endswith((".", "!", "?")) and (after[:1].islower() or after[:1] in "(0123456789")


def _paragraphs(lines: Sequence[_Line]) -> list[tuple[str, list[str]]]:
    """Runs of lines by kind; a prose line and the lines that continue it (``folded``) make one item."""
    out: list[tuple[str, list[str]]] = []
    k = 0
    while k < len(lines):
        line = lines[k]
        if line.kind != "prose":
            if out and out[-1][0] == line.kind and line.kind == "grid":
                out[-1][1].append(line.text)
            else:
                out.append((line.kind, [line.text]))
            k += 1
            continue
        parts, hang = [line.text], None
        while k + 1 < len(lines) and lines[k + 1].kind == "prose" and folded(parts[-1], lines[k + 1].text, hang):
            hang = _indent(lines[k + 1].text)
            parts.append(lines[k + 1].text)
            k += 1
        out.append(("prose", parts))
        k += 1
    return out


def _joined(parts: Sequence[str]) -> str:
    text = parts[0].strip()
    for part in parts[1:]:
        glue = "" if re.search(r"\d-$", text) and part.lstrip()[:1].isdigit() else " "
        text += glue + part.strip()
    return text


def _em(chars: int) -> str:
    return f"{round(chars * CHAR_EM, 2):g}em"


def body_html(text: str) -> str:
    """The text as HTML (a ``<div>`` holding one element for each item): see the module's docstring."""
    out = []
    for kind, parts in _paragraphs(lines_of(text)):
        if kind == "blank":
            out.append('<div style="margin:0;height:1.45em"></div>')
        elif kind == "rule":
            out.append(f'<div style="{RULE}">{escape(parts[0])}</div>')
        elif kind == "grid":
            rows = "\n".join(escape(p) for p in parts)
            out.append(f'<div class="grid" style="{GRID}"><pre style="{GRID_PRE}">{rows}</pre></div>')
        else:
            lead = _indent(parts[0])
            hang = (_indent(parts[1]) - lead) if len(parts) > 1 else 4
            out.append(f'<div style="{PROSE};padding-left:{_em(lead + hang)};text-indent:-{_em(hang)}">'
                       f"{escape(_joined(parts))}</div>")
    return f'<div class="text" style="{TEXT}">\n' + "\n".join(out) + "\n</div>\n"


def page(text: str, pictures: Sequence[tuple[str, str]]) -> str:
    """The HTML alternative of a mail: the text (``body_html``), then each picture (its file name, its Content-ID)
    as wide as the reader's window at most."""
    images = "".join(f'<p style="margin:1em 0 0"><img src="cid:{escape(cid, _QUOTE)}" alt="{escape(name, _QUOTE)}"'
                     ' style="max-width:100%;height:auto;display:block"></p>\n' for name, cid in pictures)
    return ('<!DOCTYPE html>\n<html><head><meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            '</head><body style="margin:0;padding:8px;background:#fff">\n'
            f"{body_html(text)}{images}</body></html>\n")


_QUOTE = {'"': "&quot;"}
