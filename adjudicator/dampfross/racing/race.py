"""Running one race: entries, fares with the cap, race rounds, arrivals and prizes (rules-reference.md §3).

``run_race`` takes the drawn race, the entries (each a route for one player
or for the two partners of a joint trip) and a ``Books``; it pays the fares
and prizes through the books and returns a frozen ``RaceOutcome`` with
everything a report prints: which entries were valid and why not, the fare
payments, every round's rolls and positions, and the placings.  Fares, the
caps and joint shares are in ``adjudicator.dampfross.racing.fares``.

Readings (rules-reference.md leaves these open; see docs/rules.md):
- when several entries break the fare cap, the payer's entry of the largest
  excess is dropped first (ties: lower seat payer, then payee), then the
  fares are worked out again, until nobody breaks the cap;
- a sole valid entrant pays its fares and gets the first prize without running;
- the game ends the moment a balance reaches the threshold: if fares paid
  before the start do it, the race is not run (status ``ended``); if fares
  paid move by move do it, the race stops there and only places already
  taken are paid;
- in a joint trip "richer" means the higher balance before the race (equal:
  the earlier seat counts as richer); it pays the odd unit of a cost and gets
  one unit less of an odd income;
- a shared place under ``tie: split`` shares the prizes of the places the
  tied trains cover; a remainder that cannot be split stays with the bank;
- ``prizes: distance`` (seed 004 (E)): the winner gets ``prize_distance_first``
  times the race's distance (the shortest land route), the second
  ``prize_distance_second`` times.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.game.dice import Die, RaceDice
from adjudicator.dampfross.game.ledger import Books, split_share
from adjudicator.dampfross.game.racestate import RaceDraw, RaceStatus
from adjudicator.dampfross.game.rules import MoveOrder, Rules
from adjudicator.dampfross.game.state import BANK, LedgerEntry
from adjudicator.dampfross.game.track import TrackIndex
from adjudicator.dampfross.racing.entry import Entry, EntryVerdict, judge_entry
from adjudicator.dampfross.racing.fares import FarePayment, MoveFares, Owes, add_owes, cap_breach, pay_net, split_fares
from adjudicator.dampfross.racing.problems import EntryProblem
from adjudicator.dampfross.racing.rounds import Move, Placing, RaceRound, RaceRunner, TieRolls, Train
from adjudicator.dampfross.racing.routes import Route, seat_key
from adjudicator.dampfross.racing.specials import goal
from adjudicator.kernel.problems import Problem


@dataclass(frozen=True)
class EntryOutcome:
    """An entry as judged: valid, or the reasons it does not race."""

    entry: Entry
    check: EntryVerdict
    problems: tuple[Problem[EntryProblem], ...]

    @property
    def valid(self) -> bool:
        return not self.problems


@dataclass(frozen=True)
class FerryFare:
    """A ferry fare paid before the start: ``payer`` pays the owner of ``ferry`` (``ferry_fare``, or a share)."""

    payer: str
    payee: str
    amount: int
    ferry: str


@dataclass(frozen=True)
class RaceOutcome:
    """Everything that happened in one race."""

    draw: RaceDraw
    status: RaceStatus  # lapsed: no valid entry; sole: one, paid without running; run; ended: not run, game over
    entries: tuple[EntryOutcome, ...]
    fares: tuple[FarePayment, ...]
    rounds: tuple[RaceRound, ...]
    placings: tuple[Placing, ...]
    payouts: tuple[tuple[str, int], ...]  # prize money per player
    dice: tuple[Die, ...]
    ledger: tuple[LedgerEntry, ...]
    ties: tuple[TieRolls, ...] = ()  # tie rerolls, in the order rolled
    kept_by_bank: int = 0  # tie split: the part of shared prizes that cannot be split
    stopped: bool = False  # stopped after MAX_ROUNDS rounds
    ended: bool = False  # the game ended before or during the race (a balance reached the threshold)
    ferry_fares: tuple[FerryFare, ...] = ()  # advanced rules: crossings paid to ferry owners

    def place_of(self, pid: str) -> int | None:
        for p in self.placings:
            if pid in p.riders:
                return p.place
        return None


def run_race(
    gmap: GameMap,
    track: TrackIndex,
    rules: Rules,
    draw: RaceDraw,
    entries: Sequence[Entry],
    books: Books,
    dice: RaceDice,
    seats: Mapping[str, int],
    *,
    first_arrival_wins: bool = False,
    move_order: MoveOrder = "seat",
    threshold: int | None = None,
) -> RaceOutcome:
    """Judge the entries, pay the fares, run the race and pay the prizes.

    ``first_arrival_wins`` (Bütehorn; seed 004 "(D)"): a train that arrives
    takes its place at once, before the others move in that round.
    ``move_order="balance"`` (Bütehorn): trains move in order of balance,
    highest first; otherwise in seat order.  ``threshold``: the balance that
    ends the game at once (``None``: the game does not end on money).
    """
    before = dict(books.balances)
    first_ledger = len(books.entries)
    judged, owes = judge_entries(gmap, track, rules, draw, entries, before, seats)
    moves = MoveFares(books, draw.number, rules, seats, threshold) if rules.fare_timing == "per_move" else None
    fares = pay_net(books, draw.number, owes, seats) if moves is None else ()
    ferry_fares = _pay_ferry_fares(books, rules, draw, judged, before, seats)
    trains = [j.entry for j in judged if j.valid]
    key = seat_key(seats)
    if move_order == "balance":
        trains.sort(key=lambda e: (-max(before.get(p, 0) for p in e.riders), min(key(p) for p in e.riders)))
    else:
        trains.sort(key=lambda e: min(key(p) for p in e.riders))
    prizes = _prizes(rules, draw)
    rounds: list[RaceRound] = []
    dice_used: list[Die] = []
    runner: RaceRunner | None = None
    ended = bool(books.over(threshold))
    if not trains:
        status: RaceStatus = "lapsed"
        placings: list[Placing] = []
    elif ended:
        status, placings = "ended", []
    elif len(trains) == 1:
        status = "sole"
        t = trains[0]
        if moves is not None:
            route = next(j.check.route for j in judged if j.valid and j.check.route is not None)
            ended = not moves.pay(t.train, t.riders, _track_owners(route, 0, len(route.steps)), t.powers)
        placings = [] if ended else [Placing(1, t.train, t.riders, None, None, prizes[0])]
    else:
        status = "run"
        routes = {j.entry.train: j.check.route for j in judged if j.valid and j.check.route is not None}
        by_name = {t.train: t for t in trains}

        def on_move(train: Train, start: int, end: int) -> bool:
            assert moves is not None
            owners = _track_owners(train.route, start, end)
            return moves.pay(train.name, train.riders, owners, by_name[train.name].powers)

        runner = RaceRunner(rules, draw.number, [Train(t.train, t.roller, t.riders, routes[t.train]) for t in trains],
                            dice, first_arrival_wins, prizes, on_move if moves is not None else None)
        placings = runner.run()
        rounds, dice_used = runner.rounds, runner.dice
        ended = runner.ended
    if moves is not None:
        fares = moves.payments()
    payouts = _pay_prizes(books, draw, placings, before, seats)
    return RaceOutcome(draw, status, tuple(judged), fares, tuple(rounds), tuple(placings), payouts,
                       tuple(dice_used), tuple(books.entries[first_ledger:]),
                       tuple(runner.ties) if runner else (), runner.kept_by_bank if runner else 0,
                       runner.stopped if runner else False, ended, ferry_fares)


def _prizes(rules: Rules, draw: RaceDraw) -> tuple[int, int]:
    """The first and second prize of this race: fixed, or by the race's distance (004 (E))."""
    if rules.prizes == "distance":
        return rules.prize_distance_first * draw.distance, rules.prize_distance_second * draw.distance
    return rules.prize_first, rules.prize_second


def _track_owners(route: Route, start: int, end: int) -> list[str]:
    """The owners of the track legs a train finishes between movement steps ``start`` and ``end``.

    Fares paid move by move are for track; a ferry crossing is paid before the start.
    """
    return [route.owners[i] for i in range(route.legs_done(start), route.legs_done(end)) if not route.ferry(i)]


def judge_entries(gmap: GameMap, track: TrackIndex, rules: Rules, draw: RaceDraw, entries: Sequence[Entry],
                  before: Mapping[str, int], seats: Mapping[str, int]) -> tuple[list[EntryOutcome], Owes]:
    """A race's entries as judged before the start (``before``: the balances then), those that break the fare cap
    dropped, and what the valid ones owe: what decides which trains run, and on which routes, without a die rolled
    (the site draws a racing turn's routes from it, ``report/svg.race_routes``)."""
    return _apply_fare_cap(rules, _judge_entries(gmap, track, rules, draw, entries, seats), before, seats)


def _judge_entries(gmap: GameMap, track: TrackIndex, rules: Rules, draw: RaceDraw, entries: Sequence[Entry],
                   seats: Mapping[str, int]) -> list[EntryOutcome]:
    out = []
    riding: set[str] = set()
    where = goal(gmap, rules, draw)
    for e in entries:
        check = judge_entry(gmap, track, rules, draw.start_hex, where, e.riders, e.hexes, e.owners, seats,
                            in_race=True, free=e.powers)
        problems = list(check.problems)
        if not 1 <= len(e.riders) <= 2 or len(set(e.riders)) != len(e.riders):
            problems.insert(0, Problem.of(EntryProblem.RIDERS))
        again = tuple(p for p in e.riders if p in riding)
        if again:
            problems.insert(0, Problem.of(EntryProblem.ALREADY_RIDING, players=again))
        riding.update(e.riders)
        out.append(EntryOutcome(e, check, tuple(problems)))
    return out


def _owes(judged: Sequence[EntryOutcome], before: Mapping[str, int], seats: Mapping[str, int]) -> Owes:
    """What each player owes each other player; a joint train's total is split between the partners."""
    owes: Owes = {}
    for j in judged:
        if j.valid:
            add_owes(owes, split_fares(j.check.fares, j.entry.riders, before, seats))
    return owes


def _ferry_owes(judged: Sequence[EntryOutcome], before: Mapping[str, int],
                seats: Mapping[str, int]) -> dict[tuple[str, str], int]:
    """Ferry fares each player owes each ferry owner (advanced rules), joint trips split."""
    owes: dict[tuple[str, str], int] = {}
    for j in judged:
        if not j.valid:
            continue
        for payee, amount in j.check.ferry_fares:
            for payer, share in split_share(amount, j.entry.riders, before, seats).items():
                if share:
                    owes[payer, payee] = owes.get((payer, payee), 0) + share
    return owes


def _apply_fare_cap(rules: Rules, judged: list[EntryOutcome], before: Mapping[str, int],
                    seats: Mapping[str, int]) -> tuple[list[EntryOutcome], Owes]:
    """Drop entries that break the money cap (or, without debt, the balance) after set-off, until none does."""
    while True:
        owes = _owes(judged, before, seats)
        breach = cap_breach(rules, owes, before, seats, _ferry_owes(judged, before, seats))
        if breach is None:
            return judged, owes
        payer, why = breach
        for i, j in enumerate(judged):
            if j.valid and payer in j.entry.riders:
                joint = Problem(why.code, why.args + (("joint", len(j.entry.riders) > 1),))
                judged[i] = EntryOutcome(j.entry, j.check, (joint,))
                break


def _pay_ferry_fares(books: Books, rules: Rules, draw: RaceDraw, judged: Sequence[EntryOutcome],
                     before: Mapping[str, int], seats: Mapping[str, int]) -> tuple[FerryFare, ...]:
    """Every valid train pays each ferry it crosses to the ferry's owner, before the start (reason ``ferry-fare``).

    [reading] Not set off against fares owed back and outside the fare cap
    (``adjudicator.dampfross.racing.ferries``); a joint trip splits each crossing.
    Paid before the start under ``fare_timing: per_move`` too.
    """
    out = []
    for j in judged:
        if not j.valid or j.check.route is None:
            continue
        route = j.check.route
        for leg, owner in enumerate(route.owners):
            ferry = route.ferry(leg)
            if ferry is None or owner in j.entry.riders:
                continue
            for payer, share in split_share(rules.ferry_fare, j.entry.riders, before, seats).items():
                if share:
                    books.pay(payer, owner, share, "ferry-fare", race=draw.number, town=ferry)
                    out.append(FerryFare(payer, owner, share, ferry))
    return tuple(out)


def _pay_prizes(books: Books, draw: RaceDraw, placings: Sequence[Placing], before: Mapping[str, int],
                seats: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    got: dict[str, int] = {}
    for p in placings:
        if not p.prize:
            continue
        for pid, amount in split_share(p.prize, p.riders, before, seats, income=True).items():
            books.pay(BANK, pid, amount, "prize", race=draw.number, place=p.place, shared=p.shared)
            got[pid] = got.get(pid, 0) + amount
    return tuple(got.items())


__all__ = ["Entry", "EntryOutcome", "FarePayment", "FerryFare", "Move", "Placing", "RaceOutcome", "RaceRound",
           "TieRolls", "judge_entries", "run_race"]
