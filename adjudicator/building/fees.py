"""Payments to rivals for building next to their track (Gebühren), RULES.md §2.

The model, which reproduces every worked example in the seeds:

1. *Contact fee.* New track that arrives at a non-town hex where rival R
   already has track, by a segment R does not own, pays R ``contact_fee``.
   [reading, Czech seed 004] Nothing is due when the builder already has
   track of his own in that hex: he joins his own line.
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
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.board.hexgrid import Hex, Side
from adjudicator.board.model import GameMap
from adjudicator.game.rules import Rules
from adjudicator.game.state import FeeRule
from adjudicator.game.track import TrackIndex


@dataclass(frozen=True)
class Fee:
    """One payment from the builder to a rival for one segment."""

    payee: str
    amount: int
    rule: FeeRule
    at: Hex


def building_fees(gmap: GameMap, track: TrackIndex, builder: str, a: Hex, b: Hex, rules: Rules) -> tuple[Fee, ...]:
    """Fees the builder owes for building from ``a`` to ``b`` (track as it stands before)."""
    side = Side(a, b)
    alongside = track.owners(side) - {builder}
    fees: list[Fee] = []
    for rival in sorted(alongside):
        halves = sum(not gmap.is_town(h) for h in (a, b))
        if halves:
            fees.append(Fee(rival, halves * rules.parallel_fee_per_half, "parallel", b if not gmap.is_town(b) else a))
        joins_in_town = gmap.is_town(a) and not gmap.is_town(b)
        if rules.city_join_fee and joins_in_town and not _already_alongside(track, builder, rival, a):
            fees.append(Fee(rival, rules.contact_fee, "city-join", a))
    if not gmap.is_town(b) and builder not in track.owners_at(b):
        for rival in sorted(track.owners_at(b) - {builder} - alongside):
            fees.append(Fee(rival, rules.contact_fee, "contact", b))
    return tuple(f for f in fees if f.amount > 0)


def _already_alongside(track: TrackIndex, builder: str, rival: str, town: Hex) -> bool:
    """True when the builder already owns a segment at ``town`` that ``rival`` also owns."""
    return any(rival in track.owners(s) for s in track.player_sides_at(builder, town))
