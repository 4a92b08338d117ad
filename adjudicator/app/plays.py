"""The games this program runs, by name: Dampfross (the default) and the plays of sequential moves (InterUrban).

The kernel never imports a game (tests/test_layers.py); this module, above
both, joins them: ``adjudicate new --play``, and ``tick`` finding each game
directory's play from the first line of its game file.  Each game is
imported only when a directory of it is at hand.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from adjudicator.kernel import passwords
from adjudicator.kernel.commitment import commitment, new_seed, seed_from_text
from adjudicator.kernel.contacts import PlayerSpec, with_languages
from adjudicator.kernel.deadline import Schedule
from adjudicator.kernel.errors import DampfrossError, GameFileError
from adjudicator.kernel.i18n import check_language, language
from adjudicator.kernel.play import Play
from adjudicator.kernel.table import Seat, Table
from adjudicator.postal import robot, turns
from adjudicator.postal.loop import Tick, TickGame, tick_all
from adjudicator.postal.moves import MovesDir, play_of

PLAYS = {"interurban": "adjudicator.interurban.play"}
"""The plays of sequential moves, by the name ``new --play`` takes: the module whose ``PLAY`` it is, imported
only when a game of it is at hand (a Dampfross command loads no other game).  A game outside the package joins
with one line: ``register(name, module)``, or an entry point of the group ``ENTRY_POINTS`` in its package."""
ENTRY_POINTS = "adjudicator.plays"


def register(name: str, module: str) -> None:
    """Add a play of sequential moves: ``module`` holds its ``PLAY`` (``kernel/play.py``); nothing else changes."""
    if not name.isidentifier() or name == "dampfross":
        raise DampfrossError(f"{name!r} cannot name a play")
    PLAYS[name] = module


def names() -> tuple[str, ...]:
    """Every game's name: Dampfross, the plays of the package, those registered and those installed."""
    return ("dampfross", *PLAYS, *(n for n in _installed() if n not in PLAYS))


def _installed() -> dict[str, str]:
    from importlib.metadata import entry_points

    return {e.name: e.value for e in entry_points(group=ENTRY_POINTS)}


def play_named(name: str) -> Play:
    module = PLAYS.get(name) or _installed().get(name)
    if module is None:
        raise DampfrossError(f"no play {name!r}: the games are {', '.join(names())}")
    play: Play = importlib.import_module(module).PLAY
    return play


def start_moves_game(directory: str, name: str, players: Sequence[str], seed_text: str | None,
                     test_passwords: str | None, schedule: Schedule | None, lang: str,
                     player_langs: Sequence[str], game_id: str | None) -> tuple[str, MovesDir]:
    """``adjudicate new --play NAME``: a new game of sequential moves; its opening report (public)."""
    play = play_named(name)
    folder = MovesDir(directory)
    if (folder.path / "game.json").exists():
        raise GameFileError(f"{directory} already holds a game; choose another directory")
    check_language(lang)
    specs = with_languages([PlayerSpec.parse(p) for p in players], player_langs)
    if len({s.id for s in specs}) != len(specs):
        raise DampfrossError("a player id is given twice")
    gid = game_id or Path(directory).resolve().name
    seed = seed_from_text(seed_text, name) if seed_text else new_seed()
    secrets = {s.id: passwords.generate(derive_from=f"{test_passwords}:{gid}:{s.id}" if test_passwords else None)
               for s in specs}
    seats = tuple(Seat(s.id, s.name, s.email, passwords.hash_password(secrets[s.id]), s.lang or lang) for s in specs)
    try:
        state = play.setup(gid, [s.id for s in specs], play.draw(seed))
    except ValueError as exc:
        raise DampfrossError(f"{name}: {exc}") from None
    table = Table(name, gid, seats, lang, commitment(seed), schedule or Schedule())
    with language(lang):
        opening = play.words.opening(table, state, None, None)
    folder.create(play, table, state, seed, secrets, opening)
    return opening, folder


def play_in(directory: str) -> Play | None:
    """The play of the game in ``directory`` (``None``: a Dampfross game, or no game of moves)."""
    name = play_of(Path(directory))
    return None if name is None else play_named(name)


def loop_of(directory: str) -> TickGame:
    """The loop that ticks a game directory: its play's, or Dampfross's."""
    play = play_in(directory)
    if play is None:
        from adjudicator.dampfross.app.postal import tick_directory

        return tick_directory

    def run(d: str, now: datetime, t: Tick) -> None:
        robot.tick_game(d, now, t, turns.MovesGame(play))

    return run


def tick(directories: Sequence[str], now: datetime | None = None) -> list[Tick]:
    """``adjudicate tick``: one tick of every game named, whatever it plays."""
    return tick_all(directories, now or datetime.now(UTC), loop_of)
