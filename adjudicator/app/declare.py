"""What a play of moves declares to the platform (``kernel/declare.py``) when it declares nothing
itself: the common options only, no rules profiles, no maps, its bots' levels, and the two corrections every
game of moves has (``fix seat``, ``fix position``: ``app/movesgm.py``, ``app/movefix.py``), and the deadline
setting ``--statements`` (end-of-game statements: ``postal/statements.py``); a play of simultaneous turns also has
``--early`` (its session resolves a period before its deadline only with it) and ``--strict`` (mail after a
deadline counts for the next period, not the one at its deadline: ``postal/periods.py: lenient``).

A play with something of its own to declare gives a ``declaration`` (a ``kernel.declare.Declaration``: its
seats, say); the corrections every game of moves has are added to it.  The tests' take-away declares nothing
and needs no line for it.  This module imports only the kernel, so the CLI
looks a correction up without loading a game.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from adjudicator.kernel.declare import Argument, Correction, Declaration, Option, ScheduleSetting, Seats

if TYPE_CHECKING:
    from adjudicator.kernel.play import Play

CORRECTIONS = (
    Correction("seat", """
    Correct a seat of a game of moves (InterUrban): its player's name, address, language or password.

    The next move's report says what was corrected and why (never the
    address or the password).  A new password goes to the GM's passwords
    file and, in a game run by mail, to the seat's address with the game so
    far.  A Dampfross company: adjudicate player address|lang|replace.

    Example: adjudicate fix seat tram BLUE --email bernd@example.net --why "a typo in the address"
    """, (Argument("player", "ID"),), (
        Option("--name", "name", "The player's name (a stand-by: with --email and --new-password)."),
        Option("--email", "email", "The player's mail address ('' for none)."),
        Option("--lang", "lang", "The language of the player's mails: en or de."),
        Option("--new-password", "new_password", "A new password (the old one stops working).", kind="flag"),
    ), what="seats"),
    Correction("position", """
    Set the game of moves (InterUrban) in DIRECTORY to the position in FILE: a teaching position, or a
    position set right.

    FILE is a state in JSON as game.json holds it (its "state"), or a whole
    game file, e.g. a step's game-after.json; it is read as the game reads
    its own.  The seats, the moves made and the deadline stay.

    Example: adjudicate fix position tram lesson-3.json --why "lesson 3: closing a line"
    """, (Argument("file", "FILE", "file"),), what="position to set"),
)
"""The corrections of every game of moves."""


def of_play(play: Play) -> Declaration:
    """What the platform knows of ``play``: its own ``declaration`` if it has one (seats, options, rules, maps),
    else its name and title and its bots (``kernel/play.py: Bots``); either way with the corrections above, which
    the platform gives every game of moves.  Without a declaration its setup checks the number of seats."""
    from adjudicator.kernel.play import bots_of, sequential

    own = getattr(play, "declaration", None)
    if not isinstance(own, Declaration):
        bots = bots_of(play)
        own = Declaration(play.name, play.title, Seats(bots=tuple(bots.bot_levels) if bots else ()))
    named = {c.name for c in own.corrections}
    every: tuple[ScheduleSetting, ...] = ("statements",) if sequential(play) else ("strict", "early", "statements")
    schedule = (*own.schedule, *(s for s in every if s not in own.schedule))
    return replace(own, corrections=(*(c for c in CORRECTIONS if c.name not in named), *own.corrections),
                   schedule=schedule)
