"""Simultaneous building (postal Railway Rivals, ``simultaneous: true``).

In English postal play every company's builds of a turn are judged against
the track as it stood at the start of the turn.  [reading] Each company
builds on its own copy of that track (plus its own new pieces, so a line
may continue another of the same turn); it pays fees only for track that
was there before the turn, never for another company's piece of the same
turn.  Money moves through one set of books, in building order (which
matters only where debt is not allowed).  After all have built, every new
piece is laid and the town bonuses are settled: a town first reached this
turn by several companies pays its bonus to all of them in equal shares
(an indivisible remainder stays with the bank); nobody is paid for the town
it started in, nor (advanced rules) for a town beyond the border.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from adjudicator.dampfross.building.bonus import pays_no_bonus
from adjudicator.dampfross.building.lines import BuildContext, bonus_open
from adjudicator.dampfross.game.state import BANK, Connection
from adjudicator.dampfross.game.track import TrackIndex
from adjudicator.kernel.problems import NoOrders, Problem

if TYPE_CHECKING:
    from adjudicator.dampfross.building.turn import BuildingOrders, PlayerOutcome


def build_simultaneously(
    ctx: BuildContext,
    order: Sequence[str],
    playing: Mapping[str, BuildingOrders],
    missing: Mapping[str, Problem[NoOrders]],
    play: Callable[[BuildContext, BuildingOrders], PlayerOutcome],
    skipped: Callable[[str], PlayerOutcome],
) -> list[PlayerOutcome]:
    """Every player's builds against the track at the start of the turn; then the pieces laid, bonuses settled."""
    base = list(ctx.track.segments)
    outcomes: list[PlayerOutcome] = []
    new = []
    reached: list[tuple[str, str]] = []
    for pid in order:
        if pid not in playing:
            outcomes.append(skipped(pid))
            continue
        own = BuildContext(ctx.gmap, ctx.rules, ctx.turn, TrackIndex(base), ctx.books, dict(ctx.connections),
                           ctx.bonuses_open, ctx.start_hexes, ctx.seats, defer_bonuses=True,
                           ferries=ctx.ferries)  # ferries bought: one register, first come first served
        outcomes.append(play(own, playing[pid]))
        new += own.track.segments[len(base):]
        reached += own.reached
    for segment in new:
        ctx.track.add(segment)
    settle_bonuses(ctx, reached)
    return outcomes


def settle_bonuses(ctx: BuildContext, reached: Sequence[tuple[str, str]]) -> None:
    """Town bonuses of a simultaneous turn: shared by every company that reached the town first this turn."""
    by_town: dict[str, list[str]] = {}
    for name, pid in reached:
        players = by_town.setdefault(name, [])
        if pid not in players:
            players.append(pid)
    for name, players in by_town.items():
        found = ctx.gmap.town_named(name)
        assert found is not None
        town = found
        known = ctx.connections.get(name)
        if known is not None and not bonus_open(ctx, known, town):
            continue
        takers = [p for p in players if ctx.start_hexes.get(p) != town.hex or ctx.rules.start_town_bonus]
        due = ctx.bonuses_open and takers and not pays_no_bonus(ctx.gmap, ctx.rules, town)
        amount = ctx.rules.town_bonus if due else 0
        if known is not None and not amount:
            continue
        ctx.connections[name] = Connection((takers or players)[0], ctx.turn, amount)
        if amount:
            for pid in takers:
                ctx.books.pay(BANK, pid, amount // len(takers), "town-bonus", town=name)
