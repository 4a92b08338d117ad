"""What a segment costs to build, and whether it may be built at all (terrain only).

Costs are in die points during the building phase and in money afterwards
(1 point = 1 unit); the numbers come from the rules profile (rules-reference.md §2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from adjudicator.dampfross.board.hexgrid import Hex, Side
from adjudicator.dampfross.board.model import GameMap, Terrain
from adjudicator.dampfross.building.borders import border_problem
from adjudicator.dampfross.building.problems import BuildProblem
from adjudicator.dampfross.game.rules import Rules
from adjudicator.kernel.problems import Problem


class CostKind(StrEnum):
    """Which line of the cost table a segment's price comes from (rules-reference.md §2)."""

    PLAIN = "plain"
    RIVER = "river"
    MOUNTAIN = "mountain"
    MOUNTAIN_RIVER = "mountain+river"
    MOUNTAIN_MOUNTAIN = "mountain-mountain"
    MOUNTAIN_MOUNTAIN_RIVER = "mountain-mountain+river"


__all__ = ["BuildProblem", "CostKind", "SegmentCost", "exact_steps", "segment_cost", "terrain_problem"]


@dataclass(frozen=True)
class SegmentCost:
    """The terrain cost of one segment and the rule that set it."""

    points: int
    kind: CostKind


def segment_cost(gmap: GameMap, a: Hex, b: Hex, rules: Rules) -> SegmentCost:
    """Terrain cost of building between two adjacent land hexes (towns count as plain)."""
    mountains = sum(gmap.terrain_at(h) is Terrain.MOUNTAIN for h in (a, b))
    river = gmap.has_river(a, b)
    if mountains == 0:
        return SegmentCost(rules.cost_river, CostKind.RIVER) if river else SegmentCost(rules.cost_plain, CostKind.PLAIN)
    if mountains == 1:
        if river:
            return SegmentCost(rules.cost_mountain_river, CostKind.MOUNTAIN_RIVER)
        return SegmentCost(rules.cost_mountain, CostKind.MOUNTAIN)
    if river:
        return SegmentCost(rules.cost_mountain_mountain_river, CostKind.MOUNTAIN_MOUNTAIN_RIVER)
    return SegmentCost(rules.cost_mountain_mountain, CostKind.MOUNTAIN_MOUNTAIN)


def terrain_problem(gmap: GameMap, a: Hex, b: Hex, rules: Rules) -> Problem[BuildProblem] | None:
    """Why no track may run from ``a`` to ``b`` (map and borders; ``a`` is on the network), or ``None``.

    The border rules are in ``adjudicator.dampfross.building.borders``.
    """
    for h in (a, b):
        if not gmap.on_map(h):
            return Problem.of(BuildProblem.OFF_MAP, hex=h)
        if gmap.terrain_at(h) is Terrain.WATER:
            return Problem.of(BuildProblem.WATER, hex=h)
    if not a.is_adjacent(b):
        return Problem.of(BuildProblem.NOT_NEIGHBOURS, a=a, b=b)
    return border_problem(gmap, a, b, rules)


@lru_cache(maxsize=16)
def exact_steps(gmap: GameMap, rules: Rules) -> Mapping[Hex, tuple[tuple[Hex, int, Side], ...]]:
    """Every land hex's steps a line may take, their exact terrain cost in points (``segment_cost``) and side.

    Worked out once per map and rules; the bots' searches and BUILD CHEAPEST (``building.cheapest``) use it."""
    out: dict[Hex, tuple[tuple[Hex, int, Side], ...]] = {}
    for h in gmap.terrain:
        if gmap.terrain_at(h) is Terrain.WATER or (rules.border_crossing and gmap.abroad(h)):
            out[h] = ()
            continue
        out[h] = tuple((n, segment_cost(gmap, h, n, rules).points, Side(h, n)) for n in sorted(gmap.neighbours(h))
                       if gmap.terrain_at(n) not in (None, Terrain.WATER)
                       and (rules.border_crossing or not gmap.is_border(h, n)))
    return out
