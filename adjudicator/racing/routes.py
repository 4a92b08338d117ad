"""Race routes: checking a declared route, its fares, and searching the best routes.

A *route* is the sequence of hexes from the race's start town to its
destination along existing track, with the owner whose line is used on every
segment (RULES.md §3 "Entering", "Fares").  A player may name the owner per
segment; an unnamed segment uses the riders' own line if there is one, else
the rival first in seat order (every rival line costs the same fare).
The search for the best routes is in ``adjudicator.racing.search``.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from adjudicator.racing.movement import route_costs
from adjudicator.board.hexgrid import Hex, Side
from adjudicator.board.model import GameMap
from adjudicator.game.rules import Rules
from adjudicator.game.track import TrackIndex

OwnerPolicy = Literal["seat", "balanced"]


def seat_key(seats: Mapping[str, int] | None):
    """Sort key of player ids by seat (unknown ids last, by name)."""
    seats = seats or {}
    return lambda pid: (seats.get(pid, 1 << 30), pid)


@dataclass(frozen=True)
class Route:
    """Hexes from start to destination, the owner used on each segment, and each step's cost."""

    hexes: tuple[Hex, ...]
    owners: tuple[str, ...]
    costs: tuple[int, ...]

    @property
    def points(self) -> int:
        """Movement points for the whole route."""
        return sum(self.costs)

    @property
    def sides(self) -> tuple[Side, ...]:
        return tuple(Side(a, b) for a, b in zip(self.hexes, self.hexes[1:]))

    def fares(self, riders: Collection[str], fare_per_segment: int) -> dict[str, int]:
        """What the riders owe each rival: ``fare_per_segment`` per segment on the rival's line."""
        out: dict[str, int] = {}
        for owner in self.owners:
            if owner not in riders:
                out[owner] = out.get(owner, 0) + fare_per_segment
        return out

    def own_segments(self, riders: Collection[str]) -> int:
        return sum(o in riders for o in self.owners)

    def text(self) -> str:
        """``1003 -RED- 1004 -BLUE- 1105``: hexes with the line used between them."""
        parts = [self.hexes[0].label]
        for owner, h in zip(self.owners, self.hexes[1:]):
            parts += [f"-{owner}-", h.label]
        return " ".join(parts)


@dataclass(frozen=True)
class RouteCheck:
    """A declared route checked on its own: the resolved route or the problems found."""

    riders: tuple[str, ...]
    route: Route | None
    problems: tuple[str, ...]
    fares: tuple[tuple[str, int], ...] = ()  # (rival, amount) owed by the riders together

    @property
    def valid(self) -> bool:
        return not self.problems

    @property
    def fare_total(self) -> int:
        return sum(a for _, a in self.fares)


def choose_owners(
    track: TrackIndex,
    hexes: Sequence[Hex],
    riders: Sequence[str],
    named: Sequence[str | None] = (),
    seats: Mapping[str, int] | None = None,
    cap_segments: int | None = None,
) -> tuple[tuple[str, ...] | None, tuple[str, ...]]:
    """The owner used on every segment, and the problems (no track, wrong owner named).

    Unnamed segments: the riders' own line (the first rider's if both have
    one), else the rival first in seat order.  With ``cap_segments`` (used by
    the route search: the fare cap in segments), if that would use more of one
    rival's segments than the cap allows, unnamed rival segments are chosen
    again from the rival used least so far.
    """
    owners, problems = _pick(track, hexes, riders, named, seats, "seat")
    if problems:
        return None, problems
    if cap_segments is not None:
        used: dict[str, int] = {}
        for o in owners:
            if o not in riders:
                used[o] = used.get(o, 0) + 1
        if any(c > cap_segments for c in used.values()):
            owners, _ = _pick(track, hexes, riders, named, seats, "balanced")
    return owners, ()


def _pick(track: TrackIndex, hexes: Sequence[Hex], riders: Sequence[str], named: Sequence[str | None],
          seats: Mapping[str, int] | None, policy: OwnerPolicy) -> tuple[tuple[str, ...], tuple[str, ...]]:
    key = seat_key(seats)
    owed: dict[str, int] = {}
    out: list[str] = []
    problems: list[str] = []
    for i, (a, b) in enumerate(itertools.pairwise(hexes)):
        where = f"{a.label}-{b.label}"
        if not a.is_adjacent(b):
            problems.append(f"{where}: the hexes are not neighbours")
            continue
        have = track.owners(Side(a, b))
        if not have:
            problems.append(f"{where}: there is no track")
            continue
        name = named[i] if i < len(named) else None
        if name is not None:
            if name not in have:
                problems.append(f"{where}: {name} has no track there (only {', '.join(sorted(have, key=key))})")
                continue
            choice = name
        else:
            mine = [r for r in riders if r in have]
            if mine:
                choice = mine[0]
            elif policy == "balanced":
                choice = min(have, key=lambda p: (owed.get(p, 0), key(p)))
            else:
                choice = min(have, key=key)
        if choice not in riders:
            owed[choice] = owed.get(choice, 0) + 1
        out.append(choice)
    return tuple(out), tuple(problems)


def check_route(
    gmap: GameMap,
    track: TrackIndex,
    rules: Rules,
    start: Hex,
    dest: Hex,
    riders: Sequence[str],
    hexes: Sequence[Hex],
    owners: Sequence[str | None] = (),
    seats: Mapping[str, int] | None = None,
) -> RouteCheck:
    """Check one declared route for ``riders`` (one player, or the two of a joint trip).

    Problems: wrong start or end, a hex twice, a step that is not a
    neighbour or has no track, a named owner without track there, and no
    segment on the riders' own track.  The fare cap depends on every entry of
    the race and is checked in ``adjudicator.racing.race``; see ``fare_cap_problems``
    for a route on its own.
    """
    riders = tuple(riders)
    hexes = tuple(hexes)
    problems: list[str] = []
    if len(hexes) < 2:
        return RouteCheck(riders, None, ("a route needs at least two hexes",))
    if hexes[0] != start:
        problems.append(f"the route must start at {_town(gmap, start)}, not at {hexes[0].label}")
    if hexes[-1] != dest:
        problems.append(f"the route must end at {_town(gmap, dest)}, not at {hexes[-1].label}")
    twice = sorted({h.label for h in hexes if hexes.count(h) > 1})
    if twice:
        problems.append(f"a route may not visit a hex twice: {', '.join(twice)}")
    if owners and len(owners) != len(hexes) - 1:
        problems.append(f"{len(owners)} owners named for {len(hexes) - 1} segments")
    chosen, owner_problems = choose_owners(track, hexes, riders, owners, seats)
    problems += owner_problems
    if chosen is None:
        return RouteCheck(riders, None, tuple(problems))
    route = Route(hexes, chosen, route_costs(gmap, rules, hexes))
    if not route.own_segments(riders):
        who = "either partner's" if len(riders) > 1 else "your"
        problems.append(f"the route must use at least one segment of {who} own track")
    fares = fare_pairs(route, riders, rules, seats)
    return RouteCheck(riders, route, tuple(problems), fares)


def _town(gmap: GameMap, h: Hex) -> str:
    t = gmap.town_at(h)
    return f"{t.name} ({h.label})" if t else h.label


def fare_pairs(route: Route, riders: Sequence[str], rules: Rules, seats: Mapping[str, int] | None) -> tuple[tuple[str, int], ...]:
    """``(rival, amount)`` the riders owe for a route, rivals in seat order."""
    fares = route.fares(riders, rules.fare_per_segment)
    return tuple((p, fares[p]) for p in sorted(fares, key=seat_key(seats)))


def fare_cap_problems(fares: Sequence[tuple[str, int]], rules: Rules, riders: Sequence[str] = ()) -> tuple[str, ...]:
    """The fare cap for a route on its own (nothing owed back): more than ``fare_cap`` to one rival.

    For a joint trip each partner pays half, so the cap applies to each share.
    """
    out = []
    for payee, amount in fares:
        share = -(-amount // 2) if len(riders) == 2 else amount
        if share > rules.fare_cap:
            out.append(f"{amount} in fares to {payee} is more than the cap of {rules.fare_cap}")
    return tuple(out)
