"""Dampfross's errors of the board: a hex label, a map window, a map file that cannot be used.

They are Dampfross's own (the platform knows no hexes and no maps) and children of the platform's one
exception family (``kernel/errors.py: AdjudicatorError``), so the CLI's one handler prints each as an
``error:`` line; a ``MapError`` lists every problem of its map (``details``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.kernel.errors import AdjudicatorError


class LabelError(AdjudicatorError, ValueError):
    """A text that is not a hex label of the form CCRR (or not two adjacent labels)."""


class WindowError(AdjudicatorError, ValueError):
    """A map window that cannot be read or lies outside the map."""


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
