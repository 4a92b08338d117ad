"""The caretaker of a Dampfross company: who plays a company after a turn (reading 97).

Pure: ``after_turn`` takes the states before and after a turn and the
companies whose own orders counted (not a bot's), and returns the state
after with the caretaker handed on or off.  The GM hands a company to the
caretaker or takes it back with a correction (``engine/corrections.py``,
kind ``caretaker``), which uses ``hand_over``.

A game on the platform's one session (issue 34, reading 134) keeps its caretaker in the table, as every game
does (``kernel/table.py``: ``Seat.caretaker``, ``caretaker_from``, ``Table.after_period``); its state keeps none.
``with_table`` gives a state's players the table's caretaker as this module keeps it, so the report's words
(``report/botwords.py``) say it as they always did.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from typing import TYPE_CHECKING

from adjudicator.dampfross.game.state import GameState, Player

if TYPE_CHECKING:
    from adjudicator.kernel.table import Table


def hand_over(player: Player, level: str | None, turn: int) -> Player:
    """The company played by the caretaker of ``level`` from ``turn`` on (``None``: by its owner again)."""
    if level is None:
        return replace(player, caretaker=None, caretaker_from=None)
    return replace(player, caretaker=level, caretaker_from=player.caretaker_from if player.caretaker else turn)


def after_turn(after: GameState, owners: Collection[str]) -> GameState:
    """The state after a turn with the caretaker's seats settled (reading 97).

    ``owners``: the companies whose own orders counted this turn (a mail,
    not a bot's file).  A company under the caretaker whose owner's orders
    counted is its owner's again from the next turn on; a player's company
    in play that has now missed ``caretaker_after`` turns in a row goes to
    the caretaker (the game's level) from the next turn on.  A bot seat, a
    retired company and a game without the setting are left as they are.
    """
    limit = after.caretaker_after
    players = []
    for p in after.players:
        if p.bot or p.retired is not None:
            players.append(p)
        elif p.caretaker and p.id in owners:
            players.append(hand_over(p, None, after.turn))
        elif not p.caretaker and limit is not None and p.missed >= limit and after.phase != "over":
            players.append(hand_over(p, after.caretaker_level, after.turn))
        else:
            players.append(p)
    return replace(after, players=tuple(players))


def played_by_caretaker(after: GameState, turn: int) -> list[str]:
    """The companies the caretaker played in ``turn`` (``after``: the state after it), in seat order: those still
    under the caretaker whose caretaking began at or before that turn (an owner's orders would have ended it)."""
    return [p.id for p in sorted(after.players, key=lambda p: p.seat)
            if p.caretaker and p.caretaker_from is not None and p.caretaker_from <= turn]


def with_table(state: GameState, table: Table) -> GameState:
    """The state with its players' caretaker as the session's table has it (reading 134): a seat the caretaker
    plays is its level, from the first turn it played the seat (``Seat.caretaker_from``) or, not yet, from the
    table's next period (``moves + 1``, the turn it plays first), as ``after_turn`` and ``hand_over`` set them; any
    other company has none.  Nothing else of the state changes."""
    seats = {s.id: s for s in table.seats}
    players = []
    for p in state.players:
        seat = seats.get(p.id)
        if seat is not None and seat.caretaker and not seat.bot:
            players.append(replace(p, caretaker=seat.caretaker, caretaker_from=seat.caretaker_from or table.moves + 1))
        else:
            players.append(replace(p, caretaker=None, caretaker_from=None))
    return replace(state, players=tuple(players))

