"""One turn of the building phase: pure (state, orders, dice) -> (new state, outcome).

Players build in seat order starting with this round's start player, each
spending the allowance printed in the previous report.  At the end the next
turn's allowances are drawn (unless dice are manual), the start player moves
one seat on, and the end of the building phase is checked (RULES.md §2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from adjudicator.building.lines import BuildContext, BuildLine, Budget, LineOutcome, build_line
from adjudicator.game.dice import DiceRoller, Die
from adjudicator.errors import TurnRefused
from adjudicator.board.hexgrid import Hex
from adjudicator.game.ledger import Books
from adjudicator.board.model import GameMap
from adjudicator.game.racestate import draw_next, record_draws
from adjudicator.game.state import Allowance, GameState, LedgerEntry
from adjudicator.game.track import TrackIndex


@dataclass(frozen=True)
class PlayerTurn:
    """A player's orders for a building turn, resolved to hexes."""

    player: str
    start: Hex | None = None
    lines: tuple[BuildLine, ...] = ()
    passes: bool = False
    declare_end: bool = False


@dataclass(frozen=True)
class TurnInput:
    """All orders of a turn: valid orders per player, why others have none, manual dice."""

    turn: int
    orders: Mapping[str, PlayerTurn] = field(default_factory=dict)
    missing: Mapping[str, str] = field(default_factory=dict)
    rolls: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayerOutcome:
    """What happened to one player's orders."""

    player: str
    allowance: int
    dice: tuple[Die, ...]
    skipped: str | None = None
    start: str | None = None  # the start town chosen this turn
    start_problem: str | None = None
    lines: tuple[LineOutcome, ...] = ()
    declare: str | None = None  # the verdict on DECLARE END, if given
    passed: bool = False

    @property
    def points_used(self) -> int:
        return sum(b.cost.points for line in self.lines for b in line.built)

    @property
    def points_lost(self) -> int:
        return self.allowance - self.points_used


@dataclass(frozen=True)
class BuildTurnResult:
    """The outcome of a building turn, for the report."""

    turn: int
    start_player: str
    order: tuple[str, ...]
    outcomes: tuple[PlayerOutcome, ...]
    entries: tuple[LedgerEntry, ...]
    before: GameState
    after: GameState
    phase_end: str | None = None  # why the building phase ended, if it did
    unconnected: tuple[str, ...] = ()


def adjudicate_building_turn(state: GameState, gmap: GameMap, orders: TurnInput, roller: DiceRoller | None) -> BuildTurnResult:
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
    )
    order = tuple(state.seat_order_from(state.start_player))
    outcomes = []
    starts: dict[str, str] = {p.id: p.start_town for p in state.players if p.start_town}
    declared: list[str] = []
    for pid in order:
        allowance = allowances[pid]
        if pid in orders.missing or pid not in orders.orders:
            why = orders.missing.get(pid, "no orders received")
            outcomes.append(PlayerOutcome(pid, allowance.points, allowance.dice, skipped=why))
            continue
        outcome = _play(ctx, state, orders.orders[pid], allowance, starts)
        if outcome.declare and outcome.declare.startswith("valid"):
            declared.append(pid)
        outcomes.append(outcome)
    return _finish(state, gmap, ctx, orders, roller, order, tuple(outcomes), starts, declared)


def _check_turn(state: GameState, orders: TurnInput, roller: DiceRoller | None) -> None:
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


def _allowances(state: GameState, orders: TurnInput) -> dict[str, Allowance]:
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


def _play(ctx: BuildContext, state: GameState, turn: PlayerTurn, allowance: Allowance, starts: dict[str, str]) -> PlayerOutcome:
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
    declare = _declare_verdict(state, ctx) if turn.declare_end else None
    return PlayerOutcome(pid, allowance.points, allowance.dice, None, start_name, start_problem, lines, declare, turn.passes)


def _start_problem(ctx: BuildContext, state: GameState, pid: str, h: Hex, starts: dict[str, str]) -> str | None:
    town = ctx.gmap.town_at(h)
    if ctx.track.has_track(pid):
        return "you already have track; START is only for your first building turn"
    if town is None:
        return f"{h.label} is not a town"
    allowed = ctx.gmap.start_towns or ctx.gmap.numbered_towns
    if town not in allowed:
        names = ", ".join(t.name for t in allowed)
        return f"{town.name} is not a start town of this map (start towns: {names})"
    if state.rules.distinct_starts:
        taken = [p for p, t in starts.items() if t == town.name and p != pid]
        if taken:
            return f"{town.name} is already the start town of {taken[0]} (distinct start towns)"
    return None


def _declare_verdict(state: GameState, ctx: BuildContext) -> str:
    """Whether DECLARE END is allowed this turn (RULES.md §2 anti-stalling)."""
    left = state.one_town_left_turn
    wait = state.rules.declare_end_after_rounds
    if left is None:
        open_towns = [t.name for t in ctx.gmap.numbered_towns if t.name not in state.connections]
        return f"refused: {len(open_towns)} towns are still unconnected (only allowed once one is left)"
    first = left + wait + 1
    if state.turn < first:
        return f"refused: only one town left since turn {left}; allowed from turn {first} on"
    return f"valid: one town left since turn {left}, {wait} more rounds played"


def _finish(
    state: GameState,
    gmap: GameMap,
    ctx: BuildContext,
    orders: TurnInput,
    roller: DiceRoller | None,
    order: tuple[str, ...],
    outcomes: tuple[PlayerOutcome, ...],
    starts: dict[str, str],
    declared: list[str],
) -> BuildTurnResult:
    unconnected = tuple(t.name for t in gmap.numbered_towns if t.name not in ctx.connections)
    one_left = state.one_town_left_turn
    if one_left is None and len(unconnected) == 1:
        one_left = state.turn
    phase_end = None
    if not unconnected:
        phase_end = "every town is connected"
    elif declared:
        phase_end = f"declared over by {declared[0]}"
    elif state.rules.building_rounds and state.turn >= state.rules.building_rounds:
        phase_end = f"all {state.rules.building_rounds} building rounds are played"
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
        history=state.history + (_history(state, ctx, order),),
    )
    if phase_end:
        after = replace(after, phase="racing", building_ended_turn=state.turn, allowances=())
        draws = draw_next(after, gmap, roller, after.turn)
        after = replace(after, races=record_draws(after.races, draws),
                        dice_log=after.dice_log + tuple(d for draw in draws for d in draw.dice))
    else:
        allowances = draw_allowances(after, roller)
        after = replace(after, allowances=allowances, dice_log=after.dice_log + _dice_of(allowances))
    return BuildTurnResult(
        state.turn, state.start_player, order, outcomes, tuple(ctx.books.entries), state, after, phase_end, unconnected
    )


def _history(state: GameState, ctx: BuildContext, order: tuple[str, ...]) -> dict:
    return {
        "turn": state.turn,
        "phase": "building",
        "start_player": state.start_player,
        "balances": {pid: ctx.books.balance(pid) for pid in state.player_ids},
        "segments": sum(1 for s in ctx.track.segments if s.turn == state.turn),
    }


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
