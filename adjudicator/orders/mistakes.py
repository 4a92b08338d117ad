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
    "ENTER": ("ENTER", "FAHRE"),
    "ROUTE": ("ROUTE", "STRECKE"),
    "BEST": ("BEST", "BESTE"),
    "WITH": ("WITH", "MIT"),
    "RACE": ("RACE", "RENNEN"),
    "FROM": ("FROM", "VON"),
    "TO": ("TO", "NACH"),
    "MOVES": ("MOVES", "WUERFE", "WÜRFE"),
}
"""Every keyword (the grammar's terminal name) with all its spellings, English first."""

LINE_STARTERS = (
    "GAME", "TURN", "PLAYER", "GM", "START", "BUILD", "PASS", "DECLARE", "END", "ENTER", "ROLL", "RACE", "MOVES",
)
"""Keywords an order line may begin with."""

ORDER_LIST = "GAME, TURN, PLAYER, START, BUILD, PASS, DECLARE END, ENTER, GM, ROLL, RACE or MOVES"

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
    "PARTNER": "the partner's ID",
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
    for name in ("DASH", "WORD", "DIGITS", "ID", "PARTNER", "TEXT"):
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


_DASHED_END = re.compile(r"[-\u2013\u2014](\(?[^\W\d_]\w*\)?)[-\u2013\u2014]$")
"""A route ending in ``-BLUE-`` or ``-(BLUE)-``: an owner without the point after it."""


def _after_dash(ctx: ErrorContext) -> tuple[str, str | None]:
    owner = _DASHED_END.search(ctx.before) if ctx.keyword == "ENTER" and not ctx.bad else None
    if owner is not None:
        message = (
            f"expected a point after '-{owner.group(1)}-': a route ends with its destination, "
            "and an owner stands between two points"
        )
        return message, f"add the destination or remove '-{owner.group(1)}-'"
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
    if ctx.keyword == "ENTER":
        return (
            "a route needs at least two points, its start and its destination, joined by '-'",
            f"write {ctx.before} - <next point>",
        )
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


# --- racing ---------------------------------------------------------------------


def _words(text: str) -> list[str]:
    return text.split()


def _first_keyword(text: str) -> str | None:
    words = _words(text)
    return keyword_of(words[0]) if words else None


def _enter_race(ctx: ErrorContext) -> tuple[str, str | None]:
    after = ctx.after
    if _first_keyword(after) in ("ROUTE", "BEST", "WITH"):
        rest = after
    elif _looks_like_point(after):
        rest = f"ROUTE {after}"
    else:
        rest = "ROUTE <start> - ... - <destination>"
    return f"expected the race number after {_kw(ctx)}, as printed in the report", f"write {_kw(ctx)} <race> {rest}"


def _enter_mode(ctx: ErrorContext) -> tuple[str, str | None]:
    message = "expected ROUTE, BEST or WITH after the race number"
    before, after = ctx.before, ctx.after
    words = _words(before)
    if len(words) == 2 and len(words[1]) == 4 and ctx.bad[:1] in "-\u2013\u2014":
        # ENTER 0712 - 0713: the "race number" is the route's first label
        return (
            f"expected the race number after {_kw(ctx)}, as printed in the report",
            f"write {_kw(ctx)} <race> ROUTE {words[1]} {after}",
        )
    if not after:
        return message, f"write {before} ROUTE <start> - ... - <destination>, or {before} BEST"
    rest = _words(after)
    if len(rest) > 1 and keyword_of(rest[1]) in ("ROUTE", "BEST"):
        return message, f"for a joint trip write {before} WITH {after}"
    if _looks_like_point(after):
        return message, f"write {before} ROUTE {after}"
    return message, None


def _partner_id(ctx: ErrorContext) -> tuple[str, str | None]:
    word = _words(ctx.before)[-1].upper()
    after = ctx.after or "ROUTE <start> - ... - <destination>"
    return (
        f"expected the partner's ID after {word}: the company you ride with",
        f"write {ctx.before} <ID> {after}",
    )


def _partner_mode(ctx: ErrorContext) -> tuple[str, str | None]:
    message = "expected ROUTE or BEST after the partner's ID"
    if not ctx.after:
        return message, f"write {ctx.before} ROUTE <start> - ... - <destination>, or {ctx.before} BEST"
    if _looks_like_point(ctx.after):
        return message, f"write {ctx.before} ROUTE {ctx.after}"
    return message, None


_DASHED_START = re.compile(r"[-\u2013\u2014](\(?[^\W\d_]\w*\)?)[-\u2013\u2014]")


def _route_first_point(ctx: ErrorContext) -> tuple[str, str | None]:
    word = _words(ctx.before)[-1].upper()
    owner = _DASHED_START.match(ctx.after)
    if owner is not None:
        rest = ctx.after[owner.end():].strip()
        return (
            f"a route cannot begin with an owner: '-{owner.group(1)}-' names whose line runs between two points",
            f"write the start first: {ctx.before} <start> -{owner.group(1)}- {rest}".rstrip(),
        )
    return f"expected the route's start after {word}: a hex label such as 0712, or a town name", None


def _enter_best_trailing(ctx: ErrorContext) -> tuple[str, str | None]:
    message = "expected the end of the line after BEST: the adjudicator chooses the route"
    head = ctx.before.rsplit(None, 1)[0]
    if re.match(r"\d{4}\b", ctx.after) or re.search(r"\s[-\u2013\u2014]\s|\w[-\u2013\u2014]\w", ctx.after):
        return message, f"to give the route yourself, write {head} ROUTE {ctx.after}"
    return message, f"remove '{ctx.after}' or put it after '#'"


def _race_number(ctx: ErrorContext) -> tuple[str, str | None]:
    return f"expected the race number after {_kw(ctx)}", f"write {_kw(ctx)} <number> FROM <start> TO <destination>"


def _race_from(ctx: ErrorContext) -> tuple[str, str | None]:
    message = "expected FROM after the race number"
    first = _first_keyword(ctx.after)
    if first == "TO":
        return message, f"write {ctx.before} FROM <start> {ctx.after}"
    if _looks_like_point(ctx.after) and first is None:
        return message, f"write {ctx.before} FROM {ctx.after}"
    return message, f"write {ctx.before} FROM <start> TO <destination>"


def _race_start(ctx: ErrorContext) -> tuple[str, str | None]:
    return f"expected the race's start after {_words(ctx.before)[-1].upper()}: a town name or a hex label", None


def _race_to(ctx: ErrorContext) -> tuple[str, str | None]:
    message = "expected TO between the race's start and its destination"
    after = ctx.after
    if after[:1] in tuple("-\u2013\u2014,;/") and len(after) > 1:
        return message, f"write {ctx.before} TO {after[1:].strip()}"
    if after:
        return message, f"write {ctx.before} TO {after}"
    words = _words(ctx.before)
    start = words[3:]
    if start and keyword_of(start[0]) == "TO":  # RACE 1 FROM TO Südheim: TO read as a town's word
        return f"expected the race's start after {words[2].upper()}: a town name or a hex label", None
    if len(start) > 1:
        return message, f"did you mean {' '.join(words[:3] + start[:-1])} TO {start[-1]}?"
    return message, f"write {ctx.before} TO <destination>"


def _race_dest(ctx: ErrorContext) -> tuple[str, str | None]:
    return f"expected the race's destination after {_words(ctx.before)[-1].upper()}: a town name or a hex label", None


def _moves_race(ctx: ErrorContext) -> tuple[str, str | None]:
    rest = ctx.after or "<ID> <rolls>"
    return f"expected the race number after {_kw(ctx)}", f"write {_kw(ctx)} <race> {rest}, e.g. {_kw(ctx)} 1 RED 3 5 2"


def _moves_player(ctx: ErrorContext) -> tuple[str, str | None]:
    return "expected the player's ID after the race number", f"write {ctx.before} <ID> {ctx.after}".rstrip()


def _moves_roll(ctx: ErrorContext) -> tuple[str, str | None]:
    return "expected the rolls after the player's ID, in digits", f"write them one by one, e.g. {ctx.before} 3 5 2"


def _moves_more(ctx: ErrorContext) -> tuple[str, str | None]:
    message = "expected another roll or the end of the line"
    if ctx.bad[:1] in tuple(",;/-\u2013\u2014+") and re.fullmatch(r"[\d\s,;/+\-\u2013\u2014]+", ctx.after):
        apart = " ".join(re.findall(r"\d+", ctx.after))
        return message, f"write the rolls apart, with spaces only: {ctx.before} {apart}"
    return message, f"remove '{ctx.after}' or put it after '#'"


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


_ENTER_HEADS = ("ENTER 1 ROUTE", "ENTER 1 WITH RED ROUTE")
"""Before ``_enter_route`` is reduced, ENTER ... ROUTE and ENTER ... WITH ... ROUTE differ in depth."""


def _after_route(*tails: str) -> tuple[str, ...]:
    return tuple(f"{head} {tail}".rstrip() for head in _ENTER_HEADS for tail in tails)


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
    # racing: players
    Mistake(
        "enter-race",
        ("ENTER", "ENTER ROUTE 0712 - 0713", "ENTER BEST", "ENTER WITH RED BEST", "ENTER Nord - 0713", "ENTER - 1"),
        _enter_race,
    ),
    Mistake(
        "enter-mode",
        ("ENTER 1", "ENTER 1 0712 - 0713", "ENTER 1 Nord - 0713", "ENTER 1 RED BEST", "ENTER 1 - 0712", "ENTER 1 ROUTEN x"),
        _enter_mode,
    ),
    Mistake(
        "partner-id",
        ("ENTER 1 WITH", "ENTER 1 WITH ROUTE 0712 - 0713", "ENTER 1 WITH BEST", "ENTER 1 WITH 0712", "ENTER 1 WITH - RED"),
        _partner_id,
    ),
    Mistake(
        "partner-mode",
        ("ENTER 1 WITH RED", "ENTER 1 WITH RED 0712 - 0713", "ENTER 1 WITH RED Nord - 0713", "ENTER 1 WITH RED - 0712"),
        _partner_mode,
    ),
    Mistake("route-first-point", _after_route("", "- 0712", "-RED- 0712", ",0712"), _route_first_point),
    Mistake("enter-best-trailing", ("ENTER 1 BEST 0712", "ENTER 1 BEST now", "ENTER 1 WITH RED BEST x"), _enter_best_trailing),
    # racing: the GM
    Mistake("race-number", ("RACE", "RACE FROM Nord TO Süd", "RACE Nord TO Süd", "RACE - 1"), _race_number),
    Mistake("race-from", ("RACE 1", "RACE 1 Nord TO Süd", "RACE 1 0402 TO 0307", "RACE 1 - x", "RACE 1 TO Süd"), _race_from),
    Mistake("race-start", ("RACE 1 FROM", "RACE 1 FROM - 0402", "RACE 1 FROM ,x"), _race_start),
    Mistake(
        "race-to",
        (
            "RACE 1 FROM Nord", "RACE 1 FROM Nord - Süd", "RACE 1 FROM Bad Nord - Süd", "RACE 1 FROM 0402 0307",
            "RACE 1 FROM 0402 - 0307", "RACE 1 FROM Nord 0307", "RACE 1 FROM Bad Nord 0307", "RACE 1 FROM Nord ,Süd",
            "RACE 1 FROM 0402 ,0307",
        ),
        _race_to,
    ),
    Mistake("race-dest", ("RACE 1 FROM Nord TO", "RACE 1 FROM Nord TO - x", "RACE 1 FROM Nord TO ,x"), _race_dest),
    Mistake(
        "race-trailing",
        (
            "RACE 1 FROM Nord TO Süd - x", "RACE 1 FROM Nord TO Bad Süd - x", "RACE 1 FROM Nord TO 0307 0308",
            "RACE 1 FROM Nord TO 0307 - 0308", "RACE 1 FROM Nord TO Süd ,x", "RACE 1 FROM Nord TO Süd TO x",
        ),
        _trailing("the race's destination (RACE names one start and one destination)"),
    ),
    Mistake("moves-race", ("MOVES", "MOVES RED 3 4", "MOVES - 1"), _moves_race),
    Mistake("moves-player", ("MOVES 1", "MOVES 1 3 4", "MOVES 1 - RED"), _moves_player),
    Mistake("moves-roll", ("MOVES 1 RED", "MOVES 1 RED three", "MOVES 1 RED - 3"), _moves_roll),
    Mistake(
        "moves-more",
        ("MOVES 1 RED 3 x", "MOVES 1 RED 3 4 x", "MOVES 1 RED 3, 4", "MOVES 1 RED 3 4, 5", "MOVES 1 RED 3 - 4", "MOVES 1 RED 3,4"),
        _moves_more,
    ),
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
