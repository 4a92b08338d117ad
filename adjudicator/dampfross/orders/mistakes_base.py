"""What the explainers of sample mistakes share: the keywords and the context of a rejected line.

``KEYWORDS`` must list the same spellings as the keyword terminals of
``grammar/orders.lark`` (a test checks that every spelling parses).  An
explainer (``mistakes.py``, ``mistakes_racing.py``) reads an
``ErrorContext`` and returns an ``Explanation``: a problem code, its data
and perhaps a hint, never a sentence.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeAlias

from adjudicator.dampfross.orders.codes import Args, ArgValue, HintCode, ProblemCode, args
from adjudicator.dampfross.orders.model import Hint
from adjudicator.kernel.languages import spellings

KEYWORDS: dict[str, tuple[str, ...]] = {
    name: spelled for name, spelled in spellings("orders").items() if name not in ("MOVE", "CHECK")}
"""Every keyword (the grammar's terminal name) with all its spellings, English first, then every other
language's (``adjudicator/kernel/locale/*/language.toml``; the envelope's MOVE and CHECK are no orders)."""

LINE_STARTERS = (
    "GAME", "TURN", "PLAYER", "GM", "START", "BUILD", "PASS", "DECLARE", "END", "ENTER", "ROLL", "RACE", "MOVES",
    "POWERS", "BUY", "PRESS", "HOLD", "STANDING",
)
"""Keywords an order line may begin with."""

GUESSED_STARTERS = tuple(k for k in LINE_STARTERS if k not in ("PRESS", "HOLD"))
"""The line starters "did you mean ...?" offers for an unknown first word: not PRESS (PRESSE is too near
"Grüße", "Adresse", "Presse" of prose) nor the GM's HOLD."""

ORDER_WORDS = (
    "GAME", "TURN", "PLAYER", "START", "BUILD", "PASS", "DECLARE END", "ENTER", "POWERS", "BUY FERRY", "PRESS", "GM",
    "ROLL", "RACE", "MOVES", "HOLD PRESS", "STANDING",
)
"""The orders a line may begin with, as a problem lists them (``orders``)."""

_SPELLING = {s: k for k, spellings in KEYWORDS.items() for s in spellings}


def keyword_of(word: str) -> str | None:
    """The keyword a word spells (any case, any alias), or ``None``."""
    return _SPELLING.get(word.upper())


def did_you_mean(word: str, keywords: Iterable[str]) -> str | None:
    """The spelling of one of ``keywords`` nearest to ``word``, if it is close and begins with the same letter (a
    keyword is seldom mistyped in its first letter: ``Nord`` where FROM belongs is a town, not ``OD``)."""
    first = word[:1].upper()
    spellings = [s for k in keywords for s in KEYWORDS.get(k, ()) if s[:1] == first]
    import difflib  # orders without a mistyped keyword (a turn's) never pay for it

    found = difflib.get_close_matches(word.upper(), spellings, n=1, cutoff=0.6)
    return found[0] if found else None


@dataclass(frozen=True)
class ErrorContext:
    """What the explainers know about a line the grammar rejected."""

    code: str
    """The line without its comment."""
    column: int
    """1-based column of the offending text (one past the end at end of line)."""
    bad: str
    """The offending text; empty at the end of the line."""
    keyword: str | None
    """The keyword the line starts with (``BUILD`` also for ``baue``), if any."""
    written: str | None
    """That keyword as the player wrote it."""
    expected: frozenset[str]
    """Terminal names the parser would have accepted."""

    @property
    def before(self) -> str:
        """The line up to the offending text, without trailing space."""
        return self.code[: self.column - 1].rstrip()

    @property
    def after(self) -> str:
        """The line from the offending text on, stripped."""
        return self.code[self.column - 1 :].strip()


Explanation: TypeAlias = tuple[ProblemCode, Args, Hint | None]
"""What an explainer returns: the problem's code, its data, and a hint if one helps."""

Explainer: TypeAlias = Callable[[ErrorContext], Explanation]


@dataclass(frozen=True)
class Mistake:
    """One entry of the table: sample lines that fail alike, and how to explain them."""

    label: str
    examples: tuple[str, ...]
    explain: Explainer


def hint(code: HintCode, **values: ArgValue) -> Hint:
    """``hint(HintCode.REMOVE, text="x")``: a hint with its data."""
    return Hint(code, args(**values))


def write(line: str) -> Hint:
    """The hint to write ``line`` (the player's line rewritten) instead."""
    return hint(HintCode.WRITE, line=line)


def kw(ctx: ErrorContext) -> str:
    """The line's first keyword as written, upper case (``BAUE``, not ``BUILD``)."""
    return (ctx.written or ctx.keyword or "").upper()


def words(text: str) -> list[str]:
    return text.split()


def first_keyword(text: str) -> str | None:
    """The keyword the first word of ``text`` spells, if any."""
    found = words(text)
    return keyword_of(found[0]) if found else None


def looks_like_point(text: str) -> bool:
    """True when ``text`` begins like a label or a town name (a letter or digit)."""
    return bool(re.match(r"[^\W_]", text))


def trailing(code: ProblemCode) -> Explainer:
    """An explainer for text after the last word a line may have: ``code``, and remove it."""

    def explain(ctx: ErrorContext) -> Explanation:
        return code, (), hint(HintCode.REMOVE_OR_COMMENT, text=ctx.after)

    return explain
