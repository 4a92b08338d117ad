"""Explainers of the racing lines' sample mistakes: ENTER (players), RACE and MOVES (the GM).

Each takes the ``ErrorContext`` of a rejected line and returns a problem
code, its data and perhaps a hint; ``mistakes.MISTAKES`` names the sample
lines each one explains.  A hint that rewrites the line carries the line
as the player should write it; a placeholder such as ``<race>`` stays in
the sentence (``adjudicator.dampfross.report.orderwords``), never in the data.
"""

from __future__ import annotations

import re

from adjudicator.dampfross.orders.codes import HintCode as H
from adjudicator.dampfross.orders.codes import ProblemCode as P
from adjudicator.dampfross.orders.codes import args
from adjudicator.dampfross.orders.mistakes_base import (
    ErrorContext,
    Explanation,
    first_keyword,
    hint,
    keyword_of,
    kw,
    looks_like_point,
    words,
    write,
)

# --- players: POWERS ----------------------------------------------------------------


def powers_race(ctx: ErrorContext) -> Explanation:
    """POWERS without its race number."""
    return P.EXPECTED_POWERS_RACE, args(keyword=kw(ctx)), hint(H.POWERS_FORM, keyword=kw(ctx))


def powers_with(ctx: ErrorContext) -> Explanation:
    """POWERS <race> not followed by WITH; a company ID written straight after the number earns the line."""
    rest = words(ctx.after)
    if rest and not rest[0].startswith(("-", "\u2013", "\u2014")):
        return P.EXPECTED_POWERS_WITH, (), write(f"{ctx.before} WITH {ctx.after}")
    return P.EXPECTED_POWERS_WITH, (), hint(H.POWERS_FORM, keyword=kw(ctx))


def powers_partner(ctx: ErrorContext) -> Explanation:
    """POWERS <race> WITH without the partner's ID."""
    return P.EXPECTED_POWERS_PARTNER, args(keyword="WITH"), hint(H.POWERS_FORM, keyword=kw(ctx))


# --- players: ENTER -----------------------------------------------------------------


def enter_race(ctx: ErrorContext) -> Explanation:
    """ENTER without its race number; the hint keeps what follows when it reads as ROUTE, BEST, WITH or a point."""
    after = ctx.after
    problem = args(keyword=kw(ctx))
    if first_keyword(after) in ("ROUTE", "BEST", "WITH"):
        return P.EXPECTED_ENTER_RACE, problem, hint(H.ADD_RACE_NUMBER, keyword=kw(ctx), rest=after)
    if looks_like_point(after):
        return P.EXPECTED_ENTER_RACE, problem, hint(H.ADD_RACE_NUMBER, keyword=kw(ctx), rest=f"ROUTE {after}")
    return P.EXPECTED_ENTER_RACE, problem, hint(H.ENTER_FORM, keyword=kw(ctx))


def enter_mode(ctx: ErrorContext) -> Explanation:
    """ENTER <race> not followed by ROUTE, BEST or WITH (or a label taken for the race number)."""
    before, after = ctx.before, ctx.after
    found = words(before)
    if len(found) == 2 and len(found[1]) == 4 and ctx.bad[:1] in "-\u2013\u2014":
        # ENTER 0712 - 0713: the "race number" is the route's first label
        return (
            P.EXPECTED_ENTER_RACE, args(keyword=kw(ctx)),
            hint(H.ADD_RACE_NUMBER, keyword=kw(ctx), rest=f"ROUTE {found[1]} {after}"),
        )
    if not after:
        return P.EXPECTED_ENTER_MODE, (), hint(H.ROUTE_OR_BEST, line=before)
    rest = words(after)
    if len(rest) > 1 and keyword_of(rest[1]) in ("ROUTE", "BEST"):
        return P.EXPECTED_ENTER_MODE, (), hint(H.JOINT_TRIP, line=f"{before} WITH {after}")
    if looks_like_point(after):
        return P.EXPECTED_ENTER_MODE, (), write(f"{before} ROUTE {after}")
    return P.EXPECTED_ENTER_MODE, (), None


def partner_id(ctx: ErrorContext) -> Explanation:
    """WITH without the partner's ID."""
    problem = args(keyword=words(ctx.before)[-1].upper())
    mode = first_keyword(ctx.after)
    if mode in ("ROUTE", "BEST"):
        return P.EXPECTED_PARTNER, problem, hint(H.ADD_ID, line=ctx.before, rest=ctx.after)
    if ctx.after and looks_like_point(ctx.after):  # the route without ROUTE: the hint writes both (a hint is an order)
        return P.EXPECTED_PARTNER, problem, hint(H.ADD_ID, line=ctx.before, rest=f"ROUTE {ctx.after}")
    return P.EXPECTED_PARTNER, problem, hint(H.ADD_PARTNER_AND_ROUTE, line=ctx.before)


def partner_mode(ctx: ErrorContext) -> Explanation:
    """WITH <ID> not followed by ROUTE or BEST."""
    if not ctx.after:
        return P.EXPECTED_PARTNER_MODE, (), hint(H.ROUTE_OR_BEST, line=ctx.before)
    if looks_like_point(ctx.after):
        return P.EXPECTED_PARTNER_MODE, (), write(f"{ctx.before} ROUTE {ctx.after}")
    return P.EXPECTED_PARTNER_MODE, (), None


_DASHED_START = re.compile(r"[-\u2013\u2014](\(?[^\W\d_]\w*\)?)[-\u2013\u2014]")


def route_first_point(ctx: ErrorContext) -> Explanation:
    """ROUTE without a start, or with an owner ``-BLUE-`` where the start belongs."""
    owner = _DASHED_START.match(ctx.after)
    if owner is not None:
        rest = ctx.after[owner.end():].strip()
        name = owner.group(1)
        return (
            P.OWNER_BEFORE_START, args(owner=name),
            hint(H.START_FIRST, line=ctx.before, route=f"-{name}- {rest}".rstrip()),
        )
    return P.EXPECTED_ROUTE_START, args(keyword=words(ctx.before)[-1].upper()), None


def enter_best_trailing(ctx: ErrorContext) -> Explanation:
    """Text after BEST: a route (write ROUTE instead of BEST) or anything else (remove it)."""
    head = ctx.before.rsplit(None, 1)[0]
    if re.match(r"\d{4}\b", ctx.after) or re.search(r"\s[-\u2013\u2014]\s|\w[-\u2013\u2014]\w", ctx.after):
        return P.TEXT_AFTER_BEST, (), hint(H.GIVE_ROUTE, line=f"{head} ROUTE {ctx.after}")
    return P.TEXT_AFTER_BEST, (), hint(H.REMOVE_OR_COMMENT, text=ctx.after)


# --- the GM: RACE ------------------------------------------------------------------------


def race_number(ctx: ErrorContext) -> Explanation:
    """RACE without its number."""
    return P.EXPECTED_RACE_NUMBER, args(keyword=kw(ctx)), hint(H.RACE_FORM, keyword=kw(ctx))


def race_from(ctx: ErrorContext) -> Explanation:
    """RACE <n> not followed by FROM."""
    first = first_keyword(ctx.after)
    if first == "TO":
        return P.EXPECTED_FROM, (), hint(H.ADD_FROM, line=ctx.before, rest=ctx.after)
    if looks_like_point(ctx.after) and first is None:
        return P.EXPECTED_FROM, (), write(f"{ctx.before} FROM {ctx.after}")
    return P.EXPECTED_FROM, (), hint(H.ADD_FROM_AND_TO, line=ctx.before)


def race_start(ctx: ErrorContext) -> Explanation:
    """FROM without the race's start."""
    return P.EXPECTED_RACE_START, args(keyword=words(ctx.before)[-1].upper()), None


def race_to(ctx: ErrorContext) -> Explanation:
    """The race's start not followed by TO: a dash for TO, TO forgotten, or TO read as part of a town."""
    after = ctx.after
    if after[:1] in tuple("-\u2013\u2014,;/") and len(after) > 1:
        return P.EXPECTED_TO, (), write(f"{ctx.before} TO {after[1:].strip()}")
    if after:
        return P.EXPECTED_TO, (), write(f"{ctx.before} TO {after}")
    found = words(ctx.before)
    start = found[3:]
    if start and keyword_of(start[0]) == "TO":  # RACE 1 FROM TO Südheim: TO read as a town's word
        return P.EXPECTED_RACE_START, args(keyword=found[2].upper()), None
    if len(start) > 1:
        line = f"{' '.join(found[:3] + start[:-1])} TO {start[-1]}"
        return P.EXPECTED_TO, (), hint(H.DID_YOU_MEAN, options=(line,))
    return P.EXPECTED_TO, (), hint(H.ADD_TO, line=ctx.before)


def race_dest(ctx: ErrorContext) -> Explanation:
    """TO without the race's destination."""
    return P.EXPECTED_RACE_DESTINATION, args(keyword=words(ctx.before)[-1].upper()), None


def race_row(ctx: ErrorContext) -> Explanation:
    """SPECIAL without a row of the table (a die's value 1..6, on the German map with G or U)."""
    return P.EXPECTED_SPECIAL_ROW, args(keyword=words(ctx.before)[-1].upper()), None


# --- the GM: MOVES ------------------------------------------------------------------------


def moves_race(ctx: ErrorContext) -> Explanation:
    """MOVES without its race number."""
    problem = args(keyword=kw(ctx))
    if re.fullmatch(r"[^\W\d_]\w*(\s+\d+)+", ctx.after):  # the ID and the rolls: only the race is missing
        return P.EXPECTED_RACE_NUMBER, problem, hint(H.ADD_MOVES_RACE, keyword=kw(ctx), rest=ctx.after)
    return P.EXPECTED_RACE_NUMBER, problem, hint(H.MOVES_FORM, keyword=kw(ctx))


def moves_player(ctx: ErrorContext) -> Explanation:
    """MOVES <race> without the player's ID."""
    if re.fullmatch(r"\d+(\s+\d+)*", ctx.after):  # the rolls: only the ID is missing
        return P.EXPECTED_MOVES_PLAYER, (), hint(H.ADD_ID, line=ctx.before, rest=ctx.after)
    return P.EXPECTED_MOVES_PLAYER, (), hint(H.MOVES_FORM, keyword=kw(ctx))


def moves_roll(ctx: ErrorContext) -> Explanation:
    """MOVES <race> <ID> without rolls in digits."""
    return P.EXPECTED_MOVES_ROLLS, (), hint(H.ROLLS_ONE_BY_ONE, line=ctx.before)


def moves_more(ctx: ErrorContext) -> Explanation:
    """Something other than a roll among the rolls: separators (write them apart) or other text."""
    if ctx.bad[:1] in tuple(",;/-\u2013\u2014+") and re.fullmatch(r"[\d\s,;/+\-\u2013\u2014]+", ctx.after):
        apart = " ".join(re.findall(r"\d+", ctx.after))
        return P.EXPECTED_ROLL_OR_END, (), hint(H.ROLLS_APART, line=f"{ctx.before} {apart}")
    return P.EXPECTED_ROLL_OR_END, (), hint(H.REMOVE_OR_COMMENT, text=ctx.after)
