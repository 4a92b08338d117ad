"""What a play of simultaneous turns gives the session for the GM's own section of a mail (optional; a game of
sequential moves has none: its GM corrects by ``adjudicate fix``).

A GM who referees by hand (Dampfross's manual dice, a race's ``RACE`` and
``MOVES`` lines) sends his orders in a section of his own, ``PLAYER GM
PASSWORD <secret>``, in any mail: the GM's password opens it, never an
address (a From line is forgeable) and never a seat's password.  The session
(``postal/gmsection.py``) keeps the last such section of the period beside
the seats' orders (``Table.gm``), archived as a step of kind ``orders`` of the
sealed chain, and resolves the period only when the play says nothing is
``wanting`` from the GM any more; at the deadline a period that still wants
something waits, and the GM is told what (codes, worded by the platform).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from adjudicator.kernel.envelope import GM_SEAT as GM_SEAT  # the seat of the GM's section, as the envelope reads it
from adjudicator.kernel.play import Draw, Lines, Play


@runtime_checkable
class GmOrders(Protocol):
    """A play that reads the GM's section (checked on the play)."""

    def read_gm(self, state: Any, lines: Lines) -> tuple[Any | None, tuple[Any, ...]]:
        """The GM's section's body as the play's value, or ``None`` and the problems (codes and data)."""

    def wanting(self, state: Any, orders: Mapping[str, Any], gm: Any | None) -> tuple[Any, ...]:
        """What the period still lacks from the GM with these orders (by seat) and the GM's (``None``: none sent):
        each want a tuple of a code and its data, e.g. ``(("roll", "RED"),)``; ``()``: nothing, the period can be
        resolved."""

    def resolve_gm(self, state: Any, orders: Mapping[str, Any], gm: Any | None, draw: Draw) -> tuple[Any, Any]:
        """``Play.resolve`` with the GM's orders of the period (``None``: he sent none)."""


def gm_orders_of(play: Play) -> GmOrders | None:
    """The play's reading of the GM's section, or ``None`` when it has none (a GM section is then refused)."""
    return play if isinstance(play, GmOrders) else None
