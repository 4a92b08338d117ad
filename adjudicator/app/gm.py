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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from adjudicator.kernel.errors import AdjudicatorError

if TYPE_CHECKING:
    from adjudicator.postal.loop import Tick

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


class GmCommands(Protocol):
    """The GM's commands of one game, each on the game in ``directory``.  A game subclasses this and overrides what
    it has; the rest refuse in one line (``NoSuchCommand``), as its own refusals do with a hint of who has it."""

    name: str
    """The game's name, as ``new --play`` takes it and its game file says it."""
    own_fixes: str = ""
    """The game's own corrections, named after the hint when it refuses another game's (none: the hint alone)."""

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
            dry_run: bool) -> Ran:
        """``run``: a turn adjudicated from order files."""
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
