"""The project's exception family: every error that input can cause.

Every error a GM or player can cause, in any game, is an ``AdjudicatorError``
(the root, neutral to the games); the CLI turns it into one clear ``error:``
line on stderr (a block of lines for an error with several problems: its
``details``) and exit status 1, in one place.  Anything else escaping is a
bug.  A game's own errors (Dampfross's hex labels, maps, rules profiles, race draws, dice:
``dampfross/board/errors.py``, ``dampfross/game/errors.py``) live in the
game, as children of ``AdjudicatorError``.  Problems in order
files are not exceptions at all: they are data (``adjudicator.dampfross.orders``,
InterUrban's notation problems), reported in the players' reports.

This module imports nothing of the project, so every layer may raise these.
"""

from __future__ import annotations


class AdjudicatorError(Exception):
    """Base of every error caused by input (files, orders, options)."""

    def details(self) -> str:
        """What the CLI prints after ``error:``: the message; an error with several problems (a Dampfross map's
        ``MapError``) gives one line each."""
        return str(self)


class GameFileError(AdjudicatorError):
    """The game directory or game file is missing, unreadable or invalid."""


class TurnRefused(AdjudicatorError):
    """The turn cannot be adjudicated as given (wrong turn, missing dice, ...)."""


class GameBusy(TurnRefused):
    """Another command holds the game's lock (a second ``tick`` skips the game quietly)."""
