"""After the races: income, and building with money from it (rules-reference.md §3).

*Building after a race*: cost plus fees may not exceed the player's income
from this turn's races (prizes plus fares received, as entered in the
ledger); the winner of the turn's last race builds first, then the second,
then the others in seat order (``build_order``).  The building itself is
``adjudicator.dampfross.building.build_line`` with a money ``Budget``.

*The 10% variant* (``build_budget: ten_percent``; seed 000: "daß alle
Prämien und Einkünfte dem Konto gutgeschrieben werden. Nach jeder zweiten
Fahrt können 10% des Kontostands für den weiteren Ausbau des
Streckennetzes verwendet werden. Spieler mit einem Kontostand unter 50
Einheiten können bis zu 5 Einheiten verbauen"): building only in a turn in
which a race whose number is a multiple of ``ten_percent_every`` was run,
each player with ``ten_percent_rate``% of its balance (rounded down), or
``ten_percent_low_amount`` when the balance is under
``ten_percent_low_balance``.

The end of the game is in ``adjudicator.dampfross.racing.end``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from adjudicator.dampfross.building.costs import BuildProblem
from adjudicator.dampfross.building.ferries import FerryOrder, FerryPurchase, buy_ferry
from adjudicator.dampfross.building.lines import (
    Budget,
    BuildContext,
    BuildLine,
    LineOutcome,
)
from adjudicator.dampfross.building.thinking import Judge, Situation, carry_out
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.game.state import LedgerEntry
from adjudicator.dampfross.racing.race import RaceOutcome
from adjudicator.dampfross.racing.routes import seat_key
from adjudicator.kernel.problems import Problem

INCOME_REASONS = ("fare", "prize", "ferry-fare")


def race_income(entries: Iterable[LedgerEntry], players: Iterable[str]) -> dict[str, int]:
    """Each player's income from races in these ledger entries: prizes plus fares received.

    [reading] Fares count as received after set-off (seed 000: B receives 8,
    not 19); fares a player paid do not reduce its income; ferry fares
    received (advanced rules) are fares too.
    """
    out = dict.fromkeys(players, 0)
    for e in entries:
        if e.reason in INCOME_REASONS and e.payee in out:
            out[e.payee] += e.amount
    return out


def building_order(last: RaceOutcome | None, seats: Mapping[str, int], *, by_arrival: bool = False,
                   clockwise: bool = False) -> tuple[str, ...]:
    """Who builds first after the turn's races: the last race's winner, its second, then seat order.

    Partners of a joint train build in seat order.  ``by_arrival`` (Bütehorn)
    orders every train placed in the last race by its place; the others
    follow in seat order either way.  ``clockwise`` (seed 004: "První smí
    stavět vítěz závodu, pak druhý hráč, po něm přijdou na řadu i ostatní po
    směru hodinových ručiček"): the others follow clockwise from the seat
    after the last player placed.
    """
    key = seat_key(seats)
    first: list[str] = []
    if last is not None:
        placed = sorted(last.placings, key=lambda p: p.place)
        if not by_arrival:
            placed = [p for p in placed if p.place <= 2]
        for p in placed:
            first += [pid for pid in sorted(p.riders, key=key) if pid not in first]
    ring = sorted(seats, key=key)
    if clockwise and first:
        i = ring.index(first[-1]) + 1
        ring = ring[i:] + ring[:i]
    return tuple(first) + tuple(p for p in ring if p not in first)


def ten_percent_budget(rules: Rules, balance: int) -> int:
    """The 10% variant's money to build with: a share of the balance, or the small sum under the limit."""
    if balance < rules.ten_percent_low_balance:
        return rules.ten_percent_low_amount
    return balance * rules.ten_percent_rate // 100


def builds_this_turn(rules: Rules, races: Sequence[int]) -> bool:
    """Whether the players build after this turn's races (races: the numbers of the races run)."""
    if rules.build_budget != "ten_percent":
        return True
    return any(n % rules.ten_percent_every == 0 for n in races)


def no_building_after(rules: Rules, races: Sequence[int]) -> Problem[BuildProblem] | None:
    """Why nothing will be built after races of these numbers, as far as it is known before they run (``None``:
    the players build, unless a balance ends the game first): the game's last race is among them
    (``fixed_races``: the game ends after it), or under the 10% variant none of them lets the players build."""
    if rules.fixed_races and races and max(races) >= rules.fixed_races:
        return Problem.of(BuildProblem.LAST_RACE, race=rules.fixed_races)
    if not builds_this_turn(rules, races):
        return Problem.of(BuildProblem.NO_BUILDING_NOW, every=rules.ten_percent_every)
    return None


def not_built(lines: Mapping[str, Sequence[BuildLine]], income: Mapping[str, int],
              why: Problem[BuildProblem]) -> tuple[PostRaceBuild, ...]:
    """The building after races of a turn in which nothing is built (the game ended with its races): each company's
    BUILD lines, none built, each with ``why`` (the reports say it; issue 35)."""
    return tuple(PostRaceBuild(pid, income.get(pid, 0),
                               tuple(LineOutcome(line, (), why, line.hexes) for line in own if not line.guard), 0)
                 for pid, own in lines.items() if any(not line.guard for line in own))


@dataclass(frozen=True)
class PostRaceBuild:
    """One player's building after the races: its budget and what became of each line."""

    player: str
    income: int
    lines: tuple[LineOutcome, ...]
    spent: int
    purchases: tuple[FerryPurchase, ...] = ()  # BUY FERRY: paid from the account, not from the income

    @property
    def unspent(self) -> int:
        """Income not used for building; it stays in the account."""
        return self.income - self.spent


def build_after_races(ctx: BuildContext, order: Sequence[str], income: Mapping[str, int],
                      lines: Mapping[str, Sequence[BuildLine]], races: Sequence[int] = (),
                      ferries: Mapping[str, Sequence[FerryOrder]] | None = None,
                      judges: Mapping[str, Judge] | None = None) -> tuple[PostRaceBuild, ...]:
    """Build every player's lines in ``order``, each within its budget (money), then carry out its ferry orders.

    The budget is the race income, or under the 10% variant a share of the
    balance (``races``: the numbers of the races run this turn, which decide
    whether anybody builds).  Town bonuses are not paid in the racing phase:
    pass a context with ``bonuses_open=False``.  A ferry is bought, not
    built: its price comes from the account and does not use the budget
    (docs/rules.md), in a turn without building under the 10% variant too.
    ``judges`` judge the IFs the lines stand in (``building.thinking``; BUILD
    CHEAPEST is chosen here too).
    """
    rules = ctx.rules
    building = builds_this_turn(rules, races)
    after_races = dict(ctx.books.balances)  # the 10% variant: of the balance after the races (reading 23)
    out = []
    for pid in order:
        money = income.get(pid, 0)
        if rules.build_budget == "ten_percent":
            money = ten_percent_budget(rules, after_races[pid]) if building else 0
        budget = Budget("money", money)
        if building:
            judge = (judges or {}).get(pid) or Judge(ctx, pid, (), Situation())
            outcomes = carry_out(ctx, pid, lines.get(pid, ()), budget, judge)
        else:
            why = Problem.of(BuildProblem.NO_BUILDING_NOW, every=rules.ten_percent_every)
            outcomes = tuple(LineOutcome(line, (), why, line.hexes) for line in lines.get(pid, ()) if not line.guard)
        purchases = tuple(buy_ferry(ctx, pid, o) for o in (ferries or {}).get(pid, ()))
        out.append(PostRaceBuild(pid, money, outcomes, money - budget.remaining, purchases))
    return tuple(out)
