"""Keywords and the table of sample mistakes that turns Lark errors into player words.

``MISTAKES`` lists typical wrong order lines; Lark's ``match_examples``
finds the sample that fails in the same parser state as the player's line,
and the sample's entry says what to tell the player.  Lines the table does
not foresee fall back to a sentence built from the terminals the parser
would have accepted (``expected_words``).

``KEYWORDS`` must list the same spellings as the keyword terminals of
``grammar/orders.lark`` (a test checks that every spelling parses).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

KEYWORDS: dict[str, tuple[str, ...]] = {
    "GAME": ("GAME", "SPIEL"),
    "TURN": ("TURN", "ZUG", "RUNDE"),
    "PLAYER": ("PLAYER", "SPIELER"),
    "PASSWORD": ("PASSWORD", "PASSWORT", "KENNWORT"),
    "GM": ("GM", "SPIELLEITER", "SL"),
    "START": ("START", "STARTE"),
    "BUILD": ("BUILD", "BAUE", "BAU"),
    "PASS": ("PASS", "PASSE"),
    "DECLARE": ("DECLARE", "ERKLAERE", "ERKLÄRE"),
    "END": ("END", "ENDE"),
    "ROLL": ("ROLL", "WURF"),
}
"""Every keyword (the grammar's terminal name) with all its spellings, English first."""

LINE_STARTERS = ("GAME", "TURN", "PLAYER", "GM", "START", "BUILD", "PASS", "DECLARE", "END", "ROLL")
"""Keywords an order line may begin with."""

ORDER_LIST = "GAME, TURN, PLAYER, START, BUILD, PASS, DECLARE END, GM or ROLL"

_SPELLING = {s: k for k, spellings in KEYWORDS.items() for s in spellings}


def keyword_of(word: str) -> str | None:
    """The keyword a word spells (any case, any alias), or ``None``."""
    return _SPELLING.get(word.upper())


def did_you_mean(word: str, keywords: Iterable[str]) -> str | None:
    """The spelling of one of ``keywords`` nearest to ``word``, if it is close."""
    spellings = [s for k in keywords for s in KEYWORDS.get(k, ())]
    found = difflib.get_close_matches(word.upper(), spellings, n=1, cutoff=0.6)
    return found[0] if found else None


_TERMINAL_WORDS = {
    "DASH": "'-'",
    "DIGITS": "a number",
    "WORD": "a town name",
    "ID": "a player ID",
    "TEXT": "a word",
    "$END": "the end of the line",
}


def expected_words(expected: Iterable[str]) -> str:
    """Terminal names the parser wanted, in player words: ``'-' or the end of the line``."""
    names = set(expected)
    parts: list[str] = []
    if {"DIGITS", "WORD"} <= names:
        parts.append("a point (a hex label such as 0712, or a town name)")
        names -= {"DIGITS", "WORD"}
    for name in ("DASH", "WORD", "DIGITS", "ID", "TEXT"):
        if name in names:
            parts.append(_TERMINAL_WORDS[name])
    parts += sorted(n for n in names if n in KEYWORDS)
    if "$END" in names:
        parts.append(_TERMINAL_WORDS["$END"])
    if not parts:
        return "something else"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


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


Explainer = Callable[[ErrorContext], tuple[str, str | None]]


@dataclass(frozen=True)
class Mistake:
    """One entry of the table: sample lines that fail alike, and what to say."""

    label: str
    examples: tuple[str, ...]
    explain: Explainer


def _kw(ctx: ErrorContext) -> str:
    return (ctx.written or ctx.keyword or "").upper()


def _looks_like_point(text: str) -> bool:
    return bool(re.match(r"[^\W_]", text))


def _order_keyword(ctx: ErrorContext) -> tuple[str, str | None]:
    word = ctx.bad
    known = keyword_of(word)
    if known == "PASSWORD":
        return f"{word} belongs on the PLAYER line", f"write PLAYER <ID> {ctx.code.strip()}"
    if known is not None:
        return f"{word} cannot begin a line; an order line starts with {ORDER_LIST}", None
    guess = did_you_mean(word, LINE_STARTERS)
    if guess is not None:
        return f"unknown order '{word}'", f"did you mean {guess}?"
    if word[:1].isdigit():
        return f"a line cannot begin with a point; an order line starts with {ORDER_LIST}", f"write BUILD {ctx.code.strip()}"
    return (
        f"unknown order '{word}': an order line starts with {ORDER_LIST}",
        "put remarks after '#', which starts a comment",
    )


def _first_point(ctx: ErrorContext) -> tuple[str, str | None]:
    return f"expected a point after {_kw(ctx)}: a hex label such as 0712, or a town name", None


def _after_dash(ctx: ErrorContext) -> tuple[str, str | None]:
    if not ctx.bad:
        return "expected a point after '-': a hex label or a town name", "remove the '-' at the end or add the next point"
    return "expected a point after '-': a hex label or a town name", None


def _insert_dash(ctx: ErrorContext) -> str | None:
    after = ctx.after
    if after[:1] in tuple(",;/.+") and len(after) > 1:
        after = after[1:].strip()
    elif not _looks_like_point(after):
        return f"remove '{ctx.bad}'"
    return f"write {ctx.before} - {after}"


def _after_point(ctx: ErrorContext) -> tuple[str, str | None]:
    if ctx.keyword == "START":
        return _start_one_point(ctx)
    return "expected '-' between two points, or the end of the line", _insert_dash(ctx)


def _start_one_point(ctx: ErrorContext) -> tuple[str, str | None]:
    return f"{_kw(ctx)} names a single point; expected the end of the line", f"write {ctx.before}"


def _one_point(ctx: ErrorContext) -> tuple[str, str | None]:
    return f"{_kw(ctx)} needs at least two points joined by '-'", f"write {ctx.before} - <next point>"


def _turn_number(ctx: ErrorContext) -> tuple[str, str | None]:
    return f"expected the turn number after {_kw(ctx)}", f"write the number in digits, e.g. {_kw(ctx)} 3"


def _game_id(ctx: ErrorContext) -> tuple[str, str | None]:
    return f"expected the game's id after {_kw(ctx)}", f"e.g. {_kw(ctx)} DP7"


def _player_id(ctx: ErrorContext) -> tuple[str, str | None]:
    return (
        f"expected the player's ID after {_kw(ctx)} (the company's short name, such as RED)",
        f"write {_kw(ctx)} <ID> PASSWORD <password>",
    )


def _password_keyword(ctx: ErrorContext) -> tuple[str, str | None]:
    guess = did_you_mean(ctx.bad, ["PASSWORD"])
    if guess:
        return "expected PASSWORD after the player's ID", f"did you mean {guess}?"
    return "expected PASSWORD after the player's ID", f"write {ctx.before} PASSWORD {ctx.after}"


def _password_value(ctx: ErrorContext) -> tuple[str, str | None]:
    return f"expected the password after {ctx.before.split()[-1].upper()}", None


def _declare_end(ctx: ErrorContext) -> tuple[str, str | None]:
    return f"expected END after {_kw(ctx)}", "write DECLARE END (or just ENDE)"


def _stands_alone(ctx: ErrorContext) -> tuple[str, str | None]:
    return f"{_kw(ctx)} stands alone on its line; expected the end of the line", "put remarks after '#', which starts a comment"


def _roll_player(ctx: ErrorContext) -> tuple[str, str | None]:
    return f"expected the player's ID after {_kw(ctx)}", f"write {_kw(ctx)} <ID> <number>, e.g. {_kw(ctx)} RED 4"


def _roll_number(ctx: ErrorContext) -> tuple[str, str | None]:
    return "expected the number rolled after the player's ID", f"write the number in digits, e.g. {ctx.before} 4"


def _trailing(what: str) -> Explainer:
    def explain(ctx: ErrorContext) -> tuple[str, str | None]:
        return f"expected the end of the line after {what}", f"remove '{ctx.after}' or put it after '#'"

    return explain


_POINT_DEPTHS = ("", "0710 - ", "0709 - 0710 - ")
"""Prefixes that put a sample point first, second or later on a path.

``match_examples`` compares the parser's stack depth as well as its state,
so each shape of path needs its own sample."""


def _on_paths(*tails: str) -> tuple[str, ...]:
    return tuple(f"BUILD {prefix}{tail}" for prefix in _POINT_DEPTHS for tail in tails)


MISTAKES: tuple[Mistake, ...] = (
    Mistake("order-keyword", ("BIULD 0712 - 0713", "0712 - 0713", "PASSWORD x", "- 0712"), _order_keyword),
    Mistake("first-point", ("BUILD", "BUILD - 0712", "START", "START - 0712", "BUILD ,0712"), _first_point),
    Mistake("after-dash", _on_paths("0712 -", "0712 - -", "0712 - ,"), _after_dash),
    Mistake("start-one-point", ("START 0712 - 0713", "START Nord - 0713"), _start_one_point),
    # the states after a point are shared by START and BUILD: _after_point tells them apart
    Mistake("after-point", _on_paths("0712 0713", "Nord 0713", "Bad Nord 0713", "0712 ,0713", "Nord ,0713"), _after_point),
    Mistake("one-point", ("BUILD 0712", "BUILD Nord", "BUILD Bad Nord"), _one_point),
    Mistake("turn-number", ("TURN", "TURN three", "TURN -1"), _turn_number),
    Mistake("turn-trailing", ("TURN 3 4", "TURN 3 a"), _trailing("the turn number")),
    Mistake("game-id", ("GAME",), _game_id),
    Mistake("game-trailing", ("GAME DP7 extra",), _trailing("the game's id (it is one word)")),
    Mistake("player-id", ("PLAYER", "PLAYER 7", "PLAYER - RED"), _player_id),
    Mistake("password-keyword", ("PLAYER RED geheim", "PLAYER RED PASSWRD geheim", "PLAYER RED 1234"), _password_keyword),
    Mistake("password-value", ("PLAYER RED PASSWORD",), _password_value),
    Mistake("player-trailing", ("PLAYER RED PASSWORD geheim mehr",), _trailing("the password (a password is one word)")),
    Mistake("declare-end", ("DECLARE", "DECLARE ENDS", "DECLARE 3"), _declare_end),
    Mistake("stands-alone", ("PASS 0712", "PASS now", "END now", "DECLARE END now", "GM RED"), _stands_alone),
    Mistake("roll-player", ("ROLL", "ROLL 4"), _roll_player),
    Mistake("roll-number", ("ROLL RED", "ROLL RED four"), _roll_number),
    Mistake("roll-trailing", ("ROLL RED 4 5",), _trailing("the number rolled")),
)
"""The table of sample mistakes, most specific first."""

EXAMPLES: dict[str, tuple[str, ...]] = {m.label: m.examples for m in MISTAKES}
"""The table in the shape ``match_examples`` takes."""

_BY_LABEL = {m.label: m for m in MISTAKES}


def explain(label: str | None, ctx: ErrorContext) -> tuple[str, str | None]:
    """Message and hint for a rejected line, from its table entry or the generic fallback."""
    if label is not None:
        message, hint = _BY_LABEL[label].explain(ctx)
    else:
        got = f"'{ctx.bad}'" if ctx.bad else "the end of the line"
        message, hint = f"expected {expected_words(ctx.expected)}, not {got}", None
    keywords = [k for k in ctx.expected if k in KEYWORDS]
    if ctx.bad and keywords and keyword_of(ctx.bad) is None and label != "order-keyword":
        guess = did_you_mean(ctx.bad, keywords)
        if guess is not None:
            hint = f"did you mean {guess}?"
    return message, hint
