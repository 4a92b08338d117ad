"""Payments to rivals for building next to their track (Gebühren), rules-reference.md §2.

The model, which reproduces every worked example in the seeds:

1. *Contact fee.* New track that arrives at a non-town hex where rival R
   already has track, by a segment R does not own, pays R ``contact_fee``.
   Seed 000 makes whoever builds into a hex holding a rival's line pay, even
   where the builder has track of its own there (``contact_fee_at_own_hex``,
   Schmidt); seed 004 waives it: "if one of the lines he crosses or joins is
   his own, he pays nothing" (Paluba).
2. *Parallel fee.* A new segment that R also owns pays R
   ``parallel_fee_per_half`` for each of its halves in a non-town hex.
3. Arriving along R's segment adds no contact fee; leaving R's line costs
   nothing.
4. *Retroactive join fee* (``city_join_fee``).  A new segment that leaves a
   town along R's segment into a non-town hex pays R ``contact_fee`` once,
   unless the builder already owns a segment at that town which R also owns
   (he arrived running alongside R and paid where he joined).
5. Several rivals there: each is paid.

All amounts are paid from the builder's account, never from die points.
Two partners building one line together (joint building) are one builder
here: neither pays the other, and "own track" is either partner's.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from adjudicator.dampfross.board.hexgrid import Hex, Side
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.game.state import FeeRule
from adjudicator.dampfross.game.track import TrackIndex


@dataclass(frozen=True)
class Fee:
    """One payment from the builder to a rival for one segment."""

    payee: str
    amount: int
    rule: FeeRule
    at: Hex


def building_fees(gmap: GameMap, track: TrackIndex, builder: str | Collection[str], a: Hex, b: Hex,
                  rules: Rules) -> tuple[Fee, ...]:
    """Fees the builder (or the partners of a joint line) owes for building from ``a`` to ``b``.

    The track is taken as it stands before the segment is laid.
    """
    builders = frozenset({builder} if isinstance(builder, str) else builder)
    side = Side(a, b)
    alongside = track.owners(side) - builders
    fees: list[Fee] = []
    for rival in sorted(alongside):
        halves = sum(not gmap.is_town(h) for h in (a, b))
        if halves:
            fees.append(Fee(rival, halves * rules.parallel_fee_per_half, "parallel", b if not gmap.is_town(b) else a))
        joins_in_town = gmap.is_town(a) and not gmap.is_town(b)
        if rules.city_join_fee and joins_in_town and not _already_alongside(track, builders, rival, a):
            fees.append(Fee(rival, rules.contact_fee, "city-join", a))
    own_there = bool(builders & track.owners_at(b))
    if not gmap.is_town(b) and (rules.contact_fee_at_own_hex or not own_there):
        for rival in sorted(track.owners_at(b) - builders - alongside):
            fees.append(Fee(rival, rules.contact_fee, "contact", b))
    return tuple(f for f in fees if f.amount > 0)


def _already_alongside(track: TrackIndex, builders: frozenset[str], rival: str, town: Hex) -> bool:
    """True when a builder already owns a segment at ``town`` that ``rival`` also owns."""
    return any(rival in track.owners(s) for pid in sorted(builders) for s in track.player_sides_at(pid, town))
