"""Sample mistakes of the orders that think (issue 27): BUILD CHEAPEST, IF ... THEN, ELSE.

Part of the table of ``mistakes.py`` (which takes ``MISTAKES`` in); each
explainer returns a problem code, its data and a hint, never a sentence.
"""

from __future__ import annotations

from adjudicator.dampfross.orders.codes import HintCode as H
from adjudicator.dampfross.orders.codes import ProblemCode as P
from adjudicator.dampfross.orders.codes import args
from adjudicator.dampfross.orders.mistakes_base import (
    ErrorContext,
    Explanation,
    Mistake,
    first_keyword,
    hint,
    keyword_of,
    kw,
    words,
    write,
)


def _explain(ctx: ErrorContext) -> Explanation:
    """One explainer for every sample here: the LALR tables share the states of a point among BUILD CHEAPEST and
    IF lines, so the line's own words say what it lacks."""
    found = words(ctx.before)
    kws = [keyword_of(w) for w in found]
    if ctx.keyword == "ELSE":
        return P.TEXT_AFTER_ELSE, (), hint(H.CONDITIONAL_FORM)
    if ctx.keyword == "IF":
        return _condition(ctx, found[1:], kws[1:])
    if "TO" in kws and kws.index("TO") < len(kws) - 1:
        if ctx.after.isdigit() and "MAXIMUM" not in kws:  # "... TO Burg 9": the number without MAX
            return P.EXPECTED_CHEAPEST_MAX, (), write(f"{ctx.before} MAX {ctx.after}")
        if "MAXIMUM" in kws and kws[-1] != "MAXIMUM":  # "... MAX 9 x": text after the whole line
            return P.EXPECTED_CHEAPEST_MAX, (), hint(H.REMOVE_OR_COMMENT, text=ctx.after)
        return P.EXPECTED_CHEAPEST_MAX, (), hint(H.CHEAPEST_FORM, keyword=kw(ctx))
    if "TO" in kws or ("FROM" in kws and kws.index("FROM") < len(kws) - 1):
        return P.EXPECTED_CHEAPEST_TO, (), hint(H.CHEAPEST_FORM, keyword=kw(ctx))
    return P.EXPECTED_CHEAPEST_FROM, args(keyword=kw(ctx)), hint(H.CHEAPEST_FORM, keyword=kw(ctx))


def _condition(ctx: ErrorContext, found: list[str], kws: list[str | None]) -> Explanation:
    if kws[:1] == ["NOT"]:
        found, kws = found[1:], kws[1:]
    if kws[-1:] == ["THEN"]:  # the condition is what stands before THEN
        found, kws = found[:-1], kws[:-1]
    done = bool(kws) and (
        kws[-1] in ("TAKEN", "CONNECTED")
        or (kws[0] == "BALANCE" and found[-1].isdigit() and len(found) >= 3)
        or (kws[0] == "STANDBY" and len(found) == 2)
        or (kws[0] == "RACE" and len(found) >= 4 and kws[2] in ("FROM", "TO"))
    )
    if not done:
        return P.EXPECTED_CONDITION, args(keyword=kw(ctx)), hint(H.CONDITION_FORMS, keyword=kw(ctx))
    if first_keyword(ctx.after) in ("BUILD", "ENTER", "PASS", "START"):  # orders on the IF line itself
        return P.TEXT_AFTER_CONDITION, (), hint(H.CONDITIONAL_FORM)
    return P.TEXT_AFTER_CONDITION, (), hint(H.REMOVE_OR_COMMENT, text=ctx.after)


MISTAKES: tuple[Mistake, ...] = (
    Mistake("cheapest-from", ("BUILD CHEAPEST", "BUILD CHEAPEST 0712", "BUILD CHEAPEST Alt", "BUILD CHEAPEST TO x",
                              "BUILD CHEAPEST FROM", "BUILD CHEAPEST FROM - 0712", "BUILD CHEAPEST FROM TO 0712"),
            _explain),
    Mistake("cheapest-to", ("BUILD CHEAPEST FROM 0712", "BUILD CHEAPEST FROM Alt", "BUILD CHEAPEST FROM 0712 0713",
                            "BUILD CHEAPEST FROM Alt 0713", "BUILD CHEAPEST FROM 0712 - 0713",
                            "BUILD CHEAPEST FROM Alt - 0713", "BUILD CHEAPEST FROM 0712 x",
                            "BUILD CHEAPEST FROM 0712 TO", "BUILD CHEAPEST FROM 0712 TO - 0713",
                            "BUILD CHEAPEST FROM 0712 TO MAX 5"), _explain),
    Mistake("cheapest-max", ("BUILD CHEAPEST FROM 0712 TO 0713 9", "BUILD CHEAPEST FROM 0712 TO Alt 9",
                             "BUILD CHEAPEST FROM 0712 TO 0713 x", "BUILD CHEAPEST FROM 0712 TO 0713 - 0714",
                             "BUILD CHEAPEST FROM 0712 TO Alt - 0714", "BUILD CHEAPEST FROM 0712 TO 0713 MAX",
                             "BUILD CHEAPEST FROM 0712 TO 0713 MAX x", "BUILD CHEAPEST FROM 0712 TO 0713 MAX 9 x",
                             "BUILD CHEAPEST FROM 0712 TO 0713 MAX 9 9"), _explain),
    Mistake("condition", ("IF", "IF THEN", "IF - x", "IF NOT", "IF NOT THEN", "IF 0712", "IF 0712 x", "IF 0712 5",
                          "IF 0712 THEN", "IF Alt", "IF Alt 5", "IF Alt THEN", "IF 0712 - x 5",
                          "IF 0712 - 0713", "IF 0712 - 0713 CONNECTED", "IF 0712 - Alt THEN",
                          "IF BALANCE", "IF BALANCE 40", "IF BALANCE AT LEAST", "IF BALANCE AT LEAST x",
                          "IF RACE", "IF RACE x", "IF RACE 2", "IF RACE 2 x", "IF RACE 2 FROM", "IF RACE 2 TO",
                          "IF RACE 2 FROM 5 x", "IF STANDBY", "IF STANDBY 5", "IF 0712 - 0713 - 0714 TAKEN"),
            _explain),
    Mistake("after-condition", ("IF 0712 TAKEN x", "IF 0712 TAKEN 5", "IF 0712 TAKEN THEN x", "IF 0712 TAKEN THEN 5",
                                "IF 0712 TAKEN - x", "IF 0712 - 0713 TAKEN x", "IF Alt CONNECTED x",
                                "IF BALANCE AT LEAST 40 x", "IF RACE 2 FROM Alt - x", "IF STANDBY BLUE x",
                                "IF STANDBY BLUE 5", "IF 0712 TAKEN THEN THEN"),
            _explain),
    Mistake("after-else", ("ELSE x", "ELSE 5", "ELSE - x", "ELSE THEN"), _explain),
)
"""The samples of the orders that think, in the shape of ``mistakes.MISTAKES``."""
