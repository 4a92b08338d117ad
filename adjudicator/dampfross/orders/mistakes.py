"""The table of sample mistakes that turns Lark errors into problem codes.

``MISTAKES`` lists typical wrong order lines; Lark's ``match_examples``
finds the sample that fails in the same parser state as the player's line,
and the sample's entry explains it: a ``ProblemCode``, the data a sentence
needs, and perhaps a ``Hint`` (the explainers of racing lines are in
``mistakes_racing.py``).  Lines the table does not foresee fall back to
``UNEXPECTED_TEXT`` / ``UNEXPECTED_END`` with the terminals the parser
would have accepted.  The words are made by the report layer
(``adjudicator.dampfross.report.orderwords``).

The keywords and the ``ErrorContext`` the explainers read are in
``mistakes_base.py``; ``KEYWORDS`` must list the same spellings as the
keyword terminals of ``grammar/orders.lark`` (a test checks that every
spelling parses).
"""

from __future__ import annotations

import re

from adjudicator.dampfross.orders import mistakes_racing as racing
from adjudicator.dampfross.orders import mistakes_standing as standing
from adjudicator.dampfross.orders import mistakes_thinking as thinking
from adjudicator.dampfross.orders.codes import HintCode as H
from adjudicator.dampfross.orders.codes import ProblemCode as P
from adjudicator.dampfross.orders.codes import args
from adjudicator.dampfross.orders.mistakes_base import (
    GUESSED_STARTERS,
    KEYWORDS,
    LINE_STARTERS,
    ORDER_WORDS,
    ErrorContext,
    Explanation,
    Mistake,
    did_you_mean,
    hint,
    keyword_of,
    kw,
    looks_like_point,
    trailing,
    write,
)
from adjudicator.dampfross.orders.model import Hint

__all__ = [
    "EXAMPLES", "KEYWORDS", "LINE_STARTERS", "MISTAKES", "ORDER_WORDS", "ErrorContext", "Mistake", "explain",
    "keyword_of",
]


def _order_keyword(ctx: ErrorContext) -> Explanation:
    word = ctx.bad
    known = keyword_of(word)
    if known == "PASSWORD":
        return P.PASSWORD_OFF_PLAYER_LINE, args(word=word), hint(H.MOVE_TO_PLAYER_LINE, line=ctx.code.strip())
    if known is not None:
        return P.KEYWORD_CANNOT_BEGIN_LINE, args(word=word, orders=ORDER_WORDS), None
    guess = did_you_mean(word, GUESSED_STARTERS)
    if guess is not None:
        return P.MISSPELT_ORDER, args(word=word), hint(H.DID_YOU_MEAN, options=(guess,))
    if word[:1].isdigit():  # "0712 - 0713": a BUILD line without its keyword (a lone label is no line)
        line = f"BUILD {ctx.code.strip()}"
        return P.LINE_BEGINS_WITH_POINT, args(orders=ORDER_WORDS), write(line) if _DASH_IN.search(line) else None
    return P.UNKNOWN_ORDER, args(word=word, orders=ORDER_WORDS), hint(H.COMMENT_REMARKS)


def _first_point(ctx: ErrorContext) -> Explanation:
    return P.EXPECTED_POINT, args(keyword=kw(ctx)), None


_DASHED_END = re.compile(r"[-\u2013\u2014](\(?[^\W\d_]\w*\)?)[-\u2013\u2014]$")
"""A route ending in ``-BLUE-`` or ``-(BLUE)-``: an owner without the point after it."""


def _after_dash(ctx: ErrorContext) -> Explanation:
    owner = _DASHED_END.search(ctx.before) if ctx.keyword == "ENTER" and not ctx.bad else None
    if owner is not None:
        name = owner.group(1)
        return P.EXPECTED_POINT_AFTER_OWNER, args(owner=name), hint(H.ADD_DESTINATION_OR_REMOVE_OWNER, owner=name)
    if not ctx.bad:
        return P.EXPECTED_POINT_AFTER_DASH, (), hint(H.REMOVE_TRAILING_DASH)
    return P.EXPECTED_POINT_AFTER_DASH, (), None


_DASH_IN = re.compile(r"\S\s*[-\u2013\u2014]\s*\S")
"""Two points joined by a dash somewhere in a line."""
_SEPARATED = re.compile(r"\s*[,;/+]\s*")
"""What players write between the hexes of a path instead of a dash."""


def _insert_dash(ctx: ErrorContext) -> Hint:
    """The line with a dash between the two points (and for every comma, semicolon, slash or plus after them: a
    BUILD's hexes are joined by dashes, so ``0712 0713, 0714`` is ``0712 - 0713 - 0714``)."""
    after = ctx.after
    if after[:1] in tuple(",;/.+") and len(after) > 1:
        after = after[1:].strip()
    elif not looks_like_point(after):
        return hint(H.REMOVE, text=ctx.bad)
    return write(f"{ctx.before} - {_SEPARATED.sub(' - ', after)}")


def _after_point(ctx: ErrorContext) -> Explanation:
    if ctx.keyword == "START":
        return _start_one_point(ctx)
    return P.EXPECTED_DASH, (), _insert_dash(ctx)


def _start_one_point(ctx: ErrorContext) -> Explanation:
    return P.SINGLE_POINT, args(keyword=kw(ctx)), write(ctx.before)


def _one_point(ctx: ErrorContext) -> Explanation:
    if ctx.keyword == "ENTER":
        return P.ROUTE_TOO_SHORT, (), hint(H.ADD_NEXT_POINT, line=ctx.before)
    return P.TOO_FEW_POINTS, args(keyword=kw(ctx)), hint(H.ADD_NEXT_POINT, line=ctx.before)


def _turn_number(ctx: ErrorContext) -> Explanation:
    return P.EXPECTED_TURN_NUMBER, args(keyword=kw(ctx)), hint(H.NUMBER_IN_DIGITS, example=f"{kw(ctx)} 3")


def _game_id(ctx: ErrorContext) -> Explanation:
    return P.EXPECTED_GAME_ID, args(keyword=kw(ctx)), hint(H.EXAMPLE, example=f"{kw(ctx)} DP7")


def _player_id(ctx: ErrorContext) -> Explanation:
    return P.EXPECTED_PLAYER_ID, args(keyword=kw(ctx)), hint(H.PLAYER_LINE_FORM, keyword=kw(ctx))


def _password_keyword(ctx: ErrorContext) -> Explanation:
    guess = did_you_mean(ctx.bad, ["PASSWORD"])
    if guess:
        return P.EXPECTED_PASSWORD_KEYWORD, (), hint(H.DID_YOU_MEAN, options=(guess,))
    return P.EXPECTED_PASSWORD_KEYWORD, (), write(f"{ctx.before} PASSWORD {ctx.after}")


def _password_value(ctx: ErrorContext) -> Explanation:
    return P.EXPECTED_PASSWORD, args(keyword=ctx.before.split()[-1].upper()), None


def _declare_end(ctx: ErrorContext) -> Explanation:
    return P.EXPECTED_END, args(keyword=kw(ctx)), hint(H.DECLARE_END_FORM)


def _build_partner(ctx: ErrorContext) -> Explanation:
    """BUILD WITH without the partner's ID."""
    return P.EXPECTED_BUILD_PARTNER, args(keyword=kw(ctx)), hint(H.BUILD_WITH_FORM, keyword=kw(ctx))


def _stands_alone(ctx: ErrorContext) -> Explanation:
    return P.STANDS_ALONE, args(keyword=kw(ctx)), hint(H.COMMENT_REMARKS)


def _roll_player(ctx: ErrorContext) -> Explanation:
    return P.EXPECTED_ROLL_PLAYER, args(keyword=kw(ctx)), hint(H.ROLL_FORM, keyword=kw(ctx))


def _ferry_keyword(ctx: ErrorContext) -> Explanation:
    if ctx.bad and looks_like_point(ctx.after):
        return P.EXPECTED_FERRY, args(keyword=kw(ctx)), write(f"{ctx.before} FERRY {ctx.after}")
    return P.EXPECTED_FERRY, args(keyword=kw(ctx)), hint(H.FERRY_FORM, keyword=kw(ctx))


def _ferry_port(ctx: ErrorContext) -> Explanation:
    return P.EXPECTED_PORT, args(keyword=kw(ctx)), hint(H.FERRY_FORM, keyword=kw(ctx))


def _ferry_trailing(ctx: ErrorContext) -> Explanation:
    return P.TEXT_AFTER_FERRY, (), hint(H.FERRY_FORM, keyword=kw(ctx))


def _roll_number(ctx: ErrorContext) -> Explanation:
    return P.EXPECTED_ROLL_NUMBER, (), hint(H.NUMBER_IN_DIGITS, example=f"{ctx.before} 4")


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
    Mistake("after-point", _on_paths("0712 0713", "Nord 0713", "Bad Nord 0713", "0712 ,0713", "Nord ,0713"),
            _after_point),
    Mistake("one-point", ("BUILD 0712", "BUILD Nord", "BUILD Bad Nord"), _one_point),
    Mistake("build-partner", ("BUILD WITH", "BUILD WITH 0712 - 0713", "BUILD WITH - RED"), _build_partner),
    Mistake("build-partner-path", ("BUILD WITH RED", "BUILD WITH RED - 0712", "BUILD WITH RED ,0712"), _first_point),
    Mistake("turn-number", ("TURN", "TURN three", "TURN -1"), _turn_number),
    Mistake("turn-trailing", ("TURN 3 4", "TURN 3 a"), trailing(P.TEXT_AFTER_TURN)),
    Mistake("game-id", ("GAME",), _game_id),
    Mistake("game-trailing", ("GAME DP7 extra",), trailing(P.TEXT_AFTER_GAME_ID)),
    Mistake("player-id", ("PLAYER", "PLAYER 7", "PLAYER - RED"), _player_id),
    Mistake("password-keyword", ("PLAYER RED geheim", "PLAYER RED PASSWRD geheim", "PLAYER RED 1234"),
            _password_keyword),
    Mistake("password-value", ("PLAYER RED PASSWORD",), _password_value),
    Mistake("player-trailing", ("PLAYER RED PASSWORD geheim mehr",), trailing(P.TEXT_AFTER_PASSWORD)),
    Mistake("declare-end", ("DECLARE", "DECLARE ENDS", "DECLARE 3"), _declare_end),
    Mistake("stands-alone", ("PASS 0712", "PASS now", "END now", "DECLARE END now", "GM RED"), _stands_alone),
    Mistake("roll-player", ("ROLL", "ROLL 4"), _roll_player),
    Mistake("roll-number", ("ROLL RED", "ROLL RED four"), _roll_number),
    Mistake("roll-trailing", ("ROLL RED 4 5",), trailing(P.TEXT_AFTER_ROLL)),
    # advanced rules: BUY FERRY
    Mistake("ferry-keyword", ("BUY", "BUY Calais", "BUY 0712", "BUY - x", "BUY BUILD"), _ferry_keyword),
    Mistake("ferry-port", ("BUY FERRY", "BUY FERRY - x", "BUY FERRY ,x"), _ferry_port),
    Mistake("ferry-trailing", ("BUY FERRY Calais - Dover - x", "BUY FERRY 0712 - 0713 - 0714",
                               "BUY FERRY 0712 - 0713 0714"), _ferry_trailing),
    # racing: players
    Mistake(
        "enter-race",
        ("ENTER", "ENTER ROUTE 0712 - 0713", "ENTER BEST", "ENTER WITH RED BEST", "ENTER Nord - 0713", "ENTER - 1"),
        racing.enter_race,
    ),
    Mistake(
        "enter-mode",
        ("ENTER 1", "ENTER 1 0712 - 0713", "ENTER 1 Nord - 0713", "ENTER 1 RED BEST", "ENTER 1 - 0712",
         "ENTER 1 ROUTEN x"),
        racing.enter_mode,
    ),
    Mistake(
        "partner-id",
        ("ENTER 1 WITH", "ENTER 1 WITH ROUTE 0712 - 0713", "ENTER 1 WITH BEST", "ENTER 1 WITH 0712",
         "ENTER 1 WITH - RED"),
        racing.partner_id,
    ),
    Mistake(
        "partner-mode",
        ("ENTER 1 WITH RED", "ENTER 1 WITH RED 0712 - 0713", "ENTER 1 WITH RED Nord - 0713", "ENTER 1 WITH RED - 0712"),
        racing.partner_mode,
    ),
    Mistake("route-first-point", _after_route("", "- 0712", "-RED- 0712", ",0712"), racing.route_first_point),
    Mistake("powers-race", ("POWERS", "POWERS RED", "POWERS - 1", "POWERS WITH RED"), racing.powers_race),
    Mistake("powers-with", ("POWERS 1", "POWERS 1 RED", "POWERS 1 - RED"), racing.powers_with),
    Mistake("powers-partner", ("POWERS 1 WITH", "POWERS 1 WITH 2", "POWERS 1 WITH - RED"), racing.powers_partner),
    Mistake("powers-trailing", ("POWERS 1 WITH RED x", "POWERS 1 WITH RED 2"), trailing(P.TEXT_AFTER_POWERS)),
    Mistake("enter-best-trailing", ("ENTER 1 BEST 0712", "ENTER 1 BEST now", "ENTER 1 WITH RED BEST x"),
            racing.enter_best_trailing),
    # racing: the GM
    Mistake("race-number", ("RACE", "RACE FROM Nord TO Süd", "RACE Nord TO Süd", "RACE - 1"), racing.race_number),
    Mistake("race-from", ("RACE 1", "RACE 1 Nord TO Süd", "RACE 1 0402 TO 0307", "RACE 1 - x", "RACE 1 TO Süd"),
            racing.race_from),
    Mistake("race-start", ("RACE 1 FROM", "RACE 1 FROM - 0402", "RACE 1 FROM ,x"), racing.race_start),
    Mistake(
        "race-to",
        (
            "RACE 1 FROM Nord", "RACE 1 FROM Nord - Süd", "RACE 1 FROM Bad Nord - Süd", "RACE 1 FROM 0402 0307",
            "RACE 1 FROM 0402 - 0307", "RACE 1 FROM Nord 0307", "RACE 1 FROM Bad Nord 0307", "RACE 1 FROM Nord ,Süd",
            "RACE 1 FROM 0402 ,0307",
        ),
        racing.race_to,
    ),
    Mistake("race-dest", ("RACE 1 FROM Nord TO", "RACE 1 FROM Nord TO - x", "RACE 1 FROM Nord TO ,x"),
            racing.race_dest),
    Mistake(
        "race-trailing",
        (
            "RACE 1 FROM Nord TO Süd - x", "RACE 1 FROM Nord TO Bad Süd - x", "RACE 1 FROM Nord TO 0307 0308",
            "RACE 1 FROM Nord TO 0307 - 0308", "RACE 1 FROM Nord TO Süd ,x", "RACE 1 FROM Nord TO Süd TO x",
        ),
        trailing(P.TEXT_AFTER_RACE),
    ),
    Mistake("race-row", ("RACE 1 FROM Nord SPECIAL", "RACE 1 FROM Nord SPECIAL 7", "RACE 1 FROM Nord SPECIAL x",
                         "RACE 1 FROM Nord SPECIAL - 3"), racing.race_row),
    Mistake("race-special-trailing", ("RACE 1 FROM Nord SPECIAL 3 x", "RACE 1 FROM Nord SPECIAL 5G 3",
                                      "RACE 1 FROM Nord SPECIAL 3 - x"), trailing(P.TEXT_AFTER_RACE)),
    Mistake("moves-race", ("MOVES", "MOVES RED 3 4", "MOVES - 1"), racing.moves_race),
    Mistake("moves-player", ("MOVES 1", "MOVES 1 3 4", "MOVES 1 - RED"), racing.moves_player),
    Mistake("moves-roll", ("MOVES 1 RED", "MOVES 1 RED three", "MOVES 1 RED - 3"), racing.moves_roll),
    Mistake(
        "moves-more",
        ("MOVES 1 RED 3 x", "MOVES 1 RED 3 4 x", "MOVES 1 RED 3, 4", "MOVES 1 RED 3 4, 5", "MOVES 1 RED 3 - 4",
         "MOVES 1 RED 3,4"),
        racing.moves_more,
    ),
    *standing.MISTAKES,  # standing orders (issue 27)
    *thinking.MISTAKES,  # BUILD CHEAPEST, IF, ELSE (issue 27)
)
"""The table of sample mistakes, most specific first."""

EXAMPLES: dict[str, tuple[str, ...]] = {m.label: m.examples for m in MISTAKES}
"""The table in the shape ``match_examples`` takes."""

_BY_LABEL = {m.label: m for m in MISTAKES}


def explain(label: str | None, ctx: ErrorContext) -> Explanation:
    """Code, data and hint for a rejected line, from its table entry or the generic fallback.

    A misspelt keyword where the parser wanted one always earns a
    ``did you mean`` hint, whatever the entry says.
    """
    hint_: Hint | None
    if label is not None:
        code, data, hint_ = _BY_LABEL[label].explain(ctx)
    else:
        expected = tuple(sorted(ctx.expected))
        if ctx.bad:
            code, data = P.UNEXPECTED_TEXT, args(expected=expected, found=ctx.bad)
        else:
            code, data = P.UNEXPECTED_END, args(expected=expected)
        hint_ = None
    keywords = [k for k in ctx.expected if k in KEYWORDS]
    if ctx.bad and keywords and keyword_of(ctx.bad) is None and label != "order-keyword":
        guess = did_you_mean(ctx.bad, keywords)
        if guess is not None:
            hint_ = hint(H.DID_YOU_MEAN, options=(guess,))
    return code, data, hint_
