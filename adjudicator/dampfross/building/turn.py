"""One turn of the building phase: pure (state, orders, dice) -> (new state, outcome).

Players build in seat order starting with this round's start player, each
spending the allowance printed in the previous report (``postal``: the
common rolls a, b, c; simultaneous building: everybody against the track as
it stood, ``adjudicator.dampfross.building.simultaneous``).  Joint lines are built at
the turn of the first partner (``adjudicator.dampfross.building.joint``).  At the end
the next turn's allowances are drawn (unless dice are manual), the start
player moves one seat on, and the end of the building phase is checked
(``adjudicator.dampfross.building.ending``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.building.costs import BuildProblem
from adjudicator.dampfross.building.ending import (
    VALID_DECLARATIONS,
    Declare,
    PhaseEnd,
    declare_verdict,
    in_express_countdown,
    phase_end,
)
from adjudicator.dampfross.building.ferries import FerryOrder, FerryPurchase, buy_ferry
from adjudicator.dampfross.building.joint import JointOutcome, JointPlan, build_joint, plan_joint, refused_line
from adjudicator.dampfross.building.lines import Budget, BuildContext, BuildLine, LineOutcome
from adjudicator.dampfross.building.problems import StartProblem
from adjudicator.dampfross.building.simultaneous import build_simultaneously
from adjudicator.dampfross.building.thinking import Judge, Test, Verdict, carry_out, situation_of
from adjudicator.dampfross.game.dice import DiceRoller, Die
from adjudicator.dampfross.game.ledger import Books, split_share
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.game.standing import Standing
from adjudicator.dampfross.game.state import BANK, Allowance, GameState, HistoryEntry, LedgerEntry
from adjudicator.dampfross.game.track import TrackIndex
from adjudicator.kernel.errors import TurnRefused
from adjudicator.kernel.problems import NoOrders, Problem

__all__ = [
    "BuildingInput", "BuildingOrders", "BuildingResult", "Declare", "PhaseEnd", "PlayerOutcome", "StartProblem",
    "adjudicate_building_turn", "allowance_budget", "draw_allowances",
]


@dataclass(frozen=True)
class BuildingOrders:
    """A player's orders for a building turn, resolved to hexes (joint lines carry their partner)."""

    player: str
    start: Hex | None = None
    lines: tuple[BuildLine, ...] = ()
    passes: bool = False
    declare_end: bool = False
    ferries: tuple[FerryOrder, ...] = ()  # BUY FERRY orders (advanced rules), after the BUILD lines
    tests: tuple[Test, ...] = ()  # the conditions of IF lines, numbered as the lines' guards name them
    sent: bool = True  # False: no mail came, the company's standing orders stand in (it passes, reading 121)


@dataclass(frozen=True)
class BuildingInput:
    """All orders of a turn: valid orders per player, why others have none, manual dice."""

    turn: int
    orders: Mapping[str, BuildingOrders] = field(default_factory=dict)
    missing: Mapping[str, Problem[NoOrders]] = field(default_factory=dict)
    rolls: Mapping[str, int] = field(default_factory=dict)
    standing: Mapping[str, Standing | None] = field(default_factory=dict)  # standing orders set (None: cancelled)


@dataclass(frozen=True)
class PlayerOutcome:
    """What happened to one player's orders (``joint``: the joint lines built with a partner)."""

    player: str
    allowance: int
    dice: tuple[Die, ...]
    skipped: Problem[NoOrders] | None = None
    start: str | None = None  # the start town chosen this turn
    start_problem: Problem[StartProblem] | None = None
    lines: tuple[LineOutcome, ...] = ()
    declare: Problem[Declare] | None = None  # the verdict on DECLARE END, if given
    passed: bool = False
    joint: JointOutcome | None = None
    credited: int = 0  # unused points credited to the account (unused_points_to_account)
    purchases: tuple[FerryPurchase, ...] = ()  # BUY FERRY orders carried out or refused
    verdicts: tuple[Verdict, ...] = ()  # IF conditions judged, in the order judged (building.thinking)

    @property
    def points_used(self) -> int:
        return sum(b.cost.points for line in self.lines for b in line.built)

    @property
    def points_lost(self) -> int:
        """Points of the player's own roll not used (none when the roll went into a joint line)."""
        return 0 if self.joint else self.allowance - self.points_used


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


@dataclass
class _Turn:
    """What every player's build in one turn shares."""

    state: GameState
    allowances: Mapping[str, Allowance]
    starts: dict[str, str]
    verdicts: Mapping[str, Problem[Declare]]
    plan: JointPlan
    contested: Mapping[str, tuple[str, tuple[str, ...]]]
    joints: dict[tuple[str, str], JointOutcome] = field(default_factory=dict)


def adjudicate_building_turn(state: GameState, gmap: GameMap, orders: BuildingInput,
                             roller: DiceRoller | None) -> BuildingResult:
    """Apply every player's orders of one building turn."""
    _check_turn(state, orders, roller)
    rules = state.rules
    seats = {p.id: p.seat for p in state.players}
    ctx = BuildContext(
        gmap=gmap, rules=rules, turn=state.turn, track=TrackIndex(state.track), books=Books(state.players, state.turn),
        connections=dict(state.connections),
        start_hexes={p.id: t.hex for p in state.players if p.start_town and (t := gmap.town_named(p.start_town))},
        seats=seats, stop_when_all_connected=rules.all_connected_ends_building and not in_express_countdown(state),
        ferries={f.ferry: f for f in state.ferries},
    )
    order = tuple(state.seat_order_from(state.start_player))
    playing = {pid: o for pid, o in orders.orders.items() if pid not in orders.missing}
    verdicts = {pid: declare_verdict(state, gmap, pid) for pid, o in playing.items() if o.declare_end}
    declared = [(pid, verdicts[pid]) for pid in order if pid in verdicts and verdicts[pid].code in VALID_DECLARATIONS]
    cut_after = next((str(v["player"]) for _, v in declared if v.code is Declare.VALID_AFTER), None)
    together = not rules.simultaneous and rules.allowance != "postal"
    turn = _Turn(state, _allowances(state, orders), {p.id: p.start_town for p in state.players if p.start_town},
                 verdicts, plan_joint(rules, {p: o.lines for p, o in playing.items()}, seats, together),
                 _contested_starts(ctx, playing))
    if rules.simultaneous:
        outcomes = build_simultaneously(ctx, order, playing, orders.missing, lambda c, o: _play(c, turn, o),
                                        lambda pid: _skipped(turn, orders, pid))
    else:
        outcomes = []
        for pid in order:
            outcomes.append(_play(ctx, turn, playing[pid]) if pid in playing else _skipped(turn, orders, pid))
            if pid == cut_after and ctx.stop is None:
                ctx.stop = Problem.of(BuildProblem.DECLARED_OVER, after=pid)
    if rules.unused_points_to_account:
        outcomes = _credit_unused(ctx, outcomes)
    return _finish(state, gmap, ctx, roller, order, tuple(outcomes), turn.starts, declared, cut_after)


def _skipped(turn: _Turn, orders: BuildingInput, pid: str) -> PlayerOutcome:
    allowance = turn.allowances[pid]
    why = orders.missing.get(pid, Problem.of(NoOrders.NONE_RECEIVED))
    return PlayerOutcome(pid, allowance.points, allowance.dice, skipped=why)


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
        missing = [p for p in state.in_play if p not in out]
        if missing:
            raise TurnRefused(f"the game file has no allowance for {', '.join(missing)} this turn")
        return {**{p: Allowance(p, ()) for p in state.player_ids}, **out}  # a retired company: none
    if state.rules.allowance == "postal":
        raise TurnRefused("manual dice cannot give postal rolls (three common rolls); play this game with a dice seed")
    dice_n = state.rules.allowance_dice
    # a roll only for a player who sent orders (reading 12): standing orders pass without one (reading 121)
    need = [p for p in state.player_ids if p in orders.orders and orders.orders[p].sent and p not in orders.rolls]
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


def allowance_budget(rules: Rules, allowance: Allowance) -> Budget:
    """A player's die points as a budget; ``postal``: one roll per ``allowance_dice`` dice, used in order."""
    if rules.allowance != "postal":
        return Budget("points", allowance.points)
    n = rules.allowance_dice
    pots = [sum(d.value for d in allowance.dice[i:i + n]) for i in range(0, len(allowance.dice), n)]
    return Budget("points", sum(pots), pots)


def _play(ctx: BuildContext, turn: _Turn, orders: BuildingOrders) -> PlayerOutcome:
    pid = orders.player
    allowance = turn.allowances[pid]
    start_name, start_problem = _start(ctx, turn, orders)
    own_lines = tuple(x for x in orders.lines if not x.partner)
    refused = tuple(refused_line(x, p) for x, p in turn.plan.refused.get(pid, ()))
    partner = turn.plan.partner_of(pid)
    joint = None
    if partner is not None:
        pair = (pid, partner) if (pid, partner) in turn.plan.pairs else (partner, pid)
        if pair not in turn.joints:
            rolls = (turn.allowances[pair[0]].points, turn.allowances[pair[1]].points)
            turn.joints[pair] = build_joint(ctx, pair, turn.plan.pairs[pair], rolls)
        joint = turn.joints[pair]
        lines = tuple(refused_line(x, Problem.of(BuildProblem.JOINT_TURN, partner=partner)) for x in own_lines)
    judge = Judge(ctx, pid, orders.tests, situation_of(turn.state))
    if partner is None:
        lines = carry_out(ctx, pid, own_lines, allowance_budget(ctx.rules, allowance), judge)
    purchases = tuple(buy_ferry(ctx, pid, o) for o in orders.ferries)  # after the BUILD lines (advanced rules)
    return PlayerOutcome(pid, allowance.points, allowance.dice, None, start_name, start_problem, lines + refused,
                         turn.verdicts.get(pid), orders.passes, joint, purchases=purchases,
                         verdicts=tuple(judge.verdicts))


def _wanted_start(ctx: BuildContext, orders: BuildingOrders) -> Hex | None:
    """The START hex, or (reading 8) the start town the first BUILD line of a player without track begins in."""
    if orders.start is not None:
        return orders.start
    first = next((x for x in orders.lines if not x.partner), None)
    ends = (first.hexes or ((first.cheapest.start,) if first.cheapest else ())) if first is not None else ()
    if not ctx.network(orders.player) and first is not None and ends:
        town = ctx.gmap.town_at(ends[0])
        if town is not None and town.start:
            return town.hex
    return None


def _start(ctx: BuildContext, turn: _Turn, orders: BuildingOrders) -> tuple[str | None, Problem[StartProblem] | None]:
    pid = orders.player
    start_hex = _wanted_start(ctx, orders)
    if start_hex is None:
        return None, None
    if pid in turn.contested:
        town_name, others = turn.contested[pid]
        return None, Problem.of(StartProblem.CHOSEN_TWICE, town=town_name, others=others)
    problem = _start_problem(ctx, turn.state, pid, start_hex, turn.starts)
    if problem is not None:
        return None, problem
    town = ctx.gmap.town_at(start_hex)
    assert town is not None
    ctx.start_hexes[pid] = start_hex
    turn.starts[pid] = town.name
    return town.name, None


def _contested_starts(ctx: BuildContext, playing: Mapping[str, BuildingOrders]
                      ) -> dict[str, tuple[str, tuple[str, ...]]]:
    """``secret_starts`` (004 EJ): a start town several players name in the same turn goes to none of them."""
    if not (ctx.rules.distinct_starts and ctx.rules.secret_starts):
        return {}
    wanted: dict[str, list[str]] = {}
    for pid, orders in playing.items():
        h = _wanted_start(ctx, orders)
        town = ctx.gmap.town_at(h) if h is not None and not ctx.track.has_track(pid) else None
        if town is not None:
            wanted.setdefault(town.name, []).append(pid)
    return {pid: (name, tuple(sorted(set(pids) - {pid}))) for name, pids in wanted.items() if len(pids) > 1
            for pid in pids}


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


def _credit_unused(ctx: BuildContext, outcomes: list[PlayerOutcome]) -> list[PlayerOutcome]:
    """004 EJ: points a player did not use are credited to its account (a joint line's: split)."""
    out = []
    before = dict(ctx.books.balances)  # a joint line's leftover is split once, by the balances before any credit
    for o in outcomes:
        amount = 0
        if o.skipped is None and o.joint is None:
            amount = o.points_lost
        elif o.skipped is None and o.joint is not None:
            left = o.joint.points - o.joint.used
            amount = split_share(left, o.joint.partners, before, ctx.seats, income=True)[o.player]
        if amount > 0:
            ctx.books.pay(BANK, o.player, amount, "unused-points")
        out.append(replace(o, credited=max(amount, 0)))
    return out


def _finish(state: GameState, gmap: GameMap, ctx: BuildContext, roller: DiceRoller | None, order: tuple[str, ...],
            outcomes: tuple[PlayerOutcome, ...], starts: dict[str, str], declared: list[tuple[str, Problem[Declare]]],
            cut_after: str | None) -> BuildingResult:
    unconnected = tuple(t.name for t in gmap.home_numbered_towns if t.name not in ctx.connections)
    one_left, one_left_by = state.one_town_left_turn, state.one_town_left_by
    if one_left is None and len(unconnected) == 1:
        one_left, one_left_by = state.turn, ctx.one_left_by
    next_start = state.next_player(state.start_player)
    express = next((pid for pid, v in declared if v.code is Declare.VALID_EXPRESS), None)
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
        one_town_left_by=one_left_by,
        turn=state.turn + 1,
        start_player=express or next_start,
        dice_log=state.dice_log + used_dice,
        history=state.history + (_history(state, ctx),),
        ferries=tuple(ctx.ferries.values()),
    )
    if express is not None:
        after = replace(after, end_declared_turn=state.turn, end_declared_by=express)
    ended = phase_end(state, unconnected, declared, cut_after)
    if ended:
        # the first races are drawn by the turn dispatch (adjudicator.dampfross.engine.turn), not here
        after = replace(after, phase="racing", building_ended_turn=state.turn, allowances=())
    else:
        allowances = draw_allowances(after, roller)
        after = replace(after, allowances=allowances, dice_log=after.dice_log + _dice_of(allowances))
    return BuildingResult(
        state.turn, state.start_player, order, outcomes, tuple(ctx.books.entries), state, after, ended, unconnected
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
    """Roll the allowances of ``state.turn`` (none with manual dice).

    ``shared``: one roll for everybody; ``postal``: ``postal_rolls`` common
    rolls (a, b, c) of ``allowance_dice`` dice each; ``own``: each player rolls.
    """
    if state.dice_mode == "manual" or roller is None:
        return ()
    n = state.rules.allowance_dice
    if state.rules.allowance in ("shared", "postal"):
        count = n * (state.rules.postal_rolls if state.rules.allowance == "postal" else 1)
        dice = tuple(roller.roll(state.turn, "allowance:ALL", i + 1) for i in range(count))
        return tuple(Allowance(pid, dice) for pid in state.in_play)
    # a retired company rolls nothing (each die is labelled by its company: the others' stay as they were)
    return tuple(
        Allowance(pid, tuple(roller.roll(state.turn, f"allowance:{pid}", i + 1) for i in range(n)))
        for pid in state.in_play
    )
