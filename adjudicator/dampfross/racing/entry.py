"""Race entries, and the one function that decides whether a route makes a valid entry.

``judge_entry`` is used by every caller that needs to know: the racing turn
(each entry before the race), ``ENTER ... BEST`` and ``adjudicate route``
(each candidate of the route search), and ``adjudicate check``.  It judges a
route *on its own*: start and destination (a town, or for a special run any
destination of its region), every step on track or on a bought ferry, the
owners named, a segment of the riders' own track, the fare cap for what this
route alone owes each rival, and (without debt) the riders' balance with
fares and ferry fares.  In a race
the fares of all entries are then set off against each other and the cap is
applied to the net payments (``adjudicator.dampfross.racing.race``), which can only
make more entries invalid.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.game.track import TrackIndex
from adjudicator.dampfross.racing.ferries import ferry_fare_pairs, leg_costs
from adjudicator.dampfross.racing.problems import EntryProblem
from adjudicator.dampfross.racing.routes import Route, choose_owners, crossings, fare_pairs
from adjudicator.dampfross.racing.specials import Goal
from adjudicator.kernel.problems import Problem


@dataclass(frozen=True)
class Entry:
    """A train entered in a race: its riders and its route (and, as an order, the race's number).

    As a player's order (engine input) ``riders`` is the player, then the
    partner of a joint trip; ``hexes`` empty means ``BEST``.  As a train of
    the race, the riders are in seat order (the first rolls) and the route is
    known; ``chosen`` marks a route the adjudicator chose (``BEST``).
    ``text`` is the order as written, for the report.
    """

    riders: tuple[str, ...]
    hexes: tuple[Hex, ...] = ()
    owners: tuple[str | None, ...] = ()  # per segment; None or missing: chosen automatically
    text: str = ""
    race: int = 0
    chosen: bool = False
    powers: tuple[str, ...] = ()  # companies whose track the riders use without paying (running powers)
    guard: tuple[tuple[int, bool], ...] = ()  # the IFs the order stands in (``building.thinking``, reading 103)

    @property
    def best(self) -> bool:
        """``ENTER <race> BEST``: the adjudicator chooses the route."""
        return not self.hexes

    @property
    def partner(self) -> str | None:
        return self.riders[1] if len(self.riders) > 1 else None

    @property
    def train(self) -> str:
        """The train's name in tables: ``RED``, or ``RED+BLUE`` for a joint trip."""
        return "+".join(self.riders)

    @property
    def roller(self) -> str:
        return self.riders[0]


@dataclass(frozen=True)
class EntryVerdict:
    """A route judged on its own: the resolved route (if the steps are on track), fares owed, problems."""

    riders: tuple[str, ...]
    route: Route | None
    problems: tuple[Problem[EntryProblem], ...]
    fares: tuple[tuple[str, int], ...] = ()  # (rival, amount) owed by the riders together, rivals in seat order
    ferry_fares: tuple[tuple[str, int], ...] = ()  # (ferry owner, amount), advanced rules

    @property
    def valid(self) -> bool:
        return not self.problems

    @property
    def fare_total(self) -> int:
        return sum(a for _, a in self.fares)

    @property
    def destination(self) -> Hex | None:
        """Where the route ends (for a special run: the destination the entrant chose)."""
        return self.route.hexes[-1] if self.route is not None else None


def judge_entry(
    gmap: GameMap,
    track: TrackIndex,
    rules: Rules,
    start: Hex,
    dest: Hex | Goal,
    riders: Sequence[str],
    hexes: Sequence[Hex],
    owners: Sequence[str | None] = (),
    seats: Mapping[str, int] | None = None,
    *,
    balance: int | None = None,
    in_race: bool = False,
    free: Sequence[str] = (),
) -> EntryVerdict:
    """Judge one route for ``riders`` (one player, or the two of a joint trip) from ``start`` to ``dest``.

    ``dest`` is the destination town's hex, or the ``Goal`` of the race
    (``adjudicator.dampfross.racing.specials.goal``: a special run ends in any
    destination of its region, chosen by the entrant).

    ``balance`` (the riders' balance; the poorer partner's share on a joint
    trip is not considered) makes fares beyond it a problem when the rules
    allow no debt.  ``in_race``: the race sets every entry's fares off against
    the others before it applies a money cap and the balance, so they are
    not judged here (the postal cap on hexes is the route's own and is).
    ``free``: companies whose track the riders may use without paying
    (running powers).
    """
    riders = tuple(riders)
    hexes = tuple(hexes)
    goal = dest if isinstance(dest, Goal) else Goal.town(dest)
    if len(hexes) < 2:
        return EntryVerdict(riders, None, (Problem.of(EntryProblem.TOO_SHORT),))
    problems: list[Problem[EntryProblem]] = []
    if hexes[0] != start:
        problems.append(Problem.of(EntryProblem.WRONG_START, expected=start, town=_town(gmap, start), got=hexes[0]))
    problems += _end_problems(gmap, goal, hexes)
    twice = tuple(sorted(h.label for h, n in Counter(hexes).items() if n > 1))
    if twice:
        problems.append(Problem.of(EntryProblem.HEX_TWICE, hexes=twice))
    if owners and len(owners) != len(hexes) - 1:
        problems.append(Problem.of(EntryProblem.OWNER_COUNT, named=len(owners), segments=len(hexes) - 1))
    chosen, owner_problems = choose_owners(track, hexes, riders, owners, seats, free=free)
    problems += owner_problems
    if chosen is None:
        return EntryVerdict(riders, None, tuple(problems))
    route = Route(hexes, chosen, leg_costs(gmap, rules, track, hexes), crossings(track, hexes))
    if not route.own_segments(riders):
        problems.append(Problem.of(EntryProblem.NO_OWN_TRACK, joint=len(riders) > 1))
    fares = fare_pairs(route, riders, rules, seats, free)
    ferry_fares = ferry_fare_pairs(route, riders, rules, seats)
    if rules.fare_cap_rule == "hexes":  # per rival company (reading 118)
        for owner, paid in route.paid_segments(riders, free).items():
            if paid > rules.fare_cap:
                problems.append(Problem.of(EntryProblem.TOO_MANY_HEXES, owner=owner, hexes=paid, cap=rules.fare_cap))
    if not in_race:
        problems += fare_problems(fares, rules, riders, balance, ferry_fares)
    return EntryVerdict(riders, route, tuple(problems), fares, ferry_fares)


def _end_problems(gmap: GameMap, goal: Goal, hexes: tuple[Hex, ...]) -> list[Problem[EntryProblem]]:
    """Whether the route ends at the destination town, or in its region without passing it before."""
    if goal.region is None:
        expected = goal.hex
        if expected is not None and hexes[-1] != expected:
            return [Problem.of(EntryProblem.WRONG_END, expected=expected, town=_town(gmap, expected), got=hexes[-1])]
        return []
    if hexes[-1] not in goal:
        return [Problem.of(EntryProblem.WRONG_REGION, region=goal.region, got=hexes[-1])]
    early = next((h for h in hexes[1:-1] if h in goal), None)
    if early is not None:
        return [Problem.of(EntryProblem.REGION_EARLY, region=goal.region, at=early)]
    return []


def fare_problems(fares: Sequence[tuple[str, int]], rules: Rules, riders: Sequence[str],
                  balance: int | None = None,
                  ferry_fares: Sequence[tuple[str, int]] = ()) -> list[Problem[EntryProblem]]:
    """The money cap for a route on its own (nothing owed back), and the balance without debt.

    ``fare_cap_rule``: ``pair``, no rival paid more than the cap; ``overall``,
    no more than the cap in all.  On a joint trip each partner pays half, so
    the cap applies to each share.  Ferry fares are outside the cap but count
    against the balance.
    """
    out = []
    def half(amount: int) -> int:
        return -(-amount // 2) if len(riders) == 2 else amount

    if rules.fare_cap_rule == "pair":
        for payee, amount in fares:
            if half(amount) > rules.fare_cap:
                out.append(Problem.of(EntryProblem.FARE_CAP, payee=payee, amount=amount, cap=rules.fare_cap))
    total = sum(a for _, a in fares)
    if rules.fare_cap_rule == "overall" and half(total) > rules.fare_cap:
        out.append(Problem.of(EntryProblem.FARE_CAP_TOTAL, amount=total, cap=rules.fare_cap))
    total += sum(a for _, a in ferry_fares)
    if balance is not None and not rules.debt_allowed and total > balance:
        out.append(Problem.of(EntryProblem.FARES_OVER_BALANCE, fares=total, balance=balance))
    return out


def _town(gmap: GameMap, h: Hex) -> str | None:
    t = gmap.town_at(h)
    return t.name if t else None
