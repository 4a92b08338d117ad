"""What a game declares to the platform, as data (issue 34): its seats, the options of its ``new``, the GM's
corrections it has, and whether it has rules profiles and maps.

18xx.games keeps each title's metadata (players, options) as data beside its rules, and the server builds
its forms from it; here the platform builds the command line from a game's ``Declaration``: ``adjudicate
new`` takes the options every game shares (``cli/game.py``) and those of each game, and refuses an option
the chosen game does not declare in one line; the ``fix`` subcommands are the corrections the games
declare, each with its arguments; ``rules show`` and ``map ...`` reach a game through the registry and a
game without rules or maps says so (``app/gm.py: NoSuchCommand``).

Only values live here (frozen, hashable, no behaviour beyond looking a name up), so a game's pure layer may
declare itself too.  Where a game's declaration comes from: a game with GM commands of its own gives it
(``GmCommands.declared``, Dampfross: ``dampfross/app/declare.py``); a play of sequential moves has a
``declaration`` of its own or the one every game of moves shares (``app/declare.py: of_play``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

OptionKind = Literal["text", "choice", "many", "flag"]
"""How an option is given: ``text`` (``--map germany``), ``choice`` (one of ``choices``), ``many`` (given again
for each value, ``--set a=1 --set b=2``), ``flag`` (given or not)."""
ArgumentKind = Literal["text", "int", "choice", "file"]
"""How an argument of a correction is read: a word, a whole number, one of ``choices``, a file's path."""
ScheduleSetting = Literal["strict", "early", "statements"]
"""The settings of a game's deadlines beyond the first deadline, the period, the zone and the reminder (which
every game has): late mail kept unused, a turn run early, statements after the end."""


@dataclass(frozen=True)
class Option:
    """One option of a game's ``new`` (``--map NAME|FILE``): the game gets its value by ``key``."""

    flag: str
    """As typed: ``--map``."""
    key: str
    """The name the game's ``new`` receives the value by (``map_name``)."""
    help: str
    kind: OptionKind = "text"
    metavar: str = ""
    default: str | None = None
    """The value when not given (``text`` and ``choice``; a ``many`` is ``()`` and a ``flag`` false then)."""
    choices: tuple[str, ...] = ()
    required: str = ""
    """Why the game cannot start without it (``a Dampfross game needs a map; see 'map list'``); empty: optional."""


@dataclass(frozen=True)
class Argument:
    """One argument of a correction (``fix track DIR add RED 1108 1109``: ``action``, ``player``, ``a``, ``b``)."""

    key: str
    metavar: str = ""
    kind: ArgumentKind = "text"
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Correction:
    """One of the GM's corrections between turns: ``adjudicate fix NAME DIR ARGUMENTS... --why TEXT [--by WHO]``
    (``--why`` and ``--by`` are every correction's)."""

    name: str
    help: str
    """The command's help: a first line, what it does, an example."""
    arguments: tuple[Argument, ...] = ()
    options: tuple[Option, ...] = ()
    what: str = ""
    """What a game without it has none of, as its refusal says (``fix track: an interurban game has no track``)."""


@dataclass(frozen=True)
class Seats:
    """Who plays: how many seats, what they are called, and the bots that may play one.  A seat's id is the same
    form in every game (1-8 capital letters or digits, starting with a letter: ``kernel/contacts.py:
    PlayerSpec``)."""

    minimum: int = 1
    maximum: int | None = None
    """``None``: the game's setup says how many it takes."""
    called: str = "players"
    """What the seats are called in the game (Dampfross: ``companies``)."""
    bots: tuple[str, ...] = ()
    """The bots' levels, weakest first (``--player ID:bot=LEVEL``); none: no bot plays a seat."""

    def problem(self, title: str, count: int) -> str | None:
        """Why ``count`` seats cannot play (``Dampfross is for 2 to 6 players, not 7``), or ``None``."""
        if count >= self.minimum and (self.maximum is None or count <= self.maximum):
            return None
        if self.maximum is None:
            return f"{title} is for {self.minimum} or more players, not {count}"
        if self.maximum == self.minimum:
            return f"{title} is for {self.minimum} players, not {count}"
        return f"{title} is for {self.minimum} to {self.maximum} players, not {count}"


@dataclass(frozen=True)
class Declaration:
    """Everything the platform needs to know of a game to build its commands."""

    name: str
    """As ``new --play`` takes it and the game file says it."""
    title: str
    """The game's name in the GM's words (``Dampfross``, ``InterUrban``)."""
    seats: Seats = Seats()
    options: tuple[Option, ...] = ()
    """The options of ``new`` beyond those every game has (``cli/game.py``)."""
    schedule: tuple[ScheduleSetting, ...] = ()
    """The settings of the deadlines the game honours beyond those every game has."""
    corrections: tuple[Correction, ...] = ()
    rules: bool = False
    """Whether it has rules profiles (``adjudicate rules show``)."""
    maps: bool = False
    """Whether it has maps (``adjudicate map list|show|check``)."""

    def option(self, flag: str) -> Option | None:
        """The option typed as ``flag``, or ``None``."""
        return next((o for o in self.options if o.flag == flag), None)

    def correction(self, name: str) -> Correction | None:
        """The correction ``fix NAME``, or ``None``."""
        return next((c for c in self.corrections if c.name == name), None)
