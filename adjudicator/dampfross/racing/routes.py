"""Race routes: the hexes, whose line is used on each segment, and the fares owed.

A *route* is the sequence of hexes from the race's start town to its
destination along existing track, with the owner whose line is used on every
segment (rules-reference.md §3 "Entering", "Fares").  A player may name the owner per
segment; an unnamed segment uses the riders' own line if there is one, else
the rival first in seat order (every rival line costs the same fare).

Advanced rules: a *leg* between two ports that are not neighbours is a ferry
crossing (``adjudicator.dampfross.racing.ferries``); its owner is the ferry's owner,
it costs the whole crossing in movement points (taken point by point: a
train may be at sea between two rounds), and the fare is ``ferry_fare`` to
the owner, not a fare per segment.  Whether a route makes a valid entry is decided in
``adjudicator.dampfross.racing.entry``;
the search for the best routes is in ``adjudicator.dampfross.racing.search``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.game.track import TrackIndex
from adjudicator.dampfross.racing.problems import EntryProblem
from adjudicator.kernel.problems import Problem

OwnerPolicy = Literal["seat", "balanced"]


def seat_key(seats: Mapping[str, int] | None) -> Callable[[str], tuple[int, str]]:
    """Sort key of player ids by seat (unknown ids last, by name)."""
    seats = seats or {}
    return lambda pid: (seats.get(pid, 1 << 30), pid)


@dataclass(frozen=True)
class Route:
    """Hexes from start to destination, the owner used on each leg, each leg's cost, and the ferries crossed.

    A *leg* joins two consecutive hexes: a segment of track, or (advanced
    rules) a ferry crossing between two ports; ``ferries`` names the ferry of
    each crossing leg (``None`` for track; empty when no leg is a crossing).
    """

    hexes: tuple[Hex, ...]
    owners: tuple[str, ...]
    costs: tuple[int, ...]
    ferries: tuple[str | None, ...] = ()

    def ferry(self, leg: int) -> str | None:
        """The ferry crossed on leg ``leg`` (from ``hexes[leg]``), or ``None`` on track."""
        return self.ferries[leg] if leg < len(self.ferries) else None

    @property
    def points(self) -> int:
        """Movement points for the whole route."""
        return sum(self.costs)

    @property
    def steps(self) -> tuple[int, ...]:
        """The movement steps in order: one per track leg, and a crossing point by point.

        A step not paid in full is not taken (``advance``); a crossing of 7
        (Cherbourg-Southampton) is seven steps of 1, so a train can make it
        over several rounds, with one die.
        """
        out: list[int] = []
        for i, cost in enumerate(self.costs):
            out += [1] * cost if self.ferry(i) else [cost]
        return tuple(out)

    def legs_done(self, steps: int) -> int:
        """How many legs a train has completed after ``steps`` movement steps (a crossing under way is not)."""
        done = 0
        for i, cost in enumerate(self.costs):
            done += cost if self.ferry(i) else 1
            if steps < done:
                return i
        return len(self.costs)

    def reached(self, steps: int) -> tuple[Hex, bool]:
        """Where a train is after ``steps`` movement steps: the last hex reached, and whether it is at sea."""
        done = 0
        for i, cost in enumerate(self.costs):
            size = cost if self.ferry(i) else 1
            if steps < done + size:
                return self.hexes[i], steps > done
            done += size
        return self.hexes[-1], False

    def fares(self, riders: Collection[str], fare_per_segment: int, free: Collection[str] = ()) -> dict[str, int]:
        """What the riders owe each rival for track: ``fare_per_segment`` per segment on the rival's line.

        ``free``: companies whose track the riders use without paying (running powers).
        """
        out: dict[str, int] = {}
        for i, owner in enumerate(self.owners):
            if owner not in riders and owner not in free and not self.ferry(i):
                out[owner] = out.get(owner, 0) + fare_per_segment
        return out

    def paid_segments(self, riders: Collection[str], free: Collection[str] = ()) -> dict[str, int]:
        """Segments on each other company's track that cost a fare, by owner (a ferry is not track)."""
        out: dict[str, int] = {}
        for i, o in enumerate(self.owners):
            if o not in riders and o not in free and not self.ferry(i):
                out[o] = out.get(o, 0) + 1
        return out

    def ferry_fares(self, riders: Collection[str], ferry_fare: int) -> dict[str, int]:
        """What the riders owe each ferry owner: ``ferry_fare`` a crossing on another's ferry."""
        out: dict[str, int] = {}
        for i, owner in enumerate(self.owners):
            if owner not in riders and self.ferry(i):
                out[owner] = out.get(owner, 0) + ferry_fare
        return out

    def own_segments(self, riders: Collection[str]) -> int:
        """Legs on the riders' own track ([reading] an own ferry is not track)."""
        return sum(o in riders and not self.ferry(i) for i, o in enumerate(self.owners))


def choose_owners(
    track: TrackIndex,
    hexes: Sequence[Hex],
    riders: Sequence[str],
    named: Sequence[str | None] = (),
    seats: Mapping[str, int] | None = None,
    cap_segments: int | None = None,
    free: Collection[str] = (),
) -> tuple[tuple[str, ...] | None, tuple[Problem[EntryProblem], ...]]:
    """The owner used on every segment, and the problems (no track, wrong owner named).

    Unnamed segments: the riders' own line (the first rider's if both have
    one), else the line of a company whose running powers the riders hold
    (``free``), else the rival first in seat order.  With ``cap_segments``
    (used by the route search: the fare cap in segments), if that would use
    more of one rival's segments than the cap allows, unnamed rival segments
    are chosen again from the rival used least so far.
    """
    owners, problems = _pick(track, hexes, riders, named, seats, "seat", free)
    if problems:
        return None, problems
    if cap_segments is not None:
        used: dict[str, int] = {}
        for o in owners:
            if o not in riders:
                used[o] = used.get(o, 0) + 1
        if any(c > cap_segments for c in used.values()):
            owners, _ = _pick(track, hexes, riders, named, seats, "balanced", free)
    return owners, ()


def _pick(track: TrackIndex, hexes: Sequence[Hex], riders: Sequence[str], named: Sequence[str | None],
          seats: Mapping[str, int] | None, policy: OwnerPolicy, free: Collection[str] = (),
          ) -> tuple[tuple[str, ...], tuple[Problem[EntryProblem], ...]]:
    key = seat_key(seats)
    owed: dict[str, int] = {}
    out: list[str] = []
    problems: list[Problem[EntryProblem]] = []
    for i, (a, b) in enumerate(itertools.pairwise(hexes)):
        have = track.owners_between(a, b)
        if not have and not a.is_adjacent(b):
            crossing = _crossing(track, a, b, named[i] if i < len(named) else None)
            if isinstance(crossing, str):
                out.append(crossing)
            else:
                problems.append(crossing)
            continue
        if not have:
            problems.append(Problem.of(EntryProblem.NO_TRACK, a=a, b=b))
            continue
        name = named[i] if i < len(named) else None
        if name is not None:
            if name not in have:
                problems.append(Problem.of(EntryProblem.OWNER_NOT_THERE, a=a, b=b, owner=name,
                                           owners=tuple(sorted(have, key=key))))
                continue
            choice = name
        else:
            mine = [r for r in riders if r in have] or sorted((f for f in free if f in have), key=key)
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


def _crossing(track: TrackIndex, a: Hex, b: Hex, name: str | None) -> str | Problem[EntryProblem]:
    """The owner of the ferry between two ports that are not neighbours, or why the leg cannot be taken."""
    link = track.ferry(a, b)
    if link is None:
        return Problem.of(EntryProblem.NOT_NEIGHBOURS, a=a, b=b)
    if link.owner is None:
        return Problem.of(EntryProblem.FERRY_NOT_OWNED, a=a, b=b, ferry=link.name)
    if name is not None and name != link.owner:
        return Problem.of(EntryProblem.OWNER_NOT_THERE, a=a, b=b, owner=name, owners=(link.owner,))
    return link.owner


def crossings(track: TrackIndex, hexes: Sequence[Hex]) -> tuple[str | None, ...]:
    """The ferry crossed on each leg of a path (``None`` on track); empty when no leg is a crossing."""
    out = tuple(link.name if not a.is_adjacent(b) and (link := track.ferry(a, b)) else None
                for a, b in itertools.pairwise(hexes))
    return out if any(out) else ()


def fare_pairs(route: Route, riders: Sequence[str], rules: Rules,
               seats: Mapping[str, int] | None, free: Collection[str] = ()) -> tuple[tuple[str, int], ...]:
    """``(rival, amount)`` the riders owe for a route, rivals in seat order."""
    fares = route.fares(riders, rules.fare_per_segment, free)
    return tuple((p, fares[p]) for p in sorted(fares, key=seat_key(seats)))
