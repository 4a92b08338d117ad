"""Standing orders in words (issue 27): the owner's receipts and private reports say what is on file.

Only the company's own receipts and private report call these: the public
report never names another company's standing orders (reading 110).
"""

from __future__ import annotations

from typing import Any

from adjudicator.dampfross.game.standing import Standing
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.orders.sections import OrderSet
from adjudicator.dampfross.orders.standing import on_standing, standing_after
from adjudicator.dampfross.report.i18n import _
from adjudicator.dampfross.report.orderwords import order_text


def standing_line(before: Standing | None, after: Standing | None) -> str:
    """``standing orders on file: STANDING ENTER ALL BEST MIN 5`` (in the reader's keywords), ``... none
    (cancelled)`` when they were cancelled, ``""`` when there are none before nor after."""
    if after is not None:
        return _("standing orders on file: {orders}").format(orders="; ".join(order_text(o) for o in after.echo()))
    if before is not None:
        return _("standing orders on file: none (cancelled)")
    return ""


def standing_feedback(orders: OrderSet, player: str, state: GameState) -> dict[str, Any]:
    """What a private report says about the company's standing orders: the line of what is on file after the
    turn, and, for a turn its standing orders stood in for a mail, those orders as its orders understood
    (``received``: ``"standing"``)."""
    before = state.player(player).standing
    out: dict[str, Any] = {"standing": standing_line(before, standing_after(state, orders, player))}
    if before is not None and player in on_standing(state, orders):
        out["received"] = "standing"
        out["echo"] = [order_text(o) for o in before.echo()]
    return out
