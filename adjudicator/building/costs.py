"""What a segment costs to build, and whether it may be built at all (terrain only).

Costs are in die points during the building phase and in money afterwards
(1 point = 1 unit); the numbers come from the rules profile (RULES.md §2).
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.board.hexgrid import Hex
from adjudicator.board.model import GameMap, Terrain
from adjudicator.game.rules import Rules


@dataclass(frozen=True)
class SegmentCost:
    """The terrain cost of one segment and the rule that set it."""

    points: int
    kind: str  # "plain", "river", "mountain", "mountain-mountain", "mountain+river", ...

    def __str__(self) -> str:
        return f"{self.points} ({self.kind})"


def segment_cost(gmap: GameMap, a: Hex, b: Hex, rules: Rules) -> SegmentCost:
    """Terrain cost of building between two adjacent land hexes (towns count as plain)."""
    mountains = sum(gmap.terrain_at(h) is Terrain.MOUNTAIN for h in (a, b))
    river = gmap.has_river(a, b)
    if mountains == 0:
        return SegmentCost(rules.cost_river, "river") if river else SegmentCost(rules.cost_plain, "plain")
    if mountains == 1:
        if river:
            return SegmentCost(rules.cost_mountain_river, "mountain+river")
        return SegmentCost(rules.cost_mountain, "mountain")
    if river:
        return SegmentCost(rules.cost_mountain_mountain_river, "mountain-mountain+river")
    return SegmentCost(rules.cost_mountain_mountain, "mountain-mountain")


def terrain_problem(gmap: GameMap, a: Hex, b: Hex, rules: Rules) -> str | None:
    """Why no track may ever run between ``a`` and ``b``, or ``None`` if it may."""
    for h in (a, b):
        if not gmap.on_map(h):
            return f"{h.label} is not on the map"
        if gmap.terrain_at(h) is Terrain.WATER:
            return f"{h.label} is water"
    if not a.is_adjacent(b):
        return f"{a.label} and {b.label} are not neighbours"
    if gmap.is_border(a, b) and not rules.border_crossing:
        return f"{a.label}-{b.label} crosses a national border"
    return None
