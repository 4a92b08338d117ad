"""The orders that think, in words: BUILD CHEAPEST's choice and every IF judged (issue 27).

The engine returns codes (``building.cheapest.CheapestCode``,
``building.thinking.Why``) and their data; the sentences are here, marked
for translation.
"""

from __future__ import annotations

from adjudicator.dampfross.building.cheapest import CheapestCode
from adjudicator.dampfross.building.thinking import Verdict, Why
from adjudicator.dampfross.report.i18n import N_, _
from adjudicator.dampfross.report.orderwords import order_text
from adjudicator.kernel.problems import Problem

CHOICE = {
    CheapestCode.CHOSEN: N_("the cheapest line now: {path}, {points} points, fees {fees}"),
    CheapestCode.NO_LINE: N_("no line over land joins {start} and {goal}: nothing built"),
    CheapestCode.OVER_MAX: N_("the cheapest line ({path}) costs {points} points, more than MAX {maximum}: "
                              "nothing built"),
    CheapestCode.JOINED: N_("your track joins {start} and {goal} already: nothing to build"),
}

WHY = {
    Why.TAKEN_BY: N_("{where} was taken by {by}"),
    Why.FREE: N_("no other company had track at {where}"),
    Why.BALANCE: N_("your balance was {balance}, the condition asks {amount}"),
    Why.CONNECTED: N_("{town} was on your network"),
    Why.NOT_CONNECTED: N_("{town} was not on your network"),
    Why.RACE: N_("race {race} ran from {start} to {dest}"),
    Why.NO_RACE: N_("there was no race {race} this turn"),
    Why.STANDBY: N_("a stand-by took over {company} in turn {turn}"),
    Why.NO_STANDBY: N_("no stand-by has taken over {company}"),
}


def _value(v: object) -> str:
    if isinstance(v, tuple):
        return ", ".join(str(x) if not hasattr(x, "label") else str(x.label) for x in v)
    return str(v.label) if hasattr(v, "label") else str(v)


def choice_text(p: Problem[CheapestCode]) -> str:
    """``the cheapest line now: 0103-0203-0303, 2 points, fees 0`` (own track on the way said after it)."""
    data = {k: ("-".join(v) if k == "path" and isinstance(v, tuple) else _value(v)) for k, v in p.args}
    text = _(CHOICE[p.code]).format(**data)
    own = dict(p.args).get("own", 0)
    if p.code is CheapestCode.CHOSEN and own:
        text += _(" ({own} of its segments on your own track)").format(own=own)
    return text


def verdict_text(v: Verdict) -> str:
    """``line 4: IF 1409 TAKEN: yes, 1409 was taken by BLUE: the orders after THEN were carried out``."""
    why = _(WHY[v.why.code]).format(**{k: _value(x) for k, x in v.why.args})
    answer = _("yes") if v.holds else _("no")
    branch = _("the orders after THEN were carried out") if v.holds else \
        _("the orders after ELSE were carried out, if any")
    condition = order_text(v.test.text)  # the condition's echo, in the reader's keywords
    head = _("line {line}: IF {condition}").format(line=v.test.line, condition=condition) if v.test.line else \
        _("IF {condition}").format(condition=condition)
    return f"{head}: {answer}, {why}: {branch}"
