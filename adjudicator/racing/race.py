"""Running one race: entries, fares with the cap, race rounds, arrivals and prizes (RULES.md §3).

``run_race`` takes the drawn race, the entries (each a route for one player
or for the two partners of a joint trip) and a ``Books``; it pays the fares
and prizes through the books and returns a frozen ``RaceOutcome`` with
everything a report prints: which entries were valid and why not, the fare
payments after set-off, every round's rolls and positions, and the placings.

Readings (RULES.md leaves these open; see docs/rules.md):
- fares are settled per pair of players as one net payment (seed 000: A owes
  B 19, B owes A 11, A pays B 8);
- when several entries break the fare cap, the payer's entry of the largest
  excess is dropped first (ties: lower seat payer, then payee), then the
  fares are worked out again, until nobody pays anybody more than the cap;
- a sole valid entrant pays its fares and gets the first prize without running;
- in a joint trip "richer" means the higher balance before the race (equal:
  the earlier seat counts as richer); it pays the odd unit of a cost and gets
  one unit less of an odd income;
- a shared place under ``tie: split`` shares the prizes of the places the
  tied trains cover; a remainder that cannot be split stays with the bank.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from adjudicator.board.model import GameMap
from adjudicator.game.dice import Die, RaceDice
from adjudicator.game.ledger import Books
from adjudicator.game.problems import Problem
from adjudicator.game.racestate import RaceDraw, RaceStatus
from adjudicator.game.rules import MoveOrder, Rules
from adjudicator.game.state import BANK, LedgerEntry
from adjudicator.game.track import TrackIndex
from adjudicator.racing.entry import Entry, EntryVerdict, judge_entry
from adjudicator.racing.problems import EntryProblem
from adjudicator.racing.rounds import Move, Placing, RaceRound, RaceRunner, TieRolls, Train
from adjudicator.racing.routes import seat_key
from adjudicator.racing.specials import goal


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
class FarePayment:
    """The fares between two players after set-off: ``payer`` pays ``amount`` = owed - owed_back."""

    payer: str
    payee: str
    amount: int
    owed: int  # what payer owed payee for this race
    owed_back: int  # what payee owed payer


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
    status: RaceStatus  # lapsed: no valid entry; sole: one, paid without running; run
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
    ferry_fares: tuple[FerryFare, ...] = ()  # advanced rules: crossings paid to ferry owners

    def place_of(self, pid: str) -> int | None:
        for p in self.placings:
            if pid in p.riders:
                return p.place
        return None


def split_amount(amount: int, riders: Sequence[str], balances: Mapping[str, int], seats: Mapping[str, int],
                 income: bool = False) -> dict[str, int]:
    """Share ``amount`` between riders: the richer pays the odd unit of a cost, gets one less of an income."""
    if len(riders) == 1:
        return {riders[0]: amount}
    key = seat_key(seats)
    richer, poorer = sorted(riders, key=lambda p: (-balances.get(p, 0), key(p)))
    low, high = amount // 2, amount - amount // 2
    return {richer: low, poorer: high} if income else {richer: high, poorer: low}


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
) -> RaceOutcome:
    """Judge the entries, pay the fares, run the race and pay the prizes.

    ``first_arrival_wins`` (Bütehorn; seed 004 "(D)"): a train that arrives
    takes its place at once, before the others move in that round.
    ``move_order="balance"`` (Bütehorn): trains move in order of balance,
    highest first; otherwise in seat order.
    """
    before = dict(books.balances)
    first_ledger = len(books.entries)
    judged = _judge_entries(gmap, track, rules, draw, entries, seats)
    judged, owes = _apply_fare_cap(rules, judged, before, seats)
    fares = _pay_fares(books, draw, owes, seats)
    ferry_fares = _pay_ferry_fares(books, rules, draw, judged, before, seats)
    trains = [j.entry for j in judged if j.valid]
    key = seat_key(seats)
    if move_order == "balance":
        trains.sort(key=lambda e: (-max(before.get(p, 0) for p in e.riders), min(key(p) for p in e.riders)))
    else:
        trains.sort(key=lambda e: min(key(p) for p in e.riders))
    rounds: list[RaceRound] = []
    dice_used: list[Die] = []
    runner: RaceRunner | None = None
    if not trains:
        status: RaceStatus = "lapsed"
        placings: list[Placing] = []
    elif len(trains) == 1:
        status = "sole"
        t = trains[0]
        placings = [Placing(1, t.train, t.riders, None, None, rules.prize_first)]
    else:
        status = "run"
        routes = {j.entry.train: j.check.route for j in judged if j.valid and j.check.route is not None}
        runner = RaceRunner(rules, draw.number, [Train(t.train, t.roller, t.riders, routes[t.train]) for t in trains],
                            dice, first_arrival_wins)
        placings = runner.run()
        rounds, dice_used = runner.rounds, runner.dice
    payouts = _pay_prizes(books, draw, placings, before, seats)
    return RaceOutcome(draw, status, tuple(judged), fares, tuple(rounds), tuple(placings), payouts,
                       tuple(dice_used), tuple(books.entries[first_ledger:]),
                       tuple(runner.ties) if runner else (), runner.kept_by_bank if runner else 0,
                       runner.stopped if runner else False, ferry_fares)


def _judge_entries(gmap: GameMap, track: TrackIndex, rules: Rules, draw: RaceDraw, entries: Sequence[Entry],
                   seats: Mapping[str, int]) -> list[EntryOutcome]:
    out = []
    riding: set[str] = set()
    where = goal(gmap, rules, draw)
    for e in entries:
        check = judge_entry(gmap, track, rules, draw.start_hex, where, e.riders, e.hexes, e.owners, seats,
                            in_race=True)
        problems = list(check.problems)
        if not 1 <= len(e.riders) <= 2 or len(set(e.riders)) != len(e.riders):
            problems.insert(0, Problem.of(EntryProblem.RIDERS))
        again = tuple(p for p in e.riders if p in riding)
        if again:
            problems.insert(0, Problem.of(EntryProblem.ALREADY_RIDING, players=again))
        riding.update(e.riders)
        out.append(EntryOutcome(e, check, tuple(problems)))
    return out


def _owes(judged: Sequence[EntryOutcome], before: Mapping[str, int],
          seats: Mapping[str, int]) -> dict[tuple[str, str], int]:
    """What each player owes each other player, joint trips split between the partners."""
    owes: dict[tuple[str, str], int] = {}
    for j in judged:
        if not j.valid:
            continue
        for payee, amount in j.check.fares:
            for payer, share in split_amount(amount, j.entry.riders, before, seats).items():
                if share:
                    owes[payer, payee] = owes.get((payer, payee), 0) + share
    return owes


def _ferry_owes(judged: Sequence[EntryOutcome], before: Mapping[str, int],
                seats: Mapping[str, int]) -> dict[tuple[str, str], int]:
    """Ferry fares each player owes each ferry owner (advanced rules), joint trips split."""
    owes: dict[tuple[str, str], int] = {}
    for j in judged:
        if not j.valid:
            continue
        for payee, amount in j.check.ferry_fares:
            for payer, share in split_amount(amount, j.entry.riders, before, seats).items():
                if share:
                    owes[payer, payee] = owes.get((payer, payee), 0) + share
    return owes


def _apply_fare_cap(rules: Rules, judged: list[EntryOutcome], before: Mapping[str, int],
                    seats: Mapping[str, int]) -> tuple[list[EntryOutcome], dict[tuple[str, str], int]]:
    """Drop entries that break the fare cap (or, without debt, the balance) after set-off, until none does."""
    key = seat_key(seats)
    while True:
        owes = _owes(judged, before, seats)
        excess = []
        for (payer, payee), amount in owes.items():
            net = amount - owes.get((payee, payer), 0)
            if net > rules.fare_cap:
                excess.append((-(net - rules.fare_cap), key(payer), key(payee), payer, payee, net))
        if excess:
            *_, payer, payee, net = min(excess)
            why = Problem.of(EntryProblem.NET_FARE_CAP, payer=payer, payee=payee, net=net, cap=rules.fare_cap)
        elif not rules.debt_allowed:
            short = []
            ferry = _ferry_owes(judged, before, seats)
            people = {p for pair in list(owes) + list(ferry) for p in pair}
            for p in sorted(people, key=key):
                change = sum(owes.get((q, p), 0) - owes.get((p, q), 0) + ferry.get((q, p), 0) - ferry.get((p, q), 0)
                             for q in people - {p})
                if before.get(p, 0) + change < 0:
                    short.append((before.get(p, 0) + change, key(p), p, -change))
            if not short:
                return judged, owes
            *_, payer, net = min(short)
            why = Problem.of(EntryProblem.NET_FARES_OVER_BALANCE, payer=payer, net=net, balance=before.get(payer, 0))
        else:
            return judged, owes
        for i, j in enumerate(judged):
            if j.valid and payer in j.entry.riders:
                joint = Problem(why.code, why.args + (("joint", len(j.entry.riders) > 1),))
                judged[i] = EntryOutcome(j.entry, j.check, (joint,))
                break


def _pay_fares(books: Books, draw: RaceDraw, owes: Mapping[tuple[str, str], int],
               seats: Mapping[str, int]) -> tuple[FarePayment, ...]:
    """One net payment per pair of players, lower seat first."""
    key = seat_key(seats)
    players = sorted({p for pair in owes for p in pair}, key=key)
    out = []
    for i, x in enumerate(players):
        for y in players[i + 1:]:
            xy, yx = owes.get((x, y), 0), owes.get((y, x), 0)
            if not xy and not yx:
                continue
            payer, payee, owed, back = (x, y, xy, yx) if xy >= yx else (y, x, yx, xy)
            books.pay(payer, payee, owed - back, "fare", race=draw.number, owed=owed, owed_back=back)
            out.append(FarePayment(payer, payee, owed - back, owed, back))
    return tuple(out)


def _pay_ferry_fares(books: Books, rules: Rules, draw: RaceDraw, judged: Sequence[EntryOutcome],
                     before: Mapping[str, int], seats: Mapping[str, int]) -> tuple[FerryFare, ...]:
    """Every valid train pays each ferry it crosses to the ferry's owner, before the start (reason ``ferry-fare``).

    [reading] Not set off against fares owed back and outside the fare cap
    (``adjudicator.racing.ferries``); a joint trip splits each crossing.
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
            for payer, share in split_amount(rules.ferry_fare, j.entry.riders, before, seats).items():
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
        for pid, amount in split_amount(p.prize, p.riders, before, seats, income=True).items():
            books.pay(BANK, pid, amount, "prize", race=draw.number, place=p.place, shared=p.shared)
            got[pid] = got.get(pid, 0) + amount
    return tuple(got.items())


__all__ = ["Entry", "EntryOutcome", "FarePayment", "FerryFare", "Move", "Placing", "RaceOutcome", "RaceRound",
           "TieRolls", "run_race", "split_amount"]
