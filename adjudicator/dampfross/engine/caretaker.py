"""The caretaker of a Dampfross company: who plays a company after a turn (reading 97).

Pure: ``after_turn`` takes the states before and after a turn and the
companies whose own orders counted (not a bot's), and returns the state
after with the caretaker handed on or off.  The GM hands a company to the
caretaker or takes it back with a correction (``engine/corrections.py``,
kind ``caretaker``), which uses ``hand_over``.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from adjudicator.dampfross.game.state import GameState, Player


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
