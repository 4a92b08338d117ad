"""The text machinery of every report: the Jinja environment, line folding, rendering.

Templates live in ``adjudicator/dampfross/report/templates``; every line of text that
goes into a mail stays within 78 characters (reports fold at 72).  The
templates' words go through Jinja's i18n extension: ``_("... %(name)s ...",
name=value)`` and ``{% trans %}`` are looked up in the catalogue of the
active language (``adjudicator.dampfross.report.i18n``).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from functools import cache
from typing import Any

import jinja2

from adjudicator import cachefolder
from adjudicator.dampfross.report import i18n
from adjudicator.dampfross.report.i18n import N_
from adjudicator.dampfross.report.widths import LINE_WIDTH, MAIL_WIDTH, too_wide
from adjudicator.kernel.shown import shown

__all__ = ["LINE_WIDTH", "MAIL_WIDTH", "N_", "render", "too_wide", "wrap"]


def _bytecode() -> jinja2.BytecodeCache | None:
    """Compiled templates kept in the application's cache, if any (Jinja checks each template's source)."""
    kept = cachefolder.folder()
    return jinja2.FileSystemBytecodeCache(f"{kept}/templates") if kept else None


@cache
def _env() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("adjudicator.dampfross.report", "templates"),
        bytecode_cache=_bytecode(),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        extensions=["jinja2.ext.i18n"],
        auto_reload=False,  # the templates are the package's own: no look at their files before every render
    )
    # once for all renders: the callables speak whichever language is active (i18n.language)
    env.install_gettext_callables(i18n._, i18n.ngettext, newstyle=True, pgettext=i18n.pgettext)  # type: ignore[attr-defined]
    env.filters["wrap"] = wrap
    env.globals["LINE_WIDTH"] = LINE_WIDTH
    env.globals["MAIL_WIDTH"] = MAIL_WIDTH
    return env


class _Wrapper(textwrap.TextWrapper):
    """Folds at spaces, and inside a long chain of hex labels after a dash (``0402-0403-...``), never elsewhere."""

    def _split(self, text: str) -> list[str]:
        chunks: list[str] = []
        for chunk in super()._split(text):
            chunks += _HEX_DASH.split(chunk) if len(chunk) > LONG_CHAIN else [chunk]
        return [c for c in chunks if c]


LONG_CHAIN = 30
"""A chain of hex labels longer than this may be folded after any of its dashes."""
_HEX_DASH = re.compile(r"(?<=\d-)(?=\d)")


def wrap(text: str, hang: int = 4, width: int = LINE_WIDTH) -> str:
    """Fold a long line at spaces (and in hex chains); continuation lines indented ``hang`` more than the first.

    Folded at ``width`` characters, and narrower where a line with umlauts would still be ``too_wide``.
    """
    if len(text) <= width and not too_wide(text):
        return text
    lead = text[: len(text) - len(text.lstrip(" "))]
    def fill(w: int) -> str:
        return _Wrapper(w, initial_indent=lead, subsequent_indent=lead + " " * hang, break_long_words=False,
                        break_on_hyphens=False).fill(text.strip())

    out = fill(width)
    for w in range(width - 1, width // 2, -1):
        wide = [line for line in out.split("\n") if too_wide(line)]
        if not any(" " in line.strip() for line in wide):
            break  # fits, or only a word no fold can shorten (a URL) is too wide: narrower would not help
        out = fill(w)
    out = _no_widow(out, fill, width)
    if any(too_wide(line) for line in out.split("\n")):  # a word wider than a mail (a URL, a sender's junk)
        out = "\n".join(piece for line in out.split("\n") for piece in _broken(line, lead + " " * hang))
    return out


WIDOW = 8
"""The fewest characters the last line of a folded text should hold: ``0`` or ``1108)`` alone on a line reads as
something of its own (issue 35; at 72 columns more lines end so)."""


def _no_widow(out: str, fill: Callable[[int], str], width: int) -> str:
    """``out`` folded a little narrower (up to 12 columns) where its last line would hold fewer than ``WIDOW``
    characters, the first width that gives it more (and no line too wide); else ``out`` as it is."""
    lines = out.split("\n")
    if len(lines) < 2 or len(lines[-1].strip()) >= WIDOW:
        return out
    for w in range(width - 1, width - 13, -1):
        again = fill(w).split("\n")
        if len(again) == len(lines) and len(again[-1].strip()) >= WIDOW and not any(too_wide(x) for x in again):
            return "\n".join(again)
    return out


def _broken(line: str, hang: str) -> list[str]:
    """A line still too wide for a mail broken inside its long word, the rest on lines indented ``hang``: no
    character is lost and every line fits (issue 15: the mail fuzzer found receipts quoting 300-letter words)."""
    out, current = [], ""
    for c in line:
        if current and too_wide(current + c):
            out.append(current)
            current = hang
        current += c
    return [*out, current] if current.strip() or not out else out


def render(template: str, context: dict[str, Any]) -> str:
    """Render one template in the active language; every line is stripped of trailing blanks, and ``shown``
    (``adjudicator.kernel.shown``: no control or bidi character a player wrote leaves a report raw, whichever
    way it came in; the words that quote a player show his text before they fold it)."""
    text = _env().get_template(template).render(**context)
    return shown("\n".join(line.rstrip() for line in text.split("\n")), "\n\t")
