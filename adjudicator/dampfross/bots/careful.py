"""The ``careful`` level: builds where races will be drawn and enters only the races worth entering.

Building: a start town from which the towns most likely to be drawn are
cheapest to reach; then, as long as the turn's points last, a line to the town
with the best value per cost from the whole network. A town's value is the
chance that a race starts or ends there (its numbers out of those the map's
towns bear, 36 on the shipped maps, each of two dice draws) times what a race
is worth over the races still to come, plus the town bonus while nobody has
connected it (``building.bonus``); the cost is the exact terrain cost of each
segment (rivers, mountains, ``building.costs``) and the fees it would owe
rivals for building beside or into their track (``bots.paths.costs_from``).
Closed borders are never crossed, and under the advanced rules a line never
leaves a hex beyond the border. A line is cut where the allowance runs out,
and where the rules forbid debt, where its fees would pass the balance. It
declares the end of building once only one town is left, as soon as the rules
let it (``building.ending.declare_verdict``).

Racing: for every race drawn, the route advisor (``racing.search``, the same
as ``ENTER n BEST``) finds the seat's best valid route and every rival's;
from the expected rounds of each the bot estimates its chances of the first
and the second prize (finishing times taken as normal around their means)
and enters when the prizes it may win outweigh the fares it would pay, the
best races first up to the rules' entry cap.  After races it builds only a
short line to a town worth more than it costs, and only what the turn can
pay: none when nobody builds after the turn's races (the game's last race,
a turn of the 10 % variant without building), and cut to the prize money
the races it enters pay with at least even chance (none entered, or none
it is likely to place in: no line).  When no race pays on its prizes alone
but a line is worth building, it enters the races whose prizes, and the
line their money would pay for, outweigh the fares (else a company without
income would never build again).

Both levels ask the judge (``check`` of their own orders, ``bots.judged``)
while they plan: a line it refuses (one the points or the balance cannot
pay, one that cannot be reached or would build nothing) is dropped and
another town is planned instead, at most ``REPLANS`` times a turn.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import GameMap, Town
from adjudicator.dampfross.bots.judged import Judge
from adjudicator.dampfross.bots.paths import affordable, builds_after_races, costs_from, line_to, track_of
from adjudicator.dampfross.bots.view import SeatView
from adjudicator.dampfross.building.bonus import pays_no_bonus
from adjudicator.dampfross.building.ending import VALID_DECLARATIONS, declare_verdict
from adjudicator.dampfross.building.lines import Budget
from adjudicator.dampfross.building.turn import allowance_budget
from adjudicator.dampfross.game.racestate import RaceDraw
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.game.track import TrackIndex
from adjudicator.dampfross.racing.after import ten_percent_budget
from adjudicator.dampfross.racing.distance import land_distance
from adjudicator.dampfross.racing.ferries import race_track
from adjudicator.dampfross.racing.movement import expected_rounds
from adjudicator.dampfross.racing.search import best_routes, best_valid
from adjudicator.dampfross.racing.specials import goal
from adjudicator.dampfross.racing.trains import entry_cap

RACE_WORTH = 12
"""What being on a race's start or destination is worth to a company (money, per race to come)."""
RACES_IF_UNKNOWN = 10
"""The races a game is taken to have left when its rules end it by a balance, not a number of races."""
PAIR_BASE = 0.25
PAIR_GAIN = 6.0
"""``strong``: a town's race worth is scaled by PAIR_BASE + PAIR_GAIN x the draw chance of the network's towns
that are far enough from it to make a race with it."""
START_REACH = 48
"""How far (in points) a start town's search looks: a town further away adds less than 1 % of its weight."""
MAX_LINES = 4
"""BUILD lines a building turn may hold."""
REPLANS = 3
"""Lines the judge may refuse in one turn before the bot stops planning more (each refused town is left out)."""
INCOME_TOWNS = 3
"""After races: the towns, best first, a line from race income may be planned to."""


def careful_orders(view: SeatView, rng: random.Random, judge: Judge) -> list[str]:
    """The order lines of the seat's section for the current turn (``rng`` breaks ties only; ``judge``: ``check``
    of the seat's own orders, asked while planning)."""
    if view.state.phase == "building":
        return _building(view, rng, judge, pairs=False)
    if view.state.phase == "racing":
        return _racing(view, judge)
    return []


def strong_orders(view: SeatView, rng: random.Random, judge: Judge) -> list[str]:
    """As ``careful_orders``, but a town is worth more the likelier the towns its network already reaches: a race
    pays best when both its ends are on one's own track (no fares, the fastest route)."""
    if view.state.phase == "building":
        return _building(view, rng, judge, pairs=True)
    if view.state.phase == "racing":
        return _racing(view, judge)
    return []


# --- building ------------------------------------------------------------------------------------------------
def _building(view: SeatView, rng: random.Random, judge: Judge, pairs: bool) -> list[str]:
    state, gmap, me = view.state, view.gmap, view.seat
    track = track_of(state)
    player = state.player(me)
    out: list[str] = []
    network = set(track.network(me))
    if not network and player.start_town is None:
        start = _start_town(view, track, rng)
        out.append(f"START {start.name}")
        network = {start.hex}
    elif player.start_town and (town := gmap.town_named(player.start_town)):
        network.add(town.hex)
    rules = state.rules
    allowance = next((a for a in state.allowances if a.player == me), None)
    budget = allowance_budget(rules, allowance) if allowance else Budget("points", 6 * rules.allowance_dice)
    money = player.balance if not rules.debt_allowed else None
    planned: set[str] = set()
    refused: set[Hex] = set()  # towns whose line the judge refused this turn
    lines = 0
    while lines < MAX_LINES and len(refused) < REPLANS:
        trial = _copy(budget)
        line = _best_line(view, track, network, planned, trial, money, pairs, refused)
        if line is None:
            break
        path, fees, towns, target = line
        text = "BUILD " + " - ".join(h.label for h in path)
        if len(path) < 2 or not judge([*out, text]):
            refused.add(target)  # not one segment paid, or check would not build it in full: plan another town
            continue
        out.append(text)
        lines += 1
        budget = trial
        network |= set(path)
        planned |= towns
        if money is not None:
            money -= fees
        if budget.left_now() <= 0 or (rules.all_connected_ends_building
                                      and _all_connected(gmap, state.connections, planned)):
            break  # nothing left to build with, or the last town connected ends the building phase
    if len(out) == (1 if out and out[0].startswith("START") else 0):
        out.append("PASS")
    if state.one_town_left_turn is not None and declare_verdict(state, gmap, me).code in VALID_DECLARATIONS:
        out.append("DECLARE END")
    return out


def _copy(budget: Budget) -> Budget:
    return Budget(budget.kind, budget.remaining, list(budget.pots) if budget.pots is not None else None)


def _all_connected(gmap: GameMap, connections: Mapping[str, object], planned: set[str]) -> bool:
    return all(t.name in connections or t.name in planned for t in gmap.numbered_towns)


def _start_town(view: SeatView, track: TrackIndex, rng: random.Random) -> Town:
    """The start town from which the likeliest towns are cheapest to reach (ties drawn from ``rng``)."""
    state, gmap = view.state, view.gmap
    towns = sorted(gmap.start_towns or gmap.numbered_towns, key=lambda t: t.name)
    if state.rules.distinct_starts:
        taken = {p.start_town for p in state.players if p.id != view.seat}
        towns = [t for t in towns if t.name not in taken] or towns
    best: list[Town] = []
    top = -1.0
    for t in towns:
        dist, _ = costs_from(gmap, state.rules, track, view.seat, [t.hex], limit=START_REACH)
        score = sum(_weight(gmap, u) * math.exp(-dist.get(u.hex, 1e9) / 8) for u in gmap.numbered_towns)
        if score > top + 1e-9:
            best, top = [t], score
        elif abs(score - top) <= 1e-9:
            best.append(t)
    return rng.choice(best)


def _best_line(view: SeatView, track: TrackIndex, network: set[Hex], planned: set[str], budget: Budget,
               money: int | None, pairs: bool = False, refused: set[Hex] | None = None
               ) -> tuple[list[Hex], int, set[str], Hex] | None:
    """The line to the town of best value per cost (none of ``refused``), cut to the points (and money) left,
    which it spends from ``budget``; its fees, the numbered towns it reaches and the town's hex (a line of one
    hex: not one segment of it can be paid).  ``None``: no town worth a line is in reach."""
    state, gmap, me = view.state, view.gmap, view.seat
    rules = state.rules
    dist, prev = costs_from(gmap, rules, track, me, network)
    worth = _race_worth(view)
    ours = [u for u in gmap.numbered_towns if u.hex in network] if pairs else []
    best: tuple[float, Town] | None = None
    for t in gmap.numbered_towns:
        if t.hex in network or t.hex not in dist or (refused and t.hex in refused):
            continue
        scale = _pair_scale(gmap, rules, t, ours) if pairs else 1.0
        value = _weight(gmap, t) * worth * scale + _bonus(gmap, rules, t, state.connections, planned)
        score = value / (1 + dist[t.hex])
        if best is None or score > best[0]:
            best = (score, t)
    if best is None:
        return None
    path = line_to(prev, best[1].hex)
    cut, fees = affordable(view, track, path, budget, money)
    towns = {u.name for h in cut[1:] if (u := gmap.town_at(h)) is not None and u.numbered}
    return cut, fees, towns, best[1].hex


def _pair_scale(gmap: GameMap, rules: Rules, t: Town, ours: Sequence[Town]) -> float:
    """``strong``: how much more a town is worth for the races it would make with the network's towns far enough
    from it to be drawn together (a race from one to the other runs on own track only)."""
    far = sum(_weight(gmap, u) for u in ours if (d := land_distance(gmap, u.hex, t.hex)) is not None
              and d >= rules.min_race_distance)
    return PAIR_BASE + PAIR_GAIN * far


def _weight(gmap: GameMap, t: Town) -> float:
    """The chance that one two-dice draw gives the town: its numbers out of those the map's towns bear (36 on the
    shipped maps; a number no town bears is drawn again)."""
    return len(t.numbers) / _numbers(gmap)


@lru_cache(maxsize=16)
def _numbers(gmap: GameMap) -> int:
    return sum(len(t.numbers) for t in gmap.numbered_towns) or 36


def _bonus(gmap: GameMap, rules: Rules, t: Town, connections: Mapping[str, object], planned: set[str]) -> float:
    if t.name in connections or t.name in planned or pays_no_bonus(gmap, rules, t):
        return 0.0
    return float(rules.town_bonus)


def _race_worth(view: SeatView) -> float:
    """What a certain place on every race's ends is worth over the races to come (two draws a race)."""
    return 2 * RACE_WORTH * _races_left(view)


def _races_left(view: SeatView) -> int:
    rules, races = view.state.rules, view.state.races
    run = len(races.results) if races is not None else 0
    if rules.fixed_races:
        return max(0, rules.fixed_races - run)
    return RACES_IF_UNKNOWN


# --- racing --------------------------------------------------------------------------------------------------
def _racing(view: SeatView, judge: Judge) -> list[str]:
    chosen = _worth_entering(view, lambda value, _: value > 0)
    targets = _income_targets(view)
    if not chosen and targets[0]:
        # no race pays on its prizes alone: one whose prize would pay for the line worth most may still be worth it
        gain = targets[0][0][0]
        chosen = _worth_entering(view, lambda value, prizes: value + sum(p for _, p in prizes) * gain > 0)
    out = [f"ENTER {number} BEST" for number, _ in chosen]
    out += _race_income_line(view, likely_income([prizes for _, prizes in chosen]), judge, out, targets)
    return out or ["PASS"]


Prizes = tuple[tuple[int, float], ...]
"""What a race entered may pay: each prize with the chance of winning it."""


def likely_income(races: Sequence[Prizes]) -> int:
    """The most the races entered pay with a chance of at least one half (their prizes together, each race won
    or placed independently): the money a line after races is cut to, so that it builds at least as often as
    not."""
    odds = {0: 1.0}
    for prizes in races:
        nothing = max(0.0, 1 - sum(p for _, p in prizes))
        step: dict[int, float] = {}
        for total, p in odds.items():
            for amount, q in ((0, nothing), *prizes):
                step[total + amount] = step.get(total + amount, 0.0) + p * q
        odds = step
    at_least = 0.0
    for total in sorted(odds, reverse=True):
        at_least += odds[total]
        if at_least >= 0.5:
            return total
    return 0


def races_worth_entering(view: SeatView, worth_it: Callable[[float], bool]) -> list[int]:
    """The numbers of the coming races the seat enters with BEST, in order: those the route advisor reaches whose
    expected profit (the prizes it may win less the fares, ``_entry_value``) ``worth_it`` accepts, the most
    profitable first up to the rules' entry cap (ties: the lower number), and, where debt is forbidden, those
    whose fares the balance still pays.  The careful bot's racing choice and a standing race entry (reading
    111) alike; a pure function of the seat's view."""
    return [number for number, _ in _worth_entering(view, lambda value, _: worth_it(value))]


def _worth_entering(view: SeatView, worth_it: Callable[[float, Prizes], bool]) -> list[tuple[int, Prizes]]:
    """``races_worth_entering``'s races (``worth_it`` is also handed each race's prizes and their chances), each
    with the prizes it may pay the seat and their chances."""
    state, gmap, me = view.state, view.gmap, view.seat
    rules = state.rules
    upcoming = state.race_state.upcoming
    rtrack = race_track(state, gmap)
    seats = {p.id: p.seat for p in state.players}
    balance = state.player(me).balance
    worth: list[tuple[float, int, int, Prizes]] = []
    for d in upcoming:
        value = _entry_value(view, rtrack, seats, d, None if rules.debt_allowed else balance)
        if value is not None and worth_it(value[0], value[2]):
            worth.append((value[0], d.number, value[1], value[2]))
    worth.sort(key=lambda w: (-w[0], w[1]))
    cap = entry_cap(rules, upcoming)
    if cap is not None:
        worth = worth[:cap]
    out = []
    money = balance
    for _, number, fares, prizes in sorted(worth, key=lambda w: w[1]):
        if not rules.debt_allowed and fares > money:
            continue
        money -= fares
        out.append((number, prizes))
    return out


def _entry_value(view: SeatView, track: TrackIndex, seats: Mapping[str, int], d: RaceDraw, balance: int | None
                 ) -> tuple[float, int, Prizes] | None:
    """The expected prize less the fares of entering race ``d`` with the best route, the fares, and each prize
    with its chance; ``None``: no valid route."""
    state, gmap, me = view.state, view.gmap, view.seat
    rules = state.rules
    where = goal(gmap, rules, d)
    mine = best_valid(best_routes(gmap, track, rules, d.start_hex, where, [me], seats, balance=balance))
    if mine is None:
        return None
    mean = expected_rounds(mine.route.steps)
    if mean is None:
        return None
    rivals: list[Fraction] = []
    for pid in state.in_play:
        if pid == me:
            continue
        theirs = best_valid(best_routes(gmap, track, rules, d.start_hex, where, [pid], seats, limit=1, k=2))
        if theirs is not None and (e := expected_rounds(theirs.route.steps)) is not None:
            rivals.append(e)
    first, second = _prizes(rules, d)
    p1, p2 = _chances(float(mean), [float(e) for e in rivals])
    fares = sum(a for _, a in mine.fares) + sum(a for _, a in mine.ferry_fares)
    return p1 * first + p2 * second - fares, fares, ((first, p1), (second, p2))


def _prizes(rules: Rules, d: RaceDraw) -> tuple[int, int]:
    if rules.prizes == "distance":
        return rules.prize_distance_first * d.distance, rules.prize_distance_second * d.distance
    return rules.prize_first, rules.prize_second


def _chances(mine: float, rivals: Sequence[float]) -> tuple[float, float]:
    """The chances of finishing first and second, each train's rounds taken as normal around its mean."""
    beat = [_faster(mine, r) for r in rivals]
    p1 = math.prod(beat)
    p2 = sum((1 - b) * math.prod(c for j, c in enumerate(beat) if j != i) for i, b in enumerate(beat))
    return p1, p2


def _faster(a: float, b: float) -> float:
    """The chance that a train of ``a`` expected rounds arrives before one of ``b``."""
    spread = math.sqrt(0.15 * (a + b) + 0.5)
    return 0.5 * (1 + math.erf((b - a) / (spread * math.sqrt(2))))


Targets = tuple[list[tuple[float, str, Town]], dict[Hex, Hex]]
"""The towns a line after races may go to, best first, with what each is worth more than it costs; and the lines."""


def _income_targets(view: SeatView) -> Targets:
    """The numbered towns worth clearly more than the line to them costs (``gain`` > 0), best first, and each one's
    cheapest line from the network; none when nobody builds after the turn's races (``paths.builds_after_races``)."""
    state, gmap, me = view.state, view.gmap, view.seat
    track = track_of(state)
    network = set(track.network(me))
    if not network or not builds_after_races(state):
        return [], {}
    worth = _race_worth(view)
    reach = max((_weight(gmap, t) for t in gmap.numbered_towns), default=0.0) * worth / 2
    dist, prev = costs_from(gmap, state.rules, track, me, network, limit=reach)
    gains = sorted(((_weight(gmap, t) * worth - 2 * dist[t.hex], t.name, t) for t in gmap.numbered_towns
                    if t.hex not in network and t.hex in dist), key=lambda g: (-g[0], g[1]))
    return [g for g in gains if g[0] > 0], prev


def _race_income_line(view: SeatView, income: int, judge: Judge, entries: Sequence[str], targets: Targets
                      ) -> list[str]:
    """After races: one short line to a numbered town worth clearly more than its cost (``_income_targets``), if
    any, and only what the turn can pay: cut to the money it may build with, the ``income`` the races it enters
    pay with at least even chance (``likely_income``; the 10 % variant: its share of the balance); the next best
    town (up to ``INCOME_TOWNS``) when not one segment is paid or the judge refuses it."""
    state, me = view.state, view.seat
    rules = state.rules
    gains, prev = targets
    balance = state.player(me).balance
    if rules.build_budget == "ten_percent":
        income = ten_percent_budget(rules, balance)
    if income <= 0 or not gains:
        return []  # likely no income to build from: a line would build nothing
    track = track_of(state)
    money = None if rules.debt_allowed else balance
    for _, _, t in gains[:INCOME_TOWNS]:
        cut, _ = affordable(view, track, line_to(prev, t.hex), Budget("money", income), money)
        line = "BUILD " + " - ".join(h.label for h in cut)
        if len(cut) >= 2 and judge([*entries, line]):
            return [line]
    return []
