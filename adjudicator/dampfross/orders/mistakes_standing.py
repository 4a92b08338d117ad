"""Sample mistakes of standing orders (issue 27): STANDING ENTER ALL BEST [MIN n], STANDING PASS, STANDING CANCEL.

Part of the table of ``mistakes.py`` (which takes ``MISTAKES`` in); each
explainer returns a problem code, its data and a hint, never a sentence.
"""

from __future__ import annotations

from adjudicator.dampfross.orders.codes import HintCode as H
from adjudicator.dampfross.orders.codes import ProblemCode as P
from adjudicator.dampfross.orders.codes import args
from adjudicator.dampfross.orders.mistakes_base import ErrorContext, Explanation, Mistake, hint, kw, write


def _form(ctx: ErrorContext) -> Explanation:
    return P.EXPECTED_STANDING_ORDER, args(keyword=kw(ctx)), hint(H.STANDING_FORM, keyword=kw(ctx))


def _all_best(ctx: ErrorContext) -> Explanation:
    return P.EXPECTED_STANDING_ALL_BEST, args(keyword=kw(ctx)), hint(H.STANDING_FORM, keyword=kw(ctx))


def _minimum(ctx: ErrorContext) -> Explanation:
    after = ctx.after
    if after.isdigit():  # "... BEST 5": the number without MIN
        return P.EXPECTED_STANDING_MIN, (), write(f"{ctx.before} MIN {after}")
    return P.EXPECTED_STANDING_MIN, (), hint(H.STANDING_FORM, keyword=kw(ctx))


def _trailing(ctx: ErrorContext) -> Explanation:
    return P.TEXT_AFTER_STANDING, (), hint(H.REMOVE_OR_COMMENT, text=ctx.after)


MISTAKES: tuple[Mistake, ...] = (
    Mistake("standing-kind", ("STANDING", "STANDING 3", "STANDING BUILD 0712 - 0713", "STANDING - x",
                              "STANDING ENTERS"), _form),
    Mistake("standing-all", ("STANDING ENTER", "STANDING ENTER 3 BEST", "STANDING ENTER BEST", "STANDING ENTER x"),
            _all_best),
    Mistake("standing-best", ("STANDING ENTER ALL", "STANDING ENTER ALL 3", "STANDING ENTER ALL x"), _all_best),
    Mistake("standing-min", ("STANDING ENTER ALL BEST 5", "STANDING ENTER ALL BEST x", "STANDING ENTER ALL BEST -5",
                             "STANDING ENTER ALL BEST MIN", "STANDING ENTER ALL BEST MIN x",
                             "STANDING ENTER ALL BEST MIN -5"), _minimum),
    Mistake("standing-trailing", ("STANDING PASS x", "STANDING PASS 3", "STANDING CANCEL x", "STANDING CANCEL 3",
                                  "STANDING ENTER ALL BEST MIN 5 x", "STANDING ENTER ALL BEST MIN 5 6"), _trailing),
)
"""The samples of standing lines, in the shape of ``mistakes.MISTAKES``."""
