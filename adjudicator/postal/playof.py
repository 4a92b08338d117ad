"""Which game a folder holds, from the first line of its game file: every command and tick asks this first, so it
imports nothing of the games or their protocol (a Dampfross turn's process never loads the games of moves)."""

from __future__ import annotations

import re
from pathlib import Path

GAME_FILE = "game.json"
"""The game file of a game of moves (``postal/moves.py``); Dampfross's has the same name and no ``play``."""

_PLAY = re.compile(rb'\A\{\s*"play": "([a-z][a-z0-9-]{0,39})"')


def play_of(path: Path) -> str | None:
    """The play a game folder holds, from the first line of its game file (``None``: no game of moves, e.g. a
    Dampfross game, whose file is not read further: every command and tick asks this first)."""
    try:
        with (path / GAME_FILE).open("rb") as f:
            head = f.read(64)
    except OSError:
        return None
    found = _PLAY.match(head)
    return found.group(1).decode("ascii") if found else None
