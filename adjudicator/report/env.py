"""The text machinery of every report: the Jinja environment, line folding, rendering.

Templates live in ``adjudicator/report/templates``; every line of text that
goes into a mail stays within 80 characters (reports fold at 78).
"""

from __future__ import annotations

import re
import textwrap
from functools import cache
from typing import Any

import jinja2

LINE_WIDTH = 78
MAIL_WIDTH = 80
"""No line of any report, check or receipt is longer (the full-width map goes as an attachment)."""


_BYTECODE: list[jinja2.BytecodeCache] = []
"""Compiled templates kept between runs (set by the application: ``use_template_cache``)."""


def use_template_cache(directory: str) -> None:
    """Keep compiled templates in ``directory`` (Jinja checks each template's source itself)."""
    _BYTECODE[:] = [jinja2.FileSystemBytecodeCache(directory)]
    _env.cache_clear()


@cache
def _env() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("adjudicator.report", "templates"),
        bytecode_cache=_BYTECODE[0] if _BYTECODE else None,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        autoescape=False,
    )
    env.filters["wrap"] = wrap
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
    """Fold a long line at spaces (and in hex chains); continuation lines indented ``hang`` more than the first."""
    if len(text) <= width:
        return text
    lead = text[: len(text) - len(text.lstrip(" "))]
    wrapper = _Wrapper(width, initial_indent=lead, subsequent_indent=lead + " " * hang, break_long_words=False,
                       break_on_hyphens=False)
    return wrapper.fill(text.strip())


def render(template: str, context: dict[str, Any]) -> str:
    """Render one template; every line is stripped of trailing blanks."""
    text = _env().get_template(template).render(**context)
    return "\n".join(line.rstrip() for line in text.split("\n"))


def N_(text: str) -> str:  # noqa: N802 - the gettext convention for "mark for translation"
    """Mark a sentence for translation (extraction finds it; the text is returned unchanged)."""
    return text
