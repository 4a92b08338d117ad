"""Press: the players' letters to the zine, printed in the public report of the turn they came with.

A ``PRESS`` section of a player's orders (``adjudicator.dampfross.orders.model.PressOrder``)
counts only in a section with the right password, like any order.  It is
printed under the company's name, or without it (``PRESS ANONYMOUS``) when
the game allows that (``anonymous_press``); the GM holds a company's press
back with ``HOLD PRESS <ID>`` in the GM's section.  The sender's private
report says what became of each item.
"""

from __future__ import annotations

from typing import Any

from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.orders.model import PressOrder
from adjudicator.dampfross.orders.sections import OrderSet
from adjudicator.dampfross.report.env import wrap
from adjudicator.dampfross.report.i18n import N_, _
from adjudicator.dampfross.report.widths import MAIL_WIDTH
from adjudicator.kernel.shown import cut, shown

TAB = "\t"
"""Press text is ``shown`` (control and bidi characters written as escapes, ``adjudicator.kernel.shown``) but for
its tabs, which are kept."""

STATUS = {
    "printed": N_("your press at line {line} is printed in the public report"),
    "printed-anonymous": N_("your press at line {line} is printed without your name"),
    "held": N_("your press at line {line} is held back by the GM"),
    "not-anonymous": N_("your press at line {line} is not printed: this game prints no anonymous press"),
    "empty": N_("your press at line {line} has no text (write it below PRESS, end it with END PRESS)"),
}


def _items(orders: OrderSet, state: GameState) -> list[tuple[str, PressOrder, str]]:
    """Every press order of the sections that count: (company, order, status)."""
    held = orders.gm.held_press if orders.gm else frozenset()
    out = []
    for section in orders.sections:
        for o in section.orders:
            if not isinstance(o, PressOrder):
                continue
            if not any(line.strip() for line in o.lines):
                status = "empty"
            elif section.player in held:
                status = "held"
            elif o.anonymous:
                status = "printed-anonymous" if state.rules.anonymous_press else "not-anonymous"
            else:
                status = "printed"
            out.append((section.player, o, status))
    return out


def press_items(orders: OrderSet, state: GameState) -> list[dict[str, Any]]:
    """The press to print: who (``None``: anonymous) and the lines."""
    names = {p.id: p.name for p in state.players}
    return [
        {"by": None if status == "printed-anonymous" else f"{pid} ({names[pid]})",
         "lines": [shown(line, TAB) for line in o.lines]}
        for pid, o, status in _items(orders, state) if status.startswith("printed")
    ]


def press_feedback(orders: OrderSet, state: GameState, player: str) -> list[str]:
    """What became of each of ``player``'s press items, for the private report."""
    return [_(STATUS[status]).format(line=o.pos.line) for pid, o, status in _items(orders, state) if pid == player]


RECEIPT = {
    "printed": N_("your press at line {line} will be printed in the public report:"),
    "printed-anonymous": N_("your press at line {line} will be printed without your name:"),
    "held": N_("your press at line {line} is held back by the GM:"),
    "not-anonymous": N_("WARNING: your press at line {line} will NOT be printed: this game prints no anonymous "
                        "press. Send it again as PRESS to have it printed under your name:"),
    "empty": N_("your press at line {line} has no text (write it below PRESS, end it with END PRESS)"),
}


def press_receipt(orders: OrderSet, state: GameState, player: str) -> list[str]:
    """What will become of each of ``player``'s press items, and its text as received, for the receipt."""
    out = []
    for pid, o, status in _items(orders, state):
        if pid != player:
            continue
        out += wrap(_(RECEIPT[status]).format(line=o.pos.line), 4).split("\n")
        for line in o.lines:  # the text as it will be printed, folded, a word too long for a mail cut
            out += [cut(x, MAIL_WIDTH) for x in wrap("  | " + shown(line, TAB), 4).split("\n")]
    return out
