"""BUILD CHEAPEST: the line chosen when the order comes to be built (issue 27, reading 100).

``cheapest_line`` searches the map as it stands at that moment: the track
laid so far, the company's own pieces of this turn, and under simultaneous
building what that rule lets the company see (``building.simultaneous``).
A line is cheapest when it costs the fewest die points; of lines as cheap,
the one owing rivals the least in fees (as the track stands before it is
laid); then the one with the fewest new segments; then the one whose hex
labels, read from the start, sort first.  The company's own track on the
way costs nothing and is not built again: the line is then built in pieces,
each from the company's network.  ``MAX n`` caps the line's points: a dearer
line is not built at all; a line dearer than the allowance left is built as
far as it goes, like any BUILD line.

The engine returns codes (``CheapestCode``); the report says them in words.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.building.costs import exact_steps
from adjudicator.dampfross.building.fees import building_fees
from adjudicator.kernel.problems import Problem

if TYPE_CHECKING:  # lines.py holds the orders' specs (BuildLine.cheapest): it imports this module
    from adjudicator.dampfross.building.lines import BuildContext


class CheapestCode(StrEnum):
    """What BUILD CHEAPEST found (``LineOutcome.choice``).  Data in brackets."""

    CHOSEN = "chosen"
    """The line chosen (points, fees, segments: new ones, own: own segments on the way, path: its hexes)."""
    NO_LINE = "no-line"
    """No line of land joins the two ends (start, goal)."""
    OVER_MAX = "over-max"
    """The cheapest line costs more than MAX (points, maximum, path: its hexes)."""
    JOINED = "joined"
    """The company's own track joins the two ends already: nothing to build (start, goal)."""


@dataclass(frozen=True)
class CheapestSpec:
    """What a BUILD CHEAPEST order asks: from, to, and its MAX (``None``: none written)."""

    start: Hex
    goal: Hex
    maximum: int | None = None


@dataclass(frozen=True)
class Chosen:
    """The line found: its hexes, its cost, and which of its segments are the company's own already."""

    hexes: tuple[Hex, ...]
    points: int
    fees: int
    own: frozenset[int]  # indexes i of the segments hexes[i]-hexes[i+1] that are own track

    @property
    def runs(self) -> tuple[tuple[Hex, ...], ...]:
        """The pieces to build: the line cut where it runs on own track."""
        out: list[list[Hex]] = []
        for i in range(len(self.hexes) - 1):
            if i in self.own:
                continue
            if out and out[-1][-1] == self.hexes[i]:
                out[-1].append(self.hexes[i + 1])
            else:
                out.append([self.hexes[i], self.hexes[i + 1]])
        return tuple(tuple(r) for r in out)


Key = tuple[int, int, int, tuple[str, ...]]


def cheapest_line(ctx: BuildContext, player: str, spec: CheapestSpec) -> Chosen | None:
    """The cheapest line from ``spec.start`` to ``spec.goal`` for ``player`` as the board stands (module doc)."""
    steps = exact_steps(ctx.gmap, ctx.rules)
    if spec.start not in steps or spec.goal not in steps:
        return None
    best: dict[Hex, Key] = {spec.start: (0, 0, 0, (spec.start.label,))}
    prev: dict[Hex, Hex] = {}
    queue: list[tuple[Key, Hex]] = [(best[spec.start], spec.start)]
    while queue:
        key, h = heapq.heappop(queue)
        if key != best[h]:
            continue
        if h == spec.goal:
            return _chosen(ctx, player, prev, h, key)
        points, fees, segments, labels = key
        for n, cost, side in steps[h]:
            if ctx.track.owners(side) & {player}:
                new: Key = (points, fees, segments, labels + (n.label,))
            else:
                owed = sum(f.amount for f in building_fees(ctx.gmap, ctx.track, player, h, n, ctx.rules))
                new = (points + cost, fees + owed, segments + 1, labels + (n.label,))
            old = best.get(n)
            if old is None or new < old:
                best[n] = new
                prev[n] = h
                heapq.heappush(queue, (new, n))
    return None


def _chosen(ctx: BuildContext, player: str, prev: dict[Hex, Hex], goal: Hex, key: Key) -> Chosen:
    path = [goal]
    while path[-1] in prev:
        path.append(prev[path[-1]])
    path.reverse()
    own = frozenset(i for i in range(len(path) - 1) if player in ctx.track.owners_between(path[i], path[i + 1]))
    return Chosen(tuple(path), key[0], key[1], own)


def choose(ctx: BuildContext, player: str, spec: CheapestSpec) -> tuple[Chosen | None, Problem[CheapestCode]]:
    """The line to build and the code saying why (``CHOSEN``), or ``None`` and why nothing is built."""
    found = cheapest_line(ctx, player, spec)
    if found is None:
        return None, Problem.of(CheapestCode.NO_LINE, start=spec.start, goal=spec.goal)
    if not found.runs:
        return None, Problem.of(CheapestCode.JOINED, start=spec.start, goal=spec.goal)
    if spec.maximum is not None and found.points > spec.maximum:
        return None, Problem.of(CheapestCode.OVER_MAX, points=found.points, maximum=spec.maximum,
                                path=tuple(h.label for h in found.hexes))
    segments = len(found.hexes) - 1 - len(found.own)
    return found, Problem.of(CheapestCode.CHOSEN, points=found.points, fees=found.fees, segments=segments,
                             own=len(found.own), path=tuple(h.label for h in found.hexes))
