"""Building track: one player's BUILD lines, segment by segment (rules-reference.md §2).

A line runs in the order written.  The first segment that is illegal or
unaffordable stops the line, and so does a bad point of the order (a place
that is no hex, a next point that is no neighbour: ``BuildLine.stop``); the
rest is reported as not built, with the reason, and the player's later
lines are still tried.  Used in the building
phase (budget in die points) and after races (budget in money).

Two things stop *all* building, not just a line (``BuildContext.stop``):
the last numbered town connected in the building phase (seed 000: "Sobald
jede Stadt an wenigstens eine Linie angeschlossen ist, endet die
Aufbauphase"), and, after races, a balance reaching the winning threshold
(the game ends at once).  Joint lines (two partners, one line) are built
by ``adjudicator.dampfross.building.joint`` with the same machinery.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from adjudicator.dampfross.board.hexgrid import Hex, Side, pairwise
from adjudicator.dampfross.board.model import GameMap, Town
from adjudicator.dampfross.building.bonus import pays_no_bonus
from adjudicator.dampfross.building.cheapest import CheapestCode, CheapestSpec
from adjudicator.dampfross.building.costs import BuildProblem, SegmentCost, segment_cost, terrain_problem
from adjudicator.dampfross.building.fees import Fee, building_fees
from adjudicator.dampfross.game.ledger import Books, split_share
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.game.state import BANK, Connection, FeeRule, FerryOwner, Reason
from adjudicator.dampfross.game.track import Segment, TrackIndex
from adjudicator.kernel.problems import Problem

FEE_REASON: dict[FeeRule, Reason] = {"contact": "contact-fee", "city-join": "contact-fee", "parallel": "parallel-fee"}


@dataclass(frozen=True)
class BuildLine:
    """One BUILD order: the hexes in the order written, and where it came from.

    ``partner`` names the other company of a joint line (``BUILD WITH <ID> ...``).
    ``stop`` is set when the order named a bad point (a place that is no hex,
    a next point that is no neighbour): ``hexes`` then end before it, the line
    is built up to there and stops with this problem; ``rest`` is the order's
    points from the bad one on, as written (reading 79).

    ``cheapest`` is a BUILD CHEAPEST order (``hexes`` empty: the line is
    chosen when it comes to be built, ``building.cheapest``); ``guard`` lists
    the IFs the line stands in, outermost first, as (index of the company's
    test, the branch: ``True`` for THEN), ``building.thinking``.
    """

    hexes: tuple[Hex, ...]
    text: str = ""  # the order as understood, for the report
    line: int | None = None  # its line in the player's mail
    partner: str | None = None
    stop: Problem[BuildProblem] | None = None
    rest: tuple[str, ...] = ()
    cheapest: CheapestSpec | None = None
    guard: tuple[tuple[int, bool], ...] = ()


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
    unbuilt: tuple[Hex, ...] = ()  # the hexes from the stopping point on (the first two: the segment refused;
    # one or none when the line stopped at a bad point, whose written rest is ``line.rest``)
    reversed_from: Hex | None = None  # written from the far end: built from this hex, the end on the network
    choice: Problem[CheapestCode] | None = None  # BUILD CHEAPEST: the line chosen, or why none was

    @property
    def complete(self) -> bool:
        return self.problem is None


@dataclass
class Budget:
    """What a player may still spend: die points, or money after a race.

    ``pots`` (allowance ``postal``): the common rolls a, b, c in order.  A
    segment is paid from the current roll; one the current roll cannot pay
    moves on to the first later roll that can (the rest of the current roll
    is lost), so a line may be split between rolls and a roll between lines.
    """

    kind: Literal["points", "money"]
    remaining: int
    pots: list[int] | None = None

    def payable_from(self, cost: int) -> int | None:
        """The index of the roll that would pay ``cost`` (postal pots), or ``None``."""
        assert self.pots is not None
        return next((i for i, p in enumerate(self.pots) if p >= cost), None)

    def spend(self, cost: int) -> None:
        if self.pots is None:
            self.remaining -= cost
            return
        i = self.payable_from(cost)
        assert i is not None
        self.pots[i] -= cost
        del self.pots[:i]
        self.remaining = sum(self.pots)

    def left_now(self) -> int:
        """Points still usable for one segment (with pots: the largest roll left)."""
        return self.remaining if self.pots is None else max(self.pots, default=0)


@dataclass
class BuildContext:
    """The mutable board during one adjudication: track, money, town connections, ferries bought.

    ``stop`` (once set nothing more is built) is set by ``check_stop`` after
    each segment: ``stop_when_all_connected`` (the building phase) or a
    balance at ``threshold`` (after races).  ``defer_bonuses`` (simultaneous
    building) records who reached which town in ``reached`` instead of
    paying, for the turn to settle.  ``one_left_by`` is the player whose
    segment left exactly one numbered town unconnected.
    """

    gmap: GameMap
    rules: Rules
    turn: int
    track: TrackIndex
    books: Books
    connections: dict[str, Connection]
    bonuses_open: bool = True  # town bonuses are paid only in the building phase
    start_hexes: dict[str, Hex] = field(default_factory=dict)
    seats: Mapping[str, int] = field(default_factory=dict)
    stop_when_all_connected: bool = False
    threshold: int | None = None
    stop: Problem[BuildProblem] | None = None
    defer_bonuses: bool = False
    reached: list[tuple[str, str]] = field(default_factory=list)
    one_left_by: str | None = None
    ferries: dict[str, FerryOwner] = field(default_factory=dict)  # ferries bought, by name (advanced rules)

    def network(self, player: str) -> frozenset[Hex]:
        """Hexes the player may build from: own track plus the chosen start town."""
        net = self.track.network(player)
        start = self.start_hexes.get(player)
        return net | {start} if start is not None else net

    def unconnected(self) -> list[Town]:
        """Numbered towns of the home country not yet connected (towns abroad need not be)."""
        return [t for t in self.gmap.home_numbered_towns if t.name not in self.connections]

    def check_stop(self) -> None:
        """After a segment: has the last town been connected, or a balance reached the threshold?"""
        if self.stop is not None:
            return
        if self.stop_when_all_connected and not self.unconnected():
            self.stop = Problem.of(BuildProblem.ALL_CONNECTED)
        elif over := self.books.over(self.threshold):
            self.stop = Problem.of(BuildProblem.GAME_OVER, players=tuple(over), threshold=self.threshold or 0)


def build_line(ctx: BuildContext, player: str | tuple[str, ...], line: BuildLine, budget: Budget) -> LineOutcome:
    """Build one line for ``player`` (or the two partners of a joint line) as far as rules and budget allow."""
    builders = (player,) if isinstance(player, str) else player
    hexes = line.hexes
    turned = None
    net = _common_network(ctx, builders)
    if line.stop is None and len(hexes) >= 2 and hexes[0] not in net and hexes[-1] in net:
        hexes = tuple(reversed(hexes))
        turned = hexes[0]
    built: list[Built] = []
    for i, (a, b) in enumerate(pairwise(hexes)):
        problem = ctx.stop or segment_problem(ctx, builders, a, b)
        cost = None if problem else segment_cost(ctx.gmap, a, b, ctx.rules)
        fees: tuple[Fee, ...] = ()
        if cost is not None:
            fees = building_fees(ctx.gmap, ctx.track, builders, a, b, ctx.rules)
            problem = _unaffordable(ctx, builders, cost, fees, budget)
        if problem:
            return LineOutcome(line, tuple(built), problem, hexes[i:], turned)
        assert cost is not None
        built.append(_commit(ctx, builders, a, b, cost, fees, budget))
        ctx.check_stop()
    if line.stop is not None:  # a bad point: the line ends where it was written to be good
        return LineOutcome(line, tuple(built), line.stop, hexes[-1:], turned)
    return LineOutcome(line, tuple(built), None, (), turned)


def _common_network(ctx: BuildContext, builders: tuple[str, ...]) -> frozenset[Hex]:
    """Where the builders may build from: a player's network, or where both partners' networks meet."""
    net = ctx.network(builders[0])
    for other in builders[1:]:
        net &= ctx.network(other)
    return net


def segment_problem(ctx: BuildContext, player: str | tuple[str, ...], a: Hex, b: Hex) -> Problem[BuildProblem] | None:
    """Why ``player`` (or joint partners) may not build from ``a`` to ``b`` now (cost aside), or ``None``."""
    builders = (player,) if isinstance(player, str) else player
    problem = terrain_problem(ctx.gmap, a, b, ctx.rules)
    if problem:
        return problem
    if a not in _common_network(ctx, builders):
        if len(builders) > 1:
            return Problem.of(BuildProblem.NOT_WHERE_NETWORKS_MEET, hex=a, partners=builders)
        if not ctx.network(builders[0]):
            return Problem.of(BuildProblem.NO_TRACK_YET)
        return Problem.of(BuildProblem.NOT_ON_NETWORK, hex=a)
    if set(builders) & ctx.track.owners(Side(a, b)):
        return Problem.of(BuildProblem.OWN_TRACK_THERE)
    return None


def _unaffordable(ctx: BuildContext, builders: tuple[str, ...], cost: SegmentCost, fees: tuple[Fee, ...],
                  budget: Budget) -> Problem[BuildProblem] | None:
    fee_total = sum(f.amount for f in fees)
    shares = split_share(fee_total, builders, ctx.books.balances, ctx.seats)
    short = [(p, s) for p, s in shares.items() if s and s > ctx.books.balance(p)]
    if budget.kind == "points":
        payable = budget.payable_from(cost.points) is not None if budget.pots is not None \
            else cost.points <= budget.remaining
        if not payable:
            return Problem.of(BuildProblem.POINTS_SHORT, cost=cost.points, kind=cost.kind, left=budget.left_now())
        if fee_total and not ctx.rules.debt_allowed and short:
            player, fees_due = short[0]
            return Problem.of(BuildProblem.FEES_OVER_BALANCE, fees=fees_due, balance=ctx.books.balance(player))
        return None
    balance = ctx.books.balance(builders[0])
    total = cost.points + fee_total
    if total > budget.remaining:
        return Problem.of(BuildProblem.INCOME_SHORT, total=total, cost=cost.points, fees=fee_total,
                          left=budget.remaining)
    if not ctx.rules.debt_allowed and total > balance:
        return Problem.of(BuildProblem.COST_OVER_BALANCE, total=total, balance=balance)
    return None


def _commit(ctx: BuildContext, builders: tuple[str, ...], a: Hex, b: Hex, cost: SegmentCost,
            fees: tuple[Fee, ...], budget: Budget) -> Built:
    """Lay the segment: pay cost and fees, add the track (one segment per owner), award a town bonus."""
    if budget.kind == "points":
        budget.spend(cost.points)
    else:
        budget.spend(cost.points + sum(f.amount for f in fees))
        ctx.books.pay(builders[0], BANK, cost.points, "build-cost", segment=(a, b))
    for f in fees:
        for payer, share in split_share(f.amount, builders, ctx.books.balances, ctx.seats).items():
            ctx.books.pay(payer, f.payee, share, FEE_REASON[f.rule], segment=(a, b), fee_rule=f.rule, at=f.at)
    for pid in builders:
        ctx.track.add(Segment(pid, Side(a, b), ctx.turn))
    town, bonus = _connect_towns(ctx, builders, a, b)
    return Built(a, b, cost, fees, town, bonus)


def _connect_towns(ctx: BuildContext, builders: tuple[str, ...], a: Hex, b: Hex) -> tuple[str | None, int]:
    """Record the first connection of any numbered town touched; pay the bonus if due.

    No bonus during the racing phase, or for a town beyond the border or a
    ferry port under the advanced rules (``bonus.pays_no_bonus``).  Nobody
    is paid the bonus for the town it started in (seed 003: "not given for start hexes of the players"; 004: "Město,
    kde hráč začínal, se nepočítá"), unless ``start_town_bonus``.
    [reading] A town reached so far only by players who started there still
    pays the first *other* player who reaches it; the connection then names
    who was paid.
    """
    bonus_town, paid = None, 0
    for h in (a, b):
        town = ctx.gmap.town_at(h)
        if town is None or not town.numbered:
            continue
        own_start = [p for p in builders if ctx.start_hexes.get(p) == town.hex and not ctx.rules.start_town_bonus]
        takers = tuple(p for p in builders if p not in own_start)
        if ctx.defer_bonuses:
            if town.name not in ctx.connections or bonus_open(ctx, ctx.connections[town.name], town):
                ctx.reached += [(town.name, p) for p in builders]
            continue
        known = ctx.connections.get(town.name)
        if known is not None and not bonus_open(ctx, known, town):
            continue
        due = ctx.bonuses_open and takers and not pays_no_bonus(ctx.gmap, ctx.rules, town)
        amount = ctx.rules.town_bonus if due else 0
        if known is not None and not amount:
            continue
        ctx.connections[town.name] = Connection((takers or builders)[0], ctx.turn, amount)
        if known is None and len(ctx.unconnected()) == 1 and ctx.one_left_by is None:
            ctx.one_left_by = builders[0]
        if amount:
            for pid, share in split_share(amount, takers, ctx.books.balances, ctx.seats, income=True).items():
                ctx.books.pay(BANK, pid, share, "town-bonus", town=town.name)
            bonus_town, paid = town.name, amount
    return bonus_town, paid


def bonus_open(ctx: BuildContext, known: Connection, town: Town) -> bool:
    """True when a connected town's bonus may still be paid: so far reached only by one who started there."""
    return known.bonus == 0 and ctx.start_hexes.get(known.player) == town.hex and not ctx.rules.start_town_bonus
