"""Bots that play a seat of a Dampfross game: an order text for the seat, as its player would mail it.

A bot is a pure function of what a player of the seat sees (``SeatView``:
the state without anybody's secrets, the map, the seat), a level, a
``random.Random`` the caller seeds (in a game: from the game's commitment, in
a domain of its own, so that ``verify`` replays the bot's choices) and the
judgement of ``check`` on its own orders (``Judge``: the caller hands it
``app/botseats.py: check_judge``, ``check``'s own reading and preview, since
this layer lies below the order language).  It returns the lines of the
seat's section without its PLAYER line (the caller writes that, with the
password); the normal parser and ``check`` read them as any player's.  It
opens no file and knows nothing of mail.

Every level's plan goes through the judge before it is returned
(``judged``): a line ``check`` would refuse or not carry out in full is
dropped, and a plan with no line left is ``PASS``; the careful levels also
ask the judge while they plan, and plan another line for one it refuses.

Levels: ``random`` (``bots.randomlevel``: random legal orders, the floor),
``careful`` (``bots.careful``: builds toward the likeliest towns, enters
races worth entering) and ``strong`` (``bots.careful`` too: values a town
by the races it would make with the towns its network already reaches).  See docs/bots.md for what a bot may and may
not see, and for the figures of its strength.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Literal

from adjudicator.dampfross.bots.careful import careful_orders, strong_orders
from adjudicator.dampfross.bots.judged import Judge, judged
from adjudicator.dampfross.bots.randomlevel import random_orders
from adjudicator.dampfross.bots.view import SeatView, seat_view

__all__ = ["LEVELS", "Judge", "Level", "SeatView", "bot_orders", "judged", "seat_view"]

Level = Literal["random", "careful", "strong"]
_PLAY: dict[Level, Callable[[SeatView, random.Random, Judge], list[str]]] = {
    "random": random_orders,
    "careful": careful_orders,
    "strong": strong_orders,
}
LEVELS: tuple[Level, ...] = tuple(_PLAY)


def bot_orders(view: SeatView, level: Level, rng: random.Random, judge: Judge) -> list[str]:
    """The lines of ``view.seat``'s section for the game's current turn, as the bot of ``level`` writes them: only
    lines ``judge`` (``check`` of the seat's own orders) accepts, ``PASS`` when none is left."""
    return judged(_PLAY[level](view, rng, judge), judge)
