"""Standing orders (issue 27, readings 110-114): set by a mail's STANDING lines, carried out without a mail.

Pure order logic between the settled orders and the engines' input:

* ``standing_of`` reads the STANDING lines of a section that counts into the
  company's new standing orders (reading 110);
* ``on_standing`` names the companies whose standing orders stand in for a
  mail this turn: in play, with standing orders on file, and no section that
  counts (reading 112);
* ``with_standing`` adds both to the engines' input: the orders the standing
  orders make for this turn's phase (a standing race entry expanded by
  ``bots.careful.races_worth_entering`` from the seat's view, reading 111)
  and the standing orders the turn's mails set.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.engine.turn import TurnInput, building_turn
from adjudicator.dampfross.game.racestate import RaceDraw
from adjudicator.dampfross.game.standing import Standing
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.orders.model import StandingOrder
from adjudicator.dampfross.orders.sections import OrderSet, Section
from adjudicator.dampfross.orders.translate import GMNote, GMNoteCode


def standing_lines(section: Section) -> list[StandingOrder]:
    """The section's STANDING lines, in the order written (none: the standing orders on file stand)."""
    return [o for o in section.orders if isinstance(o, StandingOrder)]


def standing_of(lines: list[StandingOrder]) -> Standing | None:
    """The standing orders a section's STANDING lines set, read in order: ``STANDING CANCEL`` drops those
    before it, a later ``STANDING ENTER`` replaces an earlier one; ``None``: none (cancelled, reading 110)."""
    enter_min: int | None = None
    passes = False
    for o in lines:
        if o.kind == "cancel":
            enter_min, passes = None, False
        elif o.kind == "pass":
            passes = True
        else:
            enter_min = o.minimum
    return Standing(enter_min, passes) if enter_min is not None or passes else None


def on_standing(state: GameState, orders: OrderSet) -> tuple[str, ...]:
    """The companies (in seat order) whose standing orders are their orders this turn: in play, standing orders
    on file, and no section of theirs counts (a refused mail is no mail, reading 112)."""
    sent = {s.player for s in orders.sections}
    return tuple(p.id for p in state.players
                 if p.standing is not None and p.retired is None and p.id not in sent)


def set_by_mails(orders: OrderSet) -> dict[str, Standing | None]:
    """The standing orders the turn's counted sections set, by company (sections without STANDING lines: none)."""
    out: dict[str, Standing | None] = {}
    for s in orders.sections:
        lines = standing_lines(s)
        if lines:
            out[s.player] = standing_of(lines)
    return out


def standing_entries(state: GameState, gmap: GameMap, pid: str, draws: Sequence[RaceDraw] | None = None
                     ) -> list[int]:
    """The races a company's standing race entry enters this turn (reading 111): those the careful bot's
    choice reaches with BEST and expects at least ``enter_min`` from, worked out from the seat's view only.
    ``draws``: the turn's races (``racing.turn.turn_races``: with manual dice the GM's RACE lines, reading
    120); ``None``: the races printed in the last report."""
    standing = state.player(pid).standing
    if standing is None or standing.enter_min is None or state.phase != "racing":
        return []
    from adjudicator.dampfross.bots.careful import races_worth_entering  # the bots and racing: racing turns only
    from adjudicator.dampfross.bots.view import seat_view

    least = standing.enter_min
    view = seat_view(state, gmap, pid)
    if draws is not None:  # the races as the turn takes them are what the seat's player enters
        seen = view.state
        view = replace(view, state=replace(seen, races=replace(seen.race_state, upcoming=tuple(draws))))
    return races_worth_entering(view, lambda value: value >= least)


def with_standing(state: GameState, gmap: GameMap, orders: OrderSet, turn_input: TurnInput) -> TurnInput:
    """The engines' input with the orders of the companies on standing orders (``on_standing``) and the
    standing orders the turn's mails set.  In a building turn standing orders build nothing (a standing PASS
    passes); in a racing turn a standing race entry enters ``standing_entries`` with BEST."""
    seats = on_standing(state, orders)
    updates = set_by_mails(orders)
    if building_turn(turn_input, state.phase):
        from adjudicator.dampfross.building.turn import BuildingOrders  # the building engine: building turns only

        passing = {pid: BuildingOrders(pid, passes=True, sent=False) for pid in seats}  # no roll asked (reading 121)
        missing = {k: v for k, v in turn_input.missing.items() if k not in passing}
        return replace(turn_input, orders={**turn_input.orders, **passing}, missing=missing, standing=updates)
    from adjudicator.dampfross.racing.entry import Entry  # racing is imported by racing turns only
    from adjudicator.dampfross.racing.turn import RacingOrders, turn_races

    draws = turn_races(state, gmap, turn_input) if seats else ()  # the GM's RACE lines with manual dice
    racing = {pid: RacingOrders(pid, tuple(Entry((pid,), text=f"ENTER {n} BEST", race=n)
                                           for n in standing_entries(state, gmap, pid, draws))) for pid in seats}
    missing = {k: v for k, v in turn_input.missing.items() if k not in racing}
    return replace(turn_input, orders={**turn_input.orders, **racing}, missing=missing, standing=updates)


def standing_after(state: GameState, orders: OrderSet, player: str) -> Standing | None:
    """The company's standing orders once ``orders`` count (a turn's, or one mail's): the ones its section's
    STANDING lines set, else those on file."""
    found = set_by_mails(orders)
    return found[player] if player in found else state.player(player).standing


def standing_notes(state: GameState, orders: OrderSet, notes: list[GMNote]) -> list[GMNote]:
    """The GM's notes of a turn with the companies on standing orders: each says so (with its standing orders)
    instead of "no orders carried out" (the run's output only: ``check`` of a mail plays no standing orders)."""
    seats = on_standing(state, orders)
    kept = [n for n in notes if not (n.code is GMNoteCode.NO_ORDERS_CARRIED_OUT and n.get("player") in seats)]
    for pid in seats:
        standing = state.player(pid).standing
        assert standing is not None
        kept.append(GMNote(GMNoteCode.STANDING_PLAYED, None, (("player", pid), ("orders", "; ".join(standing.echo())))))
    return kept
