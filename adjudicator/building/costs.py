"""What a segment costs to build, and whether it may be built at all (terrain only).

Costs are in die points during the building phase and in money afterwards
(1 point = 1 unit); the numbers come from the rules profile (RULES.md §2).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from adjudicator.board.hexgrid import Hex
from adjudicator.board.model import GameMap, Terrain
from adjudicator.game.problems import Problem
from adjudicator.game.rules import Rules


class CostKind(StrEnum):
    """Which line of the cost table a segment's price comes from (RULES.md §2)."""

    PLAIN = "plain"
    RIVER = "river"
    MOUNTAIN = "mountain"
    MOUNTAIN_RIVER = "mountain+river"
    MOUNTAIN_MOUNTAIN = "mountain-mountain"
    MOUNTAIN_MOUNTAIN_RIVER = "mountain-mountain+river"


class BuildProblem(StrEnum):
    """Why a segment is not built (``LineOutcome.problem``)."""

    OFF_MAP = "off-map"  # hex: not on the map
    WATER = "water"  # hex: water
    NOT_NEIGHBOURS = "not-neighbours"  # a, b
    BORDER = "border"  # a, b: a national border
    NO_TRACK_YET = "no-track-yet"  # no network and no start town: give START first
    NOT_ON_NETWORK = "not-on-network"  # hex: the segment does not start on the network
    OWN_TRACK_THERE = "own-track-there"  # the builder already has track on this segment
    POINTS_SHORT = "points-short"  # cost, kind, left: die points
    FEES_OVER_BALANCE = "fees-over-balance"  # fees, balance: no debt allowed
    INCOME_SHORT = "income-short"  # total, cost, fees, left: money after races
    COST_OVER_BALANCE = "cost-over-balance"  # total, balance: no debt allowed
    NOT_WHERE_NETWORKS_MEET = "not-where-networks-meet"  # hex, partners: a joint line starts where both networks meet
    ALL_CONNECTED = "all-connected"  # every numbered town is connected: the building phase is over
    DECLARED_OVER = "declared-over"  # after: the building phase was declared over after that player's build
    GAME_OVER = "game-over"  # players, threshold: a balance reached the threshold, the game is over
    NO_BUILDING_NOW = "no-building-now"  # every: ten_percent, building only after every n-th race
    JOINT_TURN = "joint-turn"  # partner: the player's roll went into a joint line this turn
    JOINT_UNMATCHED = "joint-unmatched"  # partner: the partner did not order the same joint lines
    JOINT_NOT_NOW = "joint-not-now"  # joint lines only in the building phase, not with postal rolls


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
    """Why no track may ever run between ``a`` and ``b``, or ``None`` if it may."""
    for h in (a, b):
        if not gmap.on_map(h):
            return Problem.of(BuildProblem.OFF_MAP, hex=h)
        if gmap.terrain_at(h) is Terrain.WATER:
            return Problem.of(BuildProblem.WATER, hex=h)
    if not a.is_adjacent(b):
        return Problem.of(BuildProblem.NOT_NEIGHBOURS, a=a, b=b)
    if gmap.is_border(a, b) and not rules.border_crossing:
        return Problem.of(BuildProblem.BORDER, a=a, b=b)
    return None
