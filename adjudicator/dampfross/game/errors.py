"""Dampfross's errors of the game: a rules profile or house rule that cannot be used, no race can be drawn, the
GM's manual dice run short.

Children of the platform's one exception family (``kernel/errors.py: AdjudicatorError``), so the CLI's one
handler prints each as an ``error:`` line; the platform itself knows no rules profiles, races or dice.
"""

from __future__ import annotations

from adjudicator.kernel.errors import AdjudicatorError


class RulesError(AdjudicatorError):
    """An unknown rules profile or a bad ``--set KEY=VALUE`` override."""


class RaceDrawError(AdjudicatorError):
    """No race can be drawn (no eligible town, or no destination far enough)."""


class MissingDice(AdjudicatorError):
    """Manual dice mode: the GM did not give enough dice for what had to be rolled."""
