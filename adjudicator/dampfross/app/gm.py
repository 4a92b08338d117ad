"""Dampfross's GM commands behind the registry of games (``app/plays.py``): its ``GmCommands`` (``app/gm.py``).

``new`` makes a game of the one session (``commands.py: start_game``); ``rules show`` and the ``map`` commands are
Dampfross's own.  Every command on a game is the one session's (``session.py: SessionCommands``, the session's
commands of every game with what only Dampfross has); a folder of the old format (``oldformat.py``, before
issue 34) is upgraded by the first command that meets it, once and atomically (``convert.py: upgrade``; the GM is
told on standard error; ``adjudicate upgrade`` does it on its own).  What only a game of sequential moves has
(``fix seat``, ``fix position``, ``standings``) is refused in one line naming the commands Dampfross has instead.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adjudicator.app.gm import MOVES, GmCommands, MapView, NewGame, NoSuchCommand, Ran, Started
from adjudicator.dampfross.app.declare import DECLARATION

if TYPE_CHECKING:
    from adjudicator.dampfross.app.session import SessionCommands
    from adjudicator.kernel.declare import Declaration
    from adjudicator.postal.tick import Tick


def commands_of(directory: str) -> SessionCommands:
    """The commands of the Dampfross game in ``directory`` (``session.py: SessionCommands``); a folder of the old
    format is upgraded first (``convert.py: upgrade``), and the GM told so on standard error."""
    from adjudicator.dampfross.app.session import SessionCommands
    from adjudicator.postal.playof import play_of

    if play_of(Path(directory)) is None:  # the converter (the old format's reader) loaded only when it may be one
        from adjudicator.dampfross.app.convert import is_old_format, upgrade

        if not is_old_format(Path(directory)):
            return SessionCommands(directory)
        _readable(Path(directory))
        print(upgrade(directory), file=sys.stderr)
    return SessionCommands(directory)


def _readable(path: Path) -> None:
    """A game file that names no play is upgraded only when it is a game at all: one that cannot be read, is no JSON
    (cut short, or the session's game file with its first line broken) or no JSON object is ``GameFileError``
    naming it, in one line, and nothing is upgraded."""
    import json

    from adjudicator.kernel.errors import GameFileError

    game_file = path / "game.json"
    if not game_file.is_file():  # an upgrade stopped between its two renames: ``upgrade`` finishes it
        return
    try:
        doc = json.loads(game_file.read_bytes())
    except OSError as exc:
        raise GameFileError(f"{game_file}: cannot be read ({exc.strerror or exc})") from None
    except ValueError as exc:
        raise GameFileError(f"{game_file}: not JSON ({exc}); not a game of either format") from None
    if not isinstance(doc, dict):
        raise GameFileError(f"{game_file}: not a game file (no JSON object)")


def _folder(directory: str | None, paths: Sequence[str]) -> str:
    """The folder of ``run`` or ``check``: ``--game DIR`` or the one the orders' GAME line names
    (``session.py: find_folder``)."""
    if directory is not None:
        return directory
    from adjudicator.dampfross.app.session import find_folder

    return find_folder(paths)


class DampfrossCommands(GmCommands):
    """The GM commands of a Dampfross game."""

    name = "dampfross"
    own_fixes = "correct it with 'adjudicate fix balance', 'fix track' or 'fix rule'"

    def declared(self) -> Declaration:
        return DECLARATION

    def new(self, game: NewGame, options: Mapping[str, Any]) -> Started:
        from adjudicator.dampfross.app.commands import start_game
        from adjudicator.dampfross.report.racephrases import race_rule_warnings

        opening, folder, rules = start_game(game.directory, options["map_name"], options["profile"], list(game.players),
                                   game.seed, options["dice"], list(options["sets"]), game.game_id,
                                   game.test_passwords, game.schedule, game.lang, game.player_langs,
                                   game.caretaker_after, game.caretaker_level)
        return Started(opening, folder, tuple(race_rule_warnings(rules)))

    def rules(self, name: str | None) -> str:
        from adjudicator.dampfross.app.commands import effective_rules

        rules, where = effective_rules(name or "schmidt")
        return "".join(f"{line}\n" for line in (f"# rules of {where}",
                                                *(f"{key}: {value}" for key, value in rules.to_dict().items())))

    def map_list(self) -> str:
        from adjudicator.dampfross.app.maps import list_maps

        return list_maps()

    def map_check(self, name: str) -> tuple[bool, str]:
        from adjudicator.dampfross.app.maps import check_map

        return check_map(name)

    def map_show(self, name: str | None, directory: str | None, turn: int | None,
                 view: MapView) -> tuple[str, list[str]]:
        from adjudicator.dampfross.app.pictures import map_show

        return map_show(name, directory, turn, view)

    def tick(self, directory: str, now: datetime, t: Tick) -> None:
        commands_of(directory).tick(directory, now, t)

    def status(self, directory: str) -> str:
        return commands_of(directory).status(directory)

    def status_json(self, directory: str) -> dict[str, object]:
        return commands_of(directory).status_json(directory)

    def fetch(self, directory: str, now: datetime | None) -> Tick:
        return commands_of(directory).fetch(directory, now)

    def send(self, directory: str, now: datetime | None, retry: bool, turn: int | None = None,
             player: str | None = None) -> Tick:
        return commands_of(directory).send(directory, now, retry, turn, player)

    def set_deadline(self, directory: str, settings: Sequence[tuple[str, str]], why: str) -> str:
        return commands_of(directory).set_deadline(directory, settings, why)

    def extend_deadline(self, directory: str, period: str, why: str) -> str:
        return commands_of(directory).extend_deadline(directory, period, why)

    def hold(self, directory: str, held: bool, why: str) -> str:
        return commands_of(directory).hold(directory, held, why)

    def run(self, paths: Sequence[str], directory: str | None, trust: bool, gm_files: Sequence[str],
            dry_run: bool, now: datetime | None = None) -> Ran:
        folder = _folder(directory, [*paths, *gm_files])
        return commands_of(folder).run(paths, folder, trust, gm_files, dry_run, now)

    def check(self, paths: Sequence[str], directory: str | None, trust: bool) -> tuple[str, bool]:
        folder = _folder(directory, paths)
        return commands_of(folder).check(paths, folder, trust)

    def route(self, directory: str, origin: str, destination: str, player: str, count: int) -> str:
        return commands_of(directory).route(directory, origin, destination, player, count)

    def report(self, directory: str, turn: int | None, player: str | None, archived: bool, every: bool) -> str:
        return commands_of(directory).report(directory, turn, player, archived, every)

    def verify(self, directory: str, seed: str | None) -> tuple[bool, list[str]]:
        return commands_of(directory).verify(directory, seed)

    def upgrade(self, directory: str) -> str:
        from adjudicator.dampfross.app.convert import upgrade

        return upgrade(directory)

    def reveal(self, directory: str) -> str:
        return commands_of(directory).reveal(directory)

    def undo(self, directory: str) -> str:
        return commands_of(directory).undo(directory)

    def site(self, directory: str, out: str, png: bool) -> str:
        return commands_of(directory).site(directory, out, png)

    def fix_balance(self, directory: str, player: str, amount: int, why: str, by: str) -> str:
        return commands_of(directory).fix_balance(directory, player, amount, why, by)

    def fix_track(self, directory: str, add: bool, player: str, a: str, b: str, why: str, by: str) -> str:
        return commands_of(directory).fix_track(directory, add, player, a, b, why, by)

    def fix_rule(self, directory: str, key: str, value: str, why: str, by: str) -> str:
        return commands_of(directory).fix_rule(directory, key, value, why, by)

    def fix_seat(self, directory: str, seat: str, name: str | None, address: str | None, lang: str | None,
                 new_password: bool, why: str, by: str) -> str:
        raise NoSuchCommand("fix seat", self.name, "seats", f"{MOVES}; correct a company with 'adjudicate player "
                            "address', 'player lang' or 'player replace'")

    def replace_player(self, directory: str, player: str, name: str, address: str, why: str, by: str) -> str:
        return commands_of(directory).replace_player(directory, player, name, address, why, by)

    def set_address(self, directory: str, player: str, address: str, why: str, by: str) -> str:
        return commands_of(directory).set_address(directory, player, address, why, by)

    def set_language(self, directory: str, player: str, lang: str, why: str, by: str) -> str:
        return commands_of(directory).set_language(directory, player, lang, why, by)

    def caretaker(self, directory: str, seat: str, level: str | None, why: str, by: str) -> str:
        return commands_of(directory).caretaker(directory, seat, level, why, by)

    def retire(self, directory: str, player: str, why: str, by: str) -> str:
        return commands_of(directory).retire(directory, player, why, by)


GM = DampfrossCommands()
"""Dampfross's GM commands, as the registry (``app/plays.py: GAMES``) finds them."""
