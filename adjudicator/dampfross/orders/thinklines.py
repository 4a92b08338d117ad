"""The orders that think as the engines take them: flat BUILD lines with guards, numbered tests (issue 27).

``translate.building_orders`` hands BUILD CHEAPEST and IF ... END orders
here.  A conditional becomes the lines inside it, in the order written,
each carrying the IFs it stands in (``BuildLine.guard``); its condition
becomes a ``building.thinking.Test``, numbered in the order the IF lines
were written.  The building engine judges them (``building.thinking``).
"""

from __future__ import annotations

from adjudicator.dampfross.building.cheapest import CheapestSpec
from adjudicator.dampfross.building.lines import BuildLine
from adjudicator.dampfross.building.thinking import Test
from adjudicator.dampfross.orders.model import BuildOrder, CheapestOrder, Condition, Conditional, PlayerOrder


def test_of(c: Condition, line: int) -> Test:
    """An IF's condition as the engine's ``Test``."""
    return Test(c.kind, c.hexes, c.number, c.company, c.negated, c.echo(), line)


Guard = tuple[tuple[int, bool], ...]


def build_lines(order: CheapestOrder | Conditional, tests: list[Test],
                guard: Guard = ()) -> tuple[list[BuildLine], list[tuple[PlayerOrder, Guard]]]:
    """The BUILD lines of an order that thinks (``tests`` grows by its IFs) and the orders inside it that are
    no BUILD line, with their guards (ENTER: a racing turn's entry, a building turn's note)."""
    if isinstance(order, CheapestOrder):
        start, goal = order.hexes
        spec = CheapestSpec(start, goal, order.maximum)
        return [BuildLine((), order.echo(), order.pos.line, cheapest=spec, guard=guard)], []
    index = len(tests)
    tests.append(test_of(order.condition, order.pos.line))
    lines: list[BuildLine] = []
    other: list[tuple[PlayerOrder, Guard]] = []
    for branch, orders in ((True, order.then), (False, order.otherwise)):
        inner = guard + ((index, branch),)
        for o in orders:
            if isinstance(o, BuildOrder):
                lines.append(BuildLine(o.hexes, o.echo(), o.pos.line, None, o.stop, o.rest, guard=inner))
            elif isinstance(o, (CheapestOrder, Conditional)):
                more, skipped = build_lines(o, tests, inner)
                lines += more
                other += skipped
            else:
                other.append((o, inner))
    return lines, other
