"""The end of the game (rules-reference.md §4): the threshold, a fixed number of races, or of racing turns.

The first player to reach ``rules.win_threshold(n)`` wins at once (seed 000:
"sobald ein Spieler einen bestimmten Kontostand erreicht hat"); under
``fixed_races`` the game instead ends after that many races, under
``racing_turns`` (postal RR; seed 004 (E): "Předem se stanoví čas") after
that many racing turns.  Then the highest balance wins, or (``winner_by:
last_turns``, seed 004 (EJ2): "kdo získal nejvíce bodů v posledních třech
kolech") the most gained over the last ``winner_last_turns`` racing turns.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from adjudicator.dampfross.game.racestate import EndReason
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.racing.routes import seat_key


@dataclass(frozen=True)
class GameEnd:
    """The game is over: who won, and why."""

    winner: str
    reason: EndReason
    race: int  # the race after which the game ended
    balance: int
    target: int  # the threshold reached, or the number of races (racing turns) played
    level: tuple[str, ...] = ()  # players level with the winner, decided by seat
    gained: int | None = None  # winner_by last_turns: what the winner gained over the last turns


def check_end(balances: Mapping[str, int], seats: Mapping[str, int], rules: Rules, race: int, *,
              racing_turn: int | None = None, gains: Mapping[str, int] | None = None,
              companies: int | None = None) -> GameEnd | None:
    """Has the game ended after race number ``race`` (in racing turn ``racing_turn``)?

    Threshold (default): the players at or above ``win_threshold`` for this
    many players; several at once (one race's payments): the highest
    balance, then the lower seat.  ``fixed_races`` > 0 replaces the threshold
    ([reading]: seed 000 "Erfahrene Spieler beenden das Spiel nicht bei einer
    vorgeschriebenen Gewinnsumme"), and so does ``racing_turns`` > 0 (only
    judged when ``racing_turn`` is given: at the end of a racing turn).
    ``gains``: each player's gain over the last turns, for ``winner_by:
    last_turns`` (ties: the higher balance, then the lower seat).
    ``seats`` are the companies that can win; ``companies`` how many play
    (the threshold's column; default: as many as ``seats``).
    """
    key = seat_key(seats)
    players = sorted(seats, key=lambda p: (-balances[p], key(p)))
    if not players:
        return None
    counted = rules.fixed_races or rules.racing_turns
    if counted:
        if rules.fixed_races and race >= rules.fixed_races:
            return _by_count(balances, seats, rules, race, "fixed_races", rules.fixed_races, gains)
        if rules.racing_turns and racing_turn is not None and racing_turn >= rules.racing_turns:
            return _by_count(balances, seats, rules, race, "racing_turns", rules.racing_turns, gains)
        return None
    top = players[0]
    level = tuple(p for p in players[1:] if balances[p] == balances[top])
    threshold = rules.win_threshold(companies or len(seats))
    if balances[top] >= threshold:
        return GameEnd(top, "threshold", race, balances[top], threshold, level)
    return None


def _by_count(balances: Mapping[str, int], seats: Mapping[str, int], rules: Rules, race: int, reason: EndReason,
              target: int, gains: Mapping[str, int] | None) -> GameEnd:
    key = seat_key(seats)
    if rules.winner_by == "last_turns" and gains is not None:
        order = sorted(seats, key=lambda p: (-gains.get(p, 0), -balances[p], key(p)))
        top = order[0]
        level = tuple(p for p in order[1:] if gains.get(p, 0) == gains.get(top, 0) and balances[p] == balances[top])
        return GameEnd(top, reason, race, balances[top], target, level, gains.get(top, 0))
    order = sorted(seats, key=lambda p: (-balances[p], key(p)))
    top = order[0]
    level = tuple(p for p in order[1:] if balances[p] == balances[top])
    return GameEnd(top, reason, race, balances[top], target, level)
