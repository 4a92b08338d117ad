"""Cheapest lines for a bot: Dijkstra over the map's land by building cost, and the part of a line it can pay.

``cheapest`` is the random level's search (terrain only, as the self-play
bots always searched); ``costs_from`` is the careful level's: the exact
terrain cost of every segment (``building.costs``) and what building beside
or into rival track would cost in fees, from the whole network at once.
``affordable`` cuts a line where the points (or the money after races) run
out, as the building engine would stop it; ``builds_after_races`` says
whether a racing turn builds at all.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from adjudicator.dampfross.board.hexgrid import Hex, Side
from adjudicator.dampfross.board.model import GameMap, Terrain
from adjudicator.dampfross.bots.view import SeatView
from adjudicator.dampfross.building.costs import exact_steps as exact_steps  # the bots import it from here too
from adjudicator.dampfross.building.fees import building_fees
from adjudicator.dampfross.building.lines import Budget
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.game.track import TrackIndex
from adjudicator.dampfross.racing.after import builds_this_turn
from adjudicator.kernel.kept import Kept

_TRACK: Kept[TrackIndex] = Kept()


def track_of(state: GameState) -> TrackIndex:
    """The index of the state's track, made once for all the bots of a turn (none of them adds to it)."""
    return _TRACK.get((state.track,), None, lambda: TrackIndex(state.track))


def cheapest(gmap: GameMap, state: GameState, sources: Iterable[Hex], targets: set[Hex],
             own: set[Side]) -> list[Hex] | None:
    """Dijkstra over land from any source to any target, by building cost, never along own track.

    Hexes are numbered in their own order (column, row), so the queue breaks ties as it would between hexes."""
    rules = state.rules
    hexes, number, edges = _edges(gmap, rules.cost_river, rules.cost_mountain, rules.cost_mountain_mountain,
                                  rules.border_crossing)
    banned = {(number[s.a], number[s.b]) for s in own if s.a in number and s.b in number}
    banned |= {(j, i) for i, j in banned}
    goal = {number[h] for h in targets if h in number}
    far = 1 << 30
    dist = [far] * len(hexes)
    prev: dict[int, int] = {}
    queue: list[tuple[int, int]] = []
    for h in sorted(sources):
        i = number.get(h)
        if i is None:  # a source off the land graph (water, beyond the border) leads nowhere
            continue
        dist[i] = 0
        heapq.heappush(queue, (0, i))
    while queue:
        d, i = heapq.heappop(queue)
        if d > dist[i]:
            continue
        if i in goal:
            path = [i]
            while path[-1] in prev:
                path.append(prev[path[-1]])
            return [hexes[j] for j in reversed(path)]
        for j, cost in edges[i]:
            if d + cost < dist[j] and (i, j) not in banned:
                dist[j] = d + cost
                prev[j] = i
                heapq.heappush(queue, (d + cost, j))
    return None


@lru_cache(maxsize=16)
def _edges(gmap: GameMap, river: int, mountain: int, both: int, border_crossing: bool
           ) -> tuple[list[Hex], dict[Hex, int], list[list[tuple[int, int]]]]:
    """The map's hexes in their order, each one's number, and each land hex's steps a line may take with their
    building cost (the map's, worked out once): not onto water, not across a closed border; under the advanced
    rules none out of a hex beyond the border."""
    hexes = sorted(gmap.terrain, key=lambda h: (h.col, h.row))
    number = {h: i for i, h in enumerate(hexes)}
    out: list[list[tuple[int, int]]] = [[] for _ in hexes]
    for h in hexes:
        if border_crossing and gmap.abroad(h):
            continue  # a line ends in the first hex beyond the border
        out[number[h]] = [(number[n], _cost(gmap, river, mountain, both, h, n)) for n in gmap.neighbours(h)
                          if gmap.terrain_at(n) is not Terrain.WATER and (border_crossing or not gmap.is_border(h, n))]
    return hexes, number, out


def _cost(gmap: GameMap, river: int, mountain: int, both: int, a: Hex, b: Hex) -> int:
    mountains = sum(gmap.terrain_at(h) is Terrain.MOUNTAIN for h in (a, b))
    base = (1, mountain, both)[mountains]
    return base + (river if gmap.has_river(a, b) else 0)


def costs_from(gmap: GameMap, rules: Rules, track: TrackIndex, me: str, sources: Iterable[Hex],
               limit: float = float("inf")) -> tuple[dict[Hex, float], dict[Hex, Hex]]:
    """Cost to build from ``sources`` to every hex up to ``limit`` (points, and fees owed to rivals counted as
    points), never along own track; and each hex's previous hex on its cheapest line."""
    steps = exact_steps(gmap, rules)
    parallel = 2 * rules.parallel_fee_per_half
    dist: dict[Hex, float] = {}
    prev: dict[Hex, Hex] = {}
    queue: list[tuple[float, Hex]] = [(0.0, h) for h in sorted(set(sources)) if h in steps]
    for _, h in queue:
        dist[h] = 0.0
    heapq.heapify(queue)
    far = float("inf")
    while queue:
        d, h = heapq.heappop(queue)
        if d > dist.get(h, far):
            continue
        for n, points, side in steps[h]:
            owners = track.owners(side)
            cost = d + points
            if owners:
                if me in owners:
                    continue
                cost += len(owners) * parallel
            if cost > limit or cost >= dist.get(n, far):
                continue
            if not gmap.is_town(n) and (there := track.owners_at(n)):
                cost += len(there - {me} - owners) * rules.contact_fee
                if cost > limit or cost >= dist.get(n, far):
                    continue
            dist[n] = cost
            prev[n] = h
            heapq.heappush(queue, (cost, n))
    return dist, prev


def line_to(prev: Mapping[Hex, Hex], target: Hex) -> list[Hex]:
    """The line ``costs_from`` found to ``target``, from the network's hex it leaves."""
    path = [target]
    while path[-1] in prev:
        path.append(prev[path[-1]])
    return path[::-1]


def affordable(view: SeatView, track: TrackIndex, path: Sequence[Hex], budget: Budget, money: int | None
               ) -> tuple[list[Hex], int]:
    """The part of ``path`` the budget pays for, spent from ``budget`` as the building engine spends it, and its
    fees.  Die points (``budget.kind == "points"``): each segment's terrain cost from the points (postal rolls in
    order), its fees from the account; money after races: cost and fees together from the budget (the race
    income).  ``money``: where debt is forbidden, the balance, which pays the fees (after races: cost and fees)."""
    state, gmap, me = view.state, view.gmap, view.seat
    rules = state.rules
    steps = exact_steps(gmap, rules)
    out = [path[0]]
    fees = spent = 0
    for a, b in itertools.pairwise(path):
        cost = next(points for n, points, _ in steps[a] if n == b)
        fee = sum(f.amount for f in building_fees(gmap, track, me, a, b, rules))
        if budget.kind == "money":
            if cost + fee > budget.remaining or (money is not None and spent + cost + fee > money):
                break
            budget.spend(cost + fee)
            spent += cost + fee
        else:
            payable = budget.payable_from(cost) is not None if budget.pots is not None else cost <= budget.remaining
            if not payable or (money is not None and fees + fee > money):
                break
            budget.spend(cost)
        fees += fee
        out.append(b)
    return out, fees


def builds_after_races(state: GameState) -> bool:
    """Whether the companies build after the coming turn's races, as far as a player can tell beforehand: races
    are drawn, none of them is the game's last (``fixed_races``: the game ends after it, nobody builds), and under
    the 10 % variant one of them lets the players build (``racing.after.builds_this_turn``).  (A balance that
    reaches the threshold ends the game too, but no player knows that before the dice.)"""
    rules = state.rules
    numbers = [d.number for d in state.race_state.upcoming]
    if not numbers or (rules.fixed_races and max(numbers) >= rules.fixed_races):
        return False
    return builds_this_turn(rules, numbers)
