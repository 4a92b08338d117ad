"""A company's standing orders: what its seat does in a turn without a mail from it (issue 27, readings 110-114).

Standing orders are set by ``STANDING`` lines of a mail that counts
(``adjudicator.dampfross.orders``), kept in the game file with the company,
and shown only to that company.  In a turn without a valid mail from the
seat they stand in for its orders: ``enter_min`` enters every race the
route advisor can reach with BEST whose expected profit is at least that
much (racing turns only), ``passes`` passes (building and racing turns).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

MAX_MIN_PROFIT = 99
"""The largest MIN of a standing race entry (a race's prizes are 20 and 10 under the default rules)."""

DEFAULT_MIN_PROFIT = 1
"""The MIN of a standing race entry written without one: any expected profit at all, rounded to money."""


@dataclass(frozen=True)
class Standing:
    """A company's standing orders (at least one of the two is set).

    ``enter_min``: enter every race reachable with BEST whose expected profit
    is at least this (``None``: no standing race entry); ``passes``: a
    standing PASS.
    """

    enter_min: int | None = None
    passes: bool = False

    def __post_init__(self) -> None:
        if self.enter_min is None and not self.passes:
            raise ValueError("standing orders that order nothing")

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {}
        if self.enter_min is not None:
            doc["enter_min"] = self.enter_min
        if self.passes:
            doc["pass"] = True
        return doc

    @classmethod
    def from_json(cls, doc: Mapping[str, Any] | None) -> Standing | None:
        """The standing orders of a game file's company (``None``: none on file)."""
        if not doc:
            return None
        return cls(doc.get("enter_min"), bool(doc.get("pass", False)))

    def echo(self) -> list[str]:
        """The orders as a player writes them, one line each (English keywords, as every echo)."""
        out = []
        if self.enter_min is not None:
            out.append(f"STANDING ENTER ALL BEST MIN {self.enter_min}")
        if self.passes:
            out.append("STANDING PASS")
        return out
