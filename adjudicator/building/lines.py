"""Building track: one player's BUILD lines, segment by segment (RULES.md §2).

A line runs in the order written.  The first segment that is illegal or
unaffordable stops the line; the rest is reported as not built, with the
reason, and the player's later lines are still tried.  Used in the building
phase (budget in die points) and after races (budget in money).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from adjudicator.board.hexgrid import Hex, Side, pairwise
from adjudicator.board.model import GameMap
from adjudicator.building.borders import bonus_abroad
from adjudicator.building.costs import BuildProblem, SegmentCost, segment_cost, terrain_problem
from adjudicator.building.fees import Fee, building_fees
from adjudicator.game.ledger import Books
from adjudicator.game.problems import Problem
from adjudicator.game.rules import Rules
from adjudicator.game.state import BANK, Connection, FeeRule, FerryOwner, Reason
from adjudicator.game.track import Segment, TrackIndex

FEE_REASON: dict[FeeRule, Reason] = {"contact": "contact-fee", "city-join": "contact-fee", "parallel": "parallel-fee"}


@dataclass(frozen=True)
class BuildLine:
    """One BUILD order: the hexes in the order written, and where it came from."""

    hexes: tuple[Hex, ...]
    text: str = ""  # the order as understood, for the report
    line: int | None = None  # its line in the player's mail


@dataclass(frozen=True)
class Built:
    """One segment built, with everything it cost and earned."""

    a: Hex
    b: Hex
    cost: SegmentCost
    fees: tuple[Fee, ...] = ()
    bonus_town: str | None = None
    bonus: int = 0

    @property
    def fee_total(self) -> int:
        return sum(f.amount for f in self.fees)


@dataclass(frozen=True)
class LineOutcome:
    """What became of one BUILD line."""

    line: BuildLine
    built: tuple[Built, ...]
    problem: Problem[BuildProblem] | None = None  # why the line stopped, None when built in full
    unbuilt: tuple[Hex, ...] = ()  # the hexes from the stopping point on (the first two: the segment refused)
    reversed_from: Hex | None = None  # written from the far end: built from this hex, the end on the network

    @property
    def complete(self) -> bool:
        return self.problem is None


@dataclass
class Budget:
    """What a player may still spend: die points, or money after a race."""

    kind: Literal["points", "money"]
    remaining: int


@dataclass
class BuildContext:
    """The mutable board during one adjudication: track, money, town connections, ferries bought."""

    gmap: GameMap
    rules: Rules
    turn: int
    track: TrackIndex
    books: Books
    connections: dict[str, Connection]
    bonuses_open: bool = True  # town bonuses are paid only in the building phase
    start_hexes: dict[str, Hex] = field(default_factory=dict)
    ferries: dict[str, FerryOwner] = field(default_factory=dict)  # ferries bought, by name (advanced rules)

    def network(self, player: str) -> frozenset[Hex]:
        """Hexes the player may build from: own track plus the chosen start town."""
        net = self.track.network(player)
        start = self.start_hexes.get(player)
        return net | {start} if start is not None else net


def build_line(ctx: BuildContext, player: str, line: BuildLine, budget: Budget) -> LineOutcome:
    """Build one line for ``player`` as far as rules and budget allow."""
    hexes = line.hexes
    turned = None
    net = ctx.network(player)
    if len(hexes) >= 2 and hexes[0] not in net and hexes[-1] in net:
        hexes = tuple(reversed(hexes))
        turned = hexes[0]
    built: list[Built] = []
    for i, (a, b) in enumerate(pairwise(hexes)):
        problem = segment_problem(ctx, player, a, b)
        cost = None if problem else segment_cost(ctx.gmap, a, b, ctx.rules)
        fees: tuple[Fee, ...] = ()
        if cost is not None:
            fees = building_fees(ctx.gmap, ctx.track, player, a, b, ctx.rules)
            problem = _unaffordable(ctx, player, cost, fees, budget)
        if problem:
            return LineOutcome(line, tuple(built), problem, hexes[i:], turned)
        assert cost is not None
        built.append(_commit(ctx, player, a, b, cost, fees, budget))
    return LineOutcome(line, tuple(built), None, (), turned)


def segment_problem(ctx: BuildContext, player: str, a: Hex, b: Hex) -> Problem[BuildProblem] | None:
    """Why ``player`` may not build from ``a`` to ``b`` now (cost aside), or ``None``."""
    problem = terrain_problem(ctx.gmap, a, b, ctx.rules)
    if problem:
        return problem
    if a not in ctx.network(player):
        if not ctx.network(player):
            return Problem.of(BuildProblem.NO_TRACK_YET)
        return Problem.of(BuildProblem.NOT_ON_NETWORK, hex=a)
    if player in ctx.track.owners(Side(a, b)):
        return Problem.of(BuildProblem.OWN_TRACK_THERE)
    return None


def _unaffordable(ctx: BuildContext, player: str, cost: SegmentCost, fees: tuple[Fee, ...],
                  budget: Budget) -> Problem[BuildProblem] | None:
    fee_total = sum(f.amount for f in fees)
    balance = ctx.books.balance(player)
    if budget.kind == "points":
        if cost.points > budget.remaining:
            return Problem.of(BuildProblem.POINTS_SHORT, cost=cost.points, kind=cost.kind, left=budget.remaining)
        if fee_total and not ctx.rules.debt_allowed and fee_total > balance:
            return Problem.of(BuildProblem.FEES_OVER_BALANCE, fees=fee_total, balance=balance)
        return None
    total = cost.points + fee_total
    if total > budget.remaining:
        return Problem.of(BuildProblem.INCOME_SHORT, total=total, cost=cost.points, fees=fee_total,
                          left=budget.remaining)
    if not ctx.rules.debt_allowed and total > balance:
        return Problem.of(BuildProblem.COST_OVER_BALANCE, total=total, balance=balance)
    return None


def _commit(ctx: BuildContext, player: str, a: Hex, b: Hex, cost: SegmentCost, fees: tuple[Fee, ...],
            budget: Budget) -> Built:
    """Lay the segment: pay cost and fees, add the track, award a town bonus."""
    if budget.kind == "points":
        budget.remaining -= cost.points
    else:
        budget.remaining -= cost.points + sum(f.amount for f in fees)
        ctx.books.pay(player, BANK, cost.points, "build-cost", segment=(a, b))
    for f in fees:
        ctx.books.pay(player, f.payee, f.amount, FEE_REASON[f.rule], segment=(a, b), fee_rule=f.rule, at=f.at)
    ctx.track.add(Segment(player, Side(a, b), ctx.turn))
    town, bonus = _connect_towns(ctx, player, a, b)
    return Built(a, b, cost, fees, town, bonus)


def _connect_towns(ctx: BuildContext, player: str, a: Hex, b: Hex) -> tuple[str | None, int]:
    """Record the first connection of any numbered town touched; pay the bonus if due.

    No bonus during the racing phase, for a start town (unless the rules
    say so) or for a town beyond the border (advanced rules, seed 000).
    """
    bonus_town, paid = None, 0
    for h in (a, b):
        town = ctx.gmap.town_at(h)
        if town is None or not town.numbered or town.name in ctx.connections:
            continue
        due = ctx.bonuses_open and (ctx.rules.start_town_bonus or not town.start) and not bonus_abroad(ctx.gmap, town)
        amount = ctx.rules.town_bonus if due else 0
        ctx.connections[town.name] = Connection(player, ctx.turn, amount)
        if amount:
            ctx.books.pay(BANK, player, amount, "town-bonus", town=town.name)
            bonus_town, paid = town.name, amount
    return bonus_town, paid
