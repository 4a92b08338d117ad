"""Moving a train along its route, and the exact expected number of race rounds.

rules-reference.md §3 "Movement": each race round a train rolls one die and takes the
steps of its route in order while it can pay each step in full; a step it
cannot pay in full is not taken and the rest of the roll is lost.  A step
costs 1 point, plus 1 when it moves up onto a mountain (``uphill`` option).

The expectation is exact (a ``Fraction``) because ``adjudicate route`` and
``ENTER ... BEST`` rank routes by it, and two routes of equal length can
differ (the position of the uphill steps matters: a 2-point step needs a
roll of 2 or more, and a roll that stops just before it loses the rest).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import GameMap, Terrain
from adjudicator.dampfross.game.rules import Rules

DIE_FACES = 6


def is_mountain(gmap: GameMap, h: Hex) -> bool:
    """A mountain hex (towns stand only on plain hexes, the map check sees to that)."""
    return gmap.terrain_at(h) is Terrain.MOUNTAIN


def step_cost(gmap: GameMap, rules: Rules, a: Hex, b: Hex) -> int:
    """Movement points for one step from ``a`` to ``b``: 1, plus 1 uphill onto a mountain.

    ``uphill: plain_to_mountain`` (Schmidt, Bütehorn: "from a plain hex into a
    mountain hex ... not from mountain to mountain"); ``any_to_mountain``
    (Paluba: "z libovolného pole na horské").
    """
    if not is_mountain(gmap, b):
        return 1
    if rules.uphill == "any_to_mountain" or not is_mountain(gmap, a):
        return 2
    return 1


def route_costs(gmap: GameMap, rules: Rules, hexes: Sequence[Hex]) -> tuple[int, ...]:
    """Movement cost of every step of a route, in order."""
    return tuple(step_cost(gmap, rules, a, b) for a, b in itertools.pairwise(hexes))


@dataclass(frozen=True)
class Advance:
    """One roll applied to a train: where it ends and what was used."""

    start: int  # steps taken before the roll
    end: int  # steps taken after it
    used: int  # points spent on the steps taken
    left: int  # points not spent (lost, or "unused at the destination" on arrival)

    @property
    def moved(self) -> int:
        return self.end - self.start


def advance(costs: Sequence[int], position: int, points: int) -> Advance:
    """Take steps from ``position`` while each can be paid in full from ``points``."""
    i, left = position, points
    while i < len(costs) and costs[i] <= left:
        left -= costs[i]
        i += 1
    return Advance(position, i, points - left, left)


def expected_rounds(costs: Sequence[int], faces: int = DIE_FACES) -> Fraction | None:
    """Exact expected number of rounds to cover steps of these costs with one die a round.

    ``E[m] = 0`` at the destination; from ``i`` steps taken,
    ``E[i] = 1 + (1/6) * sum over rolls d of E[advance(i, d)]``; a roll too
    small for the next step leaves the train where it is, so that term is
    solved for (``E[i] * (1 - stay/6) = 1 + ...``).  ``None`` when some step
    costs more than a die can show (the train never arrives).

    Worked in integers: every ``E[j]`` still in reach (at most ``faces``
    steps ahead) is kept as a numerator over one common denominator, so the
    only division is the one ``Fraction`` made at the end (the same value as
    adding fractions step by step, a tenth of the time; route search ranks
    thousands of routes by it).
    """
    m = len(costs)
    if any(c > faces for c in costs):
        return None
    num = [0] * (m + 1)  # E[j] = num[j] / den for j in reach
    den = 1
    for i in range(m - 1, -1, -1):
        stay, total = 0, 0
        j, used = i, 0  # advance(costs, i, d).end for growing rolls d: the same steps and maybe more
        for d in range(1, faces + 1):
            while j < m and costs[j] <= d - used:
                used += costs[j]
                j += 1
            if j == i:
                stay += 1
            else:
                total += num[j]
        q = faces - stay  # E[i] = (1 + total / (den * faces)) * faces / q
        for k in range(i + 1, min(m, i + faces) + 1):
            num[k] *= q
        num[i] = faces * den + total
        den *= q
    return Fraction(num[0], den)
