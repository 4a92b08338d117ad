"""Fares: what the trains of a race owe, the fare cap, and paying them (rules-reference.md §3 "Fares").

Two ways to pay (``fare_timing``):

``before`` (seeds 000, 002, 004): every train's fares are worked out before
    the start, set off per pair of players and paid as one net payment per
    pair (seed 000: "A muß an B 19 Einheiten zahlen, B an A 11 Einheiten ...
    so daß unter dem Strich A an B 8 Einheiten zahlen muß").
``per_move`` (seed 003: "The account points a player has to pay are
    transferred between accounts after the die roll, but before the pawn
    moves"): each roll's fares are paid for the steps the train is about to
    take, gross, nothing set off (``MoveFares``).

The caps (``fare_cap_rule``): ``pair``, nobody pays another more than
``fare_cap`` net (000); ``overall``, nobody pays the others more than
``fare_cap`` more than they pay him (004: "platit o více než o deset bodů
více, než ostatní zaplatí jemu"); ``hexes``, a route's own limit on
the hexes of each other company's track (postal, judged with the entry); ``none`` (003).

A joint train's fares are one cost shared by the partners (seed 000:
"Beide Partner teilen sich Kosten und Prämien. Lassen sich die Kosten nicht
gleichmäßig aufteilen, zahlt der reichere Spieler eine Einheit mehr"): the
*total* is split, the richer paying the odd unit once (``split_fares``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from adjudicator.dampfross.game.ledger import Books, richer_first
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.racing.problems import EntryProblem
from adjudicator.dampfross.racing.routes import seat_key
from adjudicator.kernel.problems import Problem

Owes = dict[tuple[str, str], int]
"""What a player owes another in one race: ``(payer, payee) -> amount``."""


@dataclass(frozen=True)
class FarePayment:
    """The fares between two players after set-off: ``payer`` pays ``amount`` = owed - owed_back."""

    payer: str
    payee: str
    amount: int
    owed: int  # what payer owed payee for this race
    owed_back: int  # what payee owed payer


class OddUnit:
    """Who of two partners takes the next odd unit: the richer first, then by turns."""

    def __init__(self, riders: Sequence[str], balances: Mapping[str, int], seats: Mapping[str, int]):
        self.order = richer_first(riders, balances, seats)
        self.next = 0

    def share(self, amount: int) -> dict[str, int]:
        """``amount`` split between the partners, the odd unit to whoever's turn it is."""
        if len(self.order) == 1:
            return {self.order[0]: amount}
        out = dict.fromkeys(self.order, amount // 2)
        if amount % 2:
            out[self.order[self.next]] += 1
            self.next = 1 - self.next
        return out


def split_fares(fares: Sequence[tuple[str, int]], riders: Sequence[str], balances: Mapping[str, int],
                seats: Mapping[str, int]) -> Owes:
    """What each rider owes each payee when the train's total fare is split (richer pays the odd unit).

    Fares 3 and 5 on a joint trip: 8 in all, 4 each (not 2 + 3 and 1 + 2).
    """
    odd = OddUnit(riders, balances, seats)
    out: Owes = {}
    for payee, amount in fares:
        for payer, share in odd.share(amount).items():
            if share:
                out[payer, payee] = out.get((payer, payee), 0) + share
    return out


def add_owes(total: Owes, more: Owes) -> None:
    for key, amount in more.items():
        total[key] = total.get(key, 0) + amount


def cap_breach(rules: Rules, owes: Owes, balances: Mapping[str, int], seats: Mapping[str, int],
               ferry: Owes | None = None) -> tuple[str, Problem[EntryProblem]] | None:
    """The player whose entry breaks the money cap (or, without debt, the balance) first, and why.

    The largest excess goes first (ties: lower seat payer, then payee).
    ``ferry``: ferry fares owed (advanced rules), outside the cap but
    counted against the balance.
    """
    key = seat_key(seats)
    cap = rules.fare_cap
    if rules.fare_cap_rule == "pair":
        excess = []
        for (payer, payee), amount in owes.items():
            net = amount - owes.get((payee, payer), 0)
            if net > cap:
                excess.append((-(net - cap), key(payer), key(payee), payer, payee, net))
        if excess:
            *_, payer, payee, net = min(excess)
            return payer, Problem.of(EntryProblem.NET_FARE_CAP, payer=payer, payee=payee, net=net, cap=cap)
    people = sorted({p for pair in owes for p in pair}, key=key)
    net_out = {p: sum(owes.get((p, q), 0) - owes.get((q, p), 0) for q in people if q != p) for p in people}
    if rules.fare_cap_rule == "overall":
        over = [(-(n - cap), key(p), p, n) for p, n in net_out.items() if n > cap]
        if over:
            *_, payer, net = min(over)
            return payer, Problem.of(EntryProblem.NET_FARE_CAP_TOTAL, payer=payer, net=net, cap=cap)
    if not rules.debt_allowed:
        ferry = ferry or {}
        everyone = sorted(set(people) | {p for pair in ferry for p in pair}, key=key)
        spent = {p: net_out.get(p, 0) + sum(ferry.get((p, q), 0) - ferry.get((q, p), 0) for q in everyone if q != p)
                 for p in everyone}
        short = [(balances.get(p, 0) - n, key(p), p, n) for p, n in spent.items() if balances.get(p, 0) - n < 0]
        if short:
            *_, payer, net = min(short)
            return payer, Problem.of(EntryProblem.NET_FARES_OVER_BALANCE, payer=payer, net=net,
                                     balance=balances.get(payer, 0))
    return None


def pay_net(books: Books, race: int, owes: Owes, seats: Mapping[str, int]) -> tuple[FarePayment, ...]:
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
            books.pay(payer, payee, owed - back, "fare", race=race, owed=owed, owed_back=back)
            out.append(FarePayment(payer, payee, owed - back, owed, back))
    return tuple(out)


class MoveFares:
    """``fare_timing: per_move``: each roll's fares paid before the train moves, gross.

    ``pay`` returns ``False`` once a balance has reached ``threshold`` (the
    game ends at once, the race with it).
    """

    def __init__(self, books: Books, race: int, rules: Rules, seats: Mapping[str, int], threshold: int | None):
        self.books, self.race, self.rules, self.seats, self.threshold = books, race, rules, seats, threshold
        self.odd: dict[str, OddUnit] = {}
        self.paid: Owes = {}

    def pay(self, train: str, riders: Sequence[str], owners: Sequence[str], free: Sequence[str]) -> bool:
        """Pay the fares of the steps whose owners are given (one per step, in order)."""
        odd = self.odd.setdefault(train, OddUnit(riders, self.books.balances, self.seats))
        due: dict[str, int] = {}
        for owner in owners:
            if owner not in riders and owner not in free:
                due[owner] = due.get(owner, 0) + self.rules.fare_per_segment
        for owner, amount in sorted(due.items(), key=lambda kv: seat_key(self.seats)(kv[0])):
            for payer, share in odd.share(amount).items():
                self.books.pay(payer, owner, share, "fare", race=self.race, owed=share, owed_back=0)
                if share:
                    self.paid[payer, owner] = self.paid.get((payer, owner), 0) + share
        return not self.reached()

    def reached(self) -> bool:
        return bool(self.books.over(self.threshold))

    def payments(self) -> tuple[FarePayment, ...]:
        """What was paid in this race, per pair (gross: nothing set off)."""
        key = seat_key(self.seats)
        return tuple(FarePayment(payer, payee, amount, amount, 0)
                     for (payer, payee), amount in sorted(self.paid.items(), key=lambda kv: (key(kv[0][0]),
                                                                                            key(kv[0][1]))))
