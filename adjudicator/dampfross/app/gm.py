"""Dampfross's GM commands behind the registry of games (``app/plays.py``): its ``GmCommands`` (``app/gm.py``).

Each method calls Dampfross's own function (``postal.py``, ``run.py``,
``check.py``, ``commands.py``, ``verify.py``, ``deadlines.py``, ``fix.py``,
``site.py``), imported when the command asks for it (a turn's process
loads no postal code), and says what it did in the GM's words.  What only a
game of sequential moves has (``fix seat``, ``fix position``,
``standings``) is refused in one line naming the commands Dampfross has
instead.

A game of the one session's format (converted by ``upgrade``) gets every
command from ``session.py: SessionCommands`` instead (``_session``: the
game file's first line tells, so an old game's command loads nothing more);
``run`` and ``check`` without ``--game`` ask the GAME line of the orders
first.  Flipping the switch (``new`` making session games) leaves this
class as the registry's one object with ``_session`` always taken.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from adjudicator.app.gm import MOVES, GmCommands, MapView, NewGame, NoSuchCommand, Ran, Started
from adjudicator.dampfross.app.declare import DECLARATION

if TYPE_CHECKING:
    from adjudicator.kernel.declare import Declaration
    from adjudicator.postal.loop import Tick


def _recorded(c: object) -> str:
    """What the GM is told of a correction (``fix``, ``deadline``)."""
    return f"correction {getattr(c, 'number', '?')} recorded; the next report prints it"


def _session(directory: str | None, paths: Sequence[str] = ()) -> GmCommands | None:
    """The commands of a Dampfross game of the one session (converted by ``upgrade``, ``convert.py``):
    ``session.py: SessionCommands``, until the registry names the play (issue 34); ``None``: a game of the old
    format.  ``directory`` ``None`` (``run``, ``check`` without ``--game``): the folder the orders' GAME line names,
    when it is of the session (``session.py: find_session``)."""
    from pathlib import Path

    from adjudicator.postal.playof import play_of

    if directory is None:
        if not paths:
            return None
        from adjudicator.dampfross.app.session import find_session

        directory = find_session(paths)
        if directory is None:
            return None
    if play_of(Path(directory)) != DampfrossCommands.name:  # read first, so an old game's command loads no more
        return None
    from adjudicator.dampfross.app.session import SessionCommands

    return SessionCommands(directory)


def _folder(directory: str | None, paths: Sequence[str]) -> str:
    """The folder of ``run`` or ``check`` on a session game: ``--game DIR`` or the one the GAME line names."""
    if directory is not None:
        return directory
    from adjudicator.dampfross.app.session import find_session

    found = find_session(paths)
    assert found is not None  # _session found it a moment ago
    return found


class DampfrossCommands(GmCommands):
    """The GM commands of a Dampfross game."""

    name = "dampfross"
    own_fixes = "correct it with 'adjudicate fix balance', 'fix track' or 'fix rule'"

    def declared(self) -> Declaration:
        return DECLARATION

    def new(self, game: NewGame, options: Mapping[str, Any]) -> Started:
        from adjudicator.dampfross.app.commands import start_game
        from adjudicator.dampfross.report.racephrases import race_rule_warnings

        opening, gdir = start_game(game.directory, options["map_name"], options["profile"], list(game.players),
                                   game.seed, options["dice"], list(options["sets"]), game.game_id,
                                   game.test_passwords, game.schedule, game.lang, game.player_langs,
                                   game.caretaker_after, game.caretaker_level)
        return Started(opening, gdir.path, tuple(race_rule_warnings(gdir.load_state().rules)))

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
        if (session := _session(directory)) is not None:
            session.tick(directory, now, t)
            return
        from adjudicator.dampfross.app.postal import tick_directory

        tick_directory(directory, now, t)

    def status(self, directory: str) -> str:
        if (session := _session(directory)) is not None:
            return session.status(directory)
        from adjudicator.dampfross.app.postal import status

        return status(directory)

    def status_json(self, directory: str) -> dict[str, object]:
        if (session := _session(directory)) is not None:
            return session.status_json(directory)
        from adjudicator.dampfross.app.postal import game_status

        return game_status(directory).to_json()

    def fetch(self, directory: str, now: datetime | None) -> Tick:
        if (session := _session(directory)) is not None:
            return session.fetch(directory, now)
        from adjudicator.dampfross.app.postal import fetch_only

        return fetch_only(directory, now)

    def send(self, directory: str, now: datetime | None, retry: bool, turn: int | None = None,
             player: str | None = None) -> Tick:
        if (session := _session(directory)) is not None:
            return session.send(directory, now, retry, turn, player)
        from adjudicator.dampfross.app.postal import send_mail

        return send_mail(directory, turn, player, now, retry)

    def set_deadline(self, directory: str, settings: Sequence[tuple[str, str]], why: str) -> str:
        if (session := _session(directory)) is not None:
            return session.set_deadline(directory, settings, why)
        from adjudicator.dampfross.app.deadlines import set_deadline

        return "\n".join(_recorded(c) for c in set_deadline(directory, settings, why))

    def extend_deadline(self, directory: str, period: str, why: str) -> str:
        if (session := _session(directory)) is not None:
            return session.extend_deadline(directory, period, why)
        from adjudicator.dampfross.app.deadlines import extend_deadline

        return _recorded(extend_deadline(directory, period, why))

    def hold(self, directory: str, held: bool, why: str) -> str:
        if (session := _session(directory)) is not None:
            return session.hold(directory, held, why)
        from adjudicator.dampfross.app.deadlines import hold

        return _recorded(hold(directory, held, why))

    def run(self, paths: Sequence[str], directory: str | None, trust: bool, gm_files: Sequence[str],
            dry_run: bool, now: datetime | None = None) -> Ran:
        if (session := _session(directory, [*paths, *gm_files])) is not None:
            return session.run(paths, _folder(directory, [*paths, *gm_files]), trust, gm_files, dry_run, now)
        from adjudicator.dampfross.app.run import RunOptions, run_turn
        from adjudicator.dampfross.report.orderwords import format_problem
        from adjudicator.dampfross.report.phrases import gm_note_text

        read = [*paths, *(f for f in gm_files if f not in paths)]  # the GM's files are order files too
        run = run_turn(read, directory, RunOptions(trust, tuple(gm_files)), dry_run, now)
        told = [format_problem(problem) for problem in run.orders.problems]
        told += [f"warning: {gm_note_text(note)}" for note in run.notes]
        told += [f"warning: {warning}" for warning in run.gm_warnings()]
        done = "(dry run: nothing written)" if dry_run else \
            f"turn {run.result.turn} adjudicated; reports in {run.gdir.report_path(run.result.turn).parent}"
        return Ran(tuple(told), run.public, done)

    def check(self, paths: Sequence[str], directory: str | None, trust: bool) -> tuple[str, bool]:
        if (session := _session(directory, paths)) is not None:
            return session.check(paths, _folder(directory, paths), trust)
        from adjudicator.dampfross.app.check import check_orders

        return check_orders(list(paths), directory, trust)

    def route(self, directory: str, origin: str, destination: str, player: str, count: int) -> str:
        if (session := _session(directory)) is not None:
            return session.route(directory, origin, destination, player, count)
        from adjudicator.dampfross.app.commands import advise_routes

        return advise_routes(directory, origin, destination, player, count)

    def report(self, directory: str, turn: int | None, player: str | None, archived: bool, every: bool) -> str:
        if (session := _session(directory)) is not None:
            return session.report(directory, turn, player, archived, every)
        from adjudicator.dampfross.app.commands import all_reports, archived_report

        return all_reports(directory, player, archived) if every else \
            archived_report(directory, turn, player, archived)

    def verify(self, directory: str, seed: str | None) -> tuple[bool, list[str]]:
        if (session := _session(directory)) is not None:
            return session.verify(directory, seed)
        from adjudicator.dampfross.app.verify import verify_game

        return verify_game(directory, seed)

    def upgrade(self, directory: str) -> str:
        from adjudicator.dampfross.app.convert import upgrade

        return upgrade(directory)

    def reveal(self, directory: str) -> str:
        if (session := _session(directory)) is not None:
            return session.reveal(directory)
        from adjudicator.dampfross.app.commands import reveal_seed

        return reveal_seed(directory)

    def undo(self, directory: str) -> str:
        if (session := _session(directory)) is not None:
            return session.undo(directory)
        from adjudicator.dampfross.app.deadlines import undo

        kind, number, held = undo(directory)
        if kind != "turn":
            return f"correction {number} undone; game.json is back as it was before it."
        said = f"turn {number} undone; game.json is back at turn {number}. Run it again with the corrected orders."
        if held:
            said += (f"\nThe game is held: no tick runs turn {number} until 'adjudicate deadline hold {directory} "
                     "--release' (the deadline has passed: the next tick after the release runs it).")
        return said

    def site(self, directory: str, out: str, png: bool) -> str:
        if (session := _session(directory)) is not None:
            return session.site(directory, out, png)
        from adjudicator.dampfross.app.site import write_site

        done = write_site(directory, out, png)
        return (f"wrote {len(done.pages)} pages and {len(done.files) - len(done.pages)} pictures to {done.out}; "
                f"open {done.out / 'index.html'}")

    def fix_balance(self, directory: str, player: str, amount: int, why: str, by: str) -> str:
        if (session := _session(directory)) is not None:
            return session.fix_balance(directory, player, amount, why, by)
        from adjudicator.dampfross.app.fix import correct

        return _recorded(correct(directory, "balance", why, by, player=player, amount=amount))

    def fix_track(self, directory: str, add: bool, player: str, a: str, b: str, why: str, by: str) -> str:
        if (session := _session(directory)) is not None:
            return session.fix_track(directory, add, player, a, b, why, by)
        from adjudicator.dampfross.app.fix import correct

        return _recorded(correct(directory, "track-add" if add else "track-remove", why, by, player=player, a=a, b=b))

    def fix_rule(self, directory: str, key: str, value: str, why: str, by: str) -> str:
        if (session := _session(directory)) is not None:
            return session.fix_rule(directory, key, value, why, by)
        from adjudicator.dampfross.app.fix import correct
        from adjudicator.dampfross.app.store import GameDir
        from adjudicator.dampfross.report.racephrases import race_rule_warnings

        said = _recorded(correct(directory, "rule", why, by, key=key, value=value))
        return "\n".join([said, *(f"warning: {w}" for w in race_rule_warnings(GameDir(directory).load_state().rules))])

    def fix_seat(self, directory: str, seat: str, name: str | None, address: str | None, lang: str | None,
                 new_password: bool, why: str, by: str) -> str:
        raise NoSuchCommand("fix seat", self.name, "seats", f"{MOVES}; correct a company with 'adjudicate player "
                            "address', 'player lang' or 'player replace'")

    def replace_player(self, directory: str, player: str, name: str, address: str, why: str, by: str) -> str:
        if (session := _session(directory)) is not None:
            return session.replace_player(directory, player, name, address, why, by)
        from adjudicator.dampfross.app.fix import replace_player

        c, secret, mailed = replace_player(directory, player, name, address, why, by)
        said = f"{c.player} is now run by {c.manager}; correction {c.number}, printed in the next report."
        if mailed:
            return (f"{said}\nThe stand-by's mail ({mailed}: the password, the company's state, the last report) "
                    "is queued; the next tick sends it.")
        return f"{said}\nNew password for {c.player} (send it to the stand-by only): {secret}"

    def set_address(self, directory: str, player: str, address: str, why: str, by: str) -> str:
        if (session := _session(directory)) is not None:
            return session.set_address(directory, player, address, why, by)
        from adjudicator.dampfross.app.fix import set_address

        c = set_address(directory, player, address, why, by)
        return (f"{c.player}'s mail goes to {c.value or 'nobody (no address)'} from now on; correction {c.number}, "
                "printed in the next report.")

    def set_language(self, directory: str, player: str, lang: str, why: str, by: str) -> str:
        if (session := _session(directory)) is not None:
            return session.set_language(directory, player, lang, why, by)
        from adjudicator.dampfross.app.fix import set_language

        c = set_language(directory, player, lang, why, by)
        return (f"{c.player} reads {c.value or 'the game language'} from now on; correction {c.number}, "
                "printed in the next report.")

    def caretaker(self, directory: str, seat: str, level: str | None, why: str, by: str) -> str:
        if (session := _session(directory)) is not None:
            return session.caretaker(directory, seat, level, why, by)
        from adjudicator.dampfross.app.fix import set_caretaker

        c = set_caretaker(directory, seat, level, why, by)
        if c.value:
            return (f"{c.player} is played by the caretaker ({c.value}) from turn {c.turn}; correction {c.number}, "
                    "printed in the next report.")
        return (f"{c.player} is played by its owner again from turn {c.turn}; correction {c.number}, printed in the "
                "next report.")

    def retire(self, directory: str, player: str, why: str, by: str) -> str:
        if (session := _session(directory)) is not None:
            return session.retire(directory, player, why, by)
        from adjudicator.dampfross.app.fix import correct

        c = correct(directory, "retire", why, by, player=player)
        return f"{c.player} is out of play from turn {c.turn}; correction {c.number}, printed in the next report."


GM = DampfrossCommands()
"""Dampfross's GM commands, as the registry (``app/plays.py: GAMES``) finds them."""
