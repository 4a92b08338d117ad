"""The end of the game (RULES.md §4): the threshold, or a fixed number of races.

The first player to reach ``rules.win_threshold(n)`` wins at once; under
``fixed_races`` the game instead ends after that many races and the highest
balance wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from adjudicator.game.racestate import EndReason
from adjudicator.game.rules import Rules
from adjudicator.racing.routes import seat_key


@dataclass(frozen=True)
class GameEnd:
    """The game is over: who won, and why."""

    winner: str
    reason: EndReason
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
