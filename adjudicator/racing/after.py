"""After the races: income, and building with money from it (RULES.md §3).

*Building after a race*: cost plus fees may not exceed the player's income
from this turn's races (prizes plus fares received, as entered in the
ledger); the winner of the turn's last race builds first, then the second,
then the others in seat order.  The building itself is
``adjudicator.building.build_line`` with a money ``Budget``.

The end of the game is in ``adjudicator.racing.end``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from adjudicator.building.ferries import FerryOrder, FerryPurchase, buy_ferry
from adjudicator.building.lines import (
    Budget,
    BuildContext,
    BuildLine,
    LineOutcome,
    build_line,
)
from adjudicator.game.state import LedgerEntry
from adjudicator.racing.race import RaceOutcome
from adjudicator.racing.routes import seat_key

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


def building_order(last: RaceOutcome | None, seats: Mapping[str, int], *, by_arrival: bool = False) -> tuple[str, ...]:
    """Who builds first after the turn's races: the last race's winner, its second, then seat order.

    Partners of a joint train build in seat order.  ``by_arrival`` (Bütehorn)
    orders every train placed in the last race by its place; the others
    follow in seat order either way.
    """
    key = seat_key(seats)
    first: list[str] = []
    if last is not None:
        placed = sorted(last.placings, key=lambda p: p.place)
        if not by_arrival:
            placed = [p for p in placed if p.place <= 2]
        for p in placed:
            first += [pid for pid in sorted(p.riders, key=key) if pid not in first]
    return tuple(first) + tuple(p for p in sorted(seats, key=key) if p not in first)


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
                      lines: Mapping[str, Sequence[BuildLine]],
                      ferries: Mapping[str, Sequence[FerryOrder]] | None = None) -> tuple[PostRaceBuild, ...]:
    """Build every player's lines in ``order``, each within its race income (money budget), then its ferry orders.

    Town bonuses are not paid in the racing phase: pass a context with
    ``bonuses_open=False``.  A ferry is bought, not built: its price comes
    from the account and does not use the income (docs/rules.md).
    """
    out = []
    for pid in order:
        budget = Budget("money", income.get(pid, 0))
        outcomes = tuple(build_line(ctx, pid, line, budget) for line in lines.get(pid, ()))
        purchases = tuple(buy_ferry(ctx, pid, o) for o in (ferries or {}).get(pid, ()))
        out.append(PostRaceBuild(pid, income.get(pid, 0), outcomes, income.get(pid, 0) - budget.remaining, purchases))
    return tuple(out)
