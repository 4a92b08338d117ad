"""One turn of the racing phase: pure (state, orders, dice) -> (new state, outcome).

The races printed in the previous report run one after another (entries
judged, fares paid, rounds rolled, prizes paid); the game ends at once when a
player reaches the threshold.  Then every player builds from this turn's race
income, the winner of the last race first (rules-reference.md §3), and the next turn's
races are drawn (with ``carry_over``, a race nobody entered is run again,
except after the last racing turn).

With manual dice the GM gives the races (RACE lines); they are checked like
drawn races and what breaks a rule is a warning (``RaceCheck``), the race
being run as given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.building.ferries import FerryOrder
from adjudicator.dampfross.building.lines import BuildContext, BuildLine
from adjudicator.dampfross.building.problems import BuildProblem
from adjudicator.dampfross.building.thinking import Test, Verdict
from adjudicator.dampfross.game.dice import DiceRoller, RaceDice
from adjudicator.dampfross.game.errors import MissingDice
from adjudicator.dampfross.game.ledger import Books
from adjudicator.dampfross.game.racestate import RaceDraw, RaceResult, Winner
from adjudicator.dampfross.game.rules import MoveOrder, Rules
from adjudicator.dampfross.game.standing import Standing
from adjudicator.dampfross.game.state import GameState, HistoryEntry, LedgerEntry
from adjudicator.dampfross.game.track import TrackIndex
from adjudicator.dampfross.racing.after import (
    PostRaceBuild,
    build_after_races,
    building_order,
    not_built,
    race_income,
)
from adjudicator.dampfross.racing.draw import grid_cell, land_distance
from adjudicator.dampfross.racing.end import GameEnd, check_end
from adjudicator.dampfross.racing.entry import Entry
from adjudicator.dampfross.racing.ferries import race_track
from adjudicator.dampfross.racing.problems import EntryNote, RaceCheck
from adjudicator.dampfross.racing.race import RaceOutcome, run_race
from adjudicator.dampfross.racing.schedule import draw_next, race_dice, record_draws
from adjudicator.dampfross.racing.specials import given_special, goal, is_special
from adjudicator.dampfross.racing.thinking import judge_entries
from adjudicator.dampfross.racing.trains import trains_of_turn
from adjudicator.kernel.errors import TurnRefused
from adjudicator.kernel.problems import NoOrders, Problem


@dataclass(frozen=True)
class RacingOrders:
    """A player's orders for a racing turn."""

    player: str
    entries: tuple[Entry, ...] = ()  # riders: the player, then the partner of a joint trip
    lines: tuple[BuildLine, ...] = ()
    powers: tuple[tuple[int, str], ...] = ()  # POWERS <race> WITH <ID>: (race, partner)
    ferries: tuple[FerryOrder, ...] = ()  # BUY FERRY (advanced rules), after the BUILD lines
    tests: tuple[Test, ...] = ()  # the conditions of IF lines (entries' and lines' guards name them)


@dataclass(frozen=True)
class RacingInput:
    """All orders of a racing turn; ``races`` and ``dice`` are the GM's (manual dice only)."""

    turn: int
    orders: Mapping[str, RacingOrders] = field(default_factory=dict)
    missing: Mapping[str, Problem[NoOrders]] = field(default_factory=dict)
    races: Mapping[int, tuple[Hex, Hex]] = field(default_factory=dict)
    moves: Mapping[tuple[int, str], tuple[int, ...]] = field(default_factory=dict)
    specials: Mapping[int, tuple[Hex, str]] = field(default_factory=dict)  # special runs: start, the table's row
    standing: Mapping[str, Standing | None] = field(default_factory=dict)  # standing orders set (None: cancelled)


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
    race_warnings: tuple[Problem[RaceCheck], ...] = ()  # the GM's races (manual dice) that break a rule
    verdicts: Mapping[str, tuple[Verdict, ...]] = field(default_factory=dict)  # IF conditions judged, per company


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
    threshold = rules.money_threshold(len(seats))
    contenders = in_play(seats, books)
    for i, d in enumerate(draws):
        outcomes.append(run_race(gmap, track, rules, d, entries.get(d.number, ()), books, dice, seats,
                                 first_arrival_wins=first_arrival_wins, move_order=move_order, threshold=threshold))
        end = check_end(books.balances, contenders, rules, d.number, companies=len(seats))
        if end is not None:
            return RacesResult(tuple(outcomes), end, tuple(draws[i + 1:]))
    return RacesResult(tuple(outcomes), None)


def in_play(seats: Mapping[str, int], books: Books) -> dict[str, int]:
    """The companies that can still win: all but those the GM retired (their money is frozen)."""
    return {p: s for p, s in seats.items() if p not in books.retired}


def adjudicate_racing_turn(state: GameState, gmap: GameMap, orders: RacingInput,
                           roller: DiceRoller | None) -> RacingResult:
    """Run the turn's races, then the building from race income."""
    if state.phase != "racing":
        raise TurnRefused(f"the game is in the {state.phase} phase, not racing")
    if orders.turn != state.turn:
        raise TurnRefused(f"these are orders for turn {orders.turn}, but the game is at turn {state.turn}")
    rules = state.rules
    draws, warnings = turn_draws(state, gmap, orders)
    orders, judges = judge_entries(state, gmap, orders, draws)  # IFs around ENTER lines (reading 103)
    track, entries, notes = turn_trains(state, gmap, orders, draws)
    seats = {p.id: p.seat for p in state.players}
    playing = _playing(orders)
    books = Books(state.players, state.turn)
    dice = race_dice(state, roller, orders.moves)
    try:
        result = run_races(gmap, track, rules, draws, entries, books, dice, seats,
                           first_arrival_wins=rules.first_arrival_wins, move_order=rules.move_order)
    except MissingDice as exc:
        raise TurnRefused(f"manual dice: {exc} (give MOVES <race> <ID> <d> ... in the GM section)") from None
    income = race_income(books.entries, state.player_ids)
    builds: tuple[PostRaceBuild, ...] = ()
    end = result.end
    ctx = BuildContext(gmap, rules, state.turn, track, books, dict(state.connections), bonuses_open=False,
                       seats=seats, threshold=rules.money_threshold(len(seats)),
                       ferries={f.ferry: f for f in state.ferries})
    if end is None:
        order = building_order(result.outcomes[-1] if result.outcomes else None, seats,
                               by_arrival=rules.build_order == "arrival", clockwise=rules.build_order == "after_second")
        lines = {pid: o.lines for pid, o in playing.items()}
        ferries = {pid: o.ferries for pid, o in playing.items()}
        for judge in judges.values():
            judge.ctx = ctx  # IFs around BUILD lines: judged on the board after the races
        builds = build_after_races(ctx, order, income, lines, [o.draw.number for o in result.outcomes], ferries,
                                   judges)
        racing_turn = sum(h.phase == "racing" for h in state.history) + 1
        end = check_end(books.balances, in_play(seats, books), rules, state.race_state.count, racing_turn=racing_turn,
                        companies=len(seats),
                        gains=_gains(state, books.balances))
    else:  # the game ended with a race: nobody builds, and each BUILD line says why
        builds = not_built({pid: o.lines for pid, o in playing.items()}, income, _ended(end))
    outcomes = _carry_over(state, result.outcomes, end)
    done = _finish(state, gmap, roller, draws, tuple(notes), outcomes, builds, income, books, ctx, end, warnings)
    return replace(done, verdicts={pid: tuple(j.verdicts) for pid, j in judges.items() if j.verdicts})


def _ended(end: GameEnd) -> Problem[BuildProblem]:
    """Why nothing is built after the races of a turn that ended the game."""
    if end.reason == "fixed_races":
        return Problem.of(BuildProblem.LAST_RACE, race=end.race)
    return Problem.of(BuildProblem.GAME_OVER, players=(end.winner, *end.level), threshold=end.target)


def turn_trains(state: GameState, gmap: GameMap, orders: RacingInput, draws: Sequence[RaceDraw]
                ) -> tuple[TrackIndex, dict[int, list[Entry]], list[Problem[EntryNote]]]:
    """The track the turn's races run on, each race's trains (``BEST`` searched) from the orders that count, and
    the notes on entries that make no train."""
    track = race_track(state, gmap)
    playing = _playing(orders)
    entries, notes = trains_of_turn(gmap, track, state.rules, draws, {p: o.entries for p, o in playing.items()},
                                    {p: o.powers for p, o in playing.items() if o.powers},
                                    {p.id: p.seat for p in state.players}, state.player_ids)
    return track, entries, notes


def _playing(orders: RacingInput) -> dict[str, RacingOrders]:
    """The orders that count: those of every company not missing this turn."""
    return {pid: o for pid, o in orders.orders.items() if pid not in orders.missing}


def _gains(state: GameState, balances: Mapping[str, int]) -> dict[str, int]:
    """What each player gained over the last ``winner_last_turns`` racing turns, this one included.

    Measured from the balances at the end of the turn before those turns
    (the last building turn if fewer racing turns have been played).
    """
    k = max(1, state.rules.winner_last_turns)
    hist = state.history
    racing = [i for i, h in enumerate(hist) if h.phase == "racing"]
    window = racing[-(k - 1):] if k > 1 else []
    base = hist[window[0] - 1] if window and window[0] > 0 else (hist[-1] if hist and not window else None)
    start = dict(base.balances) if base else {p.id: state.rules.start_capital for p in state.players}
    return {pid: balances[pid] - start.get(pid, 0) for pid in balances}


def _carry_over(state: GameState, outcomes: Sequence[RaceOutcome], end: GameEnd | None) -> tuple[RaceOutcome, ...]:
    """``carry_over``: a race nobody entered is run again next turn (status ``carried``), unless the game ended."""
    if not state.rules.carry_over or end is not None:
        return tuple(outcomes)
    return tuple(replace(o, status="carried") if o.status == "lapsed" and not o.entries else o for o in outcomes)


def turn_races(state: GameState, gmap: GameMap, orders: RacingInput) -> tuple[RaceDraw, ...]:
    """This turn's races, the one answer for every rule that looks at them (reading 120): the turn that runs
    them, ``IF RACE n FROM|TO``, standing race entries and ``check``.  With the committed dice the races
    printed in the last report; with manual dice the GM's RACE lines (none given: none, where the turn itself
    refuses to run)."""
    if state.dice_mode != "hmac" and not orders.races and not orders.specials:
        return ()
    return turn_draws(state, gmap, orders)[0]


def turn_draws(state: GameState, gmap: GameMap, orders: RacingInput
               ) -> tuple[tuple[RaceDraw, ...], tuple[Problem[RaceCheck], ...]]:
    """The races of this turn: as printed, or as the GM gives them (manual dice), with what they break."""
    if state.dice_mode == "hmac":
        return state.race_state.upcoming, ()
    if not orders.races and not orders.specials:
        raise TurnRefused(f"manual dice: turn {state.turn} needs the GM's RACE <n> FROM <town> TO <town> lines")
    out = []
    warnings: list[Problem[RaceCheck]] = []
    first = state.race_state.count + 1
    used = list(state.race_state.used)
    for i, number in enumerate(sorted(set(orders.races) | set(orders.specials))):
        if number in orders.specials:
            draw, checks = _given_special(state, gmap, first + i, number, *orders.specials[number], used)
            warnings += checks
            used += [m for m in grid_cell(state.rules, draw.start_number) if draw.start_number]
            out.append(draw)
            continue
        start, dest = orders.races[number]
        town_a, town_b = gmap.town_at(start), gmap.town_at(dest)
        if town_a is None or town_b is None:
            raise TurnRefused(f"RACE {number}: start and destination must be towns")
        a, a_number = town_a.name, town_a.numbers[0] if town_a.numbers else 0
        b, b_number = town_b.name, town_b.numbers[0] if town_b.numbers else 0
        distance = land_distance(gmap, start, dest) or 0
        warnings += _check_given_race(state, number, (a, a_number), (b, b_number), distance, used)
        if is_special(gmap, state.rules, first + i):
            warnings.append(Problem.of(RaceCheck.SPECIAL_DUE, race=number))
        used += [m for n in (a_number, b_number) if n for m in grid_cell(state.rules, n)]
        out.append(RaceDraw(first + i, a, a_number, b, b_number, distance, (), (), start, dest))
    return tuple(out), tuple(warnings)


def _given_special(state: GameState, gmap: GameMap, draw_number: int, number: int, start: Hex, row: str,
                   used: Sequence[int]) -> tuple[RaceDraw, list[Problem[RaceCheck]]]:
    """A special run the GM gave (``RACE n FROM <town> SPECIAL <row>``, reading 78), with what it breaks."""
    town = gmap.town_at(start)
    if town is None:
        raise TurnRefused(f"RACE {number}: the start must be a town")
    draw = given_special(gmap, state.rules, draw_number, town, row)
    number_of = town.numbers[0] if town.numbers else 0
    checks = _check_towns(state, number, ((town.name, number_of),), used)
    if not is_special(gmap, state.rules, draw_number):
        checks.append(Problem.of(RaceCheck.SPECIAL_NOT_DUE, race=number))
    if not goal(gmap, state.rules, draw).hexes:
        checks.append(Problem.of(RaceCheck.REGION_TOO_CLOSE, race=number, region=draw.dest_town,
                                 minimum=state.rules.min_race_distance))
    return draw, checks


def _check_given_race(state: GameState, race: int, start: tuple[str, int], dest: tuple[str, int], distance: int,
                      used: Sequence[int]) -> list[Problem[RaceCheck]]:
    """A race the GM gave, checked as a drawn race is: numbered towns, connected, far enough, numbers free."""
    rules = state.rules
    out = _check_towns(state, race, (start, dest), used)
    if distance < rules.min_race_distance:
        out.append(Problem.of(RaceCheck.TOO_CLOSE, race=race, distance=distance, minimum=rules.min_race_distance))
    return out


def _check_towns(state: GameState, race: int, towns: Sequence[tuple[str, int]],
                 used: Sequence[int]) -> list[Problem[RaceCheck]]:
    """The towns of a race the GM gave: numbered, numbers free (``numbers_once``), connected."""
    rules = state.rules
    out: list[Problem[RaceCheck]] = []
    for town, number in towns:
        if not number:
            out.append(Problem.of(RaceCheck.NOT_NUMBERED, race=race, town=town))
        elif rules.numbers_once and used.count(number) >= rules.number_uses:
            out.append(Problem.of(RaceCheck.NUMBER_USED, race=race, number=number, town=town))
        if rules.redraw_unconnected and town not in state.connections:
            out.append(Problem.of(RaceCheck.UNCONNECTED, race=race, town=town))
    return out


def _finish(state: GameState, gmap: GameMap, roller: DiceRoller | None, draws: tuple[RaceDraw, ...],
            notes: tuple[Problem[EntryNote], ...], outcomes: tuple[RaceOutcome, ...], builds: tuple[PostRaceBuild, ...],
            income: Mapping[str, int], books: Books, ctx: BuildContext, end: GameEnd | None,
            warnings: tuple[Problem[RaceCheck], ...]) -> RacingResult:
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
        carried = tuple(replace(o.draw, carried=True) for o in outcomes if o.status == "carried")
        next_draws = draw_next(replace(after, races=races), gmap, roller, after.turn)
        after = replace(after, races=record_draws(replace(races, upcoming=()), next_draws, carried),
                        dice_log=after.dice_log + tuple(d for x in next_draws for d in x.dice))
        next_draws = carried + next_draws
    return RacingResult(state.turn, draws, notes, outcomes, builds, income, tuple(books.entries),
                        state, after, end, next_draws, warnings)


def _result(turn: int, o: RaceOutcome) -> RaceResult:
    places = {p.place: tuple(p.riders) for p in o.placings}
    return RaceResult(o.draw.number, turn, o.status, o.draw.start_town, o.draw.dest_town,
                      places.get(1, ()), places.get(2, ()))
