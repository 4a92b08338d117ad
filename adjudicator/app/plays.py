"""The games this program runs, by name: Dampfross (the default), InterUrban and any play of moves.

The kernel never imports a game (tests/test_layers.py); this module, above
both, joins them.  Each game is reached through one object, its
``GmCommands`` (``app/gm.py``): ``game_of(directory)`` gives the game of a
folder, and every GM command of the CLI, ``tick`` among them, calls one
method of it.  Dampfross brings its own (``GAMES``); a play of moves,
sequential or simultaneous (``PLAYS``, ``register``, the entry point group
``ENTRY_POINTS``), gets the commands every such game shares
(``app/movesgm.py``, ``new`` and its declaration among them).  Each game is imported only when a folder
of it is at hand (a Dampfross command loads no other game, and no postal code
it does not use).

What each game has is data (issue 34): ``declaration_named`` gives a game's
``Declaration`` (``kernel/declare.py``), ``declarations`` every game's, from
which the CLI builds ``new``'s options and the ``fix`` commands; ``new``,
``fix``, ``rules show`` and the ``map`` commands reach the game named
(``--play``) or the game of a folder like every other command.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from adjudicator.kernel.errors import AdjudicatorError
from adjudicator.postal.playof import play_of

if TYPE_CHECKING:
    from collections.abc import Iterator

    from adjudicator.app.gm import GmCommands
    from adjudicator.kernel.declare import Correction, Declaration
    from adjudicator.kernel.play import Play
    from adjudicator.postal.loop import TickGame
    from adjudicator.postal.tick import Tick

DEFAULT = "dampfross"
"""The game of a folder whose game file names no play (``postal/playof.py: play_of``), or that holds no game: its
commands then say there is no game."""
GAMES = {"dampfross": "adjudicator.dampfross.app.gm"}
"""The games that bring their own GM commands and postal loop, by name: the module whose ``GM`` (a ``GmCommands``)
they are."""
PLAYS = {"interurban": "adjudicator.interurban.play"}
"""The plays of moves (``kernel/play.py``: sequential or simultaneous), by the name ``new --play`` takes: the
module whose ``PLAY`` it is, imported only when a game of it is at hand.  A game outside the package joins with one
line: ``register(name, module)``, or an entry point of the group ``ENTRY_POINTS`` in its package."""
ENTRY_POINTS = "adjudicator.plays"


def register(name: str, module: str) -> None:
    """Add a play of moves: ``module`` holds its ``PLAY`` (``kernel/play.py``); nothing else changes."""
    if not name.isidentifier() or name in GAMES:
        raise AdjudicatorError(f"{name!r} cannot name a play")
    PLAYS[name] = module


def names() -> tuple[str, ...]:
    """Every game's name: Dampfross, the plays of the package, those registered and those installed."""
    return (*GAMES, *PLAYS, *(n for n in _installed() if n not in PLAYS and n not in GAMES))


def _installed() -> dict[str, str]:
    from importlib.metadata import entry_points

    return {e.name: e.value for e in entry_points(group=ENTRY_POINTS)}


def play_named(name: str) -> Play:
    """The play of moves called ``name``."""
    module = PLAYS.get(name) or _installed().get(name)
    if module is None:
        raise AdjudicatorError(f"no play {name!r}: the games are {', '.join(names())}")
    play: Play = importlib.import_module(module).PLAY
    return play


def game_named(name: str) -> GmCommands:
    """The GM commands of the game called ``name``: its own, or those of every play of moves."""
    if name in GAMES:
        commands: GmCommands = importlib.import_module(GAMES[name]).GM
        return commands
    from adjudicator.app.movesgm import MovesCommands

    return MovesCommands(play_named(name))


def declaration_named(name: str) -> Declaration:
    """What the game called ``name`` declares: a game with commands of its own says it; a play of moves has its
    own or the one every game of moves has (``app/declare.py: of_play``; its module is imported, not the postal
    code of its commands)."""
    if name in GAMES:
        return game_named(name).declared()
    from adjudicator.app.declare import of_play

    return of_play(play_named(name))


def declarations() -> Iterator[Declaration]:
    """Every game's declaration, in the order of ``names``, each game imported when its turn comes."""
    return (declaration_named(name) for name in names())


def correction(name: str) -> Correction | None:
    """The correction ``fix NAME`` as the first game that has it declares it (the same for each that has it: a test
    says so), or ``None``.  The corrections every game of moves has are known without loading a game."""
    from adjudicator.app.declare import CORRECTIONS

    for game in GAMES:
        found = declaration_named(game).correction(name)
        if found is not None:
            return found
    shared = next((c for c in CORRECTIONS if c.name == name), None)
    return shared or next((c for d in declarations() if (c := d.correction(name)) is not None), None)


def game_of(directory: str) -> GmCommands:
    """The GM commands of the game in ``directory``, by the first line of its game file (Dampfross when it names
    no play)."""
    return game_named(play_of(Path(directory)) or DEFAULT)


def game_for(directory: str | None) -> GmCommands:
    """The game of ``--game DIR``; without one, the default game's, which finds its folder from the GAME line of
    the orders (``run``, ``check``)."""
    return game_named(DEFAULT) if directory is None else game_of(directory)


def loop_of(directory: str) -> TickGame:
    """The loop that ticks a game directory: its game's."""
    return game_of(directory).tick


def tick(directories: Sequence[str], now: datetime | None = None) -> list[Tick]:
    """``adjudicate tick``: one tick of every game named, whatever it plays."""
    from adjudicator.postal.loop import tick_all

    return tick_all(directories, now or datetime.now(UTC), loop_of)
