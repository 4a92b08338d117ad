"""One turn of the racing phase: pure (state, orders, dice) -> (new state, outcome).

The races printed in the previous report run one after another (entries
judged, fares paid, rounds rolled, prizes paid); the game ends at once when a
player reaches the threshold.  Then every player builds from this turn's race
income, the winner of the last race first (RULES.md §3), and the next turn's
races are drawn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from adjudicator.board.hexgrid import Hex
from adjudicator.board.model import GameMap
from adjudicator.building.ferries import FerryOrder
from adjudicator.building.lines import BuildContext, BuildLine
from adjudicator.errors import MissingDice, TurnRefused
from adjudicator.game.dice import DiceRoller, RaceDice
from adjudicator.game.ledger import Books
from adjudicator.game.problems import NoOrders, Problem
from adjudicator.game.racestate import RaceDraw, RaceResult, Winner
from adjudicator.game.rules import MoveOrder, Rules
from adjudicator.game.state import GameState, HistoryEntry, LedgerEntry
from adjudicator.game.track import TrackIndex
from adjudicator.racing.after import PostRaceBuild, build_after_races, building_order, race_income
from adjudicator.racing.draw import land_distance
from adjudicator.racing.end import GameEnd, check_end
from adjudicator.racing.entry import Entry
from adjudicator.racing.ferries import race_track
from adjudicator.racing.problems import EntryNote
from adjudicator.racing.race import RaceOutcome, run_race
from adjudicator.racing.schedule import draw_next, race_dice, record_draws
from adjudicator.racing.search import best_routes, best_valid
from adjudicator.racing.specials import goal


@dataclass(frozen=True)
class RacingOrders:
    """A player's orders for a racing turn."""

    player: str
    entries: tuple[Entry, ...] = ()  # riders: the player, then the partner of a joint trip
    lines: tuple[BuildLine, ...] = ()
    ferries: tuple[FerryOrder, ...] = ()  # BUY FERRY (advanced rules), after the BUILD lines


@dataclass(frozen=True)
class RacingInput:
    """All orders of a racing turn; ``races`` and ``dice`` are the GM's (manual dice only)."""

    turn: int
    orders: Mapping[str, RacingOrders] = field(default_factory=dict)
    missing: Mapping[str, Problem[NoOrders]] = field(default_factory=dict)
    races: Mapping[int, tuple[Hex, Hex]] = field(default_factory=dict)
    moves: Mapping[tuple[int, str], tuple[int, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class RacingResult:
    """The outcome of a racing turn, for the report."""

    turn: int
    draws: tuple[RaceDraw, ...]
    entry_notes: tuple[Problem[EntryNote], ...]
    races: tuple[RaceOutcome, ...]
    builds: tuple[PostRaceBuild, ...]
    income: Mapping[str, int]
    entries: tuple[LedgerEntry, ...]
    before: GameState
    after: GameState
    end: GameEnd | None = None
    next_draws: tuple[RaceDraw, ...] = ()


@dataclass(frozen=True)
class RacesResult:
    """A turn's races as run: the outcomes, and the end of the game if it came."""

    outcomes: tuple[RaceOutcome, ...]
    end: GameEnd | None
    not_run: tuple[RaceDraw, ...] = ()  # races drawn for the turn but not run (the game ended)


def run_races(
    gmap: GameMap,
    track: TrackIndex,
    rules: Rules,
    draws: Sequence[RaceDraw],
    entries: Mapping[int, Sequence[Entry]],
    books: Books,
    dice: RaceDice,
    seats: Mapping[str, int],
    *,
    first_arrival_wins: bool = False,
    move_order: MoveOrder = "seat",
) -> RacesResult:
    """Run a turn's races in order (``entries`` by race number), stopping when the game ends."""
    outcomes: list[RaceOutcome] = []
    for i, d in enumerate(draws):
        outcomes.append(run_race(gmap, track, rules, d, entries.get(d.number, ()), books, dice, seats,
                                 first_arrival_wins=first_arrival_wins, move_order=move_order))
        end = check_end(books.balances, seats, rules, d.number)
        if end is not None:
            return RacesResult(tuple(outcomes), end, tuple(draws[i + 1:]))
    return RacesResult(tuple(outcomes), None)


def adjudicate_racing_turn(state: GameState, gmap: GameMap, orders: RacingInput,
                           roller: DiceRoller | None) -> RacingResult:
    """Run the turn's races, then the building from race income."""
    if state.phase != "racing":
        raise TurnRefused(f"the game is in the {state.phase} phase, not racing")
    if orders.turn != state.turn:
        raise TurnRefused(f"these are orders for turn {orders.turn}, but the game is at turn {state.turn}")
    draws = _draws(state, gmap, orders)
    track = race_track(state, gmap)
    seats = {p.id: p.seat for p in state.players}
    entries, notes = _entries(state, gmap, track, draws, orders)
    books = Books(state.players, state.turn)
    dice = race_dice(state, roller, orders.moves)
    try:
        result = run_races(gmap, track, state.rules, draws, entries, books, dice, seats,
                           first_arrival_wins=state.rules.first_arrival_wins, move_order=state.rules.move_order)
    except MissingDice as exc:
        raise TurnRefused(f"manual dice: {exc} (give MOVES <race> <ID> <d> ... in the GM section)") from None
    income = race_income(books.entries, state.player_ids)
    builds: tuple[PostRaceBuild, ...] = ()
    end = result.end
    ctx = BuildContext(gmap, state.rules, state.turn, track, books, dict(state.connections), bonuses_open=False,
                       ferries={f.ferry: f for f in state.ferries})
    if end is None:
        order = building_order(result.outcomes[-1] if result.outcomes else None, seats,
                               by_arrival=state.rules.build_order == "arrival")
        lines = {pid: o.lines for pid, o in orders.orders.items() if pid not in orders.missing}
        ferries = {pid: o.ferries for pid, o in orders.orders.items() if pid not in orders.missing}
        builds = build_after_races(ctx, order, income, lines, ferries)
        end = check_end(books.balances, seats, state.rules, state.race_state.count)
    return _finish(state, gmap, roller, draws, tuple(notes), result.outcomes, builds, income, books, ctx, end)


def _draws(state: GameState, gmap: GameMap, orders: RacingInput) -> tuple[RaceDraw, ...]:
    """The races of this turn: as printed, or as the GM gives them (manual dice)."""
    if state.dice_mode == "hmac":
        return state.race_state.upcoming
    if not orders.races:
        raise TurnRefused(f"manual dice: turn {state.turn} needs the GM's RACE <n> FROM <town> TO <town> lines")
    out = []
    first = state.race_state.count + 1
    for i, number in enumerate(sorted(orders.races)):
        start, dest = orders.races[number]
        a, b = gmap.town_at(start), gmap.town_at(dest)
        if a is None or b is None or not a.numbers or not b.numbers:
            raise TurnRefused(f"RACE {number}: start and destination must be numbered towns")
        distance = land_distance(gmap, start, dest) or 0
        out.append(RaceDraw(first + i, a.name, a.numbers[0], b.name, b.numbers[0], distance, (), (), start, dest))
    return tuple(out)


def _entries(state: GameState, gmap: GameMap, track: TrackIndex, draws: tuple[RaceDraw, ...],
             orders: RacingInput) -> tuple[dict[int, list[Entry]], list[Problem[EntryNote]]]:
    """Each race's trains: joint trips need both partners' orders; BEST is searched here."""
    by_race = {d.number: d for d in draws}
    seats = {p.id: p.seat for p in state.players}
    entries: dict[int, list[Entry]] = {d.number: [] for d in draws}
    notes: list[Problem[EntryNote]] = []
    placed: set[tuple[int, str]] = set()
    for pid in state.player_ids:
        turn = orders.orders.get(pid)
        if turn is None or pid in orders.missing:
            continue
        for e in turn.entries:
            draw = by_race.get(e.race)
            if draw is None:
                notes.append(Problem.of(EntryNote.NO_SUCH_RACE, player=pid, race=e.race))
                continue
            if (e.race, pid) in placed:
                continue
            riders = [pid]
            if e.partner:
                partner = orders.orders.get(e.partner)
                mirror = [x for x in (partner.entries if partner else ()) if x.race == e.race and x.partner == pid]
                if e.partner not in seats or not mirror:
                    notes.append(Problem.of(EntryNote.PARTNER_MISSING, player=pid, race=e.race, partner=e.partner))
                    continue
                riders = sorted([pid, e.partner], key=lambda p: seats[p])
            train = Entry(tuple(riders), e.hexes, e.owners, e.text, e.race)
            if e.best:
                option = best_valid(best_routes(gmap, track, state.rules, draw.start_hex, goal(gmap, state.rules, draw),
                                                riders, seats))
                placed.update((e.race, r) for r in riders)
                if option is None:
                    notes.append(Problem.of(EntryNote.NO_ROUTE, riders=tuple(riders), race=e.race))
                    continue
                train = Entry(tuple(riders), option.route.hexes, option.route.owners, e.text, e.race, chosen=True)
            entries[e.race].append(train)
            placed.update((e.race, r) for r in riders)
    return entries, notes


def _finish(state: GameState, gmap: GameMap, roller: DiceRoller | None, draws: tuple[RaceDraw, ...],
            notes: tuple[Problem[EntryNote], ...], outcomes: tuple[RaceOutcome, ...], builds: tuple[PostRaceBuild, ...],
            income: Mapping[str, int], books: Books, ctx: BuildContext, end: GameEnd | None) -> RacingResult:
    races = state.race_state
    if draws:  # manual dice: the GM's races are counted when they run
        races = replace(races, count=max(races.count, max(d.number for d in draws)))
    races = replace(races, results=races.results + tuple(_result(state.turn, o) for o in outcomes))
    logged = {x.label for x in state.dice_log}
    dice = tuple(d for o in outcomes for d in o.dice if d.label not in logged)
    after = replace(
        state,
        players=books.updated(state.players),
        track=tuple(ctx.track.segments),
        ledger=state.ledger + tuple(books.entries),
        turn=state.turn + 1,
        dice_log=state.dice_log + dice,
        ferries=tuple(ctx.ferries.values()),
        history=state.history + (HistoryEntry(
            state.turn, "racing", tuple((pid, books.balance(pid)) for pid in state.player_ids),
            races=tuple(o.draw.number for o in outcomes),
        ),),
    )
    next_draws: tuple[RaceDraw, ...] = ()
    if end is not None:
        races = replace(races, upcoming=(), winner=Winner(end.winner, end.reason, end.race, end.balance))
        after = replace(after, phase="over", races=races)
    else:
        next_draws = draw_next(replace(after, races=races), gmap, roller, after.turn)
        after = replace(after, races=record_draws(replace(races, upcoming=()), next_draws),
                        dice_log=after.dice_log + tuple(d for x in next_draws for d in x.dice))
    return RacingResult(state.turn, draws, notes, outcomes, builds, income, tuple(books.entries),
                            state, after, end, next_draws)


def _result(turn: int, o: RaceOutcome) -> RaceResult:
    places = {p.place: tuple(p.riders) for p in o.placings}
    return RaceResult(o.draw.number, turn, o.status, o.draw.start_town, o.draw.dest_town,
                      places.get(1, ()), places.get(2, ()))
