"""Dampfross's errors of a turn's chance: no race can be drawn, or the GM's manual dice run short.

Children of the platform's one exception family (``kernel/errors.py: AdjudicatorError``), so the CLI's one
handler prints each as an ``error:`` line; the platform itself knows no races and no dice.
"""

from __future__ import annotations

from adjudicator.kernel.errors import AdjudicatorError


class RaceDrawError(AdjudicatorError):
    """No race can be drawn (no eligible town, or no destination far enough)."""


class MissingDice(AdjudicatorError):
    """Manual dice mode: the GM did not give enough dice for what had to be rolled."""
