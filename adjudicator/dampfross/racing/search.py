"""The best routes for a race: ``ENTER <race> BEST``, ``adjudicate check``, ``adjudicate route``.

Candidates come from a k-shortest-simple-paths search (Yen's algorithm with
Lawler's shortcut; every spur search is A* with an exact heuristic, the
backward Dijkstra distance over the whole track) from three angles:

1. the ``k`` fastest routes with a segment of the riders' own track,
2. the ``k // 2`` with the fewest fares (also with own track),
3. the ``k // 2`` fastest at all (possibly invalid, listed for information).

"Fastest" means fewest movement points, then fewest fares.  Each candidate
is then evaluated exactly (``expected_rounds``) and all are ranked by fewest
expected rounds, then lowest fares, then the seats of the owners used (own
line first).  The search graph has a node per (hex, own track used yet), so
"at least one own segment" is part of the search, not a filter.

Advanced rules: bought ferries are edges between their ports (a crossing's
points, the ferry fare unless the riders own it); a special run's goal is a
region, searched as one sink joined to every destination hex of the region,
so the ranking picks each entrant's destination too (a route may not pass
through the region before its end).
"""

from __future__ import annotations

import bisect
import heapq
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.game.track import FerryLink, TrackIndex
from adjudicator.dampfross.racing.entry import judge_entry
from adjudicator.dampfross.racing.movement import expected_rounds, step_cost
from adjudicator.dampfross.racing.problems import EntryProblem
from adjudicator.dampfross.racing.routes import Route, choose_owners, seat_key
from adjudicator.dampfross.racing.specials import Goal
from adjudicator.kernel.kept import Kept
from adjudicator.kernel.problems import Problem

INF = float("inf")

SCALE = 4096  # lexicographic weights: (points, fares) or (fares, points); a route has far fewer steps


@dataclass(frozen=True)
class RouteOption:
    """One route found by the search, evaluated exactly."""

    route: Route
    expected: Fraction | None  # expected race rounds; None: never arrives
    fares: tuple[tuple[str, int], ...]
    valid: bool
    problems: tuple[Problem[EntryProblem], ...] = ()
    ferry_fares: tuple[tuple[str, int], ...] = ()

    @property
    def fare_total(self) -> int:
        """Fares and ferry fares together."""
        return sum(a for _, a in self.fares) + sum(a for _, a in self.ferry_fares)


def best_valid(options: Sequence[RouteOption]) -> RouteOption | None:
    """The best option that would be a valid entry (``ENTER <race> BEST``), or ``None``."""
    return next((o for o in options if o.valid), None)


def best_routes(
    gmap: GameMap,
    track: TrackIndex,
    rules: Rules,
    start: Hex,
    dest: Hex | Goal,
    riders: Sequence[str],
    seats: Mapping[str, int] | None = None,
    *,
    limit: int = 5,
    k: int = 6,
    balance: int | None = None,
    free: Sequence[str] = (),
) -> tuple[RouteOption, ...]:
    """The best few routes from ``start`` to ``dest`` over today's track, best first.

    Candidates: the ``k`` fastest routes with a segment of own track, the
    ``k // 2`` with fewest fares, and the ``k // 2`` fastest at all (possibly
    invalid); ranked by fewest expected rounds, then lowest fares, then the
    seats of the owners used (own line first).  ``valid`` means a valid entry
    on its own: own segment, fare cap, and (``debt_allowed: false``) fares
    within ``balance``.  ``free``: companies whose track costs the riders
    nothing (running powers).
    """
    riders = tuple(riders)
    goal = dest if isinstance(dest, Goal) else Goal.town(dest)
    net = _Net(gmap, track, rules, riders, tuple(free))
    targets = sorted(h for h in goal.hexes if h in net.index)
    if start not in net.index or not targets or start in goal:
        return ()
    src = net.index[start]
    if goal.region is None and goal.hex is not None:
        dst = net.index[goal.hex]
    else:
        dst = net.sink([net.index[h] for h in targets])
    paths: dict[tuple[int, ...], None] = {}
    small = max(2, k // 2)
    for layer, mode, n in ((0, "points", k), (0, "fares", small), (1, "points", small)):
        for p in net.yen(src, dst, layer, mode, n):
            paths.setdefault(p, None)
    key = seat_key(seats)
    options = []
    for p in paths:
        hexes = tuple(net.hexes[i] for i in p if i < len(net.hexes))
        per_pair = rules.fare_cap // max(1, rules.fare_per_segment) if rules.fare_cap_rule == "pair" else \
            rules.fare_cap if rules.fare_cap_rule == "hexes" else None  # hexes: per rival company (reading 118)
        owners, _ = choose_owners(track, hexes, riders, (), seats, per_pair, free=free)
        assert owners is not None
        verdict = judge_entry(gmap, track, rules, start, goal, riders, hexes, owners, seats, balance=balance,
                              free=free)
        assert verdict.route is not None
        options.append(RouteOption(verdict.route, expected_rounds(verdict.route.steps), verdict.fares, verdict.valid,
                                   verdict.problems, verdict.ferry_fares))

    def rank(o: RouteOption) -> tuple[Fraction, int, tuple[int, ...], tuple[str, ...]]:
        seats_used = tuple(0 if w in riders else key(w)[0] + 1 for w in o.route.owners)
        exp = o.expected if o.expected is not None else Fraction(10**9)
        return (exp, o.fare_total, seats_used, tuple(h.label for h in o.route.hexes))

    options.sort(key=rank)
    return tuple(options[:limit])


def _common(p: Sequence[int], q: Sequence[int]) -> int:
    """The length of the longest common prefix of two paths."""
    n = 0
    for a, b in zip(p, q):  # noqa: B905 (paths of any lengths)
        if a != b:
            break
        n += 1
    return n


def _simple(path: Sequence[int]) -> bool:
    """Whether a path of the layered graph visits no hex twice (``node >> 1`` is its hex)."""
    return len({v >> 1 for v in path}) == len(path)


def _hex_order(h: Hex) -> tuple[int, int]:
    """Hex's own order (column, row), without the generated comparison."""
    return h.col, h.row


class _Geometry(NamedTuple):
    """What every search over one state of the track shares, whoever rides: the hexes with track or a bought
    ferry's port (in their order), each side with track as two hex indices, the points of a step each way and
    its owners, and the bought ferries."""

    hexes: list[Hex]
    numbers: dict[Hex, int]
    sides: list[tuple[int, int, int, int, frozenset[str]]]
    ferries: list[FerryLink]


_GEOMETRY: Kept[_Geometry] = Kept(2)


def _geometry(gmap: GameMap, track: TrackIndex, rules: Rules) -> _Geometry:
    """The geometry of the track for a search, worked out once for a turn's searches (made again when track was
    added to the index since, or for another map or rule of steps uphill)."""
    return _GEOMETRY.get((track, gmap), (len(track.segments), rules.uphill), lambda: _geometry_of(gmap, track, rules))


def _geometry_of(gmap: GameMap, track: TrackIndex, rules: Rules) -> _Geometry:
    sides = {s.side for s in track.segments}
    ferries = [f for f in track.ferries if f.owner is not None]
    hexes = sorted({h for s in sides for h in s.hexes} | {h for f in ferries for h in (f.a, f.b)}, key=_hex_order)
    index = {h: i for i, h in enumerate(hexes)}
    edges = [(index[s.a], index[s.b], step_cost(gmap, rules, s.a, s.b), step_cost(gmap, rules, s.b, s.a),
              track.owners(s))
             for s in sorted(sides, key=lambda s: (s.a.col, s.a.row, s.b.col, s.b.row))]  # Side's own order
    return _Geometry(hexes, index, edges, ferries)


class _Net:
    """The track as a graph for one search; nodes ``2 * hex + layer`` (layer 1: own track used).

    Edges are ``(to, points, own, fare)``: a segment of track (``own`` 1 when
    the riders have a line there; fare 0 then, and on a running-powers
    partner's track, which is not own track), or a bought ferry (``own`` 0:
    a ferry is not track; fare 0 on the riders' own ferry).  ``sink`` adds
    one more node for a region goal.
    """

    def __init__(self, gmap: GameMap, track: TrackIndex, rules: Rules, riders: tuple[str, ...],
                 free: tuple[str, ...] = ()):
        geometry = _geometry(gmap, track, rules)
        self.hexes, self.index = geometry.hexes, geometry.numbers
        self.adj: list[list[tuple[int, int, int, int]]] = [[] for _ in self.hexes]
        rider_set, free_set = set(riders), set(free)
        self._by_mode: dict[str, list[list[tuple[int, int, int]]]] = {}
        self._h: dict[tuple[int, str], list[float]] = {}
        self._layered: dict[tuple[int, str], list[list[tuple[int, int, int, float]]]] = {}
        for a, b, ab, ba, owners in geometry.sides:
            own = int(bool(owners & rider_set))
            fare = 0 if own or owners & free_set else rules.fare_per_segment  # free: running powers
            self.adj[a].append((b, ab, own, fare))
            self.adj[b].append((a, ba, own, fare))
        for f in geometry.ferries:
            fare = 0 if f.owner in riders else rules.ferry_fare
            a, b = self.index[f.a], self.index[f.b]
            self.adj[a].append((b, f.points, 0, fare))
            self.adj[b].append((a, f.points, 0, fare))

    def sink(self, targets: Sequence[int]) -> int:
        """Add one node reached from every target hex (and left from none of them); its index."""
        self._by_mode.clear()
        self._h.clear()
        self._layered.clear()
        sink = len(self.adj)
        self.adj.append([])
        for t in targets:
            self.adj[t] = [(sink, 0, 0, 0)]
        return sink

    @staticmethod
    def weight(mode: str, points: int, fare: int) -> int:
        """Edge weight: by points then fares (``points``), or by fares then points (``fares``)."""
        return points * SCALE + fare if mode == "points" else fare * SCALE + points

    def _weighted(self, mode: str) -> list[list[tuple[int, int, int]]]:
        """Each node's edges as ``(to, weight, own)`` in ``mode`` (made once per mode)."""
        found = self._by_mode.get(mode)
        if found is None:
            found = self._by_mode[mode] = [[(j, self.weight(mode, pts, fare), own) for j, pts, own, fare in edges]
                                           for edges in self.adj]
        return found

    def _heuristic(self, dst: int, mode: str) -> list[float]:
        """Exact cost from every node to the destination in layer 1 (backward Dijkstra), once per mode."""
        found = self._h.get((dst, mode))
        if found is None:
            found = self._h[(dst, mode)] = self._distances(dst, mode)
        return found

    def _distances(self, dst: int, mode: str) -> list[float]:
        n = 2 * len(self.adj)
        rev: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for i, edges in enumerate(self._weighted(mode)):
            for j, w, own in edges:
                rev[2 * j + own].append((2 * i, w))
                rev[2 * j + 1].append((2 * i + 1, w))
        inf = INF
        dist = [inf] * n
        goal = 2 * dst + 1
        dist[goal] = 0
        queue = [(0, goal)]
        while queue:
            d, v = heapq.heappop(queue)
            if d > dist[v]:
                continue
            for u, w in rev[v]:
                if d + w < dist[u]:
                    dist[u] = d + w
                    heapq.heappush(queue, (d + w, u))
        return dist

    def _steps(self, dst: int, mode: str) -> list[list[tuple[int, int, int, float]]]:
        """Each node's steps towards ``dst`` in ``mode`` as ``(to node, weight, to hex, its heuristic)``, in the
        order of its edges, without the nodes from which ``dst`` cannot be reached (made once per goal and mode)."""
        found = self._layered.get((dst, mode))
        if found is None:
            h = self._heuristic(dst, mode)
            adj = self._weighted(mode)
            found = self._layered[(dst, mode)] = [
                [(u, w, j, h[u]) for j, w, own in adj[v >> 1] if h[u := 2 * j + ((v & 1) | own)] != INF]
                for v in range(2 * len(adj))]
        return found

    def _astar(self, source: int, goal: int, banned_hexes: set[int], banned_edges: set[tuple[int, int]],
               h: list[float], steps: list[list[tuple[int, int, int, float]]]) -> tuple[int, list[int]] | None:
        if h[source] == INF:
            return None
        g = {source: 0}
        prev: dict[int, int] = {}
        queue = [(h[source], 0, source)]
        push, pop, far = heapq.heappush, heapq.heappop, 1 << 60
        while queue:
            _, gv, v = pop(queue)
            if gv > g[v]:
                continue
            if v == goal:
                path = [v]
                while path[-1] != source:
                    path.append(prev[path[-1]])
                return gv, path[::-1]
            for u, w, j, hu in steps[v]:
                if j in banned_hexes or (banned_edges and (v, u) in banned_edges):
                    continue
                gu = gv + w
                if gu < g.get(u, far):
                    g[u] = gu
                    prev[u] = v
                    push(queue, (gu + hu, gu, u))
        return None

    def _cost(self, path: Sequence[int], mode: str) -> list[int]:
        """Prefix costs along a layered path."""
        out = [0]
        for v, u in itertools.pairwise(path):
            for j, pts, _own, fare in self.adj[v >> 1]:
                if j == u >> 1:
                    out.append(out[-1] + self.weight(mode, pts, fare))
                    break
        return out

    def yen(self, src: int, dst: int, layer: int, mode: str, k: int, *, prune: bool = True
            ) -> list[tuple[int, ...]]:
        """Up to ``k`` cheapest simple hex paths (as hex indices), Yen's algorithm with Lawler's shortcut.

        Paths that visit a hex twice (once before and once after taking own
        track) are kept as bases for deviations but not returned.  A spur
        search is left out when no path it could find would ever be taken
        (``prune``; without it every spur is searched, which finds the same
        paths: the tests compare both).
        """
        h, steps = self._heuristic(dst, mode), self._steps(dst, mode)
        source, goal = 2 * src + layer, 2 * dst + 1
        first = self._astar(source, goal, {src}, set(), h, steps)
        if first is None:
            return []
        bases: list[tuple[list[int], int, bool]] = [(first[1], 0, _simple(first[1]))]  # path, deviation, simple
        out: list[tuple[int, ...]] = []
        seen = {tuple(first[1])}
        candidates: list[tuple[int, tuple[int, ...], int, bool]] = []  # cost, path, deviation, simple
        costs: list[int] = []  # the costs of the simple candidates waiting, cheapest first
        budget = 4 * k + 8

        def bound() -> float:
            """A cost above which no new candidate can be taken: the search takes candidates cheapest first and
            stops once it has the simple paths it wants, so with that many simple candidates waiting at most the
            wanted-th one's cost, a dearer candidate would never be taken and its spur search need not be run
            (the paths taken, and so the routes found, are the same); candidates only join meanwhile."""
            wanted = k - len(out)
            return costs[wanted - 1] if len(costs) >= wanted else INF

        while True:
            path, dev, simple = bases[-1]
            if simple:
                out.append(tuple(v >> 1 for v in path))
                if len(out) >= k:
                    break
            if len(bases) >= budget:
                break
            prefix = self._cost(path, mode)
            shared = [_common(p, path) for p, _, _ in bases]  # how far each base runs along this path
            banned_hexes = {v >> 1 for v in path[:dev]}
            below = bound()
            for i in range(dev, len(path) - 1):
                banned_hexes.add(path[i] >> 1)
                root = path[: i + 1]
                # the next step of every base that shares this root (``root`` itself is a prefix of ``path``)
                banned_edges = {(p[i], p[i + 1]) for (p, _, _), n in zip(bases, shared, strict=True)
                                if n > i and len(p) > i + 1}
                v = path[i]
                cheapest = min((w + hu for u, w, j, hu in steps[v]
                                if j not in banned_hexes and (v, u) not in banned_edges), default=INF)
                if prune and prefix[i] + cheapest > below:  # no spur from here (INF: none at all) could be taken
                    continue
                spur = self._astar(path[i], goal, banned_hexes, banned_edges, h, steps)
                if spur is None:
                    continue
                full = tuple(root[:-1] + spur[1])
                if full not in seen:
                    seen.add(full)
                    cost, simple = prefix[i] + spur[0], _simple(full)
                    heapq.heappush(candidates, (cost, full, i, simple))
                    if simple:
                        bisect.insort(costs, cost)
                        below = bound()
            if not candidates:
                break
            cost, best, dev, simple = heapq.heappop(candidates)
            if simple:
                del costs[bisect.bisect_left(costs, cost)]
            bases.append((list(best), dev, simple))
        return out
