"""The GM's commands of one game, reached through one object (issue 24): ``GmCommands``.

The CLI asks the registry (``app/plays.py: game_of``) once for the game of a
folder and calls one method of what it gets; it never tries one game and
falls back to another.  Dampfross brings its own (``dampfross/app/gm.py``);
every play of sequential moves (InterUrban, the tests' take-away) shares one
(``app/movesgm.py``).  A command a game does not have raises
``NoSuchCommand``: one line naming the command and the game, printed by the
CLI as any project error (exit status 1).

Each method returns what the GM reads: a text (with its line breaks), or a
value the CLI prints as it prints it for every game (a tick's notes, a check
and whether it passed, the lines of ``verify``).

What a game has is data too (issue 34): ``declared`` gives its
``Declaration`` (``kernel/declare.py``: seats, ``new``'s options, the
corrections, rules profiles, maps), from which the CLI builds ``new`` and the
``fix`` commands; ``new``, ``fix``, ``rules`` and the ``map`` commands are
methods here like every other command.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from adjudicator.kernel.declare import Declaration
from adjudicator.kernel.errors import AdjudicatorError

if TYPE_CHECKING:
    from adjudicator.kernel.deadline import Schedule
    from adjudicator.kernel.play import Play
    from adjudicator.postal.tick import Tick

DAMPFROSS = "a Dampfross command"
MOVES = "a command of games of moves such as interurban"
"""Who has a command that a game refuses: the hint at the end of the refusal."""


class NoSuchCommand(AdjudicatorError):
    """A GM command the game of a folder does not have: ``fix track: an interurban game has no track (a Dampfross
    command)``."""

    def __init__(self, command: str, game: str, what: str = "such command", hint: str = ""):
        self.command, self.game = command, game
        article = "an" if game[:1].lower() in "aeiou" else "a"
        super().__init__(f"{command}: {article} {game} game has no {what}" + (f" ({hint})" if hint else ""))


@dataclass(frozen=True)
class Ran:
    """A turn the GM ran (``adjudicate run``): the lines for standard error before the report (problems in the
    orders, warnings), the public report, and the line after it (where the reports are, or a dry run)."""

    told: tuple[str, ...]
    public: str
    done: str
    stand_in: tuple[str, ...] = ()
    """The seats whose standing orders stood in for their orders (a play with ``StandingOrders``; the play's own
    words say so among ``told``)."""


@dataclass(frozen=True)
class NewGame:
    """What ``adjudicate new`` gives every game, whatever it plays: the folder, the seats in order
    (``ID:NAME[:EMAIL[:LANG]]`` or ``ID:bot=LEVEL``), the seed's and the passwords' test texts, the deadlines,
    the languages, the id of the GAME lines and the caretaker."""

    directory: str
    players: tuple[str, ...]
    seed: str | None = None
    test_passwords: str | None = None
    schedule: Schedule | None = None
    lang: str = "en"
    player_langs: tuple[str, ...] = ()
    game_id: str | None = None
    caretaker_after: int | None = None
    caretaker_level: str = "careful"


@dataclass(frozen=True)
class Started:
    """A game ``new`` started: its opening report, its folder, and warnings for the GM."""

    opening: str
    folder: Path
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class MapView:
    """How ``map show`` draws: an ASCII window or the whole map split to 80 columns, with or without its key, or
    picture files (with the turn's races)."""

    window: str | None = None
    legend: bool = True
    split: bool = False
    svg_file: str | None = None
    png_file: str | None = None
    races: bool = False


def new_schedule(deadline: str | None, every: str | None, zone: str | None, strict: bool, early: bool,
                 remind: str | None, statements: str | None, now: datetime) -> Schedule | None:
    """The deadlines of a new game from ``new``'s options (``None`` when none is given)."""
    from adjudicator.kernel.deadline import Schedule, first_due, parse_time

    given = (deadline, every, zone, remind, statements)
    if not any(given) and not strict and not early:
        return None
    base = Schedule(zone="UTC")
    for key, value in (("zone", zone), ("every", every), ("remind", remind), ("statements", statements)):
        if value:
            base = base.with_setting(key, value)
    base = replace(base, strict=strict, early=early)
    due = parse_time(deadline, base.zone).isoformat() if deadline else first_due(base, now)
    return base.with_setting("due", due) if due else base


class GmCommands(Protocol):
    """The GM's commands of one game, each on the game in ``directory``.  A game subclasses this and overrides what
    it has; the rest refuse in one line (``NoSuchCommand``), as its own refusals do with a hint of who has it."""

    name: str
    """The game's name, as ``new --play`` takes it and its game file says it."""
    own_fixes: str = ""
    """The game's own corrections, named after the hint when it refuses another game's (none: the hint alone)."""

    def declared(self) -> Declaration:
        """What the game declares (``kernel/declare.py``); a game that declares nothing has no options of its own,
        no corrections, no rules profiles and no maps."""
        return Declaration(self.name, self.name)

    def new(self, game: NewGame, options: Mapping[str, Any]) -> Started:
        """``new``: a game started in ``game.directory``; ``options``: the values of the options the game declares
        (``declared().options``), by their keys, each given or its default."""
        raise NoSuchCommand("new", self.name)

    def rules(self, name: str | None) -> str:
        """``rules show``: every rule of a profile (``None``: the default one) or of the game in the folder
        ``name``."""
        raise NoSuchCommand("rules show", self.name, "rules profiles")

    def map_list(self) -> str:
        """``map list``: the game's shipped maps, a line each."""
        raise NoSuchCommand("map list", self.name, "maps")

    def map_check(self, name: str) -> tuple[bool, str]:
        """``map check``: whether the map is valid, and what to print (to standard error when it is not)."""
        raise NoSuchCommand("map check", self.name, "maps")

    def map_show(self, name: str | None, directory: str | None, turn: int | None,
                 view: MapView) -> tuple[str, list[str]]:
        """``map show``: a map (``name``) or the map of the game in ``directory``; the text to print and a line for
        each file written."""
        raise NoSuchCommand("map show", self.name, "maps")

    def fix(self, directory: str, name: str, given: Mapping[str, Any], why: str, by: str) -> str:
        """``fix NAME``: one of the corrections (``kernel/declare.py: Correction``), its arguments and options by
        their declared keys.  The corrections the platform's games have each reach their method below (which
        refuses when the game lacks it); a game with a correction of its own overrides this for its name."""
        match name:
            case "balance":
                return self.fix_balance(directory, given["player"], given["amount"], why, by)
            case "track":
                return self.fix_track(directory, given["action"] == "add", given["player"], given["a"], given["b"],
                                      why, by)
            case "rule":
                key, _, value = str(given["setting"]).partition("=")
                return self.fix_rule(directory, key.strip(), value.strip(), why, by)
            case "seat":
                return self.fix_seat(directory, given["player"], given.get("name"), given.get("email"),
                                     given.get("lang"), bool(given.get("new_password")), why, by)
            case "position":
                return self.fix_position(directory, given["file"], why, by)
        raise NoSuchCommand(f"fix {name}", self.name, "such correction")

    def _hint(self, whose: str) -> str:
        """The hint of a refused correction: whose command it is, then the game's own corrections."""
        return f"{whose}; {self.own_fixes}" if self.own_fixes else whose

    def tick(self, directory: str, now: datetime, t: Tick) -> None:
        """One tick of the game's postal loop (``adjudicate tick``)."""
        raise NoSuchCommand("tick", self.name)

    def status(self, directory: str) -> str:
        """``status``: the turn's or move's mail, who is missing, the deadline, as the GM reads it."""
        raise NoSuchCommand("status", self.name)

    def status_json(self, directory: str) -> dict[str, object]:
        """``status --json``: codes and numbers for scripts."""
        raise NoSuchCommand("status --json", self.name)

    def fetch(self, directory: str, now: datetime | None) -> Tick:
        """``mail fetch``: new mail into the inbox (the next tick answers it)."""
        raise NoSuchCommand("mail fetch", self.name)

    def send(self, directory: str, now: datetime | None, retry: bool, turn: int | None = None,
             player: str | None = None) -> Tick:
        """``mail send``: what is queued sent (``retry``: the refused mails queued again first; ``turn``,
        ``player``: a turn's report mails sent again)."""
        raise NoSuchCommand("mail send", self.name)

    def set_deadline(self, directory: str, settings: Sequence[tuple[str, str]], why: str) -> str:
        """``deadline set``: the settings (key, value) changed; what the GM is told."""
        raise NoSuchCommand("deadline set", self.name)

    def extend_deadline(self, directory: str, period: str, why: str) -> str:
        """``deadline extend``: the deadline moved on by ``period``."""
        raise NoSuchCommand("deadline extend", self.name)

    def hold(self, directory: str, held: bool, why: str) -> str:
        """``deadline hold [--release]``."""
        raise NoSuchCommand("deadline hold", self.name)

    def run(self, paths: Sequence[str], directory: str | None, trust: bool, gm_files: Sequence[str],
            dry_run: bool, now: datetime | None = None) -> Ran:
        """``run``: a turn adjudicated from order files (``now``: the time of the run, the clock's by default)."""
        raise NoSuchCommand("run", self.name, "turns run from order files", "its moves come by mail: adjudicate tick")

    def check(self, paths: Sequence[str], directory: str | None, trust: bool) -> tuple[str, bool]:
        """``check``: what the orders in ``paths`` would do, and whether all of them would be carried out."""
        raise NoSuchCommand("check", self.name)

    def route(self, directory: str, origin: str, destination: str, player: str, count: int) -> str:
        """``route``: the best routes between two places."""
        raise NoSuchCommand("route", self.name, "routes", DAMPFROSS)

    def report(self, directory: str, turn: int | None, player: str | None, archived: bool, every: bool) -> str:
        """``report``: a turn's (or move's) report, or every one (``every``), a form feed between."""
        raise NoSuchCommand("report", self.name)

    def verify(self, directory: str, seed: str | None) -> tuple[bool, list[str]]:
        """``verify``: whether the game is as its archive and seed say, and a line for each check."""
        raise NoSuchCommand("verify", self.name)

    def upgrade(self, directory: str) -> str:
        """``upgrade``: a game folder of an older format converted, once, into the one session's folder; what the GM
        is told (Dampfross's: ``dampfross/app/convert.py``)."""
        raise NoSuchCommand("upgrade", self.name, "older format to upgrade")

    def reveal(self, directory: str) -> str:
        """``reveal``: the secret seed, for the players to verify."""
        raise NoSuchCommand("reveal", self.name)

    def undo(self, directory: str) -> str:
        """``undo``: the last step taken back; what the GM is told."""
        raise NoSuchCommand("undo", self.name)

    def site(self, directory: str, out: str, png: bool) -> str:
        """``site``: the public pages written to ``out``; what the GM is told."""
        raise NoSuchCommand("site", self.name)

    def fix_balance(self, directory: str, player: str, amount: int, why: str, by: str) -> str:
        raise NoSuchCommand("fix balance", self.name, "balances", self._hint(DAMPFROSS))

    def fix_track(self, directory: str, add: bool, player: str, a: str, b: str, why: str, by: str) -> str:
        raise NoSuchCommand("fix track", self.name, "track", self._hint(DAMPFROSS))

    def fix_rule(self, directory: str, key: str, value: str, why: str, by: str) -> str:
        raise NoSuchCommand("fix rule", self.name, "rules keys", self._hint(DAMPFROSS))

    def fix_seat(self, directory: str, seat: str, name: str | None, address: str | None, lang: str | None,
                 new_password: bool, why: str, by: str) -> str:
        raise NoSuchCommand("fix seat", self.name, "seats", self._hint(MOVES))

    def fix_position(self, directory: str, path: str, why: str, by: str) -> str:
        raise NoSuchCommand("fix position", self.name, "position to set", self._hint(MOVES))

    def replace_player(self, directory: str, player: str, name: str, address: str, why: str, by: str) -> str:
        """``player replace``: a stand-by takes the seat with a new password."""
        raise NoSuchCommand("player replace", self.name)

    def set_address(self, directory: str, player: str, address: str, why: str, by: str) -> str:
        """``player address``."""
        raise NoSuchCommand("player address", self.name)

    def set_language(self, directory: str, player: str, lang: str, why: str, by: str) -> str:
        """``player lang``."""
        raise NoSuchCommand("player lang", self.name)

    def retire(self, directory: str, player: str, why: str, by: str) -> str:
        """``player retire``: a company out of play."""
        raise NoSuchCommand("player retire", self.name, "retirement", DAMPFROSS)

    def caretaker(self, directory: str, seat: str, level: str | None, why: str, by: str) -> str:
        """``caretaker``: a player's seat handed to the caretaker, a bot of ``level`` (``None``: taken back, its
        player plays it again); a correction, recorded and printed in the next report."""
        raise NoSuchCommand("caretaker", self.name)

    def standings(self, directories: Sequence[str]) -> str:
        """``standings``: finished games of the same players scored together (``directories[0]`` is of this
        game)."""
        raise NoSuchCommand("standings", self.name, "standings", MOVES)

    def correct(self, directory: str, record_of: Callable[[Any], dict[str, Any]], secret: str | None = None) -> bool:
        """A correction of the play's own (``kernel/play.py: Corrections``), made as a step of the game: ``record_of``
        gives its record from the game as loaded under its lock (``postal/moves.py: Loaded``), refusing in one line
        what cannot be done; ``secret``: the new password of the record's seat, kept for the GM and mailed to the
        seat as ``fix seat`` does.  Whether it was mailed.  Not a command of the CLI: a game's own commands make
        their corrections with it (Dampfross's on the one session: ``dampfross/app/session.py``)."""
        raise NoSuchCommand("fix", self.name, "corrections of its own")


def session_commands(play: Play) -> GmCommands:
    """The one session's GM commands of ``play`` (``app/movesgm.py: MovesCommands``), for a game whose own
    ``GmCommands`` builds on them (a game's ``app/`` imports this module of the platform's application, no other)."""
    from adjudicator.app.movesgm import MovesCommands

    return MovesCommands(play)
