"""Buying a ferry (advanced rules, rules-reference.md §5): ``BUY FERRY <port> [- <port>]``.

Seed 000, Deutschland-Karte: "Wer mit seinem Eisenbahnnetz einen der
Fährhäfen erreicht ..., kann die entsprechende Fährverbindung nach Gedser
kaufen. Die Fährstrecke wird also nicht gebaut wie eine Bahnlinie, sie wird
vielmehr durch Zahlung vom Konto erworben ... Jede Fährstrecke kostet 6
Einheiten und kann nur von einem Spieler gekauft werden. Beide Fährten
dürfen nicht in der Hand desselben Spielers sein."  Frankreich-Karte:
"Jeder Spieler darf höchstens 2 Fährverbindungen erwerben, die von
verschiedenen Fährbahnhöfen ausgehen müssen."

So: the price (``ferry_price``) is paid from the account to the bank; each
ferry has one owner; the map says how many one player may own
(``ferries: per_player``), and a player's ferries leave from different
ports.  Readings (docs/rules.md): the buyer's track must touch the ferry's
home port (the map's ``from:``); a purchase is not building, so after races
it is not limited by the race income; orders are carried out after the
player's BUILD lines of the same turn, so a line that reaches the port in
this turn counts; two players buying the same ferry in one turn: the one who
builds first gets it.  Once a balance has reached the threshold while
building after races (the game is over at once) nothing more is bought.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from adjudicator.dampfross.board.advanced import Ferry
from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.building.lines import BuildContext
from adjudicator.dampfross.building.problems import BuildProblem
from adjudicator.dampfross.game.state import BANK, FerryOwner
from adjudicator.kernel.problems import Problem


class FerryProblem(StrEnum):
    """Why a ferry is not bought (``FerryPurchase.problem``)."""

    NOT_IN_USE = "not-in-use"  # the game does not use ferries (rules key ferries)
    NO_FERRY = "no-ferry"  # ports (hexes): no ferry of the map runs from there (or between them)
    AMBIGUOUS = "ambiguous"  # port (hex), ferries (names): name both ports
    OWN_ALREADY = "own-already"  # ferry
    TAKEN = "taken"  # ferry, owner
    LIMIT = "limit"  # ferry, limit, owned (names): the map's ferries per player
    SAME_PORT = "same-port"  # ferry, port, other: the player's ferries must leave from different ports
    NOT_REACHED = "not-reached"  # ferry, port (town), hex: the buyer's track does not reach the home port
    OVER_BALANCE = "over-balance"  # price, balance: no debt allowed
    GAME_OVER = "game-over"  # players, threshold: a balance reached the threshold while building, the game is over


@dataclass(frozen=True)
class FerryOrder:
    """``BUY FERRY <port> [- <port>]`` resolved to hexes: one port, or both ends of the ferry."""

    ports: tuple[Hex, ...]
    text: str = ""  # the order as understood, for the report
    line: int | None = None


@dataclass(frozen=True)
class FerryPurchase:
    """What became of one BUY FERRY order: the ferry bought (or meant) and the price, or the problem."""

    order: FerryOrder
    ferry: str | None
    price: int = 0
    problem: Problem[FerryProblem] | None = None

    @property
    def bought(self) -> bool:
        return self.problem is None


def find_ferry(ferries: tuple[Ferry, ...], ports: tuple[Hex, ...]) -> Ferry | Problem[FerryProblem]:
    """The ferry an order means: by both ends, or by its home port, else by its far port if only one."""
    if len(ports) >= 2:
        found = next((f for f in ferries if f.links(ports[0], ports[-1])), None)
        return found or Problem.of(FerryProblem.NO_FERRY, ports=ports)
    port = ports[0]
    for side in ("a", "b"):
        matches = [f for f in ferries if getattr(f, side) == port]
        if len(matches) == 1:
            return matches[0]
        if matches:
            return Problem.of(FerryProblem.AMBIGUOUS, port=port, ferries=tuple(f.name for f in matches))
    return Problem.of(FerryProblem.NO_FERRY, ports=ports)


def buy_ferry(ctx: BuildContext, player: str, order: FerryOrder) -> FerryPurchase:
    """Carry out one BUY FERRY order for ``player``: check it, pay the price, record the owner."""
    if not ctx.rules.ferries:
        return FerryPurchase(order, None, problem=Problem.of(FerryProblem.NOT_IN_USE))
    if ctx.stop is not None and ctx.stop.code is BuildProblem.GAME_OVER:
        return FerryPurchase(order, None, problem=Problem(FerryProblem.GAME_OVER, ctx.stop.args))
    found = find_ferry(ctx.gmap.ferries, order.ports)
    if isinstance(found, Problem):
        return FerryPurchase(order, None, problem=found)
    problem = _purchase_problem(ctx, player, found)
    if problem is not None:
        return FerryPurchase(order, found.name, problem=problem)
    price = ctx.rules.ferry_price
    ctx.books.pay(player, BANK, price, "ferry-purchase", town=found.name)
    ctx.ferries[found.name] = FerryOwner(found.name, player, ctx.turn)
    return FerryPurchase(order, found.name, price)


def _purchase_problem(ctx: BuildContext, player: str, ferry: Ferry) -> Problem[FerryProblem] | None:
    current = ctx.ferries.get(ferry.name)
    if current is not None:
        if current.owner == player:
            return Problem.of(FerryProblem.OWN_ALREADY, ferry=ferry.name)
        return Problem.of(FerryProblem.TAKEN, ferry=ferry.name, owner=current.owner)
    owned = [f for f in ctx.gmap.ferries if (o := ctx.ferries.get(f.name)) is not None and o.owner == player]
    limit = ctx.gmap.ferries_per_player
    if limit is not None and len(owned) >= limit:
        return Problem.of(FerryProblem.LIMIT, ferry=ferry.name, limit=limit, owned=tuple(f.name for f in owned))
    same = next((f for f in owned if f.a == ferry.a), None)
    if same is not None:
        return Problem.of(FerryProblem.SAME_PORT, ferry=ferry.name, port=ferry.start, other=same.name)
    if ferry.a not in ctx.track.network(player):
        return Problem.of(FerryProblem.NOT_REACHED, ferry=ferry.name, port=ferry.start, hex=ferry.a)
    balance = ctx.books.balance(player)
    if not ctx.rules.debt_allowed and ctx.rules.ferry_price > balance:
        return Problem.of(FerryProblem.OVER_BALANCE, price=ctx.rules.ferry_price, balance=balance)
    return None
