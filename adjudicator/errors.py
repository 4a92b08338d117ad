"""The project's exception hierarchy.

Every error a GM or player can cause is a ``DampfrossError``; the CLI turns
it into one clear line on stderr (or a block of lines for order files) and
exit status 1.  Anything else escaping is a bug.
"""

from __future__ import annotations


class DampfrossError(Exception):
    """Base of every error caused by input (files, orders, options)."""


class GameFileError(DampfrossError):
    """The game directory or game file is missing, unreadable or invalid."""


class RulesError(DampfrossError):
    """An unknown rules profile or a bad ``--set KEY=VALUE`` override."""


class TurnRefused(DampfrossError):
    """The turn cannot be adjudicated as given (wrong turn, missing dice, ...)."""
