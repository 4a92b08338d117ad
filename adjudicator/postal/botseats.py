"""Bot seats of a game of moves (``adjudicate new --player BLUE:bot=LEVEL``, issue 26).

When the move comes to a bot seat, the postal loop plays the bot's move at once (``turns.play_bots``): no
mail, no deadline.  The bot writes the order lines a player would mail (``Bots.bot``), and they go the way
of a player's: the play's reading, the move, the archive (``orders.txt``, a record naming the bot), the
report to every player.  The bot's random choices come from the game's commitment in a domain of their own
(``bot_rng``: the label ``GAME|bot|move=N|SEAT`` is no label of the game's draws), so ``verify`` plays the
bot again from the seed and finds the same lines (``postal/moveverify.py``), and the bot never sees the
draw to come: it is given the state its seat's player sees and nothing else.  A play may count its periods by a
word of its own in that label (``kernel/play.py: PeriodWord``): Dampfross's bots draw from ``GAME|bot|turn=N|SEAT``
as they did before the one session (period N of the table is turn N of the game), so a game started then goes on
and verifies with the same bots' lines.

The caretaker (readings IU-18, IU-19) is the same bot playing a player's seat for a while: its moves are
played here the same way, with the same random source.

In a game of simultaneous turns every seat a bot plays writes its orders at the period's start (``bot_lines``),
accepted as a player's are (``postal/periods.py: bots_in``).
"""

from __future__ import annotations

import random
from typing import Any

from adjudicator.kernel.commitment import digests
from adjudicator.kernel.play import Play, bots_of, on_move, period_word
from adjudicator.kernel.table import Table

MAX_BOT_MOVES = 1000
"""The most bot moves one call plays in a row (a game whose seats are nearly all bots ends well before)."""


def bot_rng(seed: str, game: str, move: int, seat: str, unit: str = "move") -> random.Random:
    """The bot's random source for move ``move`` of ``seat``: seeded from ``HMAC(seed, GAME|bot|move=N|SEAT)``
    (``unit``: what the number counts; a game of turns, Dampfross, draws from ``GAME|bot|turn=N|SEAT``)."""
    digest = next(digests(seed, f"{game}|bot|{unit}={move}|{seat}"))
    return random.Random(int.from_bytes(digest, "big"))


def bot_on_move(play: Play, table: Table, state: Any) -> tuple[str, str] | None:
    """The seat on move that a bot plays (a bot seat, or a player's seat the caretaker plays: IU-18) and the bot's
    level, or ``None`` (a player on move, the game over, a play without bots)."""
    sid = on_move(play, state)
    if sid is None or bots_of(play) is None:
        return None
    seat = table.find(sid)
    return (seat.id, seat.played_by) if seat is not None and seat.played_by else None


def bot_lines(play: Play, table: Table, state: Any, seat: str, seed: str) -> tuple[str, ...]:
    """The order lines the bot that plays ``seat`` (a bot seat, or the caretaker of a player's) writes for the period
    on hand (a game of simultaneous turns, where several seats act: ``postal/periods.py: bots_in``), from the same
    random source as a sequential game's bot on move."""
    bots = bots_of(play)
    level = table.seat(seat).played_by
    if bots is None or not level:
        raise ValueError(f"no bot plays {seat}")
    return bots.bot(state, seat, level, bot_rng(seed, table.game, table.moves + 1, seat, period_word(play)))


def bot_orders(play: Play, table: Table, state: Any, seed: str) -> tuple[str, ...]:
    """The order lines of the bot on move (``bot_on_move`` must name one)."""
    bots = bots_of(play)
    on_move = bot_on_move(play, table, state)
    if bots is None or on_move is None:
        raise ValueError("no bot is on move")
    seat, level = on_move
    return bots.bot(state, seat, level, bot_rng(seed, table.game, table.moves + 1, seat, period_word(play)))
