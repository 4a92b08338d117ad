"""One turn of the building phase: pure (state, orders, dice) -> (new state, outcome).

Players build in seat order starting with this round's start player, each
spending the allowance printed in the previous report.  At the end the next
turn's allowances are drawn (unless dice are manual), the start player moves
one seat on, and the end of the building phase is checked (RULES.md §2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

from adjudicator.board.hexgrid import Hex
from adjudicator.board.model import GameMap
from adjudicator.building.ferries import FerryOrder, FerryPurchase, buy_ferry
from adjudicator.building.lines import Budget, BuildContext, BuildLine, LineOutcome, build_line
from adjudicator.errors import TurnRefused
from adjudicator.game.dice import DiceRoller, Die
from adjudicator.game.ledger import Books
from adjudicator.game.problems import NoOrders, Problem
from adjudicator.game.state import Allowance, GameState, HistoryEntry, LedgerEntry
from adjudicator.game.track import TrackIndex


class StartProblem(StrEnum):
    """Why a START order is not carried out."""

    HAS_TRACK = "has-track"  # START is only for the first building turn
    NOT_A_TOWN = "not-a-town"  # hex
    NOT_A_START_TOWN = "not-a-start-town"  # town, starts (the allowed towns)
    TAKEN = "taken"  # town, by: distinct_starts


class Declare(StrEnum):
    """The verdict on DECLARE END (RULES.md §2, anti-stalling)."""

    VALID = "valid"  # left (the turn that left one town), wait (rounds played since)
    TOWNS_LEFT = "towns-left"  # count: more than one town is unconnected
    TOO_EARLY = "too-early"  # left, first (the first turn a declaration counts)


class PhaseEnd(StrEnum):
    """Why the building phase ended."""

    ALL_CONNECTED = "all-connected"
    DECLARED = "declared"  # by
    ROUNDS_PLAYED = "rounds-played"  # rounds


@dataclass(frozen=True)
class BuildingOrders:
    """A player's orders for a building turn, resolved to hexes."""

    player: str
    start: Hex | None = None
    lines: tuple[BuildLine, ...] = ()
    passes: bool = False
    declare_end: bool = False
    ferries: tuple[FerryOrder, ...] = ()  # BUY FERRY orders (advanced rules), after the BUILD lines


@dataclass(frozen=True)
class BuildingInput:
    """All orders of a turn: valid orders per player, why others have none, manual dice."""

    turn: int
    orders: Mapping[str, BuildingOrders] = field(default_factory=dict)
    missing: Mapping[str, Problem[NoOrders]] = field(default_factory=dict)
    rolls: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayerOutcome:
    """What happened to one player's orders."""

    player: str
    allowance: int
    dice: tuple[Die, ...]
    skipped: Problem[NoOrders] | None = None
    start: str | None = None  # the start town chosen this turn
    start_problem: Problem[StartProblem] | None = None
    lines: tuple[LineOutcome, ...] = ()
    declare: Problem[Declare] | None = None  # the verdict on DECLARE END, if given
    passed: bool = False
    purchases: tuple[FerryPurchase, ...] = ()  # BUY FERRY orders carried out or refused

    @property
    def points_used(self) -> int:
        return sum(b.cost.points for line in self.lines for b in line.built)

    @property
    def points_lost(self) -> int:
        return self.allowance - self.points_used


@dataclass(frozen=True)
class BuildingResult:
    """The outcome of a building turn, for the report."""

    turn: int
    start_player: str
    order: tuple[str, ...]
    outcomes: tuple[PlayerOutcome, ...]
    entries: tuple[LedgerEntry, ...]
    before: GameState
    after: GameState
    phase_end: Problem[PhaseEnd] | None = None  # why the building phase ended, if it did
    unconnected: tuple[str, ...] = ()


def adjudicate_building_turn(state: GameState, gmap: GameMap, orders: BuildingInput,
                             roller: DiceRoller | None) -> BuildingResult:
    """Apply every player's orders of one building turn."""
    _check_turn(state, orders, roller)
    allowances = _allowances(state, orders)
    ctx = BuildContext(
        gmap=gmap,
        rules=state.rules,
        turn=state.turn,
        track=TrackIndex(state.track),
        books=Books(state.players, state.turn),
        connections=dict(state.connections),
        start_hexes={p.id: t.hex for p in state.players if p.start_town and (t := gmap.town_named(p.start_town))},
        ferries={f.ferry: f for f in state.ferries},
    )
    order = tuple(state.seat_order_from(state.start_player))
    outcomes = []
    starts: dict[str, str] = {p.id: p.start_town for p in state.players if p.start_town}
    declared: list[str] = []
    for pid in order:
        allowance = allowances[pid]
        if pid in orders.missing or pid not in orders.orders:
            why = orders.missing.get(pid, Problem.of(NoOrders.NONE_RECEIVED))
            outcomes.append(PlayerOutcome(pid, allowance.points, allowance.dice, skipped=why))
            continue
        outcome = _play(ctx, state, orders.orders[pid], allowance, starts)
        if outcome.declare and outcome.declare.code is Declare.VALID:
            declared.append(pid)
        outcomes.append(outcome)
    return _finish(state, gmap, ctx, orders, roller, order, tuple(outcomes), starts, declared)


def _check_turn(state: GameState, orders: BuildingInput, roller: DiceRoller | None) -> None:
    if state.phase != "building":
        raise TurnRefused(f"the game is in the {state.phase} phase, not building")
    if orders.turn != state.turn:
        raise TurnRefused(f"these are orders for turn {orders.turn}, but the game is at turn {state.turn}")
    if state.dice_mode == "hmac" and roller is None:
        raise TurnRefused("this game uses the committed dice seed, but no seed was given")
    unknown = set(orders.orders) | set(orders.missing) | set(orders.rolls)
    unknown -= set(state.player_ids)
    if unknown:
        raise TurnRefused(f"orders name unknown players: {', '.join(sorted(unknown))}")


def _allowances(state: GameState, orders: BuildingInput) -> dict[str, Allowance]:
    """This turn's allowance per player: as printed, or from the GM's ROLL lines."""
    if state.dice_mode == "hmac":
        out = {a.player: a for a in state.allowances}
        missing = [p for p in state.player_ids if p not in out]
        if missing:
            raise TurnRefused(f"the game file has no allowance for {', '.join(missing)} this turn")
        return out
    dice_n = state.rules.allowance_dice
    need = [p for p in state.player_ids if p in orders.orders and p not in orders.rolls]
    if need:
        lines = ", ".join(f"ROLL {p} <n>" for p in need)
        raise TurnRefused(f"manual dice: turn {state.turn} needs the GM's {lines}")
    out = {}
    for pid in state.player_ids:
        value = orders.rolls.get(pid, 0)
        if pid in orders.rolls and not dice_n <= value <= 6 * dice_n:
            raise TurnRefused(f"manual dice: ROLL {pid} {value} is impossible with {dice_n} dice")
        dice = (Die(f"manual:{state.game_id}|turn={state.turn}|allowance:{pid}", value, 6 * dice_n),) if value else ()
        out[pid] = Allowance(pid, dice)
    return out


def _play(ctx: BuildContext, state: GameState, turn: BuildingOrders, allowance: Allowance,
          starts: dict[str, str]) -> PlayerOutcome:
    pid = turn.player
    start_name, start_problem = None, None
    start_hex = turn.start
    if start_hex is None and not ctx.network(pid) and turn.lines and ctx.gmap.town_at(turn.lines[0].hexes[0]):
        town = ctx.gmap.town_at(turn.lines[0].hexes[0])
        if town is not None and town.start:
            start_hex = town.hex  # an evident slip: the first line starts at a start town
    if start_hex is not None:
        start_problem = _start_problem(ctx, state, pid, start_hex, starts)
        if start_problem is None:
            town = ctx.gmap.town_at(start_hex)
            assert town is not None
            ctx.start_hexes[pid] = start_hex
            starts[pid] = start_name = town.name
    budget = Budget("points", allowance.points)
    lines = tuple(build_line(ctx, pid, line, budget) for line in turn.lines)
    purchases = tuple(buy_ferry(ctx, pid, order) for order in turn.ferries)
    declare = _declare_verdict(state, ctx) if turn.declare_end else None
    return PlayerOutcome(pid, allowance.points, allowance.dice, None, start_name, start_problem, lines, declare,
                         turn.passes, purchases)


def _start_problem(ctx: BuildContext, state: GameState, pid: str, h: Hex,
                   starts: dict[str, str]) -> Problem[StartProblem] | None:
    town = ctx.gmap.town_at(h)
    if ctx.track.has_track(pid):
        return Problem.of(StartProblem.HAS_TRACK)
    if town is None:
        return Problem.of(StartProblem.NOT_A_TOWN, hex=h)
    allowed = ctx.gmap.start_towns or ctx.gmap.numbered_towns
    if town not in allowed:
        return Problem.of(StartProblem.NOT_A_START_TOWN, town=town.name, starts=tuple(t.name for t in allowed))
    if state.rules.distinct_starts:
        taken = [p for p, t in starts.items() if t == town.name and p != pid]
        if taken:
            return Problem.of(StartProblem.TAKEN, town=town.name, by=taken[0])
    return None


def _declare_verdict(state: GameState, ctx: BuildContext) -> Problem[Declare]:
    """Whether DECLARE END is allowed this turn (RULES.md §2 anti-stalling)."""
    left = state.one_town_left_turn
    wait = state.rules.declare_end_after_rounds
    if left is None:
        open_towns = [t.name for t in ctx.gmap.home_numbered_towns if t.name not in state.connections]
        return Problem.of(Declare.TOWNS_LEFT, count=len(open_towns))
    first = left + wait + 1
    if state.turn < first:
        return Problem.of(Declare.TOO_EARLY, left=left, first=first)
    return Problem.of(Declare.VALID, left=left, wait=wait)


def _finish(
    state: GameState,
    gmap: GameMap,
    ctx: BuildContext,
    orders: BuildingInput,
    roller: DiceRoller | None,
    order: tuple[str, ...],
    outcomes: tuple[PlayerOutcome, ...],
    starts: dict[str, str],
    declared: list[str],
) -> BuildingResult:
    unconnected = tuple(t.name for t in gmap.home_numbered_towns if t.name not in ctx.connections)
    one_left = state.one_town_left_turn
    if one_left is None and len(unconnected) == 1:
        one_left = state.turn
    phase_end = None
    if not unconnected:
        phase_end = Problem.of(PhaseEnd.ALL_CONNECTED)
    elif declared:
        phase_end = Problem.of(PhaseEnd.DECLARED, by=declared[0])
    elif state.rules.building_rounds and state.turn >= state.rules.building_rounds:
        phase_end = Problem.of(PhaseEnd.ROUNDS_PLAYED, rounds=state.rules.building_rounds)
    next_start = state.next_player(state.start_player)
    used_dice = tuple(d for o in outcomes for d in o.dice if d.manual)
    players = tuple(
        replace(p, start_town=starts.get(p.id, p.start_town), balance=ctx.books.balance(p.id)) for p in state.players
    )
    after = replace(
        state,
        players=players,
        track=tuple(ctx.track.segments),
        ledger=state.ledger + tuple(ctx.books.entries),
        connections=ctx.connections,
        one_town_left_turn=one_left,
        turn=state.turn + 1,
        start_player=next_start,
        dice_log=state.dice_log + used_dice,
        history=state.history + (_history(state, ctx),),
        ferries=tuple(ctx.ferries.values()),
    )
    if phase_end:
        # the first races are drawn by the turn dispatch (adjudicator.engine.turn), not here
        after = replace(after, phase="racing", building_ended_turn=state.turn, allowances=())
    else:
        allowances = draw_allowances(after, roller)
        after = replace(after, allowances=allowances, dice_log=after.dice_log + _dice_of(allowances))
    return BuildingResult(
        state.turn, state.start_player, order, outcomes, tuple(ctx.books.entries), state, after, phase_end, unconnected
    )


def _history(state: GameState, ctx: BuildContext) -> HistoryEntry:
    return HistoryEntry(
        state.turn, "building", tuple((pid, ctx.books.balance(pid)) for pid in state.player_ids),
        start_player=state.start_player, segments=sum(1 for s in ctx.track.segments if s.turn == state.turn),
    )


def _dice_of(allowances: tuple[Allowance, ...]) -> tuple[Die, ...]:
    seen: dict[str, Die] = {}
    for a in allowances:
        for d in a.dice:
            seen.setdefault(d.label, d)
    return tuple(seen.values())


def draw_allowances(state: GameState, roller: DiceRoller | None) -> tuple[Allowance, ...]:
    """Roll the allowances of ``state.turn`` (none with manual dice)."""
    if state.dice_mode == "manual" or roller is None:
        return ()
    n = state.rules.allowance_dice
    if state.rules.allowance == "shared":
        dice = tuple(roller.roll(state.turn, "allowance:ALL", i + 1) for i in range(n))
        return tuple(Allowance(pid, dice) for pid in state.player_ids)
    return tuple(
        Allowance(pid, tuple(roller.roll(state.turn, f"allowance:{pid}", i + 1) for i in range(n)))
        for pid in state.player_ids
    )
