"""Who owns which track: an index over the segments of every player, and the ferries in service.

A *segment* is the track between two adjacent hex centres (a ``Side`` of the
grid); several players may own track on the same segment (parallel lines).
Under the advanced rules a train may also cross the water on a ferry: a
``FerryLink`` joins two port hexes that are not neighbours; the index knows
each ferry of the map and its owner (``None`` while nobody has bought it).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from adjudicator.dampfross.board.hexgrid import Hex, Side


@dataclass(frozen=True)
class Segment:
    """One player's track between two adjacent hexes, built in ``turn``."""

    owner: str
    side: Side
    turn: int

    @property
    def a(self) -> Hex:
        return self.side.a

    @property
    def b(self) -> Hex:
        return self.side.b

    def __str__(self) -> str:
        return f"{self.owner} {self.side}"


@dataclass(frozen=True)
class FerryLink:
    """A ferry as a train sees it: its name, its two port hexes, its owner and a crossing's movement points.

    ``points`` is the whole crossing: the length plus loading and unloading
    (seed 000: Cherbourg-Southampton 5 + 2 = 7; the German ferries 3 + 1 + 1).
    """

    name: str
    a: Hex
    b: Hex
    owner: str | None
    points: int


class TrackIndex:
    """Mutable index of the track on the board, for one adjudication."""

    def __init__(self, segments: Iterable[Segment] = (), ferries: Iterable[FerryLink] = ()):
        self.segments: list[Segment] = []
        self._owners: dict[Side, set[str]] = defaultdict(set)
        self._at: dict[Hex, set[str]] = defaultdict(set)
        self._network: dict[str, set[Hex]] = defaultdict(set)
        self.ferries: tuple[FerryLink, ...] = tuple(ferries)
        self._ferry: dict[frozenset[Hex], FerryLink] = {frozenset((f.a, f.b)): f for f in self.ferries}
        self._between: dict[tuple[Hex, Hex], set[str]] = {}
        for s in segments:
            self.add(s)

    def ferry(self, a: Hex, b: Hex) -> FerryLink | None:
        """The ferry between two port hexes (bought or not), if there is one."""
        return self._ferry.get(frozenset((a, b)))

    def add(self, segment: Segment) -> None:
        side, owner = segment.side, segment.owner
        a, b = side.a, side.b
        owners = self._owners[side]
        owners.add(owner)
        self._between[(a, b)] = self._between[(b, a)] = owners
        self._at[a].add(owner)
        self._at[b].add(owner)
        network = self._network[owner]
        network.add(a)
        network.add(b)
        self.segments.append(segment)

    def owners(self, side: Side) -> frozenset[str]:
        """Players with track on this segment."""
        return frozenset(self._owners.get(side, ()))

    def owners_between(self, a: Hex, b: Hex) -> frozenset[str]:
        """Players with track between two hexes, in either order (none: no track, or no neighbours); as
        ``owners(Side(a, b))`` without making the side (route search asks this for every step it tries)."""
        return frozenset(self._between.get((a, b), ()))

    def owners_at(self, h: Hex) -> frozenset[str]:
        """Players with track touching this hex."""
        return frozenset(self._at.get(h, ()))

    def network(self, player: str) -> frozenset[Hex]:
        """Every hex a player's track touches."""
        return frozenset(self._network.get(player, ()))

    def has_track(self, player: str) -> bool:
        return bool(self._network.get(player))

    def player_sides_at(self, player: str, h: Hex) -> list[Side]:
        """The player's segments that touch hex ``h``."""
        return [s for s, owners in self._owners.items() if player in owners and h in s.hexes]
