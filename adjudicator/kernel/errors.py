"""The project's exception family: every error that input can cause.

Every error a GM or player can cause, in any game, is an ``AdjudicatorError``
(the root, neutral to the games); the CLI turns it into one clear ``error:``
line on stderr (a block of lines for a map with several problems) and exit
status 1, in one place.  Anything else escaping is a bug.  Problems in order
files are not exceptions at all: they are data (``adjudicator.dampfross.orders``,
InterUrban's notation problems), reported in the players' reports.

This module imports nothing of the project, so every layer may raise these.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


class AdjudicatorError(Exception):
    """Base of every error caused by input (files, orders, options)."""


class GameFileError(AdjudicatorError):
    """The game directory or game file is missing, unreadable or invalid."""


class RulesError(AdjudicatorError):
    """An unknown rules profile or a bad ``--set KEY=VALUE`` override."""


class TurnRefused(AdjudicatorError):
    """The turn cannot be adjudicated as given (wrong turn, missing dice, ...)."""


class GameBusy(TurnRefused):
    """Another command holds the game's lock (a second ``tick`` skips the game quietly)."""


class LabelError(AdjudicatorError, ValueError):
    """A text that is not a hex label of the form CCRR (or not two adjacent labels)."""


class WindowError(AdjudicatorError, ValueError):
    """A map window that cannot be read or lies outside the map."""


class RaceDrawError(AdjudicatorError):
    """No race can be drawn (no eligible town, or no destination far enough)."""


class MissingDice(AdjudicatorError):
    """Manual dice mode: the GM did not give enough dice for what had to be rolled."""


@dataclass(frozen=True)
class MapProblem:
    """One thing wrong with a map file, with its YAML line where one is known."""

    message: str
    line: int | None = None
    where: str = ""

    def __str__(self) -> str:
        loc = f"line {self.line}: " if self.line else ""
        at = f"{self.where}: " if self.where else ""
        return f"{loc}{at}{self.message}"


class MapError(AdjudicatorError):
    """A map that cannot be used; ``problems`` lists everything found, not just the first."""

    def __init__(self, source: str, problems: Sequence[MapProblem]):
        self.source = source
        self.problems = tuple(problems)
        super().__init__(f"{source}: {len(self.problems)} problem(s) in map")

    def details(self) -> str:
        """The message and every problem, one per line (as the CLI prints it)."""
        return "\n".join([str(self)] + [f"  {p}" for p in self.problems])
