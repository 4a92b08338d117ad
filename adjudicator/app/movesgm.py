"""The GM's commands of any play of moves, sequential or simultaneous (InterUrban, the tests' take-away and
rock-paper-scissors): one ``GmCommands`` for them all, on ``app/moves.py`` and ``app/movefix.py``.  What only
Dampfross has (``run``, ``route``, ``fix balance``, ``track``, ``rule``, ``player retire``, private reports) is
refused in one line (``app/gm.py``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adjudicator.app import moverun, moves
from adjudicator.app.declare import of_play
from adjudicator.app.gm import GmCommands, NewGame, NoSuchCommand, Ran, Started
from adjudicator.kernel.declare import Declaration
from adjudicator.kernel.errors import AdjudicatorError
from adjudicator.kernel.gmorders import gm_orders_of
from adjudicator.kernel.play import Play, bots_of, sequential
from adjudicator.postal.moves import MovesDir
from adjudicator.postal.tick import Tick

if TYPE_CHECKING:  # the GM's corrections: a turn does not import them
    from adjudicator.app import movefix


class MovesCommands(GmCommands):
    """The GM commands of a game of ``play``."""

    own_fixes = "the corrections of a game of moves are 'adjudicate fix seat' and 'fix position'"

    def __init__(self, play: Play):
        self.play = play
        self.name = play.name

    def declared(self) -> Declaration:
        """The play's own declaration, or the default of a game of moves (``app/declare.py: of_play``)."""
        return of_play(self.play)

    def new(self, game: NewGame, options: Mapping[str, Any]) -> Started:
        if options:  # kernel/play.py: a play's setup takes the seats and the draw, no options (yet)
            raise AdjudicatorError(f"new: {self.name} declares options of its own ({', '.join(options)}), but a "
                                   "play of moves is set up without options")
        opening, folder = moves.start_moves_game(self.play, game.directory, game.players, game.seed,
                                                 game.test_passwords, game.schedule, game.lang, game.player_langs,
                                                 game.game_id, game.caretaker_after, game.caretaker_level)
        return Started(opening, folder.path)

    def tick(self, directory: str, now: datetime, t: Tick) -> None:
        from adjudicator.postal import robot, turns  # not in a turn's process (tests/test_lazy_imports.py)

        robot.tick_game(directory, now, t, turns.MovesGame(self.play))

    def status(self, directory: str) -> str:
        return moves.moves_status(self.play, directory)

    def status_json(self, directory: str) -> dict[str, object]:
        return moves.moves_status_json(self.play, directory)

    def fetch(self, directory: str, now: datetime | None) -> Tick:
        return moves.moves_mail(self.play, directory, True, False, now)

    def send(self, directory: str, now: datetime | None, retry: bool, turn: int | None = None,
             player: str | None = None) -> Tick:
        return moves.moves_mail(self.play, directory, False, retry, now, turn, player)

    def set_deadline(self, directory: str, settings: Sequence[tuple[str, str]], why: str) -> str:
        return moves.set_moves_deadline(self.play, directory, settings, why)

    def extend_deadline(self, directory: str, period: str, why: str) -> str:
        return moves.set_moves_deadline(self.play, directory, [("extend", period)], why)

    def hold(self, directory: str, held: bool, why: str) -> str:
        return moves.set_moves_deadline(self.play, directory, [("held", "yes" if held else "no")], why)

    def run(self, paths: Sequence[str], directory: str | None, trust: bool, gm_files: Sequence[str],
            dry_run: bool, now: datetime | None = None) -> Ran:
        """The period on hand of a game of simultaneous turns resolved from order files (``app/moverun.py``); a
        game of sequential moves refuses it (its moves are made by mail as they come)."""
        if sequential(self.play):  # refused in the one line every game without it says
            return super().run(paths, directory, trust, gm_files, dry_run, now)
        if directory is None:
            raise AdjudicatorError(f"run: name the {self.name} game with --game DIR")
        if gm_files and gm_orders_of(self.play) is None:
            raise AdjudicatorError(f"run --gm: a game of {self.name} reads no GM's section")
        read = [*paths, *(f for f in gm_files if f not in paths)]  # the GM's files are order files too
        ran = moverun.run_period(self.play, directory, read, trust, dry_run, now, gm_files)
        done = "(dry run: nothing written)" if not ran.written else \
            f"period {ran.move} resolved; reports in {Path(directory) / 'reports'}"
        return Ran(ran.told, ran.public, done, ran.stand_in)

    def check(self, paths: Sequence[str], directory: str | None, trust: bool) -> tuple[str, bool]:
        assert directory is not None  # the registry finds a game of moves only by its folder
        return moves.check_moves(self.play, directory, paths)

    def report(self, directory: str, turn: int | None, player: str | None, archived: bool, every: bool) -> str:
        if player:
            raise NoSuchCommand("report --player", self.name, "private reports", "each move's report is mailed to all")
        return moves.moves_report(self.play, directory, turn, every)

    def verify(self, directory: str, seed: str | None) -> tuple[bool, list[str]]:
        return moves.verify_moves(self.play, directory, seed)

    def reveal(self, directory: str) -> str:
        return MovesDir(directory).read_seed()

    def undo(self, directory: str) -> str:
        return moves.undo_move(self.play, directory)

    def site(self, directory: str, out: str, png: bool) -> str:
        written = moves.write_moves_site(self.play, directory, out)
        return f"wrote {len(written)} pages to {out}; open {Path(out) / 'index.html'}"

    def fix_seat(self, directory: str, seat: str, name: str | None, address: str | None, lang: str | None,
                 new_password: bool, why: str, by: str) -> str:
        from adjudicator.app import movefix

        fixed = movefix.fix_seat(self.play, directory, seat, name=name, address=address, lang=lang,
                                 new_password=new_password, why=why, by=by)
        s = fixed.table.seat(fixed.seat)
        lines = [f"{s.id} corrected: {s.name}, {s.address or 'no address'}, {s.lang}; printed in the next report."]
        if fixed.password is not None:
            lines.append("The new password is queued to the seat's address; the next tick sends it." if fixed.mailed
                         else f"New password for {s.id} (send it to its player only): {fixed.password}")
        return "\n".join(lines)

    def fix_position(self, directory: str, path: str, why: str, by: str) -> str:
        from adjudicator.app import movefix

        _table, on_move = movefix.fix_position(self.play, directory, path, why, by)
        return (f"position set from {path}: {on_move or 'nobody (the game is over)'} on move; printed in the next "
                "report.")

    def replace_player(self, directory: str, player: str, name: str, address: str, why: str, by: str) -> str:
        from adjudicator.app import movefix

        fixed = movefix.fix_seat(self.play, directory, player, name=name, address=address, new_password=True,
                                 why=why, by=by)
        return "\n".join((f"{fixed.seat} is now played by {name}; the old password no longer works.",
                          "The stand-by's mail (the password, the game so far) is queued; the next tick sends it."
                          if fixed.mailed else
                          f"New password for {fixed.seat} (send it to the stand-by only): {fixed.password}"))

    def set_address(self, directory: str, player: str, address: str, why: str, by: str) -> str:
        from adjudicator.app import movefix

        return self._moved(movefix.fix_seat(self.play, directory, player, address=address, why=why, by=by))

    def set_language(self, directory: str, player: str, lang: str, why: str, by: str) -> str:
        from adjudicator.app import movefix

        return self._moved(movefix.fix_seat(self.play, directory, player, lang=lang, why=why, by=by))

    @staticmethod
    def _moved(fixed: movefix.SeatFixed) -> str:
        """What ``player address`` and ``player lang`` tell the GM: where the seat's mail goes, in which language."""
        s = fixed.table.seat(fixed.seat)
        return f"{s.id}'s mail goes to {s.address or 'nobody'}, in {s.lang}, from now on"

    def caretaker(self, directory: str, seat: str, level: str | None, why: str, by: str) -> str:
        from adjudicator.app import movefix

        if bots_of(self.play) is None:
            raise NoSuchCommand("caretaker --off" if level is None else "caretaker", self.name, "caretaker",
                                "it has no bots")
        table = movefix.set_caretaker(self.play, directory, seat, level, why, by)
        s = table.find(seat)
        assert s is not None  # set_caretaker refuses a seat the game lacks
        if s.caretaker:
            return (f"{s.id} is played by the caretaker ({s.caretaker}) from its next move until its player mails "
                    "again; printed in the next report.")
        return f"{s.id} is played by its player again; printed in the next report."

    def standings(self, directories: Sequence[str]) -> str:
        return moves.standings(self.play, directories)

    def correct(self, directory: str, record_of: Callable[[Any], dict[str, Any]], secret: str | None = None) -> bool:
        from adjudicator.app import movefix

        return movefix.fix_own(self.play, directory, record_of, secret=secret).mailed
