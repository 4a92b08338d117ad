"""Problems and verdicts as data: a code and the facts a sentence about it needs.

Engines never write sentences.  They return a ``Problem``: a code (a member
of the engine's own ``StrEnum``, e.g. ``BuildProblem.WATER``) and named
arguments (labels, amounts, names).  ``adjudicator.dampfross.report.phrases`` turns a
problem into words; tests assert codes and amounts.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Generic, TypeVar

C = TypeVar("C", bound=StrEnum)


class NoOrders(StrEnum):
    """Why a company has no orders carried out this turn (both phases)."""

    NONE_RECEIVED = "none-received"
    NO_PASSWORD = "no-password"
    WRONG_PASSWORD = "wrong-password"
    OTHER_TURN = "other-turn"  # turn (the orders'), game_turn
    RETIRED = "retired"  # turn (when the company was taken out of play)


@dataclass(frozen=True)
class Problem(Generic[C]):
    """A code with its arguments, e.g. ``Problem(BuildProblem.POINTS_SHORT, (("cost", 3), ("left", 2)))``."""

    code: C
    args: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, code: C, **args: Any) -> Problem[C]:
        """``Problem.of(BuildProblem.WATER, hex=h)``: the arguments by name."""
        return cls(code, tuple(args.items()))

    def __getitem__(self, key: str) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    @property
    def data(self) -> dict[str, Any]:
        return dict(self.args)

    def __iter__(self) -> Iterator[tuple[str, Any]]:
        return iter(self.args)

    def __str__(self) -> str:
        """For logs and test failures only; reports use ``adjudicator.dampfross.report.phrases``."""
        inner = ", ".join(f"{k}={v}" for k, v in self.args)
        return f"{self.code.value}({inner})"
