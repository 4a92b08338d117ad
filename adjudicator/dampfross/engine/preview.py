"""Previews for ``adjudicate check``: a player's orders priced against the current state, nothing changed.

Pure: the building preview runs the building engine on a copy of the state
(next turn's allowances drawn from a dummy seed, never the game's); the
racing preview judges each entry with ``adjudicator.dampfross.racing.entry`` (alone:
the other entries of the race are not known yet) and prices each BUILD line
without the income limit, which depends on the races; in a turn after whose
races nothing is built (the game's last race, the 10% variant) no line is built,
and each says why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.building.ending import VALID_DECLARATIONS
from adjudicator.dampfross.building.ferries import FerryPurchase, buy_ferry
from adjudicator.dampfross.building.lines import Budget, BuildContext, BuildLine, LineOutcome
from adjudicator.dampfross.building.thinking import carry_out
from adjudicator.dampfross.building.turn import BuildingInput, BuildingResult, adjudicate_building_turn
from adjudicator.dampfross.game.dice import DiceRoller
from adjudicator.dampfross.game.ledger import Books
from adjudicator.dampfross.game.racestate import RaceDraw
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.game.track import TrackIndex
from adjudicator.dampfross.racing.after import no_building_after
from adjudicator.dampfross.racing.entry import Entry, EntryVerdict, judge_entry
from adjudicator.dampfross.racing.ferries import race_track
from adjudicator.dampfross.racing.movement import expected_rounds
from adjudicator.dampfross.racing.noroute import why_no_route
from adjudicator.dampfross.racing.problems import EntryNote, NoRoute
from adjudicator.dampfross.racing.routes import Route
from adjudicator.dampfross.racing.search import best_routes, best_valid
from adjudicator.dampfross.racing.specials import goal
from adjudicator.dampfross.racing.thinking import judge_entries
from adjudicator.dampfross.racing.trains import entry_slots
from adjudicator.dampfross.racing.turn import RacingInput, turn_races
from adjudicator.kernel.problems import Problem

UNLIMITED = 10**6
"""The money budget for pricing a line after races: the real limit (race income) is not known yet."""


def preview_each(state: GameState, gmap: GameMap, orders: BuildingInput
                 ) -> tuple[dict[str, BuildingResult], bool]:
    """Each company's building orders priced alone (reading 104): against the board as it is, every other
    company building nothing that turn, so no company's preview counts another's builds of the same file (the
    partners of a joint line are priced together: the line needs both); by company, and whether a manual roll
    was priced at 6."""
    out: dict[str, BuildingResult] = {}
    guessed = False
    for group in _groups(orders):
        alone = BuildingInput(orders.turn, {pid: orders.orders[pid] for pid in group},
                              {pid: why for pid, why in orders.missing.items() if pid in group},
                              {pid: n for pid, n in orders.rolls.items() if pid in group})
        result, guess = preview_building(state, gmap, alone)
        guessed = guessed or guess
        out.update(dict.fromkeys(group, result))
    return out, guessed


def _groups(orders: BuildingInput) -> list[tuple[str, ...]]:
    """The companies of the orders, each alone but for the partners of joint lines (``BUILD WITH``), together."""
    group = {pid: {pid} for pid in orders.orders}
    for pid, o in orders.orders.items():
        for line in o.lines:
            if line.partner in group and group[line.partner] is not group[pid]:
                joined = group[pid] | group[line.partner]
                for member in joined:
                    group[member] = joined
    seen: list[tuple[str, ...]] = []
    for pid in orders.orders:
        members = tuple(p for p in orders.orders if p in group[pid])
        if members not in seen:
            seen.append(members)
    return seen


def preview_building(state: GameState, gmap: GameMap, orders: BuildingInput) -> tuple[BuildingResult, bool]:
    """The building turn as it would go with these orders (all of them together, as one turn: ``preview_each``
    prices each company alone); and whether the preview priced manual rolls at 6."""
    guessed = False
    if state.dice_mode == "manual":
        rolls = dict(orders.rolls)
        for pid in orders.orders:
            if pid not in rolls:
                rolls[pid] = 6 * state.rules.allowance_dice
                guessed = True
        orders = BuildingInput(orders.turn, orders.orders, orders.missing, rolls)
    return adjudicate_building_turn(state, gmap, orders, _PreviewRoller(state.game_id)), guessed


def building_ok(result: BuildingResult, orders: BuildingInput, player: str | None = None) -> bool:
    """True when every priced order (of ``player``, or of everybody) would be carried out in full."""
    for o in result.outcomes:
        if o.player not in orders.orders or (player is not None and o.player != player):
            continue
        declared_badly = o.declare is not None and o.declare.code not in VALID_DECLARATIONS
        joint_short = o.joint is not None and any(not line.complete for line in o.joint.lines)
        if o.start_problem or declared_badly or joint_short or any(not line.complete for line in o.lines):
            return False
    return True


class _PreviewRoller(DiceRoller):
    """A roller for previews: next turn's allowances are not drawn from the real seed."""

    def __init__(self, game: str):
        super().__init__("00" * 32, game)


@dataclass(frozen=True)
class PricedEntry:
    """One ENTER order priced: the race may not exist; a route (ROUTE or BEST) judged, with its expected rounds."""

    entry: Entry
    race_exists: bool
    verdict: EntryVerdict | None = None  # None: BEST found no valid route
    expected: Fraction | None = None
    draw: RaceDraw | None = None  # the race (a special run ends anywhere in its region)
    over_cap: Problem[EntryNote] | None = None  # beyond the entry cap: it makes no entry (``trains.entry_slots``)
    no_route: Problem[NoRoute] | None = None  # why BEST found no valid route (``noroute.why_no_route``)

    @property
    def ok(self) -> bool:
        return self.race_exists and self.over_cap is None and self.verdict is not None and self.verdict.valid

    @property
    def route(self) -> Route | None:
        return self.verdict.route if self.verdict else None


@dataclass(frozen=True)
class PricedLine:
    """One BUILD line priced after races: what it would cost with fees, and where it would stop."""

    line: BuildLine
    outcome: LineOutcome

    @property
    def cost(self) -> int:
        return sum(b.cost.points + b.fee_total for b in self.outcome.built)


@dataclass(frozen=True)
class RacingPreview:
    """A player's racing orders priced."""

    player: str
    turn: int
    entries: tuple[PricedEntry, ...]
    lines: tuple[PricedLine, ...]
    purchases: tuple[FerryPurchase, ...] = ()
    rules: Rules | None = None  # the game's rules (a special run's report says what its entrants may choose)

    @property
    def ok(self) -> bool:
        return (all(e.ok for e in self.entries) and all(pl.outcome.complete for pl in self.lines)
                and all(p.bought for p in self.purchases))


def preview_racing(state: GameState, gmap: GameMap, orders: RacingInput) -> tuple[RacingPreview, ...]:
    """Every player's entries and BUILD lines of a racing turn, priced."""
    draws = {d.number: d for d in turn_races(state, gmap, orders)}  # the turn's races, as the turn takes them
    orders, judges = judge_entries(state, gmap, orders, list(draws.values()))  # ENTER inside IFs (reading 103)
    track = race_track(state, gmap)
    seats = {p.id: p.seat for p in state.players}
    stop = no_building_after(state.rules, sorted(draws))
    out = []
    for pid, turn in orders.orders.items():
        powers = turn.powers if state.rules.running_powers else ()
        capped = _over_cap(state, list(draws.values()), pid, turn.entries, seats)
        entries = tuple(replace(_price_entry(state, gmap, track, seats, draws.get(e.race), e,
                                             tuple(q for n, q in powers if n == e.race)), over_cap=capped.get(e.race))
                        for e in turn.entries)
        ctx = BuildContext(gmap, state.rules, state.turn, TrackIndex(state.track), Books(state.players, state.turn),
                           dict(state.connections), bonuses_open=False, ferries={f.ferry: f for f in state.ferries})
        judges[pid].ctx = ctx  # IFs around BUILD lines, and BUILD CHEAPEST (building.thinking)
        if stop is None:
            built = carry_out(ctx, pid, turn.lines, Budget("money", UNLIMITED), judges[pid])
        else:  # nothing is built after this turn's races: every line says why (issue 35)
            built = tuple(LineOutcome(line, (), stop, line.hexes) for line in turn.lines)
        lines = tuple(PricedLine(outcome.line, outcome) for outcome in built)
        purchases = tuple(buy_ferry(ctx, pid, order) for order in turn.ferries)
        out.append(RacingPreview(pid, state.turn, entries, lines, purchases, state.rules))
    return tuple(out)


def _over_cap(state: GameState, draws: list[RaceDraw], pid: str, entries: Sequence[Entry],
              seats: dict[str, int]) -> dict[int, Problem[EntryNote]]:
    """The races whose entry of ``pid`` the turn would drop for the entry cap, as the turn judges it
    (``entry_slots``); a joint run counts as the partner will order it."""
    alone = [replace(e, riders=(pid,)) for e in entries]
    return {e.race: note for e, _, _, note in entry_slots(state.rules, draws, {pid: alone}, seats, [pid])
            if note is not None and note.code is EntryNote.TOO_MANY_ENTRIES}


def _price_entry(state: GameState, gmap: GameMap, track: TrackIndex, seats: dict[str, int], draw: RaceDraw | None,
                 e: Entry, powers: tuple[str, ...] = ()) -> PricedEntry:
    """One entry priced alone; ``powers``: the running powers the player ordered for this race (taken as agreed)."""
    if draw is None:
        return PricedEntry(e, False)
    riders = sorted(e.riders, key=lambda p: seats.get(p, 99))
    where = goal(gmap, state.rules, draw)
    if e.best:
        options = best_routes(gmap, track, state.rules, draw.start_hex, where, riders, seats, free=powers)
        option = best_valid(options)
        if option is None:
            return PricedEntry(e, True, draw=draw, no_route=why_no_route(track, riders, draw.start_hex, where, options))
        verdict = EntryVerdict(tuple(riders), option.route, option.problems, option.fares, option.ferry_fares)
    else:
        verdict = judge_entry(gmap, track, state.rules, draw.start_hex, where, riders, e.hexes, e.owners, seats,
                              free=powers)
    route = verdict.route
    return PricedEntry(e, True, verdict, expected_rounds(route.steps) if route and verdict.valid else None, draw)
