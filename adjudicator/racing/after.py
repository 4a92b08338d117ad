"""After the races: income, building with money, and the end of the game (RULES.md §3, §4).

*Building after a race*: cost plus fees may not exceed the player's income
from this turn's races (prizes plus fares received, as entered in the
ledger); the winner of the turn's last race builds first, then the second,
then the others in seat order.  The building itself is
``adjudicator.building.build_line`` with a money ``Budget``.

*End of the game*: the first player to reach ``rules.win_threshold(n)``
wins at once; under ``fixed_races`` the game instead ends after that many
races and the highest balance wins.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from adjudicator.building.lines import (
    Budget,
    BuildContext,
    BuildLine,
    LineOutcome,
    build_line,
)
from adjudicator.game.ledger import Books
from adjudicator.board.model import GameMap
from adjudicator.racing.race import Entry, MoveOrder, RaceOutcome, run_race
from adjudicator.racing.draw import RaceDice, RaceDraw
from adjudicator.racing.routes import seat_key
from adjudicator.game.rules import Rules
from adjudicator.game.state import LedgerEntry
from adjudicator.game.track import TrackIndex

INCOME_REASONS = ("fare", "prize")


def race_income(entries: Iterable[LedgerEntry], players: Iterable[str]) -> dict[str, int]:
    """Each player's income from races in these ledger entries: prizes plus fares received.

    [reading] Fares count as received after set-off (seed 000: B receives 8,
    not 19); fares a player paid do not reduce its income.
    """
    out = {p: 0 for p in players}
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

    @property
    def unspent(self) -> int:
        """Income not used for building; it stays in the account."""
        return self.income - self.spent


def build_after_races(ctx: BuildContext, order: Sequence[str], income: Mapping[str, int],
                      lines: Mapping[str, Sequence[BuildLine]]) -> tuple[PostRaceBuild, ...]:
    """Build every player's lines in ``order``, each within its race income (money budget).

    Town bonuses are not paid in the racing phase: pass a context with
    ``bonuses_open=False``.
    """
    out = []
    for pid in order:
        budget = Budget("money", income.get(pid, 0))
        outcomes = tuple(build_line(ctx, pid, line, budget) for line in lines.get(pid, ()))
        out.append(PostRaceBuild(pid, income.get(pid, 0), outcomes, income.get(pid, 0) - budget.remaining))
    return tuple(out)


@dataclass(frozen=True)
class GameEnd:
    """The game is over: who won, and why."""

    winner: str
    reason: Literal["threshold", "fixed_races"]
    race: int  # the race after which the game ended
    balance: int
    target: int  # the threshold reached, or the number of races played
    level: tuple[str, ...] = ()  # players level with the winner, decided by seat


def check_end(balances: Mapping[str, int], seats: Mapping[str, int], rules: Rules, race: int) -> GameEnd | None:
    """Has the game ended after race number ``race``?

    Threshold (default): the players at or above ``win_threshold`` for this
    many players; several at once (one race's payments): the highest
    balance, then the lower seat.  ``fixed_races`` > 0 replaces the threshold
    ([reading]: seed 000 "Erfahrene Spieler beenden das Spiel nicht bei einer
    vorgeschriebenen Gewinnsumme"): after that many races the highest
    balance wins.
    """
    key = seat_key(seats)
    players = sorted(seats, key=lambda p: (-balances[p], key(p)))
    if not players:
        return None
    top = players[0]
    level = tuple(p for p in players[1:] if balances[p] == balances[top])
    if rules.fixed_races:
        if race >= rules.fixed_races:
            return GameEnd(top, "fixed_races", race, balances[top], rules.fixed_races, level)
        return None
    threshold = rules.win_threshold(len(seats))
    if balances[top] >= threshold:
        return GameEnd(top, "threshold", race, balances[top], threshold, level)
    return None


@dataclass(frozen=True)
class RacesResult:
    """A turn's races as run: the outcomes, and the end of the game if it came."""

    outcomes: tuple[RaceOutcome, ...]
    end: GameEnd | None
    not_run: tuple[RaceDraw, ...] = ()  # races drawn for the turn but not run (the game ended)


def run_races(
    gmap: GameMap,
    track: TrackIndex,
    rules: Rules,
    draws: Sequence[RaceDraw],
    entries: Mapping[int, Sequence[Entry]],
    books: Books,
    dice: RaceDice,
    seats: Mapping[str, int],
    *,
    first_arrival_wins: bool = False,
    move_order: MoveOrder = "seat",
) -> RacesResult:
    """Run a turn's races in order (``entries`` by race number), stopping when the game ends."""
    outcomes: list[RaceOutcome] = []
    for i, d in enumerate(draws):
        outcomes.append(run_race(gmap, track, rules, d, entries.get(d.number, ()), books, dice, seats,
                                 first_arrival_wins=first_arrival_wins, move_order=move_order))
        end = check_end(books.balances, seats, rules, d.number)
        if end is not None:
            return RacesResult(tuple(outcomes), end, tuple(draws[i + 1:]))
    return RacesResult(tuple(outcomes), None)
